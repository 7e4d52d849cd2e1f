import Cassowary
import LayoutModel
import Testing
import TestSupport

@testable import Scene

/// How equalSpacing, equalCentering and fillEqually stacks lower (docs/scene-semantics.md,
/// "Stack views", rule 2): equalSpacing's gap minimums as one inequality, on the largest
/// minimum (the same layouts, since the gaps are equal), equalCentering's centres each
/// placed from the first two, before the gaps, and fillEqually's views each placed from the
/// first. All keep a tableau linear in the number of views.
@Suite struct EqualDistributionLoweringTests {

  /// A horizontal stack (equalSpacing unless told) as the root of a `width` × 100
  /// container, spacing 3, of `ids` each 30 × 20 (unless `intrinsicWidth` says otherwise)
  /// with compression resistance 750, except "b" at 700.
  private func stack(
    _ ids: [String], width: Double, customSpacing: [(String, Double)] = [], distribution: Distribution = .equalSpacing,
    intrinsicWidth: (Int) -> Double = { _ in 30 }
  ) throws -> Scene {
    var root = ViewDescription(id: "stack")
    root.stack = StackDescription()
    root.stack?.axis = .horizontal
    root.stack?.distribution = distribution
    root.stack?.alignment = .center
    root.stack?.spacing = 3
    root.stack?.customSpacing = customSpacing.map { StackDescription.CustomSpacing(after: $0.0, spacing: $0.1) }
    var views = [root]
    for (i, id) in ids.enumerated() {
      var leaf = ViewDescription(id: id, parent: "stack")
      leaf.intrinsicSize = AxisPair(horizontal: intrinsicWidth(i), vertical: 20)
      if id == "b" { leaf.compressionResistance.horizontal = 700 }
      views.append(leaf)
    }
    return try Scene(container: Container(width: width, height: 100), views: views)
  }

  private func generated(_ scene: Scene) -> (constraints: [GeneratedConstraint], variables: SceneVariables) {
    var variables = SceneVariables()
    variables.assign(scene)
    let stackIndex = scene.viewIndexByID["stack"]!
    return (scene.generatedConstraints(for: .stack(stackIndex), variables: variables) { _ in nil }, variables)
  }

  /// The views after which the stack's generated constraints put a minimum gap.
  private func minimumGaps(_ scene: Scene) -> [String] {
    generated(scene).constraints.compactMap {
      guard case .gap(after: let v) = $0.key.role else { return nil }
      #expect($0.relation == .greaterThanOrEqual)
      return scene.views[v.index]?.id
    }
  }

  /// Lays out a stack of 400 views `v0` … `v399` on Cassowary: the solver's counters after
  /// the layout and each view's frame by id.
  private func layOut400(
    width: Double, _ distribution: Distribution, intrinsicWidth: (Int) -> Double = { _ in 30 }
  ) throws -> (counters: SolverCounters, frame: (Int) -> Rect) {
    let scene = try stack((0..<400).map { "v\($0)" }, width: width, distribution: distribution, intrinsicWidth: intrinsicWidth)
    let solver = CassowarySolver()
    let layout = ConstraintLayout(solver: solver, detectsAmbiguity: false)
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    var frames = [Rect](repeating: .zero, count: scene.views.count)
    frames.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
    return (solver.counters, { frames[scene.viewIndexByID["v\($0)"]!.index] })
  }

  @Test func theOneMinimumIsTheLargestTheEarliestOnATie() throws {
    var scene = try stack(["a", "b", "c", "d"], width: 300, customSpacing: [("b", 7), ("c", 7)])
    #expect(minimumGaps(scene) == ["b"])
    _ = try scene.apply(.setHidden([Named("b", true)]), path: "steps[0]")
    #expect(minimumGaps(scene) == ["c"], "b's spacing goes with it")
    _ = try scene.apply(.setHidden([Named("c", true)]), path: "steps[1]")
    #expect(minimumGaps(scene) == ["a"], "all 3 now: the first")
    _ = try scene.apply(.setHidden([Named("a", true), Named("d", true)]), path: "steps[2]")
    #expect(minimumGaps(scene).isEmpty, "no view, no gap")
  }

  /// 100 wide, three views of 30 and a minimum gap of 10 after "a" (3 elsewhere): both gaps
  /// are at least 10, so 80 is left for 90 of views and "b", the least resistant, gives
  /// up 10. At 130 wide the two gaps share the 40 to spare.
  @Test func everyGapKeepsTheLargestMinimum() throws {
    for (width, expected) in [
      (100.0, [[0.0, 40, 30, 20], [40, 40, 20, 20], [70, 40, 30, 20]]),
      (130, [[0, 40, 30, 20], [50, 40, 30, 20], [100, 40, 30, 20]]),
    ] {
      let scene = try stack(["a", "b", "c"], width: width, customSpacing: [("a", 10)])
      let layout = ConstraintLayout(solver: CassowarySolver())
      try layout.load(scene)
      try layout.layoutIfNeeded(scene)
      var frames = [Rect](repeating: .zero, count: scene.views.count)
      frames.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
      for (id, frame) in zip(["a", "b", "c"], expected) {
        let f = frames[scene.viewIndexByID[id]!.index]
        expectClose([f.x, f.y, f.width, f.height], frame, "\(id) at width \(width)")
      }
      #expect(layout.diagnostics(of: scene).isEmpty)
    }
  }

