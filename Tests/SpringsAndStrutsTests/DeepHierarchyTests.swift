import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Depth is not a limit: a chain of 20,000 nested autoresizing views lays out (placement
/// walks the tree with an explicit stack, not one call per level), with frames derived by
/// hand at a few levels.
@Suite struct DeepHierarchyTests {
  static let depth = 20_000

  /// `level1` … `levelD`, each in the previous, at (0.01, 0.01) and 0.01 from its parent's
  /// far edges: level k is 1000 − 0.02k wide and 800 − 0.02k high in a 1000×800 root.
  static func chain(_ mask: AutoresizingMask) throws -> Scene {
    var views = [ViewDescription(id: "root")]
    views.reserveCapacity(depth + 1)
    for k in 1...depth {
      var view = ViewDescription(id: "level\(k)", parent: k == 1 ? "root" : "level\(k - 1)")
      view.translatesAutoresizingMask = true
      view.frame = Rect(x: 0.01, y: 0.01, width: 1000 - 0.02 * Double(k), height: 800 - 0.02 * Double(k))
      view.autoresizingMask = mask
      views.append(view)
    }
    return try Scene(container: Container(width: 1000, height: 800), views: views)
  }

  static let checkedLevels = [1, 2, 1000, 12_345, depth - 1, depth]

  static func expectFrames(
    _ scene: Scene, _ layout: SpringsAndStruts, _ expected: (Double) -> [Double], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var buffer = [Rect](repeating: .zero, count: scene.views.count)
    buffer.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
    for k in checkedLevels {
      let v = try #require(scene.viewIndex(of: "level\(k)"))
      let frame = buffer[v.index]
      expectClose([frame.x, frame.y, frame.width, frame.height], expected(Double(k)), "\(what): level\(k)", sourceLocation: sourceLocation)
    }
  }

  /// Every part flexible on both axes: near 0.01, size and far 0.01 share a resize in
  /// proportion, so every level scales with the root. 1000×800 → 1500×1200 is ×1.5.
  @Test func aChainOf20000FlexibleViewsScalesWithTheRoot() throws {
    var scene = try Self.chain([
      .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin,
    ])
    let layout = SpringsAndStruts()
    try layout.layOut(scene)
    try Self.expectFrames(scene, layout, { k in [0.01, 0.01, 1000 - 0.02 * k, 800 - 0.02 * k] }, "initial")
    let delta = try scene.apply(.resizeContainer(width: 1500, height: 1200, safeAreaInsets: nil), path: "steps[0]")
    try layout.layOut(scene, after: delta)
    try Self.expectFrames(scene, layout, { k in [0.015, 0.015, 1.5 * (1000 - 0.02 * k), 1.5 * (800 - 0.02 * k)] }, "×1.5")
  }

  /// Flexible width and height only (as `deep.chain.autoresizing`): every level's size
  /// takes the whole change, its margins stay. 1000×800 → 700×900, then back.
  @Test func aChainOf20000FlexibleSizesTakesTheWholeChange() throws {
    var scene = try Self.chain([.flexibleWidth, .flexibleHeight])
    let layout = SpringsAndStruts()
    try layout.layOut(scene)
    try Self.expectFrames(scene, layout, { k in [0.01, 0.01, 1000 - 0.02 * k, 800 - 0.02 * k] }, "initial")
    var delta = try scene.apply(.resizeContainer(width: 700, height: 900, safeAreaInsets: nil), path: "steps[0]")
    try layout.layOut(scene, after: delta)
    try Self.expectFrames(scene, layout, { k in [0.01, 0.01, 700 - 0.02 * k, 900 - 0.02 * k] }, "700×900")
    delta = try scene.apply(.resizeContainer(width: 1000, height: 800, safeAreaInsets: nil), path: "steps[1]")
    try layout.layOut(scene, after: delta)
    try Self.expectFrames(scene, layout, { k in [0.01, 0.01, 1000 - 0.02 * k, 800 - 0.02 * k] }, "back")
  }
}
