import Interchange
import LayoutModel
import Scene
import StrictJSON
import Testing
import TestSupport

private let file = "s.json"

/// A scene file: the format, a 100 × 50 container, a root `r` with children `a` and `b`,
/// then `body` (more members, or nothing).
private func scene(_ body: String = "", views: String = #"{"id": "r"}, {"id": "a", "parent": "r"}, {"id": "b", "parent": "r"}"#) -> String {
  #"{"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50}, "views": [\#(views)]"#
    + (body.isEmpty ? "" : ", " + body) + "}"
}

/// The error `text` gives, as `bench` prints it after `error: `, or nil when it decodes.
private func decodingError(_ text: String) -> String? {
  do {
    _ = try SceneDocument.decode(text, file: file)
    return nil
  } catch {
    return error.description
  }
}

private func decode(_ text: String) throws -> (document: SceneDocument, warnings: [Warning]) {
  try SceneDocument.decode(text, file: file)
}

@Suite struct SceneDecodingTests {
  // MARK: The formats.md example

  @Test func decodesTheFormatsExample() throws {
    let (document, warnings) = try SceneDocument.decode(SceneExample.text, file: "example.scene.json")
    #expect(warnings.isEmpty)
    #expect(document.container == Container(width: 375, height: 667, safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)))
    #expect(document.views.map(\.id) == ["root", "title", "row", "a", "b", "legacy"])
    #expect(document.views.map(\.path) == (0..<6).map { "views[\($0)]" })

    var title = ViewDescription(id: "title", parent: "root", path: "views[1]")
    title.intrinsicSize = AxisPair(horizontal: 120, vertical: 21)
    title.hugging = AxisPair(horizontal: 251, vertical: 251)
    title.compressionResistance = AxisPair(horizontal: 750, vertical: 750)
    title.baseline = Baseline(first: 17, last: 17)
    #expect(document.views[1] == title)

    var stack = StackDescription()
    stack.axis = .horizontal
    stack.distribution = .fill
    stack.alignment = .center
    stack.spacing = 8
    stack.customSpacing = [StackDescription.CustomSpacing(after: "a", spacing: 16)]
    stack.isLayoutMarginsRelative = false
    stack.isBaselineRelative = false
    #expect(document.views[2].stack == stack)
    #expect(document.views[4].intrinsicSize == AxisPair(horizontal: nil, vertical: 30))
    #expect(document.views[4].isHidden == false)
    #expect(document.views[5].translatesAutoresizingMask)
    #expect(document.views[5].frame == Rect(x: 20, y: 100, width: 200, height: 50))
    #expect(document.views[5].autoresizingMask == [.flexibleWidth, .flexibleBottomMargin])

    #expect(document.guides == [SceneDocument.GuideDescription(id: "spacer", owner: "root", path: "guides[0]")])
    #expect(document.constraints == [
      ConstraintDescription(
        id: "titleTop", form: .anchors(first: "title.top", relation: .equal, second: "root.safeArea.top", multiplier: 1, constant: 20),
        path: "constraints[0]"),
      ConstraintDescription(
        id: "titleX", form: .anchors(first: "title.centerX", relation: .equal, second: "root.centerX", multiplier: 1, constant: 0),
        path: "constraints[1]"),
      ConstraintDescription(id: "rowEdges", form: .visualFormat("H:|-[row]-|"), path: "constraints[2]"),
      ConstraintDescription(
        id: "rowTop", form: .anchors(first: "row.top", relation: .equal, second: "title.bottom", multiplier: 1, constant: 8),
        priority: 999, path: "constraints[3]"),
      ConstraintDescription(
        id: "rowTopWide", form: .anchors(first: "row.top", relation: .equal, second: "title.bottom", multiplier: 1, constant: 24),
        isActive: false, path: "constraints[4]"),
    ])
    #expect(document.steps.map(\.change) == SceneExample.steps)
    #expect(document.steps.map(\.path.description) == (0..<14).map { "steps[\($0)]" })
  }

  @Test func buildsTheExamplesSceneWithItsVFLAgainstTheRootMargins() throws {
    let scene = try SceneExample.document().scene
    let row = try #require(scene.viewIndex(of: "row"))
    let root = try #require(scene.viewIndex(of: "root"))
    #expect(scene.guideIndex(of: "spacer") != nil)
    // `H:|-[row]-|`: `|-` and `-|` are the superview's margin edges, with constant 0.
    let leading = try #require(scene.constraintIndex(of: "rowEdges.0").flatMap { scene.constraints[$0] })
    let trailing = try #require(scene.constraintIndex(of: "rowEdges.1").flatMap { scene.constraints[$0] })
    #expect(scene.constraintIndex(of: "rowEdges.2") == nil)
    let anchors = [leading, trailing].flatMap { [$0.first] + ($0.second.map { [$0] } ?? []) }
    #expect(Set(anchors) == [
      Anchor(.view(row), .leading), Anchor(.view(root), .leadingMargin),
      Anchor(.view(row), .trailing), Anchor(.view(root), .trailingMargin),
    ])
    #expect(leading.constant == 0 && trailing.constant == 0)
    #expect(scene.constraintIndex(of: "rowTopWide").flatMap { scene.constraints[$0]?.isActive } == false)
  }

  // MARK: Defaults and every field

  @Test func absentFieldsTakeFormatsMdDefaults() throws {
    let (document, warnings) = try decode(
      #"{"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50}, "views": [{"id": "r"}], "#
        + #""constraints": [{"id": "w", "first": "r.width"}, {"id": "v", "vfl": "H:[r]"}]}"#)
    #expect(warnings.isEmpty)
    #expect(document.container == Container(width: 100, height: 50, safeAreaInsets: .zero, isRightToLeft: false))
    #expect(document.views == [ViewDescription(id: "r", path: "views[0]")])
    let view = document.views[0]
    #expect(view.intrinsicSize == AxisPair(horizontal: nil, vertical: nil))
    #expect(view.hugging == AxisPair(horizontal: 250, vertical: 250))
    #expect(view.compressionResistance == AxisPair(horizontal: 750, vertical: 750))
    #expect(view.baseline == nil)
    #expect(view.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    #expect(!view.isHidden && view.stack == nil && view.isArranged && !view.translatesAutoresizingMask)
    #expect(view.frame == .zero && view.autoresizingMask.isEmpty && !view.wrapsText)
    #expect(document.guides.isEmpty && document.steps.isEmpty)
    #expect(document.constraints == [
      ConstraintDescription(
        id: "w", form: .anchors(first: "r.width", relation: .equal, second: nil, multiplier: 1, constant: 0),
        priority: 1000, isActive: true, path: "constraints[0]"),
      ConstraintDescription(id: "v", form: .visualFormat("H:[r]"), priority: 1000, isActive: true, path: "constraints[1]"),
    ])
  }

  @Test func anEmptyStackObjectIsAStackWithDefaults() throws {
    let document = try decode(scene(views: #"{"id": "r", "stack": {}}"#)).document
    #expect(document.views[0].stack == StackDescription())
    let root = try #require(document.scene.view(document.scene.root))
    #expect(root.stack == StackConfiguration())
  }

  @Test func decodesEveryFieldWhenGiven() throws {
    let text = #"""
      {"format": "layoutbench.scene/1",
       "container": {"width": 320.5, "height": 0, "safeAreaInsets": [1, 2, 3, 4], "layoutDirection": "rightToLeft"},
       "views": [
         {"id": "r", "layoutMargins": [16, 17, 18, 19],
          "stack": {"axis": "vertical", "distribution": "equalCentering", "alignment": "bottom", "spacing": -2.5,
                    "customSpacing": {"x.y": 4, "z": 0}, "layoutMarginsRelative": true, "baselineRelative": true}},
         {"id": "x.y", "parent": "r", "intrinsicSize": [null, 0], "hugging": [1, 1000], "compressionResistance": [999.5, 2],
          "baseline": [-3, 40], "hidden": true, "wrapsText": true},
         {"id": "z", "parent": "r", "arranged": true},
         {"id": "bg", "parent": "r", "arranged": false, "translatesAutoresizingMask": true, "frame": [-5, 6.5, 0, 7],
          "autoresizingMask": ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin",
                               "flexibleHeight", "flexibleBottomMargin", "flexibleWidth"]}
       ],
       "guides": [{"id": "g", "owner": "z"}],
       "constraints": [
         {"id": "c", "first": "z.height", "relation": "<=", "second": "x.y.width", "multiplier": 0.5, "constant": -3,
          "priority": 1, "active": false},
         {"id": "d", "first": "g.top", "relation": ">=", "second": "r.margins.top"},
         {"id": "e", "vfl": "V:[z(>=10@500)]", "priority": 250.5, "active": false}
       ]}
      """#
    let (document, warnings) = try decode(text)
    #expect(warnings.isEmpty)
    #expect(
      document.container
        == Container(width: 320.5, height: 0, safeAreaInsets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), isRightToLeft: true))

    var stack = StackDescription()
    stack.axis = .vertical
    stack.distribution = .equalCentering
    stack.alignment = .trailing
    stack.spacing = -2.5
    stack.customSpacing = [.init(after: "x.y", spacing: 4), .init(after: "z", spacing: 0)]
    stack.isLayoutMarginsRelative = true
    stack.isBaselineRelative = true
    var root = ViewDescription(id: "r", path: "views[0]")
    root.layoutMargins = EdgeInsets(top: 16, left: 17, bottom: 18, right: 19)
    root.stack = stack

    var label = ViewDescription(id: "x.y", parent: "r", path: "views[1]")
    label.intrinsicSize = AxisPair(horizontal: nil, vertical: 0)
    label.hugging = AxisPair(horizontal: 1, vertical: 1000)
    label.compressionResistance = AxisPair(horizontal: 999.5, vertical: 2)
    label.baseline = Baseline(first: -3, last: 40)
    label.isHidden = true
    label.wrapsText = true

    var background = ViewDescription(id: "bg", parent: "r", path: "views[3]")
    background.isArranged = false
    background.translatesAutoresizingMask = true
    background.frame = Rect(x: -5, y: 6.5, width: 0, height: 7)
    background.autoresizingMask = [
      .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin,
    ]
    #expect(document.views == [root, label, ViewDescription(id: "z", parent: "r", path: "views[2]"), background])
    #expect(document.guides == [.init(id: "g", owner: "z", path: "guides[0]")])
    #expect(document.constraints == [
      ConstraintDescription(
        id: "c", form: .anchors(first: "z.height", relation: .lessThanOrEqual, second: "x.y.width", multiplier: 0.5, constant: -3),
        priority: 1, isActive: false, path: "constraints[0]"),
      ConstraintDescription(
        id: "d", form: .anchors(first: "g.top", relation: .greaterThanOrEqual, second: "r.margins.top", multiplier: 1, constant: 0),
        path: "constraints[1]"),
      ConstraintDescription(id: "e", form: .visualFormat("V:[z(>=10@500)]"), priority: 250.5, isActive: false, path: "constraints[2]"),
    ])

    // The scene resolved the ids: custom spacing by view index, the alignment axis-neutral.
    let built = document.scene
    let configuration = try #require(built.view(built.root)?.stack)
    let labelIndex = try #require(built.viewIndex(of: "x.y"))
    #expect(configuration.alignment == .trailing)
    #expect(configuration.customSpacing[labelIndex] == 4)
    #expect(built.container.isRightToLeft)
  }

  @Test(arguments: [
    ("fill", StackAlignment.fill), ("leading", .leading), ("top", .leading), ("center", .center),
    ("trailing", .trailing), ("bottom", .trailing), ("firstBaseline", .firstBaseline), ("lastBaseline", .lastBaseline),
  ])
  func acceptsEveryAlignmentName(name: String, alignment: StackAlignment) throws {
    let document = try decode(scene(views: #"{"id": "r", "stack": {"alignment": "\#(name)"}}"#)).document
    #expect(document.views[0].stack?.alignment == alignment)
  }

  @Test(arguments: Distribution.allCases)
  func acceptsEveryDistribution(distribution: Distribution) throws {
    let document = try decode(scene(views: #"{"id": "r", "stack": {"distribution": "\#(distribution.rawValue)"}}"#)).document
    #expect(document.views[0].stack?.distribution == distribution)
  }

  // MARK: Warnings

  @Test func warnsAboutUnknownFieldsEverywhereAndIgnoresThem() throws {
    let text = #"""
      {"format": "layoutbench.scene/1", "comment": "x",
       "container": {"width": 10, "height": 10, "colour": "red"},
       "views": [{"id": "r", "stack": {"axis": "vertical", "gap": 3}, "opacity": 1}, {"id": "a", "parent": "r"}],
       "guides": [{"id": "g", "owner": "r", "kind": "spacer"}],
       "constraints": [{"id": "c", "first": "a.width", "constant": 4, "note": "n"}],
       "steps": [{"resizeContainer": {"width": 5, "height": 6, "layoutDirection": "rightToLeft"}, "why": "rotate"},
                 {"setStack": {"r": {"spacing": 2, "gap": 1}}}]}
      """#
    let (document, warnings) = try decode(text)
    #expect(warnings.map(\.description) == [
      "s.json: comment: unknown field 'comment' ignored",
      "s.json: container.colour: unknown field 'colour' ignored",
      "s.json: views[0].opacity: unknown field 'opacity' ignored",
      "s.json: views[0].stack.gap: unknown field 'gap' ignored",
      "s.json: guides[0].kind: unknown field 'kind' ignored",
      "s.json: constraints[0].note: unknown field 'note' ignored",
      "s.json: steps[0].why: unknown field 'why' ignored",
      "s.json: steps[0].resizeContainer.layoutDirection: unknown field 'layoutDirection' ignored",
      "s.json: steps[1].setStack.r.gap: unknown field 'gap' ignored",
    ])
    #expect(document.steps[0].change == .resizeContainer(width: 5, height: 6, safeAreaInsets: nil))
    var spacing = StackDescription()
    spacing.spacing = 2
    #expect(document.steps[1].change == .setStack([Named("r", spacing)]))
  }

  // MARK: Errors: the JSON

  @Test(arguments: [
    ("[]", "s.json: (top level): expected an object, found an array"),
    ("{}", #"s.json: format: missing required field 'format'; expected "layoutbench.scene/1""#),
    (#"{"format": "layoutbench.constraints/1"}"#, #"s.json: format: expected "layoutbench.scene/1", found "layoutbench.constraints/1""#),
    (#"{"format": "layoutbench.scene/1"}"#, "s.json: container: missing required field 'container'; expected an object"),
    (#"{"format": "layoutbench.scene/1", "container": [100, 50]}"#, "s.json: container: expected an object, found an array"),
    (#"{"format": "layoutbench.scene/1", "container": {"height": 50}}"#, "s.json: container.width: missing required field 'width'; expected a non-negative number"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": -1, "height": 50}}"#, "s.json: container.width: expected a non-negative number, found -1"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": "50"}}"#, #"s.json: container.height: expected a non-negative number, found "50""#),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1, "safeAreaInsets": [1, 2, 3]}}"#, "s.json: container.safeAreaInsets: expected an array of 4 numbers [top, left, bottom, right], found an array of 3"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1, "safeAreaInsets": {}}}"#, "s.json: container.safeAreaInsets: expected an array of 4 numbers [top, left, bottom, right], found an object"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1, "safeAreaInsets": [1, 2, null, 4]}}"#, "s.json: container.safeAreaInsets[2]: expected a finite number, found null"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1, "layoutDirection": "rtl"}}"#, #"s.json: container.layoutDirection: expected one of "leftToRight", "rightToLeft", found "rtl""#),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1}}"#, "s.json: views: missing required field 'views'; expected an array"),
    (#"{"format": "layoutbench.scene/1", "container": {"width": 1, "height": 1}, "views": {}}"#, "s.json: views: expected an array, found an object"),
    (scene(#""guides": null"#), "s.json: guides: expected an array, found null"),
    (scene(#""constraints": {}"#), "s.json: constraints: expected an array, found an object"),
    (scene(#""steps": 3"#), "s.json: steps: expected an array, found 3"),
  ])
  func checksTheTopLevelAndTheContainer(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  @Test(arguments: [
    (#""r""#, #"s.json: views[1]: expected an object, found "r""#),
    (#"{"parent": "r"}"#, "s.json: views[1].id: missing required field 'id'; expected a string"),
    (#"{"id": 4, "parent": "r"}"#, "s.json: views[1].id: expected a string, found 4"),
    (#"{"id": "a", "parent": null}"#, "s.json: views[1].parent: expected a string, found null"),
    (#"{"id": "a", "parent": "r", "intrinsicSize": [10]}"#, "s.json: views[1].intrinsicSize: expected an array of 2 numbers [width|null, height|null], found an array of 1"),
    (#"{"id": "a", "parent": "r", "intrinsicSize": [-1, null]}"#, "s.json: views[1].intrinsicSize[0]: expected a non-negative number or null, found -1"),
    (#"{"id": "a", "parent": "r", "intrinsicSize": [1, "2"]}"#, #"s.json: views[1].intrinsicSize[1]: expected a non-negative number or null, found "2""#),
    (#"{"id": "a", "parent": "r", "hugging": [0, 250]}"#, "s.json: views[1].hugging[0]: expected a priority in [1, 1000], found 0"),
    (#"{"id": "a", "parent": "r", "hugging": 250}"#, "s.json: views[1].hugging: expected an array of 2 numbers [horizontal, vertical], found 250"),
    (#"{"id": "a", "parent": "r", "compressionResistance": [750, 1000.5]}"#, "s.json: views[1].compressionResistance[1]: expected a priority in [1, 1000], found 1000.5"),
    (#"{"id": "a", "parent": "r", "baseline": [1, 2, 3]}"#, "s.json: views[1].baseline: expected an array of 2 numbers [first, last], found an array of 3"),
    (#"{"id": "a", "parent": "r", "baseline": [1, true]}"#, "s.json: views[1].baseline[1]: expected a finite number, found true"),
    (#"{"id": "a", "parent": "r", "layoutMargins": [8, 8, 8]}"#, "s.json: views[1].layoutMargins: expected an array of 4 numbers [top, left, bottom, right], found an array of 3"),
    (#"{"id": "a", "parent": "r", "hidden": "yes"}"#, #"s.json: views[1].hidden: expected true or false, found "yes""#),
    (#"{"id": "a", "parent": "r", "stack": true}"#, "s.json: views[1].stack: expected an object, found true"),
    (#"{"id": "a", "parent": "r", "stack": {"axis": "diagonal"}}"#, #"s.json: views[1].stack.axis: expected one of "horizontal", "vertical", found "diagonal""#),
    (#"{"id": "a", "parent": "r", "stack": {"distribution": "fil"}}"#, #"s.json: views[1].stack.distribution: expected one of "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering", found "fil""#),
    (#"{"id": "a", "parent": "r", "stack": {"alignment": "middle"}}"#, #"s.json: views[1].stack.alignment: expected one of "fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline", found "middle""#),
    (#"{"id": "a", "parent": "r", "stack": {"spacing": null}}"#, "s.json: views[1].stack.spacing: expected a finite number, found null"),
    (#"{"id": "a", "parent": "r", "stack": {"customSpacing": [["b", 4]]}}"#, "s.json: views[1].stack.customSpacing: expected an object, found an array"),
    (#"{"id": "a", "parent": "r", "stack": {"customSpacing": {"b c": "4"}}}"#, #"s.json: views[1].stack.customSpacing["b c"]: expected a finite number, found "4""#),
    (#"{"id": "a", "parent": "r", "stack": {"layoutMarginsRelative": 1}}"#, "s.json: views[1].stack.layoutMarginsRelative: expected true or false, found 1"),
    (#"{"id": "a", "parent": "r", "stack": {"baselineRelative": null}}"#, "s.json: views[1].stack.baselineRelative: expected true or false, found null"),
    (#"{"id": "a", "parent": "r", "arranged": "no"}"#, #"s.json: views[1].arranged: expected true or false, found "no""#),
    (#"{"id": "a", "parent": "r", "translatesAutoresizingMask": 0}"#, "s.json: views[1].translatesAutoresizingMask: expected true or false, found 0"),
    (#"{"id": "a", "parent": "r", "frame": [0, 0, 10]}"#, "s.json: views[1].frame: expected an array of 4 numbers [x, y, width, height], found an array of 3"),
    (#"{"id": "a", "parent": "r", "frame": [0, 0, -10, 5]}"#, "s.json: views[1].frame[2]: expected a non-negative number, found -10"),
    (#"{"id": "a", "parent": "r", "frame": ["0", 0, 10, 5]}"#, #"s.json: views[1].frame[0]: expected a finite number, found "0""#),
    (#"{"id": "a", "parent": "r", "autoresizingMask": "flexibleWidth"}"#, #"s.json: views[1].autoresizingMask: expected an array, found "flexibleWidth""#),
    (#"{"id": "a", "parent": "r", "autoresizingMask": ["flexibleWidth", "flexibleWidht"]}"#, #"s.json: views[1].autoresizingMask[1]: expected one of "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin", found "flexibleWidht""#),
    (#"{"id": "a", "parent": "r", "wrapsText": "true"}"#, #"s.json: views[1].wrapsText: expected true or false, found "true""#),
    (#"{"id": "a", "parent": "r", "text": {"lineHeight": 20}}"#, "s.json: views[1].text.words: missing required field 'words'; expected an array"),
    (#"{"id": "a", "parent": "r", "text": {"words": [1, "2"], "lineHeight": 20}}"#, #"s.json: views[1].text.words[1]: expected a finite number, found "2""#),
    (#"{"id": "a", "parent": "r", "text": {"words": [1]}}"#, "s.json: views[1].text.lineHeight: missing required field 'lineHeight'; expected a finite number"),
    (#"{"id": "a", "parent": "r", "text": {"words": [1], "lineHeight": 20, "maxLines": 1.5}}"#, "s.json: views[1].text.maxLines: expected a whole number >= 0, found 1.5"),
    (#"{"id": "a", "parent": "r", "text": {"words": [-1], "lineHeight": 20}}"#, "s.json: views[1].text.words[0]: expected a finite advance >= 0, found -1.0"),
    (#"{"id": "a", "parent": "r", "text": {"words": [1], "lineHeight": 20}, "baseline": [1, 2]}"#, "s.json: views[1].baseline: a view with text takes its baselines from the text"),
    (#"{"id": "a", "parent": "r", "preferredMaxLayoutWidth": 100}"#, "s.json: views[1].preferredMaxLayoutWidth: only a view with text has a preferredMaxLayoutWidth"),
    (#"{"id": "a", "parent": "r", "scroll": []}"#, "s.json: views[1].scroll: expected an object, found an array"),
    (#"{"id": "a", "parent": "r", "table": {"estimatedRowHeight": -4}}"#, "s.json: views[1].table.estimatedRowHeight: expected a finite height >= 0, found -4.0"),
    (#"{"id": "a", "parent": "r", "insetsLayoutMarginsFromSafeArea": 0}"#, "s.json: views[1].insetsLayoutMarginsFromSafeArea: expected true or false, found 0"),
  ])
  func checksViewFields(view: String, expected: String) {
    #expect(decodingError(scene(views: #"{"id": "r"}, "# + view)) == expected)
  }

  @Test(arguments: [
    (#"["g"]"#, #"s.json: guides[0]: expected an object, found "g""#),
    (#"[{"id": "g"}]"#, "s.json: guides[0].owner: missing required field 'owner'; expected a string"),
    (#"[{"owner": "r"}]"#, "s.json: guides[0].id: missing required field 'id'; expected a string"),
  ])
  func checksGuides(guides: String, expected: String) {
    #expect(decodingError(scene(#""guides": \#(guides)"#)) == expected)
  }

  @Test(arguments: [
    (#"[3]"#, "s.json: constraints[0]: expected an object, found 3"),
    (#"[{"first": "a.width"}]"#, "s.json: constraints[0].id: missing required field 'id'; expected a string"),
    (#"[{"id": "c"}]"#, #"s.json: constraints[0].first: missing required field 'first'; expected an anchor such as "title.top"; a constraint gives 'first' (and optionally 'relation', 'second', ...) or 'vfl'"#),
    (#"[{"id": "c", "first": 1}]"#, #"s.json: constraints[0].first: expected an anchor such as "title.top", found 1; a constraint gives 'first' (and optionally 'relation', 'second', ...) or 'vfl'"#),
    (#"[{"id": "c", "first": "a.width", "relation": "="}]"#, #"s.json: constraints[0].relation: expected one of "==", "<=", ">=", found "=""#),
    (#"[{"id": "c", "first": "a.width", "second": null}]"#, #"s.json: constraints[0].second: expected an anchor such as "root.top", found null; leave 'second' out for a constant"#),
    (#"[{"id": "c", "first": "a.width", "second": "b.width", "multiplier": "2"}]"#, #"s.json: constraints[0].multiplier: expected a finite number, found "2""#),
    (#"[{"id": "c", "first": "a.width", "constant": null}]"#, "s.json: constraints[0].constant: expected a finite number, found null"),
    (#"[{"id": "c", "first": "a.width", "priority": 0.5}]"#, "s.json: constraints[0].priority: expected a priority in [1, 1000], found 0.5"),
    (#"[{"id": "c", "first": "a.width", "priority": 1001}]"#, "s.json: constraints[0].priority: expected a priority in [1, 1000], found 1001"),
    (#"[{"id": "c", "first": "a.width", "active": "no"}]"#, #"s.json: constraints[0].active: expected true or false, found "no""#),
    (#"[{"id": "c", "vfl": 5}]"#, "s.json: constraints[0].vfl: expected a string, found 5"),
    (#"[{"id": "c", "vfl": "H:[a]", "constant": 4}]"#, "s.json: constraints[0].constant: a constraint with 'vfl' takes no 'constant'; give either 'vfl' or 'first' (with 'relation', 'second', 'multiplier', 'constant')"),
    (#"[{"id": "c", "first": "a.width", "vfl": "H:[a]"}]"#, "s.json: constraints[0].first: a constraint with 'vfl' takes no 'first'; give either 'vfl' or 'first' (with 'relation', 'second', 'multiplier', 'constant')"),
  ])
  func checksConstraintFields(constraints: String, expected: String) {
    #expect(decodingError(scene(#""constraints": \#(constraints)"#)) == expected)
  }

  @Test(arguments: [
    ("[[]]", "s.json: steps[0]: expected an object, found an array"),
    ("[{}]", "s.json: steps[0]: expected exactly one step kind (one of \(allKinds)); found none"),
    (#"[{"activate": []}, {"resize": {"width": 1, "height": 2}}]"#, "s.json: steps[1]: expected exactly one step kind (one of \(allKinds)); found none"),
    (#"[{"activate": [], "deactivate": []}]"#, "s.json: steps[0]: expected exactly one step kind (one of \(allKinds)); found 'activate', 'deactivate'"),
    (#"[{"resizeContainer": {"width": 1}}]"#, "s.json: steps[0].resizeContainer.height: missing required field 'height'; expected a non-negative number"),
    (#"[{"resizeContainer": {"width": 1, "height": 2, "safeAreaInsets": [0, 0]}}]"#, "s.json: steps[0].resizeContainer.safeAreaInsets: expected an array of 4 numbers [top, left, bottom, right], found an array of 2"),
    (#"[{"setConstant": ["a", 1]}]"#, "s.json: steps[0].setConstant: expected an object, found an array"),
    (#"[{"setConstant": {"a.x": "1"}}]"#, #"s.json: steps[0].setConstant["a.x"]: expected a finite number, found "1""#),
    (#"[{"activate": "c"}]"#, #"s.json: steps[0].activate: expected an array, found "c""#),
    (#"[{"deactivate": ["c", 2]}]"#, "s.json: steps[0].deactivate[1]: expected a string, found 2"),
    (#"[{"addConstraints": {}}]"#, "s.json: steps[0].addConstraints: expected an array, found an object"),
    (#"[{"addConstraints": [{"id": "n", "first": "a.width", "priority": 0}]}]"#, "s.json: steps[0].addConstraints[0].priority: expected a priority in [1, 1000], found 0"),
    (#"[{"removeConstraints": [null]}]"#, "s.json: steps[0].removeConstraints[0]: expected a string, found null"),
    (#"[{"setPriority": {"c": 0}}]"#, "s.json: steps[0].setPriority.c: expected a priority in [1, 1000], found 0"),
    (#"[{"setHugging": {"a": [250]}}]"#, "s.json: steps[0].setHugging.a: expected an array of 2 numbers [horizontal, vertical], found an array of 1"),
    (#"[{"setCompressionResistance": {"a": [750, 2000]}}]"#, "s.json: steps[0].setCompressionResistance.a[1]: expected a priority in [1, 1000], found 2000"),
    (#"[{"setHidden": {"a": 1}}]"#, "s.json: steps[0].setHidden.a: expected true or false, found 1"),
    (#"[{"setIntrinsicSize": {"a": [null, -2]}}]"#, "s.json: steps[0].setIntrinsicSize.a[1]: expected a non-negative number or null, found -2"),
    (#"[{"setStack": {"r": {"axis": "z"}}}]"#, #"s.json: steps[0].setStack.r.axis: expected one of "horizontal", "vertical", found "z""#),
    (#"[{"setStack": {"r": []}}]"#, "s.json: steps[0].setStack.r: expected an object, found an array"),
    (#"[{"addViews": [{"parent": "r"}]}]"#, "s.json: steps[0].addViews[0].id: missing required field 'id'; expected a string"),
    (#"[{"addViews": [{"id": "n", "parent": "r", "hugging": [1, 0]}]}]"#, "s.json: steps[0].addViews[0].hugging[1]: expected a priority in [1, 1000], found 0"),
    (#"[{"removeViews": "a"}]"#, #"s.json: steps[0].removeViews: expected an array, found "a""#),
  ])
  func checksSteps(steps: String, expected: String) {
    #expect(decodingError(scene(#""steps": \#(steps)"#)) == expected)
  }

  // MARK: Errors: the scene's meaning, at the path Scene names

  @Test(arguments: [
    (scene(views: #"{"id": "r"}, {"id": "r", "parent": "r"}"#), "s.json: views[1].id: duplicate view id 'r'"),
    (scene(views: #"{"id": "r"}, {"id": "a"}"#), "s.json: views[1].parent: 'a' has no parent, but 'r' is already the root; a scene has exactly one root"),
    (scene(views: #"{"id": "r"}, {"id": "a", "parent": "ghost"}"#), "s.json: views[1].parent: unknown view 'ghost'"),
    (scene(views: #"{"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}"#), "s.json: views: no view without a parent: a scene needs a root"),
    (scene(views: #"{"id": "r", "stack": {"customSpacing": {"a.b": 4}}}, {"id": "a.b", "parent": "r", "arranged": false}"#), #"s.json: views[0].stack.customSpacing["a.b"]: 'a.b' is not an arranged subview of this stack"#),
    (scene(#""guides": [{"id": "g", "owner": "nobody"}]"#), "s.json: guides[0].owner: unknown view 'nobody'"),
    (scene(#""guides": [{"id": "a", "owner": "r"}]"#), "s.json: guides[0].id: duplicate id 'a' (views and guides share ids)"),
    (scene(#""constraints": [{"id": "c", "first": "a.width"}, {"id": "c", "first": "b.width"}]"#), "s.json: constraints[1].id: duplicate constraint id 'c'"),
    (scene(#""constraints": [{"id": "c", "first": "ghost.top", "second": "r.top"}]"#), "s.json: constraints[0].first: unknown view or guide 'ghost' in 'ghost.top'"),
    (scene(#""constraints": [{"id": "c", "first": "a.top", "second": "r.middle"}]"#), "s.json: constraints[0].second: unknown attribute 'middle' in 'r.middle'"),
    (scene(#""constraints": [{"id": "c", "first": "a.top", "second": "r.left"}]"#), "s.json: constraints[0]: 'top' (vertical axis) cannot relate to 'left' (horizontal axis)"),
    (scene(#""constraints": [{"id": "c", "first": "a.top", "constant": 5}]"#), "s.json: constraints[0].second: a position ('top') cannot equal a constant: it needs a second anchor"),
    (scene(#""constraints": [{"id": "c", "first": "a.leading", "second": "r.left"}]"#), "s.json: constraints[0]: leading/trailing cannot be mixed with left/right ('leading' and 'left')"),
  ])
  func reportsSceneErrorsAtTheirPath(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  @Test func aMalformedVFLStringPointsAtTheCharacter() {
    let text = scene(#""constraints": [{"id": "ok", "first": "a.width"}, {"id": "row", "vfl": "H:|-[a]-(b]"}]"#)
    let message = decodingError(text)
    #expect(message?.hasPrefix("s.json: constraints[1].vfl: character 9: ") == true, "\(message ?? "decoded")")
    // The quoted format, then a caret under character 9 (two spaces of indentation).
    #expect(message?.hasSuffix("\n  H:|-[a]-(b]\n           ^") == true, "\(message ?? "decoded")")
  }

  @Test func syntaxErrorsGiveLineAndColumn() {
    #expect(decodingError("{\"format\": \"layoutbench.scene/1\",\n \"views\": [,]}") == "s.json:2:12: expected a JSON value, found ','")
  }

  // MARK: Steps are checked against the scene only when they run

  @Test func stepsWithUnknownIdsOrInvalidConstraintsDecode() throws {
    let text = scene(#"""
      "steps": [
        {"setConstant": {"ghost": 1}}, {"activate": ["ghost"]}, {"removeViews": ["r"]},
        {"addConstraints": [{"id": "bad", "first": "a.top", "second": "b.width"}, {"id": "v", "vfl": "H:[[["}]},
        {"setStack": {"a": {"spacing": 3}}}, {"addViews": [{"id": "orphan"}]}, {"setHidden": {}}
      ]
      """#)
    let document = try decode(text).document
    #expect(document.steps.count == 7)
    #expect(document.steps[6].change == .setHidden([]))
    #expect(document.steps[3].change == .addConstraints([
      ConstraintDescription(
        id: "bad", form: .anchors(first: "a.top", relation: .equal, second: "b.width", multiplier: 1, constant: 0),
        path: "steps[3].addConstraints[0]"),
      ConstraintDescription(id: "v", form: .visualFormat("H:[[["), path: "steps[3].addConstraints[1]"),
    ]))
  }

  @Test func keepsEntryOrderWithinSteps() throws {
    let text = scene(#""steps": [{"setHidden": {"b": true, "a": false}}, {"setConstant": {"z": 1, "a": 2}}]"#)
    let document = try decode(text).document
    #expect(document.steps[0].change == .setHidden([Named("b", true), Named("a", false)]))
    #expect(document.steps[1].change == .setConstant([Named("z", 1), Named("a", 2)]))
  }
}

/// Every step kind, quoted, as the zero-or-two-kinds message lists them.
private let allKinds =
  "'resizeContainer', 'setConstant', 'activate', 'deactivate', 'addConstraints', 'removeConstraints', 'setPriority', "
  + "'setHugging', 'setCompressionResistance', 'setHidden', 'setIntrinsicSize', 'setStack', 'addViews', 'removeViews', "
  + "'setText', 'setTextScale', 'layout', 'scrollTo'"
