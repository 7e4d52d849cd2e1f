import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import Testing

/// The layout passes of formats.md section 2.1 through `SceneReplay` (every layout goes
/// through `LayoutDriver`): labels wrap at their solved widths, each state counts its
/// solves, Dynamic Type and deferred layout groups, safe areas per view, and the refusals.
@Suite struct LayoutPassTests {
  /// A label of words 60 80 70 90 50 100 40 120 30 60 (space 4, single line 736) pinned to
  /// the root's margins (16) under a safe area [44, 0, 34, 0], on 375 × 667.
  private func labelScene(steps: String = "[]", label: String = "") -> String {
    """
    {"format": "layoutbench.scene/1",
     "container": {"width": 375, "height": 667, "safeAreaInsets": [44, 0, 34, 0]},
     "views": [{"id": "root", "layoutMargins": [16, 16, 16, 16]},
       {"id": "label", "parent": "root", "text": {"words": [60, 80, 70, 90, 50, 100, 40, 120, 30, 60], "lineHeight": 20.5}\(label)}],
     "constraints": [{"id": "h", "vfl": "H:|-[label]-|"}, {"id": "t", "first": "label.top", "second": "root.safeArea.top"}],
     "steps": \(steps)}
    """
  }

  private func run(_ text: String) throws -> [FramesDocument.State] {
    var replay = SceneReplay(
      document: try SceneDocument.decode(text, file: "p.json").document,
      backend: ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false))
    return try replay.run()
  }

  private func layout(_ state: FramesDocument.State, sourceLocation: SourceLocation = #_sourceLocation) -> FramesDocument.Layout? {
    guard case .layout(let layout) = state.outcome else {
      Issue.record("no layout: \(state.outcome)", sourceLocation: sourceLocation)
      return nil
    }
    return layout
  }

  private func frame(_ state: FramesDocument.State, _ id: String) -> [Double]? {
    layout(state)?.frames.first { $0.view == id }.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
  }

  @Test func aLabelWrapsAtItsSolvedWidthInASecondPass() throws {
    let states = try run(labelScene())
    // Pass 1 at the single-line width: one line. Solved width 375 − 32 = 343: lines
    // 60 80 70 90 | 50 100 40 120 | 30 60, three of 20.5. Pass 2 keeps 343: settled.
    #expect(frame(states[0], "label") == [16, 44, 343, 61.5])
    #expect(layout(states[0])?.passes == 2)
  }

  @Test func rotationAndDynamicTypeRewrapFromTheLastWidth() throws {
    let states = try run(
      labelScene(
        steps: #"""
          [{"resizeContainer": {"width": 667, "height": 375, "safeAreaInsets": [0, 44, 21, 44]}},
           {"setTextScale": 1.5}, {"setTextScale": 1}]
          """#))
    // Landscape: 667 − 2 × (44 + 16) = 547; two lines (736 > 547). Pass 1 wraps at 343 (3
    // lines), pass 2 at 547.
    #expect(frame(states[1], "label") == [60, 0, 547, 41])
    #expect(layout(states[1])?.passes == 2)
    // Scale 1.5 at 547: 90 120 105 135 | 75 150 60 180 45 | 90 → three lines of 30.75, in
    // one pass (the width is the previous state's).
    #expect(frame(states[2], "label") == [60, 0, 547, 92.25])
    #expect(layout(states[2])?.passes == 1)
    #expect(frame(states[3], "label") == [60, 0, 547, 41], "scale 1 restores the text as written")
  }

  @Test func aLayoutGroupIsOneStateAndIsRefusedWhole() throws {
    let states = try run(
      labelScene(
        steps: #"""
          [{"layout": [{"setTextScale": 2}, {"setConstant": {"t": 10}}]},
           {"layout": [{"setConstant": {"t": 50}}, {"setConstant": {"nope": 1}}]},
           {"setConstant": {"t": 0}}]
          """#))
    #expect(states.count == 4)
    // Scale 2 at 343: 120 160 | 140 180 | 100 200 | 80 240 | 60 120 → five lines of 41.
    #expect(frame(states[1], "label") == [16, 54, 343, 205])
    guard case .failed(let error) = states[2].outcome else {
      Issue.record("the group with an unknown id was applied")
      return
    }
    #expect(error.kind == "invalidStep")
    #expect(error.message.hasPrefix("steps[1].layout[1].setConstant.nope:"), "\(error.message)")
    #expect(frame(states[3], "label") == [16, 44, 343, 205], "the refused group's first change was undone")
  }

  @Test func badTextInAStepIsARefusedStepAndInTheFileBadInput() throws {
    let states = try run(
      labelScene(
        steps: #"""
          [{"setText": {"label": {"words": [10, -1], "lineHeight": 20}}}, {"setIntrinsicSize": {"label": [10, 10]}},
           {"setTextScale": 0}, {"setText": {"label": {"words": [10], "lineHeight": 20}}}]
          """#))
    for (k, fragment) in [(1, "steps[0].setText.label.words[1]"), (2, "steps[1].setIntrinsicSize.label"), (3, "steps[2].setTextScale")] {
      guard case .failed(let error) = states[k].outcome else {
        Issue.record("step \(k - 1) was applied")
        continue
      }
      #expect(error.message.hasPrefix(fragment), "\(error.message)")
    }
    #expect(frame(states[4], "label") == [16, 44, 343, 20])
    do {
      _ = try SceneDocument.decode(labelScene(label: #", "intrinsicSize": [10, 10]"#), file: "p.json")
      Issue.record("a label with an intrinsic size of its own was accepted")
    } catch {
      #expect("\(error)" == "p.json: views[1].intrinsicSize: a view with text takes its intrinsic size from the text")
    }
  }

  @Test func aViewUnderTheStatusBarTakesTheBandIntoItsOwnSafeArea() throws {
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1",
       "container": {"width": 375, "height": 812, "safeAreaInsets": [44, 0, 34, 0]},
       "views": [{"id": "root"}, {"id": "bar", "parent": "root"}, {"id": "inner", "parent": "bar"}],
       "constraints": [{"id": "bh", "vfl": "H:|[bar]|"}, {"id": "bt", "first": "bar.top", "second": "root.top"},
         {"id": "bb", "first": "bar.height", "constant": 100},
         {"id": "ih", "vfl": "H:|[inner]|"}, {"id": "it", "first": "inner.top", "second": "bar.safeArea.top"},
         {"id": "ib", "first": "inner.bottom", "second": "bar.margins.bottom"}],
       "steps": [{"resizeContainer": {"width": 812, "height": 375, "safeAreaInsets": [0, 44, 21, 44]}}]}
      """#)
    // bar (0, 0, 375, 100) meets the top band [0, 44): its safe top is 44, so inner starts
    // at 44 and ends at its margin, 100 − 8. Pass 1 had zero insets; pass 2 moves inner to
    // y 44, out of the band (its own insets back to 0): pass 3 settles.
    #expect(frame(states[0], "inner") == [0, 44, 375, 48])
    #expect(layout(states[0])?.passes == 3)
    #expect(frame(states[1], "inner") == [0, 0, 812, 92], "landscape: no top band")
  }

  /// The same nesting with every view listed before its parent (the inset walk goes in
  /// view order and walks up to a parent it has not reached yet): the same frames, passes
  /// and, two levels down, the band reaching into a view whose root y is the sum of both.
  @Test func viewsListedBeforeTheirParentsTakeTheSameInsets() throws {
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1",
       "container": {"width": 375, "height": 812, "safeAreaInsets": [44, 0, 34, 0]},
       "views": [{"id": "root"}, {"id": "leaf", "parent": "inner"}, {"id": "inner", "parent": "bar"},
         {"id": "bar", "parent": "root"}],
       "constraints": [{"id": "bh", "vfl": "H:|[bar]|"}, {"id": "bt", "first": "bar.top", "second": "root.top", "constant": 10},
         {"id": "bb", "first": "bar.height", "constant": 100},
         {"id": "ih", "vfl": "H:|[inner]|"}, {"id": "it", "first": "inner.top", "second": "bar.top", "constant": 10},
         {"id": "ib", "first": "inner.height", "constant": 50},
         {"id": "lh", "vfl": "H:|[leaf]|"}, {"id": "lt", "first": "leaf.top", "second": "inner.safeArea.top"},
         {"id": "lb", "first": "leaf.bottom", "second": "inner.bottom"}]}
      """#)
    // bar's root y is 10, inner's 20: the top band [0, 44) reaches 24 into inner, so leaf
    // starts at 24 in inner (root y 44) and ends at its bottom, 50. Pass 1 had zero insets,
    // pass 2 takes inner's 24 (bar's 34 moves nothing that reads it), pass 3 settles.
    #expect(frame(states[0], "inner") == [0, 10, 375, 50])
    #expect(frame(states[0], "leaf") == [0, 24, 375, 26])
    #expect(layout(states[0])?.passes == 3)
  }

  /// A constraint on a safe area added by a step is touched when that safe area moves
  /// later (the passes keep a list of the constraints that read insets, extended as
  /// constraints come): rotated to landscape, where no band is on top, inner follows
  /// bar's safe top from 44 back to 0.
  @Test func aConstraintAddedLaterFollowsTheSafeAreaItReads() throws {
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1",
       "container": {"width": 375, "height": 812, "safeAreaInsets": [44, 0, 34, 0]},
       "views": [{"id": "root"}, {"id": "bar", "parent": "root"}, {"id": "inner", "parent": "bar"}],
       "constraints": [{"id": "bh", "vfl": "H:|[bar]|"}, {"id": "bt", "first": "bar.top", "second": "root.top"},
         {"id": "bb", "first": "bar.height", "constant": 100},
         {"id": "ih", "vfl": "H:|[inner]|"}, {"id": "ib", "first": "inner.height", "constant": 20}],
       "steps": [{"addConstraints": [{"id": "it", "first": "inner.top", "second": "bar.safeArea.top"}]},
         {"resizeContainer": {"width": 812, "height": 375, "safeAreaInsets": [0, 44, 21, 44]}}]}
      """#)
    #expect(frame(states[1], "inner") == [0, 44, 375, 20])
    #expect(frame(states[2], "inner") == [0, 0, 812, 20])
  }

  @Test func aLayoutThatNeverSettlesStopsAtEightSolves() throws {
    // The label's height is its text's (required), its width follows it (width = 5 ×
    // height + 100): one line (20) makes
    // it 200, too narrow for 100 + 4 + 100, so two lines (40) make it 300, wide enough for
    // one again.
    let states = try run(
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 400, "height": 400},
       "views": [{"id": "root"}, {"id": "l", "parent": "root", "text": {"words": [100, 100], "lineHeight": 20},
         "hugging": [1, 1000], "compressionResistance": [1, 1000]}],
       "constraints": [{"id": "x", "first": "l.left", "second": "root.left"}, {"id": "y", "first": "l.top", "second": "root.top"},
         {"id": "w", "first": "l.width", "second": "l.height", "multiplier": 5, "constant": 100}]}
      """#)
    #expect(layout(states[0])?.passes == 8)
    #expect(layout(states[0])?.diagnostics == [.layoutLoop(views: ["l"])])
  }
}
