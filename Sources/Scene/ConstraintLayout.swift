import LayoutModel

/// A `LayoutBackend` on any `LinearSolver`: lowers the scene once, remembers which solver
/// constraint each scene element produced (by `ConstraintKey`), and turns every change into
/// the smallest solver edit. After a change it regenerates the touched elements' constraints
/// and compares them with what the solver holds: a new constant is `setConstant`, a new
/// optional priority `setPriority`, anything else a remove and an add — so a constant edit
/// stays a constant edit, hiding a view touches only its stack's constraints, and a
/// container resize changes the root's size constants in place.
public final class ConstraintLayout<Solver: LinearSolver>: LayoutBackend {
  public static var backendName: String { Solver.backendName }

  /// The solver of the configuration in use (with parking, a toggle back swaps it for the
  /// parked one: ConstraintLayout+Parking.swift).
  @exclusivity(unchecked) public internal(set) var solver: Solver
  /// Whether `diagnostics` probes every view for ambiguity (costly: two re-solves per
  /// variable; off for benchmarks).
  public var detectsAmbiguity: Bool

  // The state below is read and written only by this class's own methods, one access at
  // a time, never across a call that could re-enter it: `@exclusivity(unchecked)` drops
  // the run-time exclusivity check that every access to a class's stored property
  // otherwise pays (~80 instructions each, several per generated constraint: 8 % of
  // loading a 10-view grid, 4 % of enaml's scene; the solver keeps its state in a struct,
  // Tableau, for the same reason).
  @exclusivity(unchecked) var variables = SceneVariables()
  /// The scene's view and guide slots when ``variables`` last gave out blocks: slots are
  /// never reused, so a step that adds none (a scroll, a resize) skips that O(views) walk.
  @exclusivity(unchecked) var assignedSlots = (views: 0, guides: 0)
  /// What the solver holds for each key; `id` is nil for a required constraint that was
  /// broken (left out) because it conflicted.
  @exclusivity(unchecked) var held: [ConstraintKey: (id: ConstraintID?, constraint: GeneratedConstraint)] = [:]
  /// Broken constraints in the order they broke, retried after every step (a short list:
  /// a healthy scene has none).
  @exclusivity(unchecked) var brokenKeys: [ConstraintKey] = []
  /// Broken by the last load or update: not retried at the next pass (nothing has changed
  /// for them since). Cleared at every step, not at every pass: when several changes come
  /// before one pass, a constraint an earlier one broke is retried, since a later one may
  /// have removed its conflict (adding a view to a stack, then removing the one it
  /// conflicted with, left the stack broken).
  @exclusivity(unchecked) var keysBrokenByLastStep: [ConstraintKey] = []
  /// Autoresizing views waiting for the layout pass to measure their superview (S₀).
  @exclusivity(unchecked) var pendingMeasure: [ViewIndex] = []
  @exclusivity(unchecked) var needsLayout = false
  /// The next load or update starts a new pass: diagnostics of the last one are dropped.
  @exclusivity(unchecked) var passStarts = true
  /// The keys each element generated, but for user constraints (``apply(_:_:)``).
  @exclusivity(unchecked) var keysOfElement: [SceneElement: [ConstraintKey]] = [:]
  /// The key behind each solver constraint id, for naming conflicts.
  @exclusivity(unchecked) var keyOfID: [ConstraintKey?] = []
  @exclusivity(unchecked) var freeIDs: [ConstraintID] = []
  /// Constraints a step took away that the solver still holds: given to the solver with
  /// the next step's additions, in one `replace` call, so that an activated constraint can
  /// take a deactivated one's place (a size-class swap deactivates one set, then activates
  /// the other, as two steps); or on their own before any other solver call (the layout
  /// pass, a constant moved in place). Their ids are freed then.
  @exclusivity(unchecked) var pendingRemovals: [ConstraintID] = []
  /// `pendingRemovals`' buffer while they are in the solver call (kept, not reallocated).
  @exclusivity(unchecked) var removalsInFlight: [ConstraintID] = []
  /// S₀ of each autoresizing view: its superview's size in the layout it entered.
  @exclusivity(unchecked) var designSuperviewSize: [ViewIndex: AxisPair<Double>] = [:]
  @exclusivity(unchecked) var brokenSinceUpdate: [LayoutDiagnostic] = []
  /// The key each of `brokenSinceUpdate` broke: a retry that brings it back drops its
  /// diagnostic (the state after the pass does not have it broken).
  @exclusivity(unchecked) var brokenSinceUpdateKeys: [ConstraintKey] = []
  /// Every variable's value, read from the solver in one call by `writeFrames`; sized at
  /// each load or update (where the variables grow), so reading frames allocates nothing.
  @exclusivity(unchecked) var values: [Double] = []

