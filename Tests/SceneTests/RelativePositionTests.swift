import Cassowary
import LayoutModel
import Testing

@testable import Scene

/// The lowering's superview-relative positions (Scene+RelativePositions.swift): which
/// variables a lowered constraint names, the depths behind the walk, and that the solver's
/// position variables are the frames.
@Suite struct RelativePositionTests {

  private func view(_ id: String, _ parent: String?, _ index: Int) -> ViewDescription {
    ViewDescription(id: id, parent: parent, path: "views[\(index)]")
  }

  private func anchors(
    _ id: String, _ first: String, _ second: String?, multiplier: Double = 1, constant: Double = 0
  ) -> ConstraintDescription {
    ConstraintDescription(
      id: id, form: .anchors(first: first, relation: .equal, second: second, multiplier: multiplier, constant: constant),
      path: "constraints")
  }

  /// root ⊃ a ⊃ c ⊃ g, root ⊃ b ⊃ d; the guide `guide` belongs to a.
  private func tree(_ constraints: [ConstraintDescription], rightToLeft: Bool = false) throws -> Scene {
    try Scene(
      container: Container(width: 400, height: 800, isRightToLeft: rightToLeft),
      views: [
        view("root", nil, 0), view("a", "root", 1), view("b", "root", 2), view("c", "a", 3), view("d", "b", 4),
        view("g", "c", 5),
      ],
      guides: [(id: "guide", owner: "a", path: "guides[0]")], constraints: constraints)
  }

  /// The lowered user constraint as `name: coefficient` pairs and its constant.
  private func lowered(_ scene: Scene) -> (terms: [String: Double], constant: Double) {
    var variables = SceneVariables()
    variables.assign(scene)
    let generated = scene.generatedConstraints(for: .constraint(0), variables: variables) { _ in nil }
    #expect(generated.count == 1)
    var terms: [String: Double] = [:]
    for term in generated[0].expression.terms {
      guard let (owner, quantity) = variables.owner(of: term.variable) else {
        Issue.record("a variable no block holds")
        continue
      }
      let name: String
      switch owner {
      case .view(let v): name = scene.view(v)!.id
      case .guide(let g): name = scene.guides[g.index]!.id
      }
      terms["\(name).\(quantity)"] = term.coefficient
    }
    return (terms, generated[0].expression.constant)
  }

