import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import Testing

/// Tables with self-sizing rows (formats.md section 2.1) through `SceneReplay`: only the
/// rows that scroll into view are fitted, each alone; a scroll fits what it reveals; a
/// width change refits the visible rows and returns the others to the estimate.
@Suite struct TableLayoutTests {
  /// A table filling a 375 × 600 root, `rows` rows each holding a label pinned to the row's
  /// margins (8): row k's label has k % 3 + 1 words of 300 (one line each at 359 wide), so
  /// row k is 16 + 20 × (k % 3 + 1) high.
  private func tableScene(rows: Int, steps: String) -> String {
    var views = [#"{"id": "root"}"#, #"{"id": "t", "parent": "root", "table": {"estimatedRowHeight": 50}}"#]
    var constraints = [#"{"id": "th", "vfl": "H:|[t]|"}"#, #"{"id": "tv", "vfl": "V:|[t]|"}"#]
    for k in 0..<rows {
      let words = Array(repeating: "300", count: k % 3 + 1).joined(separator: ", ")
      views.append(#"{"id": "r\#(k)", "parent": "t"}"#)
      views.append(#"{"id": "l\#(k)", "parent": "r\#(k)", "text": {"words": [\#(words)], "lineHeight": 20}}"#)
      constraints.append(#"{"id": "h\#(k)", "vfl": "H:|-[l\#(k)]-|"}"#)
      constraints.append(#"{"id": "v\#(k)", "vfl": "V:|-[l\#(k)]-|"}"#)
    }
    return #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 600},
       "views": [\#(views.joined(separator: ",\n"))], "constraints": [\#(constraints.joined(separator: ",\n"))],
       "steps": \#(steps)}
      """#
  }

  private func run(_ text: String) throws -> [FramesDocument.State] {
    let make = { ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false) }
    var replay = SceneReplay(document: try SceneDocument.decode(text, file: "t.json").document, backend: make(), rowBackends: make)
    return try replay.run()
  }

  private func layout(_ state: FramesDocument.State) throws -> FramesDocument.Layout {
    guard case .layout(let layout) = state.outcome else { throw Failure(description: "no layout: \(state.outcome)") }
    return layout
  }

  struct Failure: Error, CustomStringConvertible { var description: String }

  private func fitted(_ layout: FramesDocument.Layout, rows: Int) -> [String] {
    let estimated = Set(layout.estimatedRows.first { $0.table == "t" }?.rows ?? [])
    return (0..<rows).map { "r\($0)" }.filter { !estimated.contains($0) }
  }

  private func frame(_ layout: FramesDocument.Layout, _ id: String) -> [Double]? {
    layout.frames.first { $0.view == id }.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
  }

  @Test func onlyTheRowsInViewAreFittedWhateverTheTableLength() throws {
    // At estimates of 50 the first round fits rows 0–11 (row 11 at 550 < 600). Their
    // heights, 36, 56, 76 repeating (168 per three rows), sum to 672: row 12 starts below
    // the table and stays estimated.
    for rows in [30, 3_000] {
      let states = try run(tableScene(rows: rows, steps: "[]"))
      let first = try layout(states[0])
      #expect(fitted(first, rows: rows) == (0..<12).map { "r\($0)" }, "\(rows) rows")
      #expect(frame(first, "r1") == [0, 36, 375, 56])
      #expect(frame(first, "l2") == [8, 8, 359, 60])
      #expect(frame(first, "r11") == [0, 596, 375, 76])
      #expect(frame(first, "r12") == [0, 672, 375, 50], "an estimated row")
      let content = try #require(first.contentSizes.first { $0.view == "t" })
      #expect(content.height == 672 + Double(rows - 12) * 50)
    }
  }

  @Test func aScrollFitsTheRowsItRevealsAndAWidthChangeRefitsTheVisibleOnes() throws {
    let states = try run(
      tableScene(
        rows: 60,
        steps: #"[{"scrollTo": {"t": 1000}}, {"resizeContainer": {"width": 200, "height": 600}}, {"scrollTo": {"t": -5}}]"#))
    // Row k ≥ 12 starts at 672 + 50 (k − 12): the window [1000, 1600) meets rows 18–30,
    // fitted (708 high in all); then row 31 starts at 1680, below the window. Rows scrolled
    // past keep their heights; rows 12–17 were never in view.
    let scrolled = try layout(states[1])
    #expect(fitted(scrolled, rows: 60) == (0..<12).map { "r\($0)" } + (18...30).map { "r\($0)" })
    // 200 wide: judged with the heights before, rows 18–29 are visible and refitted, row
    // 30 (at 1644) and rows 0–11 return to the estimate; then rows 0–17 count 900, rows
    // 18–29 end at 1572 and row 30 is in view again.
    let narrow = try layout(states[2])
    #expect(fitted(narrow, rows: 60) == (18...30).map { "r\($0)" })
    #expect(frame(narrow, "l18") == [8, 8, 184, 20])
    let back = try layout(states[3])
    #expect(frame(back, "r0") == [0, 0, 200, 36], "scrolled back: the offset clamps to 0 and row 0 is fitted again")
    #expect(frame(back, "l0") == [8, 8, 184, 20])
  }

  @Test func aScrollViewInARowReportsTheContentSizeOfItsRowsLayout() throws {
    // Each row holds a horizontal scroll view of a 300 + 8 + 300 = 608 wide stack, 40 high
    // (its height pinned to the strip's, 40): the table's own scene lays nothing in a row
    // out, so the content size is the row's own layout's; a row not fitted reports zero,
    // as its subtree's frames are.
    var views = [#"{"id": "root"}"#, #"{"id": "t", "parent": "root", "table": {"estimatedRowHeight": 100}}"#]
    var constraints = [#"{"id": "th", "vfl": "H:|[t]|"}"#, #"{"id": "tv", "vfl": "V:|[t(60)]"}"#]
    for k in 0..<3 {
      views.append(#"{"id": "r\#(k)", "parent": "t"}"#)
      views.append(#"{"id": "s\#(k)", "parent": "r\#(k)", "scroll": {}}"#)
      views.append(#"{"id": "c\#(k)", "parent": "s\#(k)", "stack": {"axis": "horizontal", "spacing": 8}}"#)
      views.append(#"{"id": "a\#(k)", "parent": "c\#(k)", "intrinsicSize": [300, 30]}"#)
      views.append(#"{"id": "b\#(k)", "parent": "c\#(k)", "intrinsicSize": [300, 30]}"#)
      constraints.append(#"{"id": "sh\#(k)", "vfl": "H:|[s\#(k)]|"}"#)
      constraints.append(#"{"id": "sv\#(k)", "vfl": "V:|[s\#(k)(40)]|"}"#)
      constraints.append(#"{"id": "ch\#(k)", "vfl": "H:|[c\#(k)]|"}"#)
      constraints.append(#"{"id": "cv\#(k)", "vfl": "V:|[c\#(k)]|"}"#)
      constraints.append(#"{"id": "cheight\#(k)", "first": "c\#(k).height", "second": "s\#(k).frame.height"}"#)
    }
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 600},
       "views": [\#(views.joined(separator: ",\n"))], "constraints": [\#(constraints.joined(separator: ",\n"))]}
      """#)
    let first = try layout(states[0])
    // Rows of 40 in a table 60 high: rows 0 and 1 (at 0 and 40) are fitted, row 2 (at 80)
    // is not.
    func size(_ id: String) -> [Double]? { first.contentSizes.first { $0.view == id }.map { [$0.width, $0.height] } }
    #expect(size("s1") == [608, 40])
    #expect(size("s2") == [0, 0])
    #expect(size("t") == [375, 40 + 40 + 100])
  }

  @Test func aTableInsideARowIsLaidOutByThatRowsOwnLayout() throws {
    // Row r of table t holds a title (20) and a table `inner` (intrinsic height 100) whose
    // one row ir holds x (25, then 40): r is fitted alone, and inside r's layout inner's
    // row is fitted; the outer table's scene has no frames for inner, so it leaves it to r.
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"},
        {"id": "t", "parent": "root", "translatesAutoresizingMask": true, "frame": [0, 0, 375, 600], "table": {"estimatedRowHeight": 50}},
        {"id": "r", "parent": "t", "stack": {"axis": "vertical", "spacing": 4}},
        {"id": "title", "parent": "r", "intrinsicSize": [50, 20]},
        {"id": "inner", "parent": "r", "table": {"estimatedRowHeight": 30}, "intrinsicSize": [null, 100]},
        {"id": "ir", "parent": "inner", "stack": {"axis": "horizontal"}},
        {"id": "x", "parent": "ir", "intrinsicSize": [20, 25]}],
       "steps": [{"setIntrinsicSize": {"x": [20, 40]}}]}
      """#)
    for (state, height) in [(0, 25.0), (1, 40)] {
      let layout = try layout(states[state])
      #expect(frame(layout, "r") == [0, 0, 375, 124])
      #expect(frame(layout, "inner") == [0, 24, 375, 100])
      #expect(frame(layout, "ir") == [0, 0, 375, height])
      #expect(frame(layout, "x") == [0, 0, 375, height])
      #expect(layout.estimatedRows.map(\.table) == ["t", "inner"])
      #expect(layout.estimatedRows.allSatisfy { $0.rows.isEmpty })
      #expect(layout.contentSizes.first { $0.view == "inner" }.map { [$0.width, $0.height] } == [375, height])
    }
  }

  @Test func aTableWithoutRowBackendsIsRefused() throws {
    var replay = SceneReplay(
      document: try SceneDocument.decode(tableScene(rows: 2, steps: "[]"), file: "t.json").document,
      backend: ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false))
    #expect(throws: SceneReplayError.self) { _ = try replay.run() }
  }
}