  // Parking (ConstraintLayout+Parking.swift); unused when `copySolver` is nil.
  /// Copies the solver in use (an independent solver in the same state) to park it.
  let copySolver: ((Solver) -> Solver)?
  /// The configuration a large toggle left, solved, with what it needs to come back.
  @exclusivity(unchecked) var parked: ParkedConfiguration<Solver>?
  /// Each user constraint's `isActive` as the configuration in use was given it (by index
  /// into `Scene.constraints`; 0 or 1); empty until the first toggle, so that scenes that
  /// never toggle pay nothing for it.
  @exclusivity(unchecked) var appliedActivity: [UInt8] = []
  /// Constraint indices of `activate`/`deactivate` steps held back until the layout pass
  /// or the next other change.
  @exclusivity(unchecked) var deferredFlips: [Int] = []
  /// `settleFlips`' list of the constraints that flip (kept, not reallocated).
  @exclusivity(unchecked) var flipScratch: [Int] = []
  /// Work of solvers no longer held (a parked configuration dropped), so that `counters`
  /// keeps counting up.
  @exclusivity(unchecked) var retiredWork = SolverCounters()
  /// Toggles that flip fewer user constraints than this are applied in place, never parked.
  var parkingThreshold = 8
  /// What parking did so far (tests check that their traces exercise it).
  var parkingCounts = ParkingCounts()

  /// - Parameter parkingCopy: when given, the layout keeps the configuration a large
  ///   `activate`/`deactivate` toggle leaves (in a copy of its solver that this makes, e.g.
  ///   `{ $0.copy() }`) and returns to it when the scene toggles back
  ///   (ConstraintLayout+Parking.swift); nil applies every toggle in place.
  public init(solver: Solver, detectsAmbiguity: Bool = true, parkingCopy: ((Solver) -> Solver)? = nil) {
    self.solver = solver
    self.detectsAmbiguity = detectsAmbiguity
    self.copySolver = parkingCopy
  }

  public static func unsupportedElement(in scene: Scene) -> String? { nil }

  /// The solver in use's counters; with parking, `pivots` and `cellsTouched` also count
  /// the parked solver's work and that of solvers dropped, so they never go down when the
  /// configuration in use changes. `rows`, `cells` and `symbols` are the solver in use's.
  public var counters: SolverCounters {
    var counters = solver.counters
    guard copySolver != nil else { return counters }
    let parkedWork = parked?.solver.counters ?? SolverCounters()
    counters.pivots += parkedWork.pivots + retiredWork.pivots
    counters.cellsTouched += parkedWork.cellsTouched + retiredWork.cellsTouched
    return counters
  }

  // MARK: Loading and updating

  /// Lowers every element — the container, each view's own constraints, user constraints
  /// in file order, then stacks — and adds the constraints. Autoresizing views whose
  /// superview's size is only known from the layout join at the layout pass
  /// (docs/scene-semantics.md, S₀).
  ///
  /// Stacks come after user constraints, as UIKit's stack views make theirs in the layout
  /// pass after the app's are in place, and for the solver's sake: a stack whose frame user
  /// constraints fix (one pinned in a scroll view) entered before them chains its views'
  /// positions through rows that grow with the stack, and the constraints that then pin it
  /// rewrite them all (a 1,000-view stack: 7.0 M cells touched, 405 ms); entered after, each
  /// chain link meets a fixed frame and enters as a short row (46 k cells, 40 ms).
  ///
  /// One exception to that order: the size preferences of a view that a fill-equally stack
  /// sizes, when all of them are optional, enter last. The stack gives its views one size;
  /// entered first, the preferences leave that size to be found by phase one when the
  /// constraints that fix the stack's length arrive, and phase one moves it across every
  /// view's intrinsic size one pivot at a time, each pivot rewriting the rows of every view
  /// (a 1,000-view stack: 1,747 pivots, 3.8 M cells touched). Entered last, they meet a
  /// size already fixed and enter as short rows (48 k cells). Optional constraints are
  /// never broken, so no diagnostic depends on this order.
  /// - Throws: `LayoutError.solver` when the solver fails.
  public func load(_ scene: Scene) throws(LayoutError) {
    let views = scene.presentViews
    var elements: [SceneElement] = [.container]
    elements.reserveCapacity(1 + 2 * views.count + scene.constraints.count)
    var sizedLast: [ViewIndex] = []
    for v in views {
      if scene.hasOnlyOptionalSizePreferencesInFillEquallyStack(v) { sizedLast.append(v) } else { elements.append(.view(v)) }
    }
    let stackElements: [SceneElement] = views.filter { scene.view($0)?.stack != nil }.map { .stack($0) }
    // keysOfElement stores keys for every element but user constraints (`apply`).
    let elementsWithStoredKeys = elements.count + stackElements.count + sizedLast.count
    elements += scene.constraints.indices.filter { scene.constraints[$0] != nil }.map { .constraint($0) }
    elements += stackElements
    elements += sizedLast.map { .view($0) }
    keysOfElement.reserveCapacity(elementsWithStoredKeys)
    try refresh(scene, elements: elements, newViews: views)
  }