  /// Through depths and parents, without a set: every pair of the tree, including a view
  /// with itself and a view with its own ancestor.
  @Test func theNearestCommonAncestorOfEveryPair() throws {
    let scene = try tree([])
    func index(_ id: String) throws -> ViewIndex { try #require(scene.viewIndex(of: id)) }
    let expected: [(String, String, String)] = [
      ("g", "d", "root"), ("d", "g", "root"), ("g", "c", "c"), ("c", "g", "c"), ("g", "a", "a"),
      ("c", "a", "a"), ("a", "b", "root"), ("g", "g", "g"), ("root", "g", "root"), ("d", "b", "b"),
    ]
    for (x, y, ancestor) in expected {
      #expect(scene.nearestCommonAncestor(try index(x), try index(y)) == (try index(ancestor)), "\(x), \(y)")
    }
  }

  @Test func siblingsNameOnlyTheirOwnVariables() throws {
    let (terms, constant) = lowered(try tree([anchors("s", "a.leading", "b.trailing", constant: 8)]))
    #expect(terms == ["a.minX": 1, "b.minX": -1, "b.width": -1])
    #expect(constant == -8)
  }

  @Test func aViewAndItsSuperviewNameOnlyTheChild() throws {
    let (terms, constant) = lowered(try tree([anchors("p", "c.top", "a.top", constant: 10)]))
    #expect(terms == ["c.minY": 1])
    #expect(constant == -10)
  }

  @Test func cousinsWalkUpToTheirCommonAncestor() throws {
    let (terms, _) = lowered(try tree([anchors("k", "g.leading", "d.leading")]))
    #expect(terms == ["g.minX": 1, "c.minX": 1, "a.minX": 1, "d.minX": -1, "b.minX": -1])
  }

  @Test func aViewAndTheRootWalkTheWholePath() throws {
    let (terms, constant) = lowered(try tree([anchors("r", "g.top", "root.safeArea.top", constant: 4)]))
    #expect(terms == ["g.minY": 1, "c.minY": 1, "a.minY": 1])
    #expect(constant == -4)
  }

  /// `c.centerX == 0.5 · a.centerX` in a's coordinates (c's superview): c.x + c.w/2 ==
  /// 0.5 · a.w/2. No position of a remains.
  @Test func aPositionMultiplierCancelsAtTheCommonAncestor() throws {
    let (terms, _) = lowered(try tree([anchors("m", "c.centerX", "a.centerX", multiplier: 0.5)]))
    #expect(terms.count == 3)
    #expect(terms["c.minX"] == 1 && terms["c.width"] == 0.5 && terms["a.width"] == -0.25)
  }

  /// Between siblings the multiplier applies in the root's coordinates when the root is
  /// their common ancestor; the root's origin, pinned at 0, cancels too.
  @Test func aMultiplierBetweenChildrenOfTheRootNamesNoRootPosition() throws {
    let (terms, _) = lowered(try tree([anchors("m", "a.top", "b.bottom", multiplier: 2)]))
    #expect(terms == ["a.minY": 1, "b.minY": -2, "b.height": -2])
  }

  @Test func aGuideIsPlacedInItsOwnersCoordinates() throws {
    let (terms, _) = lowered(try tree([anchors("q", "guide.leading", "b.leading")]))
    #expect(terms == ["guide.minX": 1, "a.minX": 1, "b.minX": -1])
  }

  /// Mirrored, `leading` is the right edge negated; the two edges' positions still cancel.
  @Test func rightToLeftCancelsAsLeftToRight() throws {
    let (terms, constant) = lowered(try tree([anchors("s", "a.leading", "b.trailing", constant: 8)], rightToLeft: true))
    // a.right == b.left − 8: a.x + a.w − b.x + 8 == 0.
    #expect(terms == ["a.minX": 1, "a.width": 1, "b.minX": -1])
    #expect(constant == 8)
  }

  @Test func depthsFollowTheTreeWhateverTheOrderOfTheList() throws {
    var scene = try Scene(
      container: Container(width: 100, height: 100),
      views: [view("leaf", "mid", 0), view("mid", "root", 1), view("root", nil, 2), view("other", "root", 3)])
    func depth(_ id: String) -> Int32 { scene.depthSlots[scene.viewIndex(of: id)!.index] }
    #expect(depth("root") == 0 && depth("mid") == 1 && depth("leaf") == 2 && depth("other") == 1)
    _ = try scene.apply(.addViews([view("late", "leaf", 0), view("later", "late", 1)]), path: "steps[0]")
    #expect(depth("late") == 3 && depth("later") == 4)
    #expect(scene.depthSlots.count == scene.views.count)
  }

  /// The solver's position variables are the frames in superview coordinates: a nested
  /// view's variable stays put when its superview moves.
  @Test func theSolversPositionsAreTheFrames() throws {
    var scene = try Scene(
      container: Container(width: 400, height: 800),
      views: [view("root", nil, 0), view("sheet", "root", 1), view("row", "sheet", 2), view("label", "row", 3)],
      constraints: [
        anchors("sheetTop", "sheet.top", "root.top", constant: 100),
        anchors("sheetLeft", "sheet.left", "root.left", constant: 20),
        anchors("sheetWidth", "sheet.width", nil, constant: 300),
        anchors("sheetHeight", "sheet.height", nil, constant: 200),
        anchors("rowTop", "row.top", "sheet.top", constant: 10),
        anchors("rowLeft", "row.left", "sheet.left", constant: 10),
        anchors("rowWidth", "row.width", "sheet.width", constant: -20),
        anchors("rowHeight", "row.height", nil, constant: 40),
        anchors("labelCenter", "label.centerY", "row.centerY"),
        anchors("labelLeft", "label.left", "row.left", constant: 8),
        anchors("labelWidth", "label.width", nil, constant: 50),
        anchors("labelHeight", "label.height", nil, constant: 20),
      ])
    let layout = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    let label = scene.viewIndex(of: "label")!
    func position(_ v: ViewIndex) -> (Double, Double) {
      (layout.solver.value(of: layout.frameVariables.variable(v, .minX)),
       layout.solver.value(of: layout.frameVariables.variable(v, .minY)))
    }
    let (x, y) = position(label)
    #expect(abs(x - 8) < 1e-9 && abs(y - 10) < 1e-9)
    let delta = try scene.apply(.setConstant([Named("sheetTop", 300)]), path: "steps[0]")
    try layout.update(scene, delta)
    try layout.layoutIfNeeded(scene)
    let (x2, y2) = position(label)
    #expect(abs(x2 - 8) < 1e-9 && abs(y2 - 10) < 1e-9)
    #expect(abs(position(scene.viewIndex(of: "sheet")!).1 - 300) < 1e-9)
  }
}
