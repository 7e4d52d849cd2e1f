import Flexbox
import Interchange
import Scene
import Testing

/// The scene → flexbox mapping (docs/flexbox.md), one scene per rule, with the nodes
/// derived by hand from scene-semantics.md's stack rules.
@Suite struct FlexMappingTests {
  /// A 300 × 200 container holding `stack` (an autoresizing child of the root, inset 10,
  /// flexible in width and height) of `items`, then `steps`.
  static func scene(stack: String, items: [String], steps: [String] = [], extra: [String] = []) throws -> SceneDocument {
    let views =
      [
        #"{"id": "root"}"#,
        #"{"id": "stack", "parent": "root", "translatesAutoresizingMask": true, "frame": [10, 10, 280, 180], "#
          + #""autoresizingMask": ["flexibleWidth", "flexibleHeight"], "stack": \#(stack)}"#,
      ] + items + extra
    let text = """
      {"format": "layoutbench.scene/1", "container": {"width": 300, "height": 200},
       "views": [\(views.joined(separator: ",\n"))], "constraints": [], "steps": [\(steps.joined(separator: ", "))]}
      """
    return try SceneDocument.decode(text, file: "test.json").document
  }

  static func nodes(_ document: SceneDocument) throws -> [String: FlexNode] {
    var nodes: [String: FlexNode] = [:]
    for node in try FlexMapping.document(for: document).nodes { nodes[node.id] = node }
    return nodes
  }

  static func refusal(_ document: SceneDocument) -> FlexMappingError? {
    do {
      _ = try FlexMapping.document(for: document)
      return nil
    } catch {
      return error
    }
  }

