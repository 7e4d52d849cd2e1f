import Cassowary
import DenseSimplex
import Interchange
import LayoutModel
import Scene
import Testing
import TestSupport

/// `ConstraintLayout.explain` on scenes from the book's examples, with the sets derived by
/// hand from docs/explain.md's definition, on both solvers: a constraint determines an
/// attribute when a 0.001 move of its constant, or its removal, leaves the attribute no
/// longer fixed at its value.
@Suite struct ConstraintLayoutExplanationTests {
  static let solvers = ["cassowary", "dense-simplex"]

  /// One attribute as the tests compare it: value, ambiguity, sets of names.
  struct Explained {
    var value: Double
    var isAmbiguous: Bool
    var determinedBy: Set<String>
    var redundant: Set<String>
  }

  /// Lays out `json` (a layoutbench.scene/1 document) on the named solver and explains
  /// `view`, by attribute name; also checks that the layout holds the same constraints
  /// and the view's fixed attributes the same values afterwards.
  private func explain(_ json: String, view id: String, on solver: String) throws -> [String: Explained] {
    solver == "cassowary"
      ? try explain(json, id, ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false))
      : try explain(json, id, ConstraintLayout(solver: DenseSimplexSolver(), detectsAmbiguity: false))
  }

  private func explain<S: LinearSolver>(_ json: String, _ id: String, _ layout: ConstraintLayout<S>) throws
    -> [String: Explained]
  {
    var scene = try SceneDocument.decode(json, file: "test.scene.json").document.scene
    let driver = LayoutDriver(layout)
    try driver.load(&scene)
    try driver.layoutIfNeeded(&scene)
    let v = try #require(scene.viewIndex(of: id))
    let counters = layout.counters
    let explanation = try layout.explain(v, in: scene)
    #expect(layout.counters.rows == counters.rows, "the layout holds what it held before")
    var result: [String: Explained] = [:]
    for attribute in explanation.attributes {
      let name = ["minX", "minY", "width", "height"][Int(attribute.quantity.rawValue)]
      if !attribute.isAmbiguous {
        expectClose(layout.solver.value(of: layout.frameVariables.variable(v, attribute.quantity)), attribute.value, name)
      }
      result[name] = Explained(
        value: attribute.value, isAmbiguous: attribute.isAmbiguous,
        determinedBy: Set(attribute.determinedBy.map(scene.name(of:))), redundant: Set(attribute.redundant.map(scene.name(of:))))
    }
    return result
  }

  private func expect(
    _ explained: Explained?, value: Double, _ determinedBy: Set<String>, redundant: Set<String> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let explained else {
      Issue.record("no explanation", sourceLocation: sourceLocation)
      return
    }
    #expect(!explained.isAmbiguous, sourceLocation: sourceLocation)
    expectClose(explained.value, value, sourceLocation: sourceLocation)
    #expect(explained.determinedBy == determinedBy, sourceLocation: sourceLocation)
    #expect(explained.redundant == redundant, sourceLocation: sourceLocation)
  }

  /// The book's first example: a view pinned by leading, trailing and top, with a fixed
  /// height. Positions are superview-relative, so the root's own origin does not show.
  @Test(arguments: solvers) func aViewPinnedByEdgesAndAHeight(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "card", "parent": "root"}],
       "constraints": [
         {"id": "cardLeading", "first": "card.leading", "second": "root.leading", "constant": 20},
         {"id": "cardTrailing", "first": "root.trailing", "second": "card.trailing", "constant": 20},
         {"id": "cardTop", "first": "card.top", "second": "root.top", "constant": 30},
         {"id": "cardHeight", "first": "card.height", "constant": 44}]}
      """
    let card = try explain(json, view: "card", on: solver)
    expect(card["minX"], value: 20, ["cardLeading"])
    expect(card["width"], value: 335, ["cardLeading", "cardTrailing", "root.encapsulated(width)"])
    expect(card["minY"], value: 30, ["cardTop"])
    expect(card["height"], value: 44, ["cardHeight"])
  }

  /// A label placed by its leading and top edges takes its intrinsic size: compression
  /// resistance (750) sets it (a larger constant grows the label), and hugging (251) is
  /// what stops it growing (without it the width is free above 120), so both determine
  /// it even though a move of hugging's constant up changes nothing.
  @Test(arguments: solvers) func aLabelSizedByHuggingAndCompressionResistance(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": [120, 21], "hugging": [251, 251]}],
       "constraints": [
         {"id": "labelLeading", "first": "label.leading", "second": "root.leading", "constant": 16},
         {"id": "labelTop", "first": "label.top", "second": "root.top", "constant": 20},
         {"id": "labelMinWidth", "first": "label.width", "relation": ">=", "constant": 10}]}
      """
    let label = try explain(json, view: "label", on: solver)
    expect(label["minX"], value: 16, ["labelLeading"])
    // labelMinWidth has 110 points of slack: it determines nothing.
    expect(
      label["width"], value: 120, ["label.contentSize(width.hugging)", "label.contentSize(width.compressionResistance)"])
    expect(
      label["height"], value: 21, ["label.contentSize(height.hugging)", "label.contentSize(height.compressionResistance)"])
  }

  /// The same label pinned on both sides: the required pins win, hugging is violated and
  /// compression resistance has slack, so neither determines the width.
  @Test(arguments: solvers) func aPinnedLabelIgnoresItsContentSize(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": [120, 21]}],
       "constraints": [
         {"id": "labelLeading", "first": "label.leading", "second": "root.leading", "constant": 16},
         {"id": "labelTrailing", "first": "root.trailing", "second": "label.trailing", "constant": 16},
         {"id": "labelTop", "first": "label.top", "second": "root.top", "constant": 20}]}
      """
    let label = try explain(json, view: "label", on: solver)
    expect(label["width"], value: 343, ["labelLeading", "labelTrailing", "root.encapsulated(width)"])
  }

  /// An arranged subview of a horizontal fill stack: the stack places it (its canvas-start
  /// and alignment constraints) and its content size sizes it. Hugging determines the
  /// width: without it the fill tie-break (weight 2 on b, which has no intrinsic width,
  /// against 1 on a) would stretch a. The height is the row's, which both views'
  /// compression resistance props through their alignment constraints.
  @Test(arguments: solvers) func aStacksArrangedSubview(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"},
         {"id": "row", "parent": "root", "stack": {"axis": "horizontal", "spacing": 8}},
         {"id": "a", "parent": "row", "intrinsicSize": [60, 30]},
         {"id": "b", "parent": "row", "intrinsicSize": [null, 30]}],
       "constraints": [
         {"id": "rowLeading", "first": "row.leading", "second": "root.leading"},
         {"id": "rowTrailing", "first": "root.trailing", "second": "row.trailing"},
         {"id": "rowTop", "first": "row.top", "second": "root.top", "constant": 100}]}
      """
    let a = try explain(json, view: "a", on: solver)
    expect(a["minX"], value: 0, ["row.stack(canvas-start:a)"])
    expect(a["width"], value: 60, ["a.contentSize(width.hugging)", "a.contentSize(width.compressionResistance)"])
    expect(a["minY"], value: 0, ["row.stack(alignment-start:a)"])
    expect(
      a["height"], value: 30,
      [
        "a.contentSize(height.compressionResistance)", "b.contentSize(height.compressionResistance)",
        "row.stack(alignment-start:a)", "row.stack(alignment-end:a)", "row.stack(alignment-start:b)",
        "row.stack(alignment-end:b)",
      ])
  }

  /// A view pinned to the root's safe area (the book's two-buttons example, on a
  /// 375 × 812 screen with a 44-point top band): the inset is a constant of the pinning
  /// constraint, which is what determines minY.
  @Test(arguments: solvers) func aViewPinnedToTheSafeArea(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 812, "safeAreaInsets": [44, 0, 34, 0]},
       "views": [{"id": "root"}, {"id": "banner", "parent": "root"}],
       "constraints": [
         {"id": "bannerTop", "first": "banner.top", "second": "root.safeArea.top"},
         {"id": "bannerBottom", "first": "root.safeArea.bottom", "second": "banner.bottom", "constant": 50},
         {"id": "bannerEdges", "vfl": "H:|[banner]|"}]}
      """
    let banner = try explain(json, view: "banner", on: solver)
    expect(banner["minY"], value: 44, ["bannerTop"])
    expect(banner["height"], value: 684, ["bannerTop", "bannerBottom", "root.encapsulated(height)"])
    expect(banner["minX"], value: 0, ["bannerEdges.0"])
    expect(banner["width"], value: 375, ["bannerEdges.0", "bannerEdges.1", "root.encapsulated(width)"])
  }

  /// A width nothing fixes is ambiguous, with no constraints listed.
  @Test(arguments: solvers) func anAmbiguousWidthListsNothing(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "loose", "parent": "root"}],
       "constraints": [
         {"id": "looseLeading", "first": "loose.leading", "second": "root.leading", "constant": 8},
         {"id": "looseTop", "first": "loose.top", "second": "root.top"},
         {"id": "looseHeight", "first": "loose.height", "constant": 10}]}
      """
    let loose = try explain(json, view: "loose", on: solver)
    expect(loose["minX"], value: 8, ["looseLeading"])
    let width = try #require(loose["width"])
    #expect(width.isAmbiguous)
    #expect(width.determinedBy.isEmpty && width.redundant.isEmpty)
  }

  /// Leading, trailing and width all required and consistent in a container of fixed
  /// width: each one's constant is pinned by the others and removing it changes nothing,
  /// so none determines alone; all four are the redundant set.
  @Test(arguments: solvers) func anOverDeterminedRequiredSetIsRedundant(_ solver: String) throws {
    let json = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "card", "parent": "root"}],
       "constraints": [
         {"id": "cardLeading", "first": "card.leading", "second": "root.leading", "constant": 16},
         {"id": "cardTrailing", "first": "root.trailing", "second": "card.trailing", "constant": 16},
         {"id": "cardWidth", "first": "card.width", "constant": 343},
         {"id": "cardTop", "first": "card.top", "second": "root.top"},
         {"id": "cardHeight", "first": "card.height", "constant": 10}]}
      """
    let card = try explain(json, view: "card", on: solver)
    let set: Set = ["cardLeading", "cardTrailing", "cardWidth", "root.encapsulated(width)"]
    expect(card["minX"], value: 16, [], redundant: set)
    expect(card["width"], value: 343, [], redundant: set)
    expect(card["minY"], value: 0, ["cardTop"])
  }

  /// A box at the root's top-left corner, 10 high, its width left to `widthConstraints`
  /// (constraint objects, comma-separated).
  private static func box(_ widthConstraints: String) -> String {
    """
    {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
     "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
     "constraints": [
       {"id": "boxLeading", "first": "box.leading", "second": "root.leading"},
       {"id": "boxTop", "first": "box.top", "second": "root.top"},
       {"id": "boxHeight", "first": "box.height", "constant": 10},
       \(widthConstraints)]}
    """
  }

  /// Two required inequalities meeting (width >= 50 and width <= 50): each one's constant
  /// can move only away from the other, which changes nothing, but removing either frees
  /// the width, so both determine it (neither is implied by the other: not redundant).
  @Test(arguments: solvers) func opposingRequiredInequalitiesBothDetermine(_ solver: String) throws {
    let box = try explain(
      Self.box(
        """
        {"id": "atLeast", "first": "box.width", "relation": ">=", "constant": 50},
        {"id": "atMost", "first": "box.width", "relation": "<=", "constant": 50}
        """), view: "box", on: solver)
    expect(box["width"], value: 50, ["atLeast", "atMost"])
  }

  /// An optional pull toward a value it cannot reach (width == 500 at 100, pressed against
  /// a required width <= 100): a small move of its constant changes nothing, but without
  /// it nothing holds the width at 100, so it determines the width with the maximum.
  @Test(arguments: solvers) func aPullAgainstALimitDeterminesThroughItsRemoval(_ solver: String) throws {
    let box = try explain(
      Self.box(
        """
        {"id": "atMost", "first": "box.width", "relation": "<=", "constant": 100},
        {"id": "wide", "first": "box.width", "constant": 500, "priority": 100}
        """), view: "box", on: solver)
    expect(box["width"], value: 100, ["atMost", "wide"])
  }
}
