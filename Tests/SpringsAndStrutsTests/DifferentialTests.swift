import Cassowary
import DenseSimplex
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// springs-struts against the constraint backends on random supported scenes and change
/// traces: every view that takes part in the layout (not a hidden arranged view or inside
/// one) must have the same frame within `Tolerance.comparison` after every step, and the
/// constraint backend must find nothing to report (no conflict, no ambiguity) wherever
/// springs-struts answers. A scene is skipped from the step springs-struts refuses on.
@Suite struct DifferentialTests {
  struct Counts {
    var scenes = 0
    var steps = 0
    var refusedAtLoad = 0
    var refusedAtStep = 0
    var comparedFrames = 0
    /// Conflicts the constraint backend reported among a fillProportionally stack's own
    /// (consistent but redundant) constraints; see ``isProportionalRedundancy``.
    var referenceRedundancies = 0
    var denseScenes = 0
    var reasons: [String: Int] = [:]

    /// Refusals the constraint backend confirmed (it reports the ambiguity or conflict
    /// springs-struts refused for), and refusals for what springs-struts does not compute.
    var confirmedRefusals = 0
    var limitationRefusals = 0

    mutating func refused(_ error: LayoutError) {
      let text = error.description
      let reason = text.split(separator: "(").dropFirst().joined(separator: "(").split(separator: ")").first.map(String.init) ?? text
      reasons[reason, default: 0] += 1
    }
  }

  static let sceneCount = 300
  static let stepsPerScene = 6

  @Test func framesMatchTheConstraintBackends() {
    var counts = Counts()
    forEachSeed(Self.sceneCount, base: 0x5_9817_0000) { seed in
      try Self.run(seed: seed, counts: &counts)
    }
    print(
      "springs-struts differential: \(counts.scenes) scenes (\(counts.denseScenes) also on dense-simplex), "
        + "\(counts.steps) steps, \(counts.comparedFrames) frames compared; refused \(counts.refusedAtLoad) at load "
        + "and \(counts.refusedAtStep) at a step; the constraint backend reported \(counts.referenceRedundancies) "
        + "redundancy conflicts; \(counts.confirmedRefusals) refusals confirmed by cassowary's diagnostics, "
        + "\(counts.limitationRefusals) for what springs-struts does not compute")
    for (reason, count) in counts.reasons.sorted(by: { $0.value > $1.value }) { print("  refused \(count)×: \(reason)") }
    if !SeedSweep.isReplaying {
      let refused = counts.refusedAtLoad + counts.refusedAtStep
      #expect(refused * 5 < counts.scenes, "springs-struts refused \(refused) of \(counts.scenes) scenes")
    }
  }

  static func run(seed: UInt64, counts: inout Counts) throws {
    var generator = RandomScenes(seed: seed)
    let scene = try generator.scene()
    // Dense simplex re-solves from scratch (slow in debug builds): a subset of small scenes.
    let dense: ConstraintLayout<DenseSimplexSolver>? =
      seed % 4 == 0 && scene.views.count <= 10 ? ConstraintLayout(solver: DenseSimplexSolver(), detectsAmbiguity: false) : nil
    if dense != nil { counts.denseScenes += 1 }
    try replay(scene, steps: stepsPerScene, dense: dense, counts: &counts, next: { generator.change(to: $0) }) {
      compare($0, $1, $2, $3, step: $4, counts: &$5)
    }
  }

  /// Loads `initial` into springs-struts, cassowary and `dense` (when given), then applies
  /// `steps` changes from `next`, calling `compare` after the load and after each step with
  /// the step's name; stops at the first refusal, audited against cassowary's diagnostics.
  static func replay(
    _ initial: Scene, steps: Int, dense: ConstraintLayout<DenseSimplexSolver>?, counts: inout Counts,
    next: (Scene) -> SceneChange,
    compare: (Scene, SpringsAndStruts, ConstraintLayout<CassowarySolver>, ConstraintLayout<DenseSimplexSolver>?, String, inout Counts)
      -> Void
  ) throws {
    var scene = initial
    counts.scenes += 1
    let springs = SpringsAndStruts()
    let cassowary = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    do {
      try springs.layOut(scene)
    } catch {
      counts.refusedAtLoad += 1
      counts.refused(error)
      try cassowary.layOut(scene)
      audit(error, scene, cassowary, step: "load", counts: &counts)
      return
    }
    try cassowary.layOut(scene)
    try dense?.layOut(scene)
    compare(scene, springs, cassowary, dense, "load", &counts)
    for k in 0..<steps {
      let change = next(scene)
      let delta: SceneDelta
      do { delta = try scene.apply(change, path: "steps[\(k)]") } catch { continue }
      counts.steps += 1
      do {
        try springs.layOut(scene, after: delta)
      } catch {
        counts.refusedAtStep += 1
        counts.refused(error)
        try cassowary.layOut(scene, after: delta)
        audit(error, scene, cassowary, step: "step \(k) \(change.kind)", counts: &counts)
        return
      }
      try cassowary.layOut(scene, after: delta)
      try dense?.layOut(scene, after: delta)
      compare(scene, springs, cassowary, dense, "step \(k) \(change.kind)", &counts)
    }
  }


