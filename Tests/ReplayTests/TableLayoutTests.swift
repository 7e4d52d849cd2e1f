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

  @Test func aTableWithoutRowBackendsIsRefused() throws {
    var replay = SceneReplay(
      document: try SceneDocument.decode(tableScene(rows: 2, steps: "[]"), file: "t.json").document,
      backend: ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false))
    #expect(throws: SceneReplayError.self) { _ = try replay.run() }
  }
}
