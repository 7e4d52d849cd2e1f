import Interchange
import LayoutModel
import Replay
import Scene
import SpringsAndStruts
import Testing

/// What springs-struts refuses among scroll views and tables, with the exact sentences:
/// anything beyond the ScrollStack recipe, content that is not one stack, rows that are
/// not stacks (or hold what no scene of springs-struts may hold); each refused from the
/// scene alone, before anything is laid out, and by `bench layout`'s replay.
@Suite struct ScrollAndTableRefusalTests {
  private let recipe = #"""
    {"id": "top", "first": "C.top", "second": "S.content.top"},
    {"id": "bottom", "first": "C.bottom", "second": "S.content.bottom"},
    {"id": "leading", "first": "C.leading", "second": "S.content.leading"},
    {"id": "trailing", "first": "C.trailing", "second": "S.content.trailing"},
    {"id": "width", "first": "C.width", "second": "S.frame.width"}
    """#

  private func scrollScene(content: String = #"{"id": "C", "parent": "S", "stack": {"axis": "vertical"}}"#, constraints: String)
    -> String
  {
    #"""
    {"format": "layoutbench.scene/1", "container": {"width": 320, "height": 568},
     "views": [{"id": "root"},
      {"id": "S", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 568], "scroll": {}},
      \#(content),
      {"id": "a", "parent": "C", "intrinsicSize": [100, 100]}],
     "constraints": [\#(constraints)]}
    """#
  }

  private func expectRefusal(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let scene = try ReplayPair.document(text).scene
    #expect(SpringsAndStruts.unsupportedElement(in: scene) == message, sourceLocation: sourceLocation)
    let refusal = try ReplayPair.refusal(text)
    #expect(refusal?.kind == .unsupported, sourceLocation: sourceLocation)
    #expect(refusal?.message == message, sourceLocation: sourceLocation)
  }

  private let recipeOnly =
    "a scroll view's content is expressed only as a stack whose edges equal its content guide's and whose width or "
    + "height may equal its frame's, each a required equality with multiplier 1"

  @Test func theRecipeItselfIsAccepted() throws {
    #expect(try ReplayPair.refusal(scrollScene(constraints: recipe)) == nil)
  }

  @Test func aConstraintBeyondTheRecipe() throws {
    try expectRefusal(
      scrollScene(constraints: recipe + #", {"id": "tall", "first": "C.height", "relation": ">=", "constant": 600}"#),
      "springs-struts cannot express constraint 'tall' (user constraints need a solver)")
    try expectRefusal(
      scrollScene(constraints: recipe + #", {"id": "centred", "first": "C.centerX", "second": "S.content.centerX"}"#),
      "springs-struts cannot express constraint 'centred' (\(recipeOnly))")
  }

  @Test func aPinThatIsOptionalAnInequalityOrScaled() throws {
    let pin = #"{"id": "width", "first": "C.width", "second": "S.frame.width"}"#
    for (field, value) in [("priority", "999"), ("relation", #"">=""#), ("multiplier", "0.5")] {
      let width = #"{"id": "width", "first": "C.width", "second": "S.frame.width", "\#(field)": \#(value)}"#
      try expectRefusal(
        scrollScene(constraints: recipe.replacingOccurrences(of: pin, with: width)),
        "springs-struts cannot express constraint 'width' (\(recipeOnly))")
    }
  }

  @Test func contentThatIsNotAStack() throws {
    // Pinned by the recipe: its pins are no recipe's, and the first is refused.
    try expectRefusal(
      scrollScene(content: #"{"id": "C", "parent": "S"}"#, constraints: recipe),
      "springs-struts cannot express constraint 'top' (\(recipeOnly))")
    // Autoresizing, no constraints: the scroll view's content size is not one springs-struts computes.
    try expectRefusal(
      scrollScene(
        content: #"{"id": "C", "parent": "S", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 900]}"#, constraints: ""),
      "springs-struts cannot express scroll view 'S' (its subview 'C' is not a stack laid out by constraints, the one "
        + "content it expresses)")
  }

  @Test func anEdgeLeftUnpinnedOrPinnedTwice() throws {
    try expectRefusal(
      scrollScene(
        constraints: recipe.replacingOccurrences(of: #"{"id": "bottom", "first": "C.bottom", "second": "S.content.bottom"},"#, with: "")),
      "springs-struts cannot express scroll view 'S' (the bottom of its content 'C' is not pinned to its content guide, "
        + "so the content size is not determined)")
    try expectRefusal(
      scrollScene(constraints: recipe + #", {"id": "top2", "first": "C.top", "second": "S.top", "constant": 8}"#),
      "springs-struts cannot express scroll view 'S' (constraint 'top2' pins an edge or size of its content a second time)")
  }

  @Test func aSecondSubviewOrNone() throws {
    let second = #"""
      {"id": "C", "parent": "S", "stack": {"axis": "vertical"}},
      {"id": "badge", "parent": "S", "translatesAutoresizingMask": true, "frame": [0, 0, 20, 20]}
      """#
    let oneSubview = "its content is expressed only as one subview, a stack pinned to its content guide"
    try expectRefusal(
      scrollScene(content: second, constraints: recipe), "springs-struts cannot express scroll view 'S' (\(oneSubview))")
    try expectRefusal(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 320, "height": 568},
       "views": [{"id": "root"},
        {"id": "S", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 568], "scroll": {}}]}
      """#,
      "springs-struts cannot express scroll view 'S' (\(oneSubview))")
  }

  @Test func aPinnedScrollViewWhoseSizeWouldFeedBackIntoAStack() throws {
    // S is a flexible-width subview of an arranged leaf: C's width costs, pinned to S's,
    // would pull on the row's allocation.
    try expectRefusal(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 320, "height": 568},
       "views": [{"id": "root"},
        {"id": "row", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 200],
         "stack": {"axis": "horizontal"}},
        {"id": "leaf", "parent": "row", "intrinsicSize": [100, 100]},
        {"id": "S", "parent": "leaf", "translatesAutoresizingMask": true, "frame": [0, 0, 100, 100],
         "autoresizingMask": ["flexibleWidth"], "scroll": {}},
        {"id": "C", "parent": "S", "stack": {"axis": "vertical"}},
        {"id": "a", "parent": "C", "intrinsicSize": [100, 100]}],
       "constraints": [\#(recipe)]}
      """#,
      "springs-struts cannot express view 'S' (its width follows a view a stack sizes, and its content stack's costs "
        + "would feed back into that stack)")
  }

  // MARK: Tables

  private func tableScene(rows: String, constraints: String = "", guides: String = "") -> String {
    #"""
    {"format": "layoutbench.scene/1", "container": {"width": 320, "height": 568},
     "views": [{"id": "root"},
      {"id": "t", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 568], "table": {}},
      \#(rows)],
     "guides": [\#(guides)], "constraints": [\#(constraints)]}
    """#
  }

  @Test func aRowThatIsAPlainViewWithConstraints() throws {
    try expectRefusal(
      tableScene(
        rows: #"{"id": "r", "parent": "t"}, {"id": "label", "parent": "r", "intrinsicSize": [100, 20]}"#,
        constraints: #"{"id": "edges", "vfl": "V:|-[label]-|"}"#),
      "springs-struts cannot express constraint 'edges.0' (user constraints need a solver)")
  }

  @Test func aRowThatIsNotAStack() throws {
    let notAStack = "springs-struts cannot express table row 'r' (a row's height is fitted here only when the row is a stack)"
    try expectRefusal(
      tableScene(
        rows: #"""
          {"id": "r", "parent": "t"},
          {"id": "badge", "parent": "r", "translatesAutoresizingMask": true, "frame": [0, 0, 20, 20]}
          """#),
      notAStack)
    // The row's own scene says the same when fitted.
    let scene = try ReplayPair.document(tableScene(rows: #"{"id": "r", "parent": "t"}"#)).scene
    let row = try #require(scene.viewIndex(of: "r"))
    #expect(SpringsAndStruts.unsupportedElement(in: try scene.rowScene(of: row, width: 320).scene) == notAStack)
  }

  @Test func aRowWithAGuideOrAFeedingBackSubview() throws {
    let row = #"""
      {"id": "r", "parent": "t", "stack": {"axis": "vertical"}},
      {"id": "label", "parent": "r", "intrinsicSize": [100, 20]}
      """#
    try expectRefusal(
      tableScene(rows: row, guides: #"{"id": "spacer", "owner": "r"}"#),
      "springs-struts cannot express layout guide 'spacer' (guides are placed by user constraints)")
    // A background whose flexible height follows the row's fitted height, with an
    // intrinsic height of its own that would pull on it.
    let background = #"""
      , {"id": "bg", "parent": "r", "arranged": false, "translatesAutoresizingMask": true, "frame": [0, 0, 320, 20],
         "autoresizingMask": ["flexibleHeight"], "intrinsicSize": [null, 30]}
      """#
    try expectRefusal(
      tableScene(rows: row + background),
      "springs-struts cannot express view 'bg' (its height follows a view a stack sizes, and its intrinsic height's "
        + "priorities would feed back into that stack)")
  }
}
