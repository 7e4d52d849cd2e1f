import Cassowary
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// springs-struts against Cassowary on the two shapes whose size their content decides:
/// random table-row scenes (a stack as the root, its height fitted at priority 50) and
/// random scroll views of a stack pinned by the ScrollStack recipe, each with random
/// changes. Frames of every view that takes part, and scroll views' content sizes, must
/// agree within `Tolerance.comparison`; a refusal for ambiguity or a conflict must be one
/// Cassowary reports (``DifferentialTests/audit(_:_:_:step:counts:)``).
@Suite struct ContentSizedDifferentialTests {
  static let sceneCount = 200
  static let stepsPerScene = 5

  @Test func rowScenesMatchCassowary() {
    var counts = DifferentialTests.Counts()
    forEachSeed(Self.sceneCount, base: 0x7_0A15_0000) { seed in
      var generator = RandomScenes(seed: seed)
      try Self.run(try generator.rowScene(), counts: &counts) { scene in
        // A row's container keeps height 0 and no safe area; only its width changes.
        switch generator.change(to: scene) {
        case .resizeContainer(let width, _, _): .resizeContainer(width: width, height: 0, safeAreaInsets: nil)
        case let change: change
        }
      }
    }
    report("rows", counts)
  }

  @Test func scrollScenesMatchCassowary() {
    var counts = DifferentialTests.Counts()
    forEachSeed(Self.sceneCount, base: 0x5_C011_0000) { seed in
      var generator = RandomScenes(seed: seed)
      try Self.run(try generator.scrollScene(), counts: &counts) { generator.scrollChange(to: $0) }
    }
    report("scroll views", counts)
  }

  private func report(_ what: String, _ counts: DifferentialTests.Counts) {
    print(
      "springs-struts \(what): \(counts.scenes) scenes, \(counts.steps) steps, \(counts.comparedFrames) frames compared; "
        + "refused \(counts.refusedAtLoad) at load, \(counts.refusedAtStep) at a step (\(counts.confirmedRefusals) "
        + "confirmed by cassowary)")
    for (reason, count) in counts.reasons.sorted(by: { $0.value > $1.value }) { print("  refused \(count)×: \(reason)") }
    if !SeedSweep.isReplaying {
      let refused = counts.refusedAtLoad + counts.refusedAtStep
      #expect(refused * 4 < counts.scenes, "springs-struts refused \(refused) of \(counts.scenes) \(what) scenes")
    }
  }

  /// Loads `scene` into both backends, then applies `stepsPerScene` changes, comparing
  /// after each (frames and content sizes); stops at the first refusal, audited against
  /// Cassowary's diagnostics (``DifferentialTests/replay(_:steps:dense:counts:next:compare:)``).
  static func run(_ initial: Scene, counts: inout DifferentialTests.Counts, change: (Scene) -> SceneChange) throws {
    try DifferentialTests.replay(initial, steps: stepsPerScene, dense: nil, counts: &counts, next: change) {
      compare($0, $1, $2, step: $4, counts: &$5)
    }
  }

  /// Frames as ``DifferentialTests/compare(_:_:_:_:step:counts:)``, then every scroll
  /// view's content size, and no content-size ambiguity where springs-struts answered.
  static func compare(
    _ scene: Scene, _ springs: SpringsAndStruts, _ cassowary: ConstraintLayout<CassowarySolver>, step: String,
    counts: inout DifferentialTests.Counts
  ) {
    DifferentialTests.compare(scene, springs, cassowary, nil, step: step, counts: &counts)
    for s in scene.scrollViews where DifferentialTests.takesPart(s, scene) {
      let id = scene.view(s)?.id ?? ""
      guard let ours = springs.contentSize(of: s, in: scene), let theirs = cassowary.contentSize(of: s, in: scene) else {
        Issue.record("\(step): no content size for '\(id)'")
        continue
      }
      expectClose(
        [ours.horizontal, ours.vertical], [theirs.horizontal, theirs.vertical],
        "\(step): content size of '\(id)', springs-struts vs cassowary")
    }
    cassowary.detectsAmbiguity = true
    defer { cassowary.detectsAmbiguity = false }
    for case .ambiguous(let view, let attributes) in cassowary.diagnostics(of: scene) {
      guard let v = scene.viewIndex(of: view), DifferentialTests.takesPart(v, scene) else { continue }
      Issue.record(
        "\(step): cassowary reports '\(view)' ambiguous (\(attributes)) where springs-struts answered\n\(describe(scene))")
    }
  }
}
