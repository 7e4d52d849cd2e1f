import LayoutModel
import Scene

/// `examples.*`: worked seed layouts from Tests/Fixtures, transcribed (Workloads reads no
/// files). Each case is the fixture's scene; its trace is the fixture's steps followed by
/// the steps that bring the scene back to where it started, that cycle repeated to about
/// 20 operations. A deactivate/activate pair is one `sizeClassSwap` operation; every other
/// step is one operation whose phase is its kind. The tests check each transcription
/// against its fixture file.
enum ExampleWorkloads {
  /// One transcribed fixture: its scene and its cycle of operations.
  struct Example: Sendable {
    var name: String
    var summary: String
    var isFrameLayoutOnly: Bool
    /// How many steps of the cycle are the fixture's own (the rest return to the start).
    var fixtureSteps: Int
    var build: @Sendable () -> (scene: CaseBuilder, cycle: [(phase: String, changes: [SceneChange])])
  }

  static let targetOperations = 20

  static func workload(_ example: Example) -> Workload {
    Workload(
      name: "examples.\(example.name)", summary: example.summary, defaultSizes: [1],
      isFrameLayoutOnly: example.isFrameLayoutOnly, sizeMeaning: "one size", sizes: 1...1, isSeeded: false,
      viewCount: { _ in
        let count = (try? example.build().scene.build().makeScene().presentViews.count) ?? 0
        return count...count
      },
      generate: { _, _ in
        var (b, cycle) = example.build()
        b.parameters = [("fixture", "Tests/Fixtures/\(example.name).scene.json"), ("fixtureSteps", String(example.fixtureSteps))]
        let repeats = max(1, (targetOperations + cycle.count - 1) / cycle.count)
        for _ in 0..<repeats {
          for (phase, changes) in cycle { b.operation(phase, changes) }
        }
        return b.build()
      })
  }

  static let all: [Example] = [
    b1PinEdges, b6StackedPairAnchors, e6DeactivateThenActivate, d11AdaptiveStack, d7AnimatingStack, nestDynamicType,
    a5NestedAutoresizing, nestRowsOfColumns,
  ]

  static func resize(_ width: Double, _ height: Double, _ insets: EdgeInsets? = nil) -> (phase: String, changes: [SceneChange]) {
    ("resizeContainer", [.resizeContainer(width: width, height: height, safeAreaInsets: insets)])
  }

