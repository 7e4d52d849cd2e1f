import LayoutModel
import Scene
import Testing
import TestSupport

@testable import Cassowary

/// Depth is not a limit for ConstraintLayout either: lowering, solving and writing frames
/// of a 20,000-deep chain on Cassowary, autoresizing and with edge constraints, with
/// frames derived by hand at a few levels. The tableau's invariant checks, which a debug
/// build runs after every solver operation at O(tableau) each, are off here: at this depth
/// they would make the test quadratic (CassowaryTests check them on smaller systems).
@Suite struct DeepHierarchyTests {
  static let depth = 20_000
  static let checkedLevels = [1, 2, 1000, 12_345, depth - 1, depth]

  /// `level1` … `levelD`, each in the previous, 0.01 inside each of its parent's edges:
  /// level k is at (0.01, 0.01), W − 0.02k wide and H − 0.02k high in a W×H root.
  static func chain(autoresizing: Bool) throws -> Scene {
    var views = [ViewDescription(id: "root")]
    var constraints: [ConstraintDescription] = []
    for k in 1...depth {
      let (id, parent) = ("level\(k)", k == 1 ? "root" : "level\(k - 1)")
      var view = ViewDescription(id: id, parent: parent)
      if autoresizing {
        view.translatesAutoresizingMask = true
        view.frame = Rect(x: 0.01, y: 0.01, width: 1000 - 0.02 * Double(k), height: 800 - 0.02 * Double(k))
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      } else {
        for (name, first, second) in [
          ("l", "\(id).leading", "\(parent).leading"), ("t", "\(id).top", "\(parent).top"),
          ("r", "\(parent).trailing", "\(id).trailing"), ("b", "\(parent).bottom", "\(id).bottom"),
        ] {
          constraints.append(
            ConstraintDescription(
              id: "\(id).\(name)", form: .anchors(first: first, relation: .equal, second: second, multiplier: 1, constant: 0.01)))
        }
      }
      views.append(view)
    }
    return try Scene(container: Container(width: 1000, height: 800), views: views, constraints: constraints)
  }

  static func expectFrames(
    _ scene: Scene, _ layout: some LayoutBackend, width: Double, height: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var buffer = [Rect](repeating: .zero, count: scene.views.count)
    buffer.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
    for k in checkedLevels {
      let v = try #require(scene.viewIndex(of: "level\(k)"))
      let frame = buffer[v.index]
      expectClose(
        [frame.x, frame.y, frame.width, frame.height], [0.01, 0.01, width - 0.02 * Double(k), height - 0.02 * Double(k)],
        "\(what): level\(k)", sourceLocation: sourceLocation)
    }
  }

  /// Flexible width and height (the autoresizing variant) or four edge constraints: every
  /// level's size takes the whole change, its margins stay. 1000×800, then 700×900.
  @Test(arguments: [true, false])
  func aChainOf20000ViewsOnCassowary(autoresizing: Bool) throws {
    var scene = try Self.chain(autoresizing: autoresizing)
    let solver = CassowarySolver()
    solver.tableau.skipsInvariantChecks = true
    let layout = ConstraintLayout(solver: solver, detectsAmbiguity: false)
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    try Self.expectFrames(scene, layout, width: 1000, height: 800, "initial")
    let delta = try scene.apply(.resizeContainer(width: 700, height: 900, safeAreaInsets: nil), path: "steps[0]")
    try layout.update(scene, delta)
    try layout.layoutIfNeeded(scene)
    try Self.expectFrames(scene, layout, width: 700, height: 900, "700×900")
    #expect(layout.diagnostics(of: scene).isEmpty)
  }
}