  @Test func anAutoresizingViewWithFixedMarginsIsInsetAbsolutely() throws {
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "horizontal"}"#, items: []))
    let root = try #require(nodes["root"])
    #expect(root.width == .points(300) && root.height == .points(200))
    let stack = try #require(nodes["stack"])
    #expect(stack.isAbsolute)
    #expect(stack.inset == FlexInsets(top: 10, left: 10, bottom: 10, right: 10))
    #expect(stack.width == nil && stack.height == nil)
  }

  @Test func fillGrowsTheLowestHuggingAndShrinksTheLowestResistance() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [40, 20], "hugging": [251, 250], "compressionResistance": [700, 750]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [50, 30], "hugging": [200, 250]}"#,
      #"{"id": "c", "parent": "stack", "intrinsicSize": [60, null], "hugging": [200, 250]}"#,
    ]
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "horizontal", "spacing": 5}"#, items: items))
    let stack = try #require(nodes["stack"])
    #expect(stack.direction == .row && stack.gap == 5 && stack.alignItems == .stretch && stack.justifyContent == .flexStart)
    // b and c tie at hugging 200: the earlier one stretches (rule 6). a resists least.
    #expect(nodes["a"]?.grow == 0 && nodes["b"]?.grow == 1 && nodes["c"]?.grow == 0)
    #expect(nodes["a"]?.shrink == 1 && nodes["b"]?.shrink == 0 && nodes["c"]?.shrink == 0)
    #expect(nodes["a"]?.basis == .points(40) && nodes["c"]?.basis == .points(60))
    // Stretched across a canvas the autoresizing frame sizes: no minimum, auto height.
    #expect(nodes["a"]?.height == nil && nodes["a"]?.minHeight == 0 && nodes["a"]?.maxHeight == nil)
  }

  @Test func fillTiesForCompressionGoToTheLatestView() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [40, 20]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [50, 30]}"#,
    ]
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "vertical"}"#, items: items))
    #expect(nodes["stack"]?.direction == .column)
    #expect(nodes["a"]?.grow == 1 && nodes["b"]?.grow == 0)
    #expect(nodes["a"]?.shrink == 0 && nodes["b"]?.shrink == 1)
    #expect(nodes["a"]?.basis == .points(20) && nodes["b"]?.basis == .points(30))
  }

  @Test func fillEquallyAndFillProportionallyFlexFromZero() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [30, 20]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [90, 20]}"#,
    ]
    let equal = try Self.nodes(try Self.scene(stack: #"{"axis": "horizontal", "distribution": "fillEqually"}"#, items: items))
    #expect(equal["a"]?.basis == .points(0) && equal["a"]?.grow == 1 && equal["b"]?.grow == 1)
    let proportional = try Self.nodes(
      try Self.scene(stack: #"{"axis": "horizontal", "distribution": "fillProportionally"}"#, items: items))
    #expect(proportional["a"]?.basis == .points(0) && proportional["a"]?.grow == 30 && proportional["b"]?.grow == 90)
    #expect(proportional["a"]?.shrink == 0)
  }

  @Test func proportionalFactorsBelowOneAreScaledToTakeTheWholeSpace() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [0.25, 20]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [0.25, 20]}"#,
    ]
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "horizontal", "distribution": "fillProportionally"}"#, items: items))
    #expect(nodes["a"]?.grow == 0.5 && nodes["b"]?.grow == 0.5)
  }

  @Test func equalSpacingIsSpaceBetweenWithTheSpacingAsGap() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [30, 20]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [40, 25]}"#,
    ]
    let nodes = try Self.nodes(
      try Self.scene(stack: #"{"axis": "horizontal", "distribution": "equalSpacing", "alignment": "bottom", "spacing": 6}"#, items: items))
    let stack = try #require(nodes["stack"])
    #expect(stack.justifyContent == .spaceBetween && stack.gap == 6 && stack.alignItems == .flexEnd)
    #expect(nodes["a"]?.basis == .points(30) && nodes["a"]?.grow == 0 && nodes["a"]?.shrink == 0)
    // Not stretched: intrinsic across, never past the canvas.
    #expect(nodes["b"]?.height == .points(25) && nodes["b"]?.maxHeight == .percent(100))
  }

  @Test func aLoneEqualSpacingViewFillsTheStack() throws {
    let nodes = try Self.nodes(
      try Self.scene(stack: #"{"axis": "horizontal", "distribution": "equalSpacing"}"#,
        items: [#"{"id": "a", "parent": "stack", "intrinsicSize": [30, 20]}"#]))
    #expect(nodes["stack"]?.justifyContent == .flexStart)
    #expect(nodes["a"]?.grow == 1 && nodes["a"]?.shrink == 1)
  }

  @Test func alignmentsMapToPhysicalEdges() throws {
    let item = [#"{"id": "a", "parent": "stack", "intrinsicSize": [30, null]}"#]
    for (alignment, expected) in [("top", FlexAlign.flexStart), ("center", .center), ("trailing", .flexEnd), ("fill", .stretch)] {
      let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "horizontal", "alignment": "\#(alignment)"}"#, items: item))
      #expect(nodes["stack"]?.alignItems == expected, "\(alignment)")
      if expected != .stretch {
        // No intrinsic height: collapsed to zero (rule 6b).
        #expect(nodes["a"]?.height == .points(0))
      }
    }
    // A vertical stack's leading edge is the right one in right-to-left.
    let text = """
      {"format": "layoutbench.scene/1", "container": {"width": 300, "height": 200, "layoutDirection": "rightToLeft"},
       "views": [{"id": "root", "stack": {"axis": "vertical", "alignment": "leading"}},
                 {"id": "h", "parent": "root", "stack": {"axis": "horizontal"}},
                 {"id": "a", "parent": "h", "intrinsicSize": [30, 20]}],
       "constraints": [], "steps": []}
      """
    let rtl = try Self.nodes(try SceneDocument.decode(text, file: "rtl.json").document)
    #expect(rtl["root"]?.alignItems == .flexEnd && rtl["root"]?.direction == .column)
    #expect(rtl["h"]?.direction == .rowReverse)
  }

  @Test func stretchedLeavesGiveAContentSizedCanvasItsCrossSize() throws {
    // A horizontal row in a vertical fill stack: the row's height is its content's, so its
    // stretched leaves carry their intrinsic heights as minimums.
    let views = [
      #"{"id": "row", "parent": "stack", "stack": {"axis": "horizontal", "distribution": "fillEqually"}}"#,
      #"{"id": "a", "parent": "row", "intrinsicSize": [40, 30]}"#,
      #"{"id": "b", "parent": "row", "intrinsicSize": [40, null]}"#,
    ]
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "vertical"}"#, items: views))
    #expect(nodes["row"]?.basis == nil && nodes["row"]?.height == nil)
    #expect(nodes["a"]?.minHeight == 30 && nodes["a"]?.height == nil)
    #expect(nodes["b"]?.minHeight == 0)
  }

  @Test func layoutMarginsRelativeStacksArePadded() throws {
    let views = [
      #"{"id": "cell", "parent": "stack", "layoutMargins": [1, 2, 3, 4], "insetsLayoutMarginsFromSafeArea": false, "#
        + #""stack": {"axis": "vertical", "layoutMarginsRelative": true}}"#
    ]
    let nodes = try Self.nodes(try Self.scene(stack: #"{"axis": "vertical"}"#, items: views))
    #expect(nodes["cell"]?.padding == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
  }

  @Test func hiddenArrangedViewsAreNotDisplayedNorAnswered() throws {
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [30, 20], "hidden": true}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [30, 20]}"#,
    ]
    let document = try FlexMapping.document(for: try Self.scene(stack: #"{"axis": "horizontal"}"#, items: items))
    #expect(document.nodes.first { $0.id == "a" }?.isDisplayed == false)
    #expect(document.answeredIDs == ["root", "stack", "b"])
  }

  @Test func resizesBecomeRootSizes() throws {
    let document = try FlexMapping.document(
      for: try Self.scene(stack: #"{"axis": "horizontal"}"#, items: [], steps: [#"{"resizeContainer": {"width": 400, "height": 250}}"#]))
    #expect(document.steps == [.setRootSize(width: 400, height: 250)])
    #expect(document.jsonText().contains(#"{"setRootSize": [400, 250]}"#))
  }

  @Test func whatFlexboxCannotExpressIsRefusedWithTheReason() throws {
    let item = [#"{"id": "a", "parent": "stack", "intrinsicSize": [30, 20]}"#]
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal", "distribution": "equalCentering"}"#, items: item))
      == .stack(view: "stack", feature: "the equalCentering distribution"))
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal", "alignment": "firstBaseline"}"#, items: item))
      == .stack(view: "stack", feature: "firstBaseline alignment"))
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal"}"#, items: item, steps: [#"{"setHidden": {"a": true}}"#]))
      == .step(path: "steps[0]", kind: "setHidden"))
    let flexibleMargin = #"{"id": "m", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 10, 10], "autoresizingMask": ["flexibleLeftMargin"]}"#
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal"}"#, items: item, extra: [flexibleMargin]))
      == .autoresizing(view: "m", mask: "flexibleLeftMargin"))
    let placed = #"{"id": "p", "parent": "root"}"#
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal"}"#, items: item, extra: [placed]))
      == .unplaced(view: "p", why: "is placed by constraints (neither arranged in a stack nor autoresizing)"))
    let text = #"{"id": "t", "parent": "stack", "intrinsicSize": [30, 20], "wrapsText": true}"#
    #expect(Self.refusal(try Self.scene(stack: #"{"axis": "horizontal"}"#, items: [text])) == .content(view: "t", what: "text"))
  }

  @Test func equalSpacingThatStopsFittingInSomeStateIsRefused() throws {
    // 2 × 100 + gap 20 = 220 fits the 280-wide stack, not the 200-wide one after the resize.
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [100, 20]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [100, 20]}"#,
    ]
    let document = try Self.scene(
      stack: #"{"axis": "horizontal", "distribution": "equalSpacing", "spacing": 20}"#, items: items,
      steps: [#"{"resizeContainer": {"width": 400, "height": 200}}"#, #"{"resizeContainer": {"width": 220, "height": 200}}"#])
    #expect(Self.refusal(document) == .equalSpacingOverflow(view: "stack", state: 2, length: 200, content: 220))
  }

  @Test func aFillStackCompressedPastZeroIsRefused() throws {
    // 100 + 200 = 300 in a stack 280 long, then 80: the compressed view (a, resistance
    // 700) gives up 220 and would be −120 long in state 1.
    let items = [
      #"{"id": "a", "parent": "stack", "intrinsicSize": [100, 20], "compressionResistance": [700, 750]}"#,
      #"{"id": "b", "parent": "stack", "intrinsicSize": [200, 20]}"#,
    ]
    let document = try Self.scene(
      stack: #"{"axis": "horizontal"}"#, items: items, steps: [#"{"resizeContainer": {"width": 100, "height": 200}}"#])
    #expect(Self.refusal(document) == .negativeLength(view: "stack", item: "a", state: 1, length: -120))
  }

  @Test func aConstraintWorkloadIsRefused() throws {
    let text = """
      {"format": "layoutbench.scene/1", "container": {"width": 300, "height": 200},
       "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
       "constraints": [{"id": "w", "first": "a.width", "constant": 10}], "steps": []}
      """
    #expect(Self.refusal(try SceneDocument.decode(text, file: "c.json").document) == .constraints(count: 1))
  }
}