  static func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }

  // MARK: B. Basic constraint layouts

  static let b1PinEdges = Example(
    name: "b1-pin-edges", summary: "B1: a view pinned 50 from every edge of the root; rotations", isFrameLayoutOnly: false,
    fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667))
    b.view("root", in: nil)
    b.view("green", in: "root")
    b.constrain("greenLeading", "green.leading", .equal, "root.leading", constant: 50)
    b.constrain("greenTop", "green.top", .equal, "root.top", constant: 50)
    b.constrain("greenTrailing", "root.trailing", .equal, "green.trailing", constant: 50)
    b.constrain("greenBottom", "root.bottom", .equal, "green.bottom", constant: 50)
    return (b, [resize(667, 375), resize(320, 568), resize(375, 667)])
  }

  static let b6StackedPairAnchors = Example(
    name: "b6-stacked-pair-anchors", summary: "B6: two views stacked with equal heights (anchors); rotations",
    isFrameLayoutOnly: false, fixtureSteps: 1
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667))
    b.view("root", in: nil)
    b.view("red", in: "root")
    b.view("green", in: "root")
    b.constrain("redLeading", "red.leading", .equal, "root.leading", constant: 50)
    b.constrain("redTrailing", "root.trailing", .equal, "red.trailing", constant: 50)
    b.constrain("greenLeading", "green.leading", .equal, "root.leading", constant: 50)
    b.constrain("greenTrailing", "root.trailing", .equal, "green.trailing", constant: 50)
    b.constrain("redTop", "red.top", .equal, "root.top", constant: 50)
    b.constrain("redHeight", "red.height", .equal, "green.height")
    b.constrain("greenTop", "green.top", .equal, "red.bottom", constant: 25)
    b.constrain("greenBottom", "root.bottom", .equal, "green.bottom", constant: 50)
    return (b, [resize(667, 375), resize(375, 667)])
  }

  // MARK: E. Engine behaviour

  static let e6DeactivateThenActivate = Example(
    name: "e6-deactivate-then-activate",
    summary: "E6: swap a 2× width ratio between two views (deactivate one constraint, activate the other)",
    isFrameLayoutOnly: false, fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667))
    b.view("root", in: nil)
    b.view("red", in: "root")
    b.view("green", in: "root")
    b.constrain("redLeading", "red.leading", .equal, "root.leading", constant: 20)
    b.constrain("redTop", "red.top", .equal, "root.top", constant: 100)
    b.constrain("redHeight", "red.height", constant: 100)
    b.constrain("greenLeading", "green.leading", .equal, "red.trailing", constant: 20)
    b.constrain("greenTop", "green.top", .equal, "root.top", constant: 100)
    b.constrain("greenHeight", "green.height", constant: 100)
    b.constrain("greenTrailing", "root.trailing", .equal, "green.trailing", constant: 20)
    b.constrain("greenWide", "green.width", .equal, "red.width", multiplier: 2)
    b.constrain("redWide", "red.width", .equal, "green.width", multiplier: 2, active: false)
    return (
      b,
      [
        ("sizeClassSwap", [.deactivate(["greenWide"]), .activate(["redWide"])]),
        ("sizeClassSwap", [.deactivate(["redWide"]), .activate(["greenWide"])]),
      ]
    )
  }

  // MARK: D. Stack views

  static let d11AdaptiveStack = Example(
    name: "d11-adaptive-stack", summary: "D11: a stack of three images that rotates and turns horizontal, and back",
    isFrameLayoutOnly: false, fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 812, safeAreaInsets: insets(44, 0, 34, 0)))
    b.view("root", in: nil) { $0.layoutMargins = insets(20, 20, 20, 20) }
    b.stack("imageStack", in: "root", axis: .vertical, spacing: 8)
    for i in 1...3 { b.leaf("stackImage\(i)", in: "imageStack", size: (100, 100)) }
    b.constrain("stackTop", "imageStack.top", .equal, "root.topMargin")
    b.constrain("stackCenterX", "imageStack.centerX", .equal, "root.centerXWithinMargins")
    var horizontal = StackDescription()
    horizontal.axis = .horizontal
    var vertical = StackDescription()
    vertical.axis = .vertical
    return (
      b,
      [
        resize(812, 375, insets(0, 44, 21, 44)), ("setStack", [.setStack([Named("imageStack", horizontal)])]),
        resize(375, 812, insets(44, 0, 34, 0)), ("setStack", [.setStack([Named("imageStack", vertical)])]),
      ]
    )
  }

  static let d7AnimatingStack = Example(
    name: "d7-animating-stack",
    summary: "D7: a panel stack whose image stack turns horizontal and hides an image, and back (with a background view)",
    isFrameLayoutOnly: false, fixtureSteps: 4
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667, safeAreaInsets: insets(20, 0, 0, 0)))
    b.view("root", in: nil)
    b.stack("panelStack", in: "root", axis: .vertical, alignment: .center, spacing: 16) {
      $0.layoutMargins = insets(16, 16, 16, 16)
      $0.stack?.isLayoutMarginsRelative = true
    }
    b.view("purpleBackground", in: "panelStack") { $0.isArranged = false }
    b.leaf("toggle", in: "panelStack", size: (51, 31), hugging: (750, 750), compressionResistance: (750, 750))
    b.stack("imageStack", in: "panelStack", axis: .vertical, spacing: 8)
    for i in 1...3 { b.leaf("image\(i)", in: "imageStack", size: (100, 100)) }
    b.constrain("panelTop", "panelStack.top", .equal, "root.safeArea.top")
    b.constrain("panelCenterX", "panelStack.centerX", .equal, "root.centerX")
    b.constrain("bgLeading", "purpleBackground.leading", .equal, "panelStack.leading")
    b.constrain("bgTrailing", "purpleBackground.trailing", .equal, "panelStack.trailing")
    b.constrain("bgTop", "purpleBackground.top", .equal, "panelStack.top")
    b.constrain("bgBottom", "purpleBackground.bottom", .equal, "panelStack.bottom")
    var horizontal = StackDescription()
    horizontal.axis = .horizontal
    var vertical = StackDescription()
    vertical.axis = .vertical
    return (
      b,
      [
        ("setStack", [.setStack([Named("imageStack", horizontal)])]),
        ("setHidden", [.setHidden([Named("image3", true)])]),
        ("setStack", [.setStack([Named("imageStack", vertical)])]),
        ("setHidden", [.setHidden([Named("image3", false)])]),
      ]
    )
  }

  static let nestDynamicType = Example(
    name: "nest-dynamic-type", summary: "a text stack whose labels grow with Dynamic Type, twice, and back",
    isFrameLayoutOnly: false, fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667, safeAreaInsets: insets(20, 0, 0, 0)))
    b.view("root", in: nil)
    b.stack("textStack", in: "root", axis: .vertical, spacing: 8)
    b.leaf("headline", in: "textStack", size: (200, 24))
    b.leaf("bodyLabel", in: "textStack", size: (300, 40))
    b.leaf("footnote", in: "textStack", size: (150, 16))
    b.leaf("doneButton", in: "root", size: (100, 44))
    b.constrain("stackLeading", "textStack.leading", .equal, "root.leadingMargin")
    b.constrain("stackTrailing", "root.trailingMargin", .equal, "textStack.trailing")
    b.constrain("stackTop", "textStack.top", .equal, "root.topMargin")
    b.constrain("buttonTop", "doneButton.top", .equal, "textStack.bottom", constant: 16)
    b.constrain("buttonX", "doneButton.centerX", .equal, "root.centerX")
    func sizes(_ h: (Double, Double), _ body: (Double, Double), _ foot: (Double, Double)) -> (phase: String, changes: [SceneChange]) {
      (
        "setIntrinsicSize",
        [
          .setIntrinsicSize([
            Named("headline", AxisPair(horizontal: h.0, vertical: h.1)),
            Named("bodyLabel", AxisPair(horizontal: body.0, vertical: body.1)),
            Named("footnote", AxisPair(horizontal: foot.0, vertical: foot.1)),
          ])
        ]
      )
    }
    return (b, [sizes((240, 30), (360, 60), (180, 20)), sizes((400, 60), (700, 120), (300, 40)), sizes((200, 24), (300, 40), (150, 16))])
  }

  // MARK: A. Autoresizing; nested stacks

  static let a5NestedAutoresizing = Example(
    name: "a5-nested-autoresizing", summary: "A5: an autoresizing view inside another (flexible sizes and margins); rotations",
    isFrameLayoutOnly: true, fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 375, height: 667))
    b.view("root", in: nil)
    b.view("outerGreen", in: "root") {
      CaseBuilder.autoresizing(&$0, frame: Rect(x: 50, y: 50, width: 275, height: 567), mask: [.flexibleWidth, .flexibleHeight])
    }
    b.view("innerRed", in: "outerGreen") {
      CaseBuilder.autoresizing(
        &$0, frame: Rect(x: 25, y: 233.5, width: 225, height: 100),
        mask: [.flexibleWidth, .flexibleTopMargin, .flexibleBottomMargin])
    }
    return (b, [resize(667, 375), resize(320, 568), resize(375, 667)])
  }

  static let nestRowsOfColumns = Example(
    name: "nest-rows-of-columns",
    summary: "an autoresizing grid stack of rows of column stacks, narrowed twice and widened back",
    isFrameLayoutOnly: true, fixtureSteps: 2
  ) {
    var b = CaseBuilder(container: Container(width: 360, height: 400))
    b.view("root", in: nil)
    b.stack("grid", in: "root", axis: .vertical, spacing: 10) {
      CaseBuilder.autoresizing(&$0, frame: Rect(x: 20, y: 20, width: 320, height: 120), mask: [.flexibleWidth])
    }
    b.stack("rowA", in: "grid", axis: .horizontal, distribution: .fillEqually, spacing: 10)
    b.stack("colA1", in: "rowA", axis: .vertical, spacing: 4)
    b.leaf("cellA1x", in: "colA1", size: (40, 20))
    b.leaf("cellA1y", in: "colA1", size: (60, 20))
    b.stack("colA2", in: "rowA", axis: .vertical, spacing: 4)
    b.leaf("cellA2x", in: "colA2", size: (50, 30))
    b.stack("rowB", in: "grid", axis: .horizontal, alignment: .leading, spacing: 10)
    b.stack("colB1", in: "rowB", axis: .vertical, alignment: .center, spacing: 4)
    b.leaf("cellB1x", in: "colB1", size: (70, 24))
    b.leaf("cellB1y", in: "colB1", size: (30, 16))
    b.stack("colB2", in: "rowB", axis: .vertical, spacing: 4)
    b.leaf("cellB2x", in: "colB2", size: (90, 40))
    return (b, [resize(260, 400), resize(200, 400), resize(360, 400)])
  }
}