  /// With parking, an `activate`/`deactivate` step is held back until the layout pass or
  /// the next other change (ConstraintLayout+Parking.swift).
  /// - Throws: `LayoutError.solver` when the solver fails.
  public func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    if copySolver != nil {
      if delta.flipsActivityOnly {
        holdBack(scene, delta)
        return
      }
      try settleFlips(scene)
    }
    let shifted = try shiftConstantsInPlace(delta)
    if !shifted {
      for v in delta.removedViews { designSuperviewSize[v] = nil }
      try refresh(scene, elements: delta.elements, newViews: delta.addedViews)
    }
    if copySolver != nil { noteApplied(scene, delta) }
  }

  /// Retries constraints broken in earlier passes, solves; then gives autoresizing views
  /// whose S₀ had to be measured their constraints, and solves again.
  /// - Throws: `LayoutError.solver` when the solver fails.
  public func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {
    guard needsLayout else { return }
    if copySolver != nil { try settleFlips(scene) }
    try flushRemovals()
    try retryBroken()
    try solve()
    let measure = pendingMeasure.filter { scene.view($0) != nil }
    pendingMeasure.removeAll()
    if !measure.isEmpty {
      let isMeasured = Set(measure)
      for v in measure {
        guard let parent = scene.view(v)?.parent else { continue }
        if isMeasured.contains(parent), let superview = scene.view(parent), superview.translatesAutoresizingMask,
          !scene.isArrangedInStack(parent)
        {
          // The superview entered in this pass too, so the solve above had none of its
          // autoresizing constraints; in this layout it sits at its own frame (Δ = 0 at S₀).
          designSuperviewSize[v] = AxisPair(horizontal: superview.frame.width, vertical: superview.frame.height)
        } else {
          designSuperviewSize[v] = currentSize(of: parent)
        }
      }
      try apply(scene, measure.map { .view($0) })
      try solve()
    }
    needsLayout = false
    passStarts = true
  }

  /// A change whose whole effect is new constants (`setConstant`, a resize that keeps the
  /// insets, new intrinsic sizes that keep their presence) on constraints the solver
  /// holds: each lowered constant moves by the delta's shift, straight into `setConstant`,
  /// without lowering the elements again (which allocated some twenty arrays per step:
  /// expressions, keys, sets). Returns false,
  /// having changed nothing or only constants the general path will find equal, when the
  /// delta is anything else, a constraint is not held (inactive or broken), or the solver
  /// refuses a constant (the general path then releases and re-adds it, and may break it).
  /// - Complexity: O(shifts) dictionary lookups plus the solver's `setConstant`s;
  ///   allocates nothing.
  private func shiftConstantsInPlace(_ delta: SceneDelta) throws(LayoutError) -> Bool {
    guard !delta.constantShifts.isEmpty, delta.addedViews.isEmpty, delta.removedViews.isEmpty else { return false }
    for change in delta.constantShifts {
      guard held[change.key]?.id != nil else { return false }
    }
    try flushRemovals()
    startStep()
    for change in delta.constantShifts where change.shift != 0 {
      guard let index = held.index(forKey: change.key), let id = held.values[index].id else { return false }
      let constant = held.values[index].constraint.expression.constant + change.shift
      do {
        try solver.setConstant(constant, of: id)
      } catch {
        // An accuracy refusal goes down the general path too, which names the constraint.
        guard case .unsatisfiable = error else {
          if error.isAccuracyRefusal { return false }
          throw .solver(error)
        }
        return false
      }
      // Through the index: `held[key]?.… = …` copied the dictionary's storage here.
      held.values[index].constraint.expression.constant = constant
    }
    return true
  }

  /// Regenerates `elements` and applies the differences. Autoresizing views among
  /// `newViews` get their S₀ now when it is known, else at the layout pass.
  private func refresh(_ scene: Scene, elements: [SceneElement], newViews: [ViewIndex]) throws(LayoutError) {
    startStep()
    if scene.views.count != assignedSlots.views || scene.guides.count != assignedSlots.guides {
      variables.assign(scene)
      assignedSlots = (scene.views.count, scene.guides.count)
    }
    if values.count < variables.variableCount {
      values.append(contentsOf: repeatElement(0, count: variables.variableCount - values.count))
    }
    // A set, so that entering a hierarchy is O(views), not O(views²); built only when an
    // autoresizing view needs it (loading a scene without one hashed every view for nothing).
    var isNew: Set<ViewIndex>?
    func isNewView(_ v: ViewIndex) -> Bool {
      if isNew == nil { isNew = Set(newViews) }
      return isNew?.contains(v) == true
    }
    for v in newViews {
      guard let view = scene.view(v), view.translatesAutoresizingMask, let parent = view.parent else { continue }
      if parent == scene.root {
        designSuperviewSize[v] = AxisPair(horizontal: scene.container.width, vertical: scene.container.height)
      } else if let superview = scene.view(parent), superview.translatesAutoresizingMask, !scene.isArrangedInStack(parent),
        isNewView(parent)
      {
        designSuperviewSize[v] = AxisPair(horizontal: superview.frame.width, vertical: superview.frame.height)
      } else {
        // The superview's size in the layout the view enters is known after a solve.
        pendingMeasure.append(v)
      }
    }
    try apply(scene, elements)
  }

  /// A load or update begins: the first since a pass drops the last pass's diagnostics.
  func startStep() {
    if passStarts {
      brokenSinceUpdate.removeAll()
      brokenSinceUpdateKeys.removeAll()
      passStarts = false
    }
    keysBrokenByLastStep.removeAll()
    needsLayout = true
  }

  private func solve() throws(LayoutError) {
    do { try solver.solve() } catch { throw .solver(error) }
  }

  func currentSize(of v: ViewIndex) -> AxisPair<Double> {
    AxisPair(horizontal: solver.value(of: variables.variable(v, .width)), vertical: solver.value(of: variables.variable(v, .height)))
  }

  /// Diffs the regenerated constraints of `elements` against what the solver holds:
  /// removals first (one batch, one re-optimisation), then in-place constant and priority
  /// changes, then additions (one batch; if the batch is refused, one by one, breaking
  /// each that conflicts).
  func apply(_ scene: Scene, _ elements: [SceneElement]) throws(LayoutError) {
    var additions: [GeneratedConstraint] = []
    var removals: [ConstraintID] = []
    var inPlace: [(old: (id: ConstraintID?, constraint: GeneratedConstraint), new: GeneratedConstraint)] = []
    // Nothing held yet (a load): no element has keys to compare with.
    let holdsNothing = held.isEmpty && keysOfElement.isEmpty
    for element in elements {
      let fresh = scene.generatedConstraints(for: element, variables: variables) { self.designSuperviewSize[$0] }
      // A user constraint has one key, `(element, .user)`, held exactly while it is
      // generated: its keys are not stored (an array and a hash insert per user
      // constraint, a tenth of loading a small scene's non-solver work).
      let isUserConstraint = if case .constraint = element { true } else { false }
      var freshKeys: [ConstraintKey] = []
      if !isUserConstraint { freshKeys.reserveCapacity(fresh.count) }
      for constraint in fresh {
        if !isUserConstraint { freshKeys.append(constraint.key) }
        // One lookup per key (loading hashed each key up to three times); none while the
        // solver holds nothing.
        if !held.isEmpty, let index = held.index(forKey: constraint.key) {
          let old = held.values[index]
          if old.id != nil, old.constraint.hasShape(of: constraint) {
            if old.constraint != constraint { inPlace.append((old, constraint)) }
            continue
          }
          held.remove(at: index)
          forget(constraint.key, old.id, into: &removals)
        }
        additions.append(constraint)
      }
      if isUserConstraint {
        if fresh.isEmpty && !held.isEmpty {
          let key = ConstraintKey(element, .user)
          if let old = held.removeValue(forKey: key) { forget(key, old.id, into: &removals) }
        }
        continue
      }
      // Keys the element no longer produces; the usual update produces the same keys, and
      // then no set is built.
      if !holdsNothing, let oldKeys = keysOfElement[element], oldKeys != freshKeys {
        let freshSet = Set(freshKeys)
        for key in oldKeys where !freshSet.contains(key) {
          forget(key, held.removeValue(forKey: key)?.id ?? nil, into: &removals)
        }
      }
      if !freshKeys.isEmpty {
        keysOfElement[element] = freshKeys
      } else if !holdsNothing {
        keysOfElement[element] = nil
      }
    }
    // The first removals of a pass hand over their buffer (no copy, no allocation).
    if pendingRemovals.isEmpty { swap(&pendingRemovals, &removals) } else { pendingRemovals += removals }
    // In-place changes apply to the system without the removals, as they always have.
    if !inPlace.isEmpty { try flushRemovals() }
    for (old, new) in inPlace {
      guard let id = old.id else { continue }
      do {
        if old.constraint.expression.constant != new.expression.constant {
          try solver.setConstant(new.expression.constant, of: id)
        }
        if old.constraint.priority != new.priority {
          try solver.setPriority(Priority(new.priority), of: id)
        }
        held[new.key] = (id, new)
      } catch {
        guard case .unsatisfiable = error else { throw layoutError(error, scene) }
        // One at a time, constants that move together (new safe-area insets under a pinned
        // pair) can pass through an infeasible state that the result does not have. Re-add
        // this one with the batch, after every other change: only if it conflicts then is
        // it broken.
        try release(new.key, id)
        additions.append(new)
      }
    }
    guard !additions.isEmpty else { return }
    // One call with the pending removals, so that the solver can enter an addition in a
    // removed constraint's place (Sources/Cassowary/Accelerations/Renaming.swift).
    swap(&removalsInFlight, &pendingRemovals)
    try add(scene, additions, replacing: removalsInFlight)
    swap(&removalsInFlight, &pendingRemovals)
    pendingRemovals.removeAll(keepingCapacity: true)
  }

  /// Gives the pending removals to the solver as one batch and frees their ids.
  /// - Throws: `.solver` when the solver fails (a bug: they are present).
  func flushRemovals() throws(LayoutError) {
    guard !pendingRemovals.isEmpty else { return }
    do { try solver.remove(contentsOf: pendingRemovals) } catch { throw .solver(error) }
    for id in pendingRemovals { freeID(id) }
    pendingRemovals.removeAll(keepingCapacity: true)
  }

  /// Adds constraints as one batch, after removing `removals` in the same solver call; if
  /// the batch is refused (the removals stand), one by one, breaking each that conflicts.
  private func add(
    _ scene: Scene, _ constraints: [GeneratedConstraint], replacing removals: [ConstraintID] = []
  ) throws(LayoutError) {
    guard !constraints.isEmpty else { return }
    // The removals' ids are free for the additions: the solver takes the removals out
    // first (LinearSolver.replace), and reusing them keeps the id space as compact as
    // removing in a call of its own did (Sources/Cassowary/Accelerations/Renaming.swift).
    for id in removals { freeID(id) }
    // Grown once, not doubling through a load's thousands of inserts.
    held.reserveCapacity(held.count + constraints.count)
    keyOfID.reserveCapacity(keyOfID.count + max(0, constraints.count - freeIDs.count))
    let ids = constraints.map { makeID(for: $0.key) }
    let solverConstraints = zip(ids, constraints).map { id, c in
      Constraint(id: id, c.expression, c.relation, priority: Priority(c.priority))
    }
    do {
      if removals.isEmpty {
        try solver.add(contentsOf: solverConstraints)
      } else {
        try solver.replace(removing: removals, adding: solverConstraints)
      }
      for (id, c) in zip(ids, constraints) { held[c.key] = (id, c) }
      return
    } catch {
      guard case .unsatisfiable = error else { throw layoutError(error, scene) }
    }
    // The batch was refused: the removals are made (their ids were freed above), and the
    // additions enter one at a time under the ids made for them.
    for (k, c) in constraints.enumerated() {
      do {
        try solver.add(solverConstraints[k])
        held[c.key] = (ids[k], c)
      } catch {
        guard case .unsatisfiable(_, let conflicts) = error else { throw layoutError(error, scene) }
        freeID(ids[k])
        held[c.key] = (nil, c)
        brokenKeys.append(c.key)
        keysBrokenByLastStep.append(c.key)
        noteBroken(scene, c.key, conflicts)
      }
    }
  }

  /// Re-adds each constraint broken in an earlier step; one whose conflict is gone comes
  /// back silently (docs/scene-semantics.md, Diagnostics), and a diagnostic this pass had
  /// for it is dropped. Those broken by the last step are not retried: nothing has changed
  /// for them since.
  private func retryBroken() throws(LayoutError) {
    guard brokenKeys.count > keysBrokenByLastStep.count else { return }
    var stillBroken: [ConstraintKey] = []
    for key in brokenKeys {
      guard let c = held[key]?.constraint, !keysBrokenByLastStep.contains(key) else {
        stillBroken.append(key)
        continue
      }
      let id = makeID(for: key)
      do {
        try solver.add(Constraint(id: id, c.expression, c.relation, priority: Priority(c.priority)))
        held[key] = (id, c)
        while let i = brokenSinceUpdateKeys.firstIndex(of: key) {
          brokenSinceUpdateKeys.remove(at: i)
          brokenSinceUpdate.remove(at: i)
        }
      } catch {
        guard case .unsatisfiable = error else { throw .solver(error) }
        freeID(id)
        stillBroken.append(key)
      }
    }
    brokenKeys = stillBroken
  }

  private func release(_ key: ConstraintKey, _ id: ConstraintID?) throws(LayoutError) {
    held[key] = nil
    guard let id else {
      brokenKeys.removeAll { $0 == key }
      return
    }
    do { try solver.remove(id) } catch { throw .solver(error) }
    freeID(id)
  }

  /// After `key` left `held` (the caller removed it, in the same lookup that found it): its
  /// solver constraint, if it has one, joins `removals` for the caller to remove (as one
  /// batch) and free; a broken one leaves `brokenKeys`.
  private func forget(_ key: ConstraintKey, _ id: ConstraintID?, into removals: inout [ConstraintID]) {
    guard let id else {
      brokenKeys.removeAll { $0 == key }
      return
    }
    removals.append(id)
  }

  private func makeID(for key: ConstraintKey) -> ConstraintID {
    let id = freeIDs.popLast() ?? ConstraintID(keyOfID.count)
    if id.index >= keyOfID.count { keyOfID.append(nil) }
    keyOfID[id.index] = key
    return id
  }

  private func freeID(_ id: ConstraintID) {
    keyOfID[id.index] = nil
    freeIDs.append(id)
  }

  private func noteBroken(_ scene: Scene, _ key: ConstraintKey, _ conflicts: [ConstraintID]) {
    let broken = scene.name(of: key)
    let others = conflicts.compactMap { $0.index < keyOfID.count ? keyOfID[$0.index] : nil }.map { scene.name(of: $0) }
    brokenSinceUpdate.append(.unsatisfiable(constraints: [broken] + others, broken: broken))
    brokenSinceUpdateKeys.append(key)
  }

  // MARK: Reading

  /// One bulk read of every variable; the present views from `Scene.parentSlots`. Reading
  /// each value through the solver and copying each `View` were a third of a 1,000-view
  /// relayout that made no pivot. Positions are superview-relative in the solver
  /// (Scene+RelativePositions.swift), so a frame is its four variables.
  /// O(variables + views), no allocation.
  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    let variables = self.variables
    values.withUnsafeMutableBufferPointer { values in
      solver.writeValues(into: values)
      for (v, parent) in scene.parentSlots.enumerated() where parent != Scene.removedSlot {
        let index = ViewIndex(v)
        frames[v] = Rect(
          x: values[variables.variable(index, .minX).index], y: values[variables.variable(index, .minY).index],
          width: values[variables.variable(index, .width).index], height: values[variables.variable(index, .height).index])
      }
    }
  }

  /// The content guide's size (Scene+ScrollViews.swift). O(1).
  public func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? {
    guard let guide = scene.contentGuide(of: scrollView) else { return nil }
    return AxisPair(
      horizontal: solver.value(of: variables.variable(guide, .width)),
      vertical: solver.value(of: variables.variable(guide, .height)))
  }

  public func diagnostics(of scene: Scene) -> [LayoutDiagnostic] {
    brokenSinceUpdate + (detectsAmbiguity ? ambiguities(of: scene) : [])
  }
}