  /// With an inequality per gap, 400 views held 400 rows of ~1,200 cells each (every gap's
  /// slack reduced to the common gap over every view's size); now a handful per view.
  @Test func aLongStackKeepsTheTableauLinear() throws {
    let (counters, frame) = try layOut400(width: 400 * 32, .equalSpacing)
    #expect(counters.cells < 30 * 400, "\(counters.cells) cells for 400 views")
    // 400 views of 30 in 12,800: 399 equal gaps of 800/399.
    expectClose([frame(399).x, frame(399).width], [399 * (30 + 800 / 399.0), 30], "the last view")
  }

  /// Each centre from the first two: the constraint placing c names only a's, b's and c's
  /// variables, and every one comes before the first gap.
  @Test func equalCenteringPlacesEachCentreFromTheFirstTwo() throws {
    let scene = try stack(["a", "b", "c", "d"], width: 300, distribution: .equalCentering)
    let (constraints, variables) = generated(scene)
    func axisVariables(_ ids: [String]) -> Set<VariableID> {
      Set(ids.flatMap { id in [FrameQuantity.minX, .width].map { variables.variable(scene.viewIndexByID[id]!, $0) } })
    }
    var placed: [String] = []
    for (index, constraint) in constraints.enumerated() {
      guard case .equalCentering(let v) = constraint.key.role, let id = scene.views[v.index]?.id else { continue }
      placed.append(id)
      #expect(Set(constraint.expression.terms.map(\.variable)).isSubset(of: axisVariables(["a", "b", id])), "\(id)")
      let firstGap = constraints.firstIndex { if case .gap = $0.key.role { true } else { false } }
      #expect(index < (firstGap ?? 0), "\(id) before the gaps")
    }
    #expect(placed == ["c", "d"])
  }

  /// 400 views of 30 in 13,600: centres from 15 to 13,585, 13,570/399 apart (gaps of
  /// about 4, above the minimum 3). A chain of equal distances held hundreds of cells per
  /// view. (Compressed, gaps at their minimum, every view's size is coupled to the others'
  /// and the rows are long in either form: docs/architecture.md.)
  @Test func aLongEqualCenteringStackKeepsTheTableauLinear() throws {
    let (counters, frame) = try layOut400(width: 400 * 34, .equalCentering)
    #expect(counters.cells < 40 * 400, "\(counters.cells) cells for 400 views")
    for i in [1, 200, 398] {
      expectClose([frame(i).x + frame(i).width / 2, frame(i).width], [15 + Double(i) * 13_570 / 399, 30], "v\(i)")
    }
  }

  /// fillEqually places each view from the first: the constraint placing c names only a's
  /// and c's variables, with a's width counted twice and the two gaps before c.
  @Test func fillEquallyPlacesEachViewFromTheFirst() throws {
    let scene = try stack(["a", "b", "c"], width: 300, customSpacing: [("a", 10)], distribution: .fillEqually)
    let (constraints, variables) = generated(scene)
    let gap = try #require(constraints.first { $0.key.role == .gap(after: scene.viewIndexByID["b"]!) })
    func x(_ id: String, _ quantity: FrameQuantity) -> VariableID { variables.variable(scene.viewIndexByID[id]!, quantity) }
    let coefficients = Dictionary(uniqueKeysWithValues: gap.expression.terms.map { ($0.variable, $0.coefficient) })
    let expected = [x("c", .minX): 1.0, x("a", .minX): -1, x("a", .width): -2]
    #expect(Set(coefficients.keys) == Set(expected.keys))
    for (variable, coefficient) in expected { expectClose(coefficients[variable] ?? .nan, coefficient, "\(variable)") }
    expectClose(gap.expression.constant, -13, "gaps of 10 and 3")
  }

  /// 400 views in 16,000 with gaps of 3: each (16,000 − 1,197)/400 wide. The chain held
  /// ~2,000 cells per view.
  @Test func aLongFillEquallyStackKeepsTheTableauLinear() throws {
    let (counters, frame) = try layOut400(width: 400 * 40, .fillEqually)
    #expect(counters.cells < 40 * 400, "\(counters.cells) cells for 400 views")
    let width = (16_000 - 399 * 3) / 400.0
    for i in [1, 200, 399] {
      expectClose([frame(i).x, frame(i).width], [Double(i) * (width + 3), width], "v\(i)")
    }
  }

  /// The views' size preferences enter after the constraints that fix the stack's length
  /// (`ConstraintLayout.load`). Entered before them, with 400 different intrinsic widths
  /// (20 … 56) around the equal width, phase one moved the one width across them one
  /// pivot at a time, each pivot rewriting every view's rows: 586 pivots, 391 k cells
  /// touched (now 400 and 16 k).
  @Test func aFillEquallyStackFindsItsWidthWithoutCrossingEveryIntrinsicSize() throws {
    let (counters, frame) = try layOut400(width: 400 * 40, .fillEqually) { 20 + Double($0 % 37) }
    #expect(counters.pivots <= 400 + 10, "\(counters.pivots) pivots for 400 views")
    #expect(counters.cellsTouched < 100 * 400, "\(counters.cellsTouched) cells touched for 400 views")
    let width = (16_000 - 399 * 3) / 400.0
    for i in [0, 1, 200, 399] {
      expectClose([frame(i).x, frame(i).width], [Double(i) * (width + 3), width], "v\(i)")
    }
  }
}
