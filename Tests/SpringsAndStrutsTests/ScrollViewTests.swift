import Testing

/// Scroll views whose one subview is a stack pinned by the ScrollStack recipe
/// (docs/springs-and-struts.md, "Scroll views"): every form of the recipe — guides or
/// plain edges, either order, VFL, leading/trailing in both directions, width, height,
/// both or no size pinned — with the scroll view autoresizing or arranged, through
/// `SceneReplay` as `bench layout` runs it; every state's frames and content sizes against
/// Cassowary's.
@Suite struct ScrollViewTests {
  private func scene(
    rightToLeft: Bool = false, scrollView: String, content: String, views: String, constraints: String, steps: String = "[]"
  ) -> String {
    let direction = rightToLeft ? #", "layoutDirection": "rightToLeft""# : ""
    return #"""
      {"format": "layoutbench.scene/1",
       "container": {"width": 320, "height": 568, "safeAreaInsets": [20, 0, 0, 0]\#(direction)},
       "views": [{"id": "root"}, \#(scrollView), \#(content), \#(views)],
       "constraints": [\#(constraints)], "steps": \#(steps)}
      """#
  }

  private let images = #"""
    {"id": "i1", "parent": "C", "intrinsicSize": [100, 100]},
    {"id": "i2", "parent": "C", "intrinsicSize": [100, 100]},
    {"id": "caption", "parent": "C", "text": {"words": [70, 70, 70, 70, 70], "lineHeight": 20}}
    """#

  private let autoresizingScrollView = #"""
    {"id": "S", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 20, 320, 548],
     "autoresizingMask": ["flexibleWidth", "flexibleHeight"], "scroll": {}}
    """#

  @Test func theBookRecipeOnTheContentGuide() throws {
    for rightToLeft in [false, true] {
      let layouts = try ReplayPair.run(
        scene(
          rightToLeft: rightToLeft, scrollView: autoresizingScrollView,
          content: #"""
            {"id": "C", "parent": "S", "layoutMargins": [8, 8, 8, 8],
             "stack": {"axis": "vertical", "alignment": "center", "spacing": 8, "layoutMarginsRelative": true}}
            """#,
          views: images,
          constraints: #"""
            {"id": "top", "first": "C.top", "second": "S.content.top", "constant": 5},
            {"id": "bottom", "first": "S.content.bottom", "second": "C.bottom", "constant": 7},
            {"id": "leading", "first": "C.leading", "second": "S.content.leading", "constant": 3},
            {"id": "trailing", "first": "C.trailing", "second": "S.content.trailing", "constant": -11},
            {"id": "width", "first": "C.width", "second": "S.frame.width", "constant": -14}
            """#,
          steps: #"""
            [{"resizeContainer": {"width": 568, "height": 320, "safeAreaInsets": [0, 0, 0, 0]}},
             {"setHidden": {"i2": true}},
             {"setConstant": {"top": 15, "width": -40}},
             {"setTextScale": 1.5},
             {"resizeContainer": {"width": 320, "height": 568, "safeAreaInsets": [20, 0, 0, 0]}}]
            """#))
      // Portrait: C is 320 − 14 = 306 wide at x 3 (or, right to left, 11), its canvas
      // 290: the caption (350 on one line) wraps to two lines (70 × 4 + 4 × 3 = 292 > 290,
      // so three words and two): C is 8 + 100 + 8 + 100 + 8 + 40 + 8 = 272 high at y 5;
      // the content is 3 + 306 + 11 = 320 by 5 + 272 + 7 = 284.
      #expect(ReplayPair.frame(layouts[0], "C") == [rightToLeft ? 11 : 3, 5, 306, 272])
      #expect(ReplayPair.contentSize(layouts[0], "S") == [320, 284])
    }
  }

  @Test func plainEdgesAndVisualFormatReadTheContentArea() throws {
    let layouts = try ReplayPair.run(
      scene(
        scrollView: autoresizingScrollView,
        content: #"{"id": "C", "parent": "S", "stack": {"axis": "vertical", "alignment": "fill", "spacing": 10}}"#,
        views: images,
        constraints: #"""
          {"id": "h", "vfl": "H:|-10-[C]-10-|"},
          {"id": "v", "vfl": "V:|-20-[C]|"},
          {"id": "w", "first": "S.width", "second": "C.width", "constant": 20}
          """#,
        steps: #"[{"resizeContainer": {"width": 200, "height": 500}}]"#))
    // C 300 wide at (10, 20); the caption at 300 is two lines: 100 + 10 + 100 + 10 + 40.
    #expect(ReplayPair.frame(layouts[0], "C") == [10, 20, 300, 260])
    #expect(ReplayPair.contentSize(layouts[0], "S") == [320, 280])
  }

  @Test func theHorizontalMirrorAndNoSizePinned() throws {
    let strip = #"""
      {"id": "C", "parent": "S", "stack": {"axis": "horizontal", "alignment": "center", "spacing": 8}},
      {"id": "a", "parent": "C", "intrinsicSize": [150, 60]},
      {"id": "b", "parent": "C", "intrinsicSize": [250, 80]},
      {"id": "c", "parent": "C", "text": {"words": [60, 60], "lineHeight": 20, "maxLines": 1}}
      """#
    let edges = #"""
      {"id": "l", "first": "C.left", "second": "S.content.left", "constant": 4},
      {"id": "r", "first": "C.right", "second": "S.right", "constant": -4},
      {"id": "t", "first": "S.top", "second": "C.top"},
      {"id": "b", "first": "C.bottom", "second": "S.content.bottom"}
      """#
    let steps = #"[{"resizeContainer": {"width": 568, "height": 320}}, {"setIntrinsicSize": {"b": [250, 120]}}]"#
    for sizePin in [#", {"id": "h", "first": "C.height", "second": "S.frame.height", "constant": -10}"#, ""] {
      let layouts = try ReplayPair.run(
        scene(
          scrollView: autoresizingScrollView, content: strip, views: #"{"id": "d", "parent": "C", "intrinsicSize": [10, 10]}"#,
          constraints: edges + sizePin, steps: steps))
      // Along the stack: 150 + 8 + 250 + 8 + 124 + 8 + 10 = 558, plus 4 + 4 of insets.
      #expect(ReplayPair.contentSize(layouts[0], "S")?.first == 566)
    }
  }

  @Test func aScrollViewArrangedInAStackTakesItsContentsCostsOnAPinnedAxis() throws {
    // In a leading-aligned vertical stack the scroll view's width is not fixed from
    // outside: C's width (pinned to S's, less 8) brings its costs, so S is as wide as C
    // wants (its widest image, 150, its own hugging pulling in) plus 8.
    let layouts = try ReplayPair.run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 320, "height": 568},
       "views": [
        {"id": "root"},
        {"id": "outer", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 320, 568],
         "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
         "stack": {"axis": "vertical", "alignment": "leading", "spacing": 10}},
        {"id": "top", "parent": "outer", "intrinsicSize": [50, 50]},
        {"id": "S", "parent": "outer", "scroll": {}},
        {"id": "C", "parent": "S", "stack": {"axis": "vertical", "spacing": 8}},
        {"id": "i1", "parent": "C", "intrinsicSize": [100, 100]},
        {"id": "i2", "parent": "C", "intrinsicSize": [150, 100]},
        {"id": "bottomBar", "parent": "outer", "intrinsicSize": [80, 44]}
       ],
       "constraints": [
        {"id": "v", "vfl": "V:|[C]|"},
        {"id": "h", "vfl": "H:|-4-[C]-4-|"},
        {"id": "w", "first": "C.width", "second": "S.width", "constant": -8}
       ],
       "steps": [{"setIntrinsicSize": {"i2": [400, 100]}}, {"setStack": {"outer": {"alignment": "fill"}}},
                 {"setStack": {"outer": {"axis": "horizontal", "alignment": "leading"}}}]}
      """#)
    #expect(ReplayPair.frame(layouts[0], "S")?[2] == 158)
    #expect(ReplayPair.contentSize(layouts[0], "S") == [158, 208])
  }
}
