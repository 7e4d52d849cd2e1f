import LayoutModel

// Parking: returning to a configuration a toggle left, instead of solving it again.
//
// A size-class swap deactivates one prebuilt set of user constraints and activates the
// other; rotating back does the reverse. Applied in place, each swap removes and enters
// every constraint the two sets do not share (a 1,000-view grid: ~1,300 solver calls and
// ~670 pivots), however often the scene has been in that configuration before. Given a
// way to copy its solver, the layout holds `activate`/`deactivate` steps back until the
// layout pass (or the next other change) and then, when they flip at least
// `parkingThreshold` user constraints:
//
// * with nothing parked, it parks a copy of the configuration in use (the solver, what it
//   holds for each key, its ids, with each user constraint's activity) and applies the
//   flips in place, exactly as without parking;
// * when the flips bring the scene back to the parked configuration's activity, it swaps
//   the two: no constraint is removed or entered, and the configuration returns solved,
//   in the state it was left in.
//
// Everything else applies to the configuration in use as before, and is journaled for
// the parked one: on its return, the journal's elements are lowered again from the scene
// and diffed against what it holds (a resize becomes `setConstant`s on its solver, a
// constant edit likewise), exactly as a step's elements are. A user constraint the journal
// regenerates is not compared by activity (its entry is `unknown`). A step that adds or
// removes views drops the parked configuration (its solver lacks their variables), as
// does a journal that outgrows `journalLimit` distinct elements.
//
// Cost: one copy of the solver at the first large toggle (O(rows + cells), a row's
// allocation each) besides that toggle's own work, then O(flips) per toggle back plus the
// journal's elements; memory: a second solver while parked. A configuration returns with
// the solution it had: for a scene with one optimum, the one an in-place toggle finds; for
// an ambiguous one, an optimum among the equal ones, as after any step (an in-place toggle
// may find another). docs/scene-semantics.md, "Toggling prebuilt sets".

/// A configuration of a `ConstraintLayout` kept aside, solved, with what it needs to be
/// brought up to date on its return.
struct ParkedConfiguration<Solver: LinearSolver> {
  var solver: Solver
  var held: [ConstraintKey: (id: ConstraintID?, constraint: GeneratedConstraint)] = [:]
  var brokenKeys: [ConstraintKey] = []
  var keysOfElement: [SceneElement: [ConstraintKey]] = [:]
  var keyOfID: [ConstraintKey?] = []
  var freeIDs: [ConstraintID] = []
  var designSuperviewSize: [ViewIndex: AxisPair<Double>] = [:]
  /// Each user constraint's activity as this configuration was given it (0 or 1), or
  /// `unknown` where the journal regenerates it on return.
  var activity: [UInt8] = []
  /// User constraints (not `unknown`) whose activity here differs from the configuration
  /// in use's: the scene is back to this configuration when flips take it to 0.
  var differences = 0
  /// Elements changed in the configuration in use since this one was parked (activity
  /// flips aside): lowered again on return.
  var journal: [SceneElement] = []

  static var unknown: UInt8 { 2 }

  init(solver: Solver, designSuperviewSize: [ViewIndex: AxisPair<Double>]) {
    self.solver = solver
    self.designSuperviewSize = designSuperviewSize
  }
}

/// Events of parking, counted for tests.
struct ParkingCounts: Hashable, Sendable {
  /// Copies of the configuration in use parked at a large toggle.
  var parks = 0
  /// Returns to a parked configuration, and those that lowered journaled elements.
  var returns = 0
  var journaledReturns = 0
  /// Parked configurations dropped (views added or removed, a long journal).
  var drops = 0
}

extension ConstraintLayout {
  /// Journals up to this many distinct elements before the parked configuration is dropped
  /// (bringing it up to date would cost more than a toggle in place).
  var journalLimit: Int { 256 + held.count / 4 }

  /// Holds back an `activate`/`deactivate` step. O(elements); the first one also records
  /// which user constraints the configuration holds, O(constraints) lookups.
  func holdBack(_ scene: Scene, _ delta: SceneDelta) {
    startStep()
    if appliedActivity.isEmpty {
      // Held means given as active (a broken one is held too); the scene's flags already
      // include this step's.
      appliedActivity = scene.constraints.indices.map { held[ConstraintKey(.constraint($0), .user)] == nil ? 0 : 1 }
    }
    for case .constraint(let c) in delta.elements { deferredFlips.append(c) }
  }

  /// Applies the held-back steps: returns to the parked configuration when they lead back
  /// to it, else changes the constraints in place, first parking a copy of the
  /// configuration in use when they flip many constraints and nothing is parked. Each user
  /// constraint counts once, and only when its activity now differs from the
  /// configuration's.
  /// - Complexity: O(held-back elements) to return, plus the journal's elements; a copy
  ///   of the solver (O(rows + cells)) to park.
  /// - Throws: `.solver` when a solver fails.
  func settleFlips(_ scene: Scene) throws(LayoutError) {
    guard !deferredFlips.isEmpty else { return }
    growActivity(to: scene.constraints.count)
    // Recorded as applied while collected, so that a constraint named twice counts once.
    var flips: [Int] = []
    swap(&flips, &flipScratch)
    defer {
      flips.removeAll(keepingCapacity: true)
      swap(&flips, &flipScratch)
    }
    for c in deferredFlips {
      let now = Self.activity(scene, c)
      if appliedActivity[c] != now {
        appliedActivity[c] = now
        flips.append(c)
      }
    }
    deferredFlips.removeAll(keepingCapacity: true)
    guard !flips.isEmpty else { return }
    if parked != nil {
      var differences = parked!.differences
      for c in flips {
        let there = parked!.activity[c]
        if there != ParkedConfiguration<Solver>.unknown { differences += there == appliedActivity[c] ? -1 : 1 }
      }
      parked!.differences = differences
      if differences == 0 && pendingMeasure.isEmpty {
        try resume(scene, flips: flips)
        return
      }
    } else if flips.count >= parkingThreshold && pendingMeasure.isEmpty {
      try park(flips: flips)
    }
    try apply(scene, flips.map { .constraint($0) })
  }

