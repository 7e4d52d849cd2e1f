import Cassowary
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Several changes, then one layout pass (as an app does): `update` only records, and the
/// pass must give what the constraint backend gives after the same batch — including the
/// S₀ of views added in the batch, measured at the pass.
@Suite struct BatchedChangesTests {
  @Test func batchesOfChangesGiveTheConstraintBackendsFrames() {
    var (passes, compared, refused) = (0, 0, 0)
    forEachSeed(150, base: 0x5_BA7C_0000) { seed in
      var generator = RandomScenes(seed: seed)
      var scene = try generator.scene()
      let springs = SpringsAndStruts()
      let cassowary = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
      try cassowary.layOut(scene)
      do { try springs.layOut(scene) } catch {
        refused += 1
        return
      }
      for _ in 0..<3 {
        var changed = false
        for k in 0..<3 {
          let change = generator.change(to: scene)
          guard let delta = try? scene.apply(change, path: "steps[\(k)]") else { continue }
          changed = true
          try cassowary.update(scene, delta)
          do { try springs.update(scene, delta) } catch {
            refused += 1
            return
          }
        }
        guard changed else { continue }
        try cassowary.layoutIfNeeded(scene)
        do { try springs.layoutIfNeeded(scene) } catch {
          refused += 1
          return
        }
        passes += 1
        let (ours, theirs) = (frames(scene, springs), frames(scene, cassowary))
        for v in scene.presentViews where DifferentialTests.takesPart(v, scene) {
          let id = scene.view(v)?.id ?? ""
          guard let a = ours[id], let b = theirs[id] else { continue }
          compared += 1
          expectClose([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], "seed \(seed): '\(id)'\n\(describe(scene))")
        }
      }
    }
    print("batched changes: \(passes) passes after up to 3 changes each, \(compared) frames compared, \(refused) scenes refused")
    if !SeedSweep.isReplaying { #expect(passes > 300, "only \(passes) batched passes") }
  }

  @Test func aPassWithNothingChangedLaysNothingOut() throws {
    var scene = try Scene(
      container: Container(width: 300, height: 200),
      views: [Build.root(), Build.autoresizing("v", in: "root", [10, 10, 100, 50], [.flexibleWidth])])
    let layout = SpringsAndStruts()
    try layout.layOut(scene)
    let placed = layout.counters.cellsTouched
    try layout.layoutIfNeeded(scene)
    #expect(layout.counters.cellsTouched == placed)
    // Two resizes, one pass: the frame follows the last size only, once.
    for width in [400.0, 350] {
      let delta = try scene.apply(.resizeContainer(width: width, height: 200, safeAreaInsets: nil), path: "steps")
      try layout.update(scene, delta)
    }
    try layout.layoutIfNeeded(scene)
    #expect(layout.counters.cellsTouched == 2 * placed)
    expectFrame(frames(scene, layout)["v"], [10, 10, 150, 50], "v")
  }
}
