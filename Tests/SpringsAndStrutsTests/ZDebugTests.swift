@testable import SpringsAndStruts
import Cassowary
import LayoutModel
import Scene
import Testing
import TestSupport

@Suite struct ZDebugTests {
  @Test func dump() throws {
    guard let text = SeedSweep.environmentValue("SS_DEBUG_SEED"), let seed = UInt64(text) else { return }
    var generator = RandomScenes(seed: seed)
    let scene = try generator.scene()
    let springs = SpringsAndStruts()
    do { try springs.load(scene) } catch { print("refused \(error)") }
    let e = springs.engine
    for v in scene.presentViews where scene.isArrangedInStack(v) {
      for axis in Axis.allCases {
        let c = e.cost(of: v, axis)
        var line = "\(scene.view(v)!.id) \(axis): [\(c.lower), \(c.upper)] soft=\(c.soft != nil) fail=\(String(describing: c.failure)) pieces:"
        if c.failure == nil {
          for p in e.arena.pieces(of: c) {
            let vec = (0..<e.arena.width).map { e.arena.vectors[Int(e.arena.vectorOf[p]) * e.arena.width + $0] }
            line += " @\(e.arena.start(p, of: c)) \(vec)"
          }
          line += " min=\(e.arena.minimizers(of: c))"
        }
        print(line)
      }
    }
    print(e.levels.values)
    let cassowary = ConstraintLayout(solver: CassowarySolver())
    try cassowary.load(scene)
    let f = frames(scene, cassowary)
    for v in scene.presentViews { print("cassowary \(scene.view(v)!.id) \(f[scene.view(v)!.id]!)") }
    print(cassowary.diagnostics(of: scene))
  }
}
