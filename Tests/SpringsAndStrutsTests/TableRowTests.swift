import Testing

/// Tables whose rows are stacks (formats.md section 2.1, docs/springs-and-struts.md "Table
/// rows"): the table is laid out as any autoresizing or arranged view, each row is fitted
/// alone by a springs-struts of its own (the row a root stack whose height its content
/// decides against the pull to 0 at priority 50), through `SceneReplay` as `bench layout`
/// runs it; every state against Cassowary's.
@Suite struct TableRowTests {
  /// A message row: avatar beside a column of a name and a wrapping text, in the row's
  /// margins (8), the column's labels 2 apart.
  private func messageRow(_ k: Int, words: [Int]) -> String {
    #"""
    {"id": "m\#(k)", "parent": "t", "stack": {"axis": "horizontal", "alignment": "leading", "spacing": 8, "layoutMarginsRelative": true}},
    {"id": "avatar\#(k)", "parent": "m\#(k)", "intrinsicSize": [40, 40], "hugging": [251, 251], "compressionResistance": [760, 760]},
    {"id": "column\#(k)", "parent": "m\#(k)", "stack": {"axis": "vertical", "spacing": 2}},
    {"id": "name\#(k)", "parent": "column\#(k)", "text": {"words": [30, 42], "lineHeight": 20, "maxLines": 1}},
    {"id": "body\#(k)", "parent": "column\#(k)", "text": {"words": \#(words), "lineHeight": 18}}
    """#
  }

  private func messagesScene(steps: String) -> String {
    let rows = (0..<12).map { messageRow($0, words: Array(repeating: 60 + 7 * $0, count: $0 % 4 + 1)) }
    return #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667, "safeAreaInsets": [20, 0, 0, 0]},
       "views": [{"id": "root"},
        {"id": "t", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 20, 375, 400],
         "autoresizingMask": ["flexibleWidth", "flexibleHeight"], "table": {"estimatedRowHeight": 60}},
        \#(rows.joined(separator: ",\n"))],
       "steps": \#(steps)}
      """#
  }

  @Test func rowsThatAreStacksAreFittedAsCassowaryFitsThem() throws {
    let layouts = try ReplayPair.run(
      messagesScene(
        steps: #"""
          [{"resizeContainer": {"width": 667, "height": 375, "safeAreaInsets": [0, 44, 21, 44]}},
           {"setText": {"body1": {"words": [90, 90, 90, 90, 90, 90, 90], "lineHeight": 18}}},
           {"setTextScale": 1.35},
           {"scrollTo": {"t": 500}},
           {"setHidden": {"name2": true}},
           {"addViews": [{"id": "extra", "parent": "column0", "intrinsicSize": [null, 30]}]},
           {"removeViews": ["avatar3"]},
           {"resizeContainer": {"width": 320, "height": 568, "safeAreaInsets": [20, 0, 0, 0]}}]
          """#))
    // Row 0 at 375 wide: the column is 375 − 16 − 40 − 8 = 311 wide, its one 60-point word
    // one line: 8 + 20 + 2 + 18 + 8 = 56 (the avatar, 40, is shorter).
    #expect(ReplayPair.frame(layouts[0], "m0") == [0, 0, 375, 56])
    #expect(ReplayPair.frame(layouts[0], "column0") == [56, 8, 311, 40])
    #expect(ReplayPair.frame(layouts[0], "body0") == [0, 22, 311, 18])
    #expect(layouts[0].estimatedRows.first?.rows.isEmpty == false, "rows below the table stay estimated")
  }

  @Test func aTableArrangedInAStackWithRowsOfEveryStackShape() throws {
    // The root is a vertical stack: a header, the table (no intrinsic height: it takes the
    // rest), a footer. Rows: a horizontal fill row with a wrapping label beside a switch
    // (text-width disambiguation at the row's fixed width), a vertical equalSpacing row, a
    // baseline-aligned row, a row with a low compression resistance that the fitting pull
    // (50) beats, and a row holding a horizontal scroll view of a stack.
    try ReplayPair.run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [
        {"id": "root", "stack": {"axis": "vertical"}},
        {"id": "header", "parent": "root", "intrinsicSize": [null, 44]},
        {"id": "t", "parent": "root", "table": {"estimatedRowHeight": 50}},
        {"id": "footer", "parent": "root", "intrinsicSize": [null, 30]},
        {"id": "fillRow", "parent": "t", "stack": {"axis": "horizontal", "alignment": "center", "spacing": 8}},
        {"id": "label", "parent": "fillRow", "text": {"words": [80, 80, 80, 80, 80], "lineHeight": 20}},
        {"id": "switch", "parent": "fillRow", "intrinsicSize": [51, 31], "hugging": [750, 750]},
        {"id": "spacedRow", "parent": "t", "stack": {"axis": "vertical", "distribution": "equalSpacing", "spacing": 6}},
        {"id": "s1", "parent": "spacedRow", "intrinsicSize": [100, 20]},
        {"id": "s2", "parent": "spacedRow", "intrinsicSize": [120, 30]},
        {"id": "baselineRow", "parent": "t", "stack": {"axis": "horizontal", "alignment": "firstBaseline", "spacing": 4}},
        {"id": "big", "parent": "baselineRow", "text": {"words": [40], "lineHeight": 30, "maxLines": 1}},
        {"id": "small", "parent": "baselineRow", "text": {"words": [30, 30], "lineHeight": 15}},
        {"id": "softRow", "parent": "t", "stack": {"axis": "vertical"}},
        {"id": "soft", "parent": "softRow", "intrinsicSize": [40, 40], "compressionResistance": [750, 40]},
        {"id": "firm", "parent": "softRow", "intrinsicSize": [40, 10]},
        {"id": "scrollRow", "parent": "t", "stack": {"axis": "vertical", "spacing": 4, "layoutMarginsRelative": true}},
        {"id": "title", "parent": "scrollRow", "text": {"words": [50], "lineHeight": 20, "maxLines": 1}},
        {"id": "strip", "parent": "scrollRow", "scroll": {}},
        {"id": "chips", "parent": "strip", "stack": {"axis": "horizontal", "spacing": 8}},
        {"id": "chip1", "parent": "chips", "intrinsicSize": [90, 32]},
        {"id": "chip2", "parent": "chips", "intrinsicSize": [200, 28]},
        {"id": "chip3", "parent": "chips", "intrinsicSize": [150, 32]}
       ],
       "constraints": [
        {"id": "chipsH", "vfl": "H:|[chips]|"},
        {"id": "chipsTop", "first": "chips.top", "second": "strip.content.top"},
        {"id": "chipsBottom", "first": "chips.bottom", "second": "strip.content.bottom"},
        {"id": "chipsHeight", "first": "chips.height", "second": "strip.frame.height", "constant": -4}
       ],
       "steps": [
        {"resizeContainer": {"width": 320, "height": 568}},
        {"setCompressionResistance": {"soft": [750, 60]}},
        {"setIntrinsicSize": {"chip1": [90, 44]}},
        {"setTextScale": 2}
       ]}
      """#)
  }

  @Test func aTableInsideARowStack() throws {
    // The inner table is arranged in the row stack (its height its intrinsic 100); its own
    // rows are fitted inside the row's layout, by a springs-struts of their own.
    let layouts = try ReplayPair.run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"},
        {"id": "t", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 375, 600],
         "autoresizingMask": ["flexibleWidth"], "table": {"estimatedRowHeight": 50}},
        {"id": "r", "parent": "t", "stack": {"axis": "vertical", "spacing": 4}},
        {"id": "title", "parent": "r", "text": {"words": [50], "lineHeight": 20, "maxLines": 1}},
        {"id": "inner", "parent": "r", "table": {"estimatedRowHeight": 30}, "intrinsicSize": [null, 100]},
        {"id": "ir1", "parent": "inner", "stack": {"axis": "horizontal", "alignment": "center"}},
        {"id": "x", "parent": "ir1", "text": {"words": [40, 40], "lineHeight": 25}},
        {"id": "ir2", "parent": "inner", "stack": {"axis": "vertical"}},
        {"id": "y", "parent": "ir2", "intrinsicSize": [20, 90]}],
       "steps": [{"setIntrinsicSize": {"y": [20, 30]}}, {"resizeContainer": {"width": 200, "height": 667}}, {"setTextScale": 3}]}
      """#)
    #expect(ReplayPair.frame(layouts[0], "r") == [0, 0, 375, 124])
    #expect(ReplayPair.contentSize(layouts[0], "inner") == [375, 115])
  }
}