  /// A refusal for ambiguity or a conflict must be one the constraint backend sees too: it
  /// reports ambiguity about a participating view, or a conflict. Refusals for what
  /// springs-struts does not compute (equalCentering under compression, text width in a
  /// content-sized stack, an undefined S₀) are only counted.
  static func audit(_ error: LayoutError, _ scene: Scene, _ cassowary: ConstraintLayout<CassowarySolver>, step: String, counts: inout Counts) {
    let text = error.description
    let expectsAmbiguity = text.contains("ambiguous")
    let expectsConflict = text.contains("conflict")
    guard expectsAmbiguity || expectsConflict else {
      counts.limitationRefusals += 1
      return
    }
    cassowary.detectsAmbiguity = true
    defer { cassowary.detectsAmbiguity = false }
    var ambiguous = false
    var conflicting = false
    for diagnostic in cassowary.diagnostics(of: scene) {
      switch diagnostic {
      case .unsatisfiable(let constraints, _): if !isProportionalRedundancy(constraints, scene) { conflicting = true }
      case .ambiguous(let view, _): if let v = scene.viewIndex(of: view), takesPart(v, scene) { ambiguous = true }
      case .layoutLoop: Issue.record("a backend reported \(diagnostic); only the pass driver does")
      }
    }
    if (expectsAmbiguity && ambiguous) || (expectsConflict && conflicting) {
      counts.confirmedRefusals += 1
    } else {
      Issue.record("\(step): springs-struts refused (\(text)) but cassowary reports ambiguity \(ambiguous), conflict \(conflicting)\n\(describe(scene))")
    }
  }

  /// Views that take part in the layout: not hidden arranged, nor inside one.
  static func takesPart(_ v: ViewIndex, _ scene: Scene) -> Bool {
    var current: ViewIndex? = v
    while let c = current, let view = scene.view(c) {
      if view.isHidden && scene.isArrangedInStack(c) { return false }
      current = view.parent
    }
    return true
  }

  /// Expects equal frames and no diagnostics about participating views.
  static func compare(
    _ scene: Scene, _ springs: SpringsAndStruts, _ cassowary: ConstraintLayout<CassowarySolver>,
    _ dense: ConstraintLayout<DenseSimplexSolver>?, step: String, counts: inout Counts
  ) {
    let ours = frames(scene, springs)
    var references: [(String, [String: Rect], [LayoutDiagnostic])] = [("cassowary", frames(scene, cassowary), cassowary.diagnostics(of: scene))]
    if let dense { references.append(("dense-simplex", frames(scene, dense), dense.diagnostics(of: scene))) }
    for (name, theirs, diagnostics) in references {
      for diagnostic in diagnostics {
        switch diagnostic {
        case .unsatisfiable(let constraints, _) where isProportionalRedundancy(constraints, scene):
          // See isProportionalRedundancy: the frames are still compared below.
          counts.referenceRedundancies += 1
        case .unsatisfiable:
          Issue.record("\(step): \(name) reports \(diagnostic) where springs-struts answered")
        case .ambiguous(let view, _):
          if let v = scene.viewIndex(of: view), takesPart(v, scene) {
            Issue.record("\(step): \(name) reports \(diagnostic) where springs-struts answered")
          }
        case .layoutLoop:
          Issue.record("\(step): \(name) reports \(diagnostic); only the pass driver does")
        }
      }
      for v in scene.presentViews where takesPart(v, scene) {
        let id = scene.view(v)?.id ?? ""
        guard let mine = ours[id], let reference = theirs[id] else { continue }
        counts.comparedFrames += 1
        expectClose(
          [mine.x, mine.y, mine.width, mine.height], [reference.x, reference.y, reference.width, reference.height],
          "\(step): frame of '\(id)', springs-struts vs \(name)")
      }
    }
  }

  /// A conflict among one fillProportionally stack's ends, gaps and proportional sizes
  /// only. Those equalities are consistent for every canvas length (the proportional sizes
  /// sum to the canvas minus the gaps) but linearly dependent, and with rounding in the
  /// coefficients the incremental solver can judge the dependent one inconsistent and
  /// "break" it. Nothing is really broken (the frames are still compared); springs-struts
  /// cannot refuse what has no conflict.
  static func isProportionalRedundancy(_ names: [String], _ scene: Scene) -> Bool {
    let roles = ["stack(canvas-start:", "stack(canvas-end:", "stack(spacing-after:", "stack(fill-proportionally:"]
    var owner: String?
    for name in names {
      guard let role = roles.first(where: { name.contains("." + $0) }), let range = name.range(of: "." + role) else { return false }
      let id = String(name[..<range.lowerBound])
      if owner == nil { owner = id } else if owner != id { return false }
    }
    guard let owner, let v = scene.viewIndex(of: owner), let stack = scene.view(v)?.stack else { return false }
    // Baselines in a baseline-relative chain add constants that can make it truly
    // inconsistent; without them the equalities always agree.
    let baselines = stack.isBaselineRelative && stack.axis == .vertical
      && scene.arrangedSubviews(of: v).contains { scene.view($0)?.baseline != nil }
    return stack.distribution == .fillProportionally && !baselines
  }
}
