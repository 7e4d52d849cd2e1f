import Interchange
import LayoutModel
import Scene
import StrictJSON
import Testing
import TestSupport

/// `SceneDocument.jsonText()`, which `bench export --format scene` writes: it must read back
/// as the same document.
@Suite struct SceneEncodingTests {
  @Test func theFormatsExampleRoundTrips() throws {
    let document = try SceneExample.document()
    let text = document.jsonText()
    let (again, warnings) = try SceneDocument.decode(text, file: "again.json")
    #expect(warnings.isEmpty)
    #expect(again == document)
    #expect(again.jsonText() == text)
    // One entry per line, defaults left out, ending with a newline.
    #expect(text.hasSuffix("]\n}\n"))
    #expect(text.contains("\n    {\"id\": \"root\"},\n"))
    #expect(!text.contains("\"relation\": \"==\""))
  }

  @Test func everyViewFieldAndStepKindSurvives() throws {
    var view = ViewDescription(id: "v", parent: "r", path: "views[1]")
    view.intrinsicSize = AxisPair(horizontal: nil, vertical: 12.25)
    view.hugging = AxisPair(horizontal: 1, vertical: 999)
    view.compressionResistance = AxisPair(horizontal: 751, vertical: 1000)
    view.baseline = Baseline(first: 3, last: 9.5)
    view.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    view.isHidden = true
    view.wrapsText = true
    var legacy = ViewDescription(id: "legacy", parent: "r", path: "views[2]")
    legacy.translatesAutoresizingMask = true
    legacy.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    legacy.autoresizingMask = [.flexibleLeftMargin, .flexibleHeight]
    var stack = ViewDescription(id: "s", parent: "r", path: "views[3]")
    var configuration = StackDescription()
    configuration.axis = .vertical
    configuration.distribution = .equalCentering
    configuration.alignment = .lastBaseline
    configuration.spacing = 2.5
    configuration.customSpacing = [.init(after: "t", spacing: 7)]
    configuration.isLayoutMarginsRelative = true
    configuration.isBaselineRelative = false
    stack.stack = configuration
    var background = ViewDescription(id: "t", parent: "s", path: "views[4]")
    background.isArranged = true
    var plain = ViewDescription(id: "u", parent: "s", path: "views[5]")
    plain.isArranged = false
    let constraint = ConstraintDescription(
      id: "c", form: .anchors(first: "v.width", relation: .lessThanOrEqual, second: "r.width", multiplier: 0.5, constant: -3),
      priority: 250.5, isActive: false, path: "constraints[0]")
    let vfl = ConstraintDescription(id: "h", form: .visualFormat("H:|-[v]-|"), priority: 999, path: "constraints[1]")
    let document = try SceneDocument(
      container: Container(width: 10, height: 20, safeAreaInsets: EdgeInsets(top: 1, left: 0, bottom: 2, right: 0), isRightToLeft: true),
      views: [ViewDescription(id: "r", path: "views[0]"), view, legacy, stack, background, plain],
      guides: [SceneDocument.GuideDescription(id: "g", owner: "r", path: "guides[0]")],
      constraints: [constraint, vfl],
      steps: SceneExample.steps.enumerated().map { SceneDocument.Step($0.element, path: JSONPath.root.appending("steps").appending($0.offset)) })
    let canonical = try document.withCanonicalPaths()
    let again = try SceneDocument.decode(canonical.jsonText(), file: "x.json").document
    #expect(again == canonical)
  }

  @Test func textScrollViewsTablesAndTheirStepsSurvive() throws {
    var label = ViewDescription(id: "l", parent: "r", path: "views[1]")
    label.text = TextContent(words: [10, 20.5, 0], space: 3, lineHeight: 18, ascent: 13, maxLines: 2)
    label.preferredMaxLayoutWidth = 120
    label.insetsLayoutMarginsFromSafeArea = false
    var scroll = ViewDescription(id: "s", parent: "r", path: "views[2]")
    scroll.isScrollView = true
    var table = ViewDescription(id: "t", parent: "r", path: "views[3]")
    table.table = TableConfiguration(estimatedRowHeight: 60)
    let row = ViewDescription(id: "row", parent: "t", path: "views[4]")
    let added = ViewDescription(id: "new", parent: "s", path: "")
    let steps: [SceneChange] = [
      .setText([Named("l", TextContent(words: [5], lineHeight: 10))]), .setTextScale(1.5), .scrollTo([Named("t", 40)]),
      .layout([.setTextScale(1), .addViews([added]), .layout([.scrollTo([Named("t", 0)])])]),
    ]
    let document = try SceneDocument(
      container: Container(width: 10, height: 20), views: [ViewDescription(id: "r", path: "views[0]"), label, scroll, table, row],
      steps: steps.enumerated().map { SceneDocument.Step($0.element, path: JSONPath.root.appending("steps").appending($0.offset)) })
    let canonical = try document.withCanonicalPaths()
    let text = canonical.jsonText()
    #expect(text.contains(#""text": {"words": [10, 20.5, 0], "lineHeight": 18, "space": 3, "ascent": 13, "maxLines": 2}"#))
    #expect(text.contains(#""scroll": {}"#) && text.contains(#""table": {"estimatedRowHeight": 60}"#))
    let again = try SceneDocument.decode(text, file: "x.json").document
    #expect(again == canonical)
    guard case .layout(let group) = again.steps[3].change, case .addViews(let views) = group[1] else {
      Issue.record("the layout group did not survive: \(again.steps[3].change)")
      return
    }
    #expect(views.first?.path == "steps[3].layout[1].addViews[0]")
  }

  @Test func canonicalPathsAreTheDecodersPaths() throws {
    let document = try SceneExample.document()
    #expect(try document.withCanonicalPaths() == document)
  }
}