  /// A step other than a toggle was applied to the configuration in use: journal it for
  /// the parked one, and record the activity it gave. O(elements).
  func noteApplied(_ scene: Scene, _ delta: SceneDelta) {
    // Nothing to record before the first toggle (nothing is parked either).
    guard !appliedActivity.isEmpty else { return }
    if !delta.addedViews.isEmpty || !delta.removedViews.isEmpty { dropParked() }
    growActivity(to: scene.constraints.count)
    for case .constraint(let c) in delta.elements {
      let before = appliedActivity[c]
      appliedActivity[c] = Self.activity(scene, c)
      if parked != nil {
        let there = parked!.activity[c]
        // Regenerated on return: no longer compared (a difference counted against the
        // activity before this step is taken back).
        if there != ParkedConfiguration<Solver>.unknown {
          if there != before { parked!.differences -= 1 }
          parked!.activity[c] = ParkedConfiguration<Solver>.unknown
        }
      }
    }
    guard parked != nil else { return }
    parked!.journal += delta.elements
    for shift in delta.constantShifts { parked!.journal.append(shift.key.element) }
    if parked!.journal.count > journalLimit {
      parked!.journal = Array(Set(parked!.journal)).sorted()
      if parked!.journal.count > journalLimit { dropParked() }
    }
  }

  static func activity(_ scene: Scene, _ c: Int) -> UInt8 {
    c < scene.constraints.count && scene.constraints[c]?.isActive == true ? 1 : 0
  }

  /// Constraints added to the scene since: inactive in use until a step applies them,
  /// `unknown` to the parked configuration (the step that added them is journaled).
  private func growActivity(to count: Int) {
    guard appliedActivity.count < count else { return }
    let added = count - appliedActivity.count
    appliedActivity.append(contentsOf: repeatElement(0, count: added))
    if parked != nil { parked!.activity.append(contentsOf: repeatElement(ParkedConfiguration<Solver>.unknown, count: added)) }
  }

  /// Swaps the configuration in use with the parked one, which `flips` brought the scene
  /// back to, and brings it up to date with its journal.
  private func resume(_ scene: Scene, flips: [Int]) throws(LayoutError) {
    // The removals of an earlier step are the current solver's.
    try flushRemovals()
    guard var other = parked else { return }
    parked = nil
    exchangeStorage(with: &other)
    // `other` becomes the configuration left: its activity is the one in use before the flips.
    for c in flips { appliedActivity[c] ^= 1 }
    swap(&appliedActivity, &other.activity)
    let journal = other.journal
    other.journal = []
    other.differences = flips.count
    for case .constraint(let c) in journal { appliedActivity[c] = Self.activity(scene, c) }
    parked = other
    needsLayout = true
    parkingCounts.returns += 1
    guard !journal.isEmpty else { return }
    parkingCounts.journaledReturns += 1
    try apply(scene, journal)
  }

  /// Parks a copy of the configuration in use, which `flips` are about to leave; the
  /// copy's layout maps are shared until either side writes them.
  private func park(flips: [Int]) throws(LayoutError) {
    guard let copySolver else { return }
    // The removals of an earlier step are made first, so the copy holds none pending.
    try flushRemovals()
    var other = ParkedConfiguration(solver: copySolver(solver), designSuperviewSize: designSuperviewSize)
    other.held = held
    other.brokenKeys = brokenKeys
    other.keysOfElement = keysOfElement
    other.keyOfID = keyOfID
    other.freeIDs = freeIDs
    other.activity = appliedActivity
    for c in flips { other.activity[c] ^= 1 }
    other.differences = flips.count
    parked = other
    parkingCounts.parks += 1
  }

  private func dropParked() {
    guard let dropped = parked else { return }
    retire(dropped.solver)
    parked = nil
    parkingCounts.drops += 1
  }

  /// Keeps a solver's work in `counters` after it is let go.
  private func retire(_ solver: Solver) {
    let work = solver.counters
    retiredWork.pivots += work.pivots
    retiredWork.cellsTouched += work.cellsTouched
  }

  /// Swaps what the layout holds (solver, keys, ids, S₀) with `other`.
  private func exchangeStorage(with other: inout ParkedConfiguration<Solver>) {
    swap(&solver, &other.solver)
    swap(&held, &other.held)
    swap(&brokenKeys, &other.brokenKeys)
    swap(&keysOfElement, &other.keysOfElement)
    swap(&keyOfID, &other.keyOfID)
    swap(&freeIDs, &other.freeIDs)
    swap(&designSuperviewSize, &other.designSuperviewSize)
  }

  /// Whether a configuration is parked (for tests and `bench layout --verbose`).
  public var hasParkedConfiguration: Bool { parked != nil }
}
