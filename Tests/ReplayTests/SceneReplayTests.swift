import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import Testing
import TestSupport

private func document(_ text: String) throws -> SceneDocument {
  try SceneDocument.decode(text, file: "r.json").document
}

private func cassowary(ambiguity: Bool = false) -> ConstraintLayout<CassowarySolver> {
  ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: ambiguity)
}

/// The layout of a state, or nil (with an issue) for a refused step.
private func layout(_ state: FramesDocument.State, sourceLocation: SourceLocation = #_sourceLocation) -> FramesDocument.Layout? {
  guard case .layout(let layout) = state.outcome else {
    Issue.record("state \(state.step.map(String.init) ?? "null") has no layout: \(state.outcome)", sourceLocation: sourceLocation)
    return nil
  }
  return layout
}

/// The state's frames as `[x, y, width, height]` by view id.
private func frames(_ state: FramesDocument.State, sourceLocation: SourceLocation = #_sourceLocation) -> [String: [Double]] {
  var result: [String: [Double]] = [:]
  for entry in layout(state, sourceLocation: sourceLocation)?.frames ?? [] {
    result[entry.view] = [entry.frame.x, entry.frame.y, entry.frame.width, entry.frame.height]
  }
  return result
}

private func expectFrame(
  _ state: FramesDocument.State, _ view: String, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let actual = frames(state, sourceLocation: sourceLocation)[view] else {
    Issue.record("no frame for '\(view)' in state \(state.step.map(String.init) ?? "null")", sourceLocation: sourceLocation)
    return
  }
  let close = zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
  #expect(close, "\(view) in state \(state.step.map(String.init) ?? "null"): \(actual) vs \(expected)", sourceLocation: sourceLocation)
}

/// A root `r` (200 × 100) with a stack `row` holding `a`, a plain view `p`, and
/// constraints of every kind a step can name; `steps` follows.
private func base(steps: String) -> String {
  #"""
  {"format": "layoutbench.scene/1", "container": {"width": 200, "height": 100},
   "views": [{"id": "r"}, {"id": "row", "parent": "r", "stack": {}}, {"id": "a", "parent": "row", "intrinsicSize": [10, 10]},
             {"id": "p", "parent": "r"}],
   "constraints": [
     {"id": "rowX", "first": "row.left", "second": "r.left", "constant": 4},
     {"id": "rowY", "first": "row.top", "second": "r.top", "constant": 6},
     {"id": "pX", "first": "p.left", "second": "r.left", "constant": 1},
     {"id": "pY", "first": "p.top", "second": "r.top", "constant": 2},
     {"id": "pW", "first": "p.width", "constant": 30, "priority": 500},
     {"id": "pH", "first": "p.height", "constant": 7},
     {"id": "pTall", "first": "p.height", "constant": 50, "active": false}
   ],
   "steps": \#(steps)}
  """#
}

@Suite struct SceneReplayTests {
  // MARK: Every step kind, on a real backend

  @Test func appliesEveryStepKindOfTheFormatsExample() throws {
    let document = try SceneExample.document()
    #expect(Set(document.steps.map(\.change.kind)).count == 14)
    var replay = SceneReplay(document: document, backend: cassowary(ambiguity: true))
    try replay.layoutInitialScene()
    var states = [try replay.currentState()]
    var scenes = [replay.scene]
    while try replay.applyNextStep() {
      states.append(try replay.currentState())
      scenes.append(replay.scene)
    }
    #expect(states.map(\.step) == [nil] + (0..<14).map { $0 })
    #expect(states.allSatisfy { layout($0) != nil })
    let everyView = ["root", "title", "row", "a", "b", "legacy"]
    for state in states.prefix(13) { #expect(layout(state)?.frames.map(\.view) == everyView) }

    // Initial: title centred 20 below the safe area; the row between the root's margins
    // (`H:|-[row]-|`) 8 below the title; `a`, a 16 gap (custom spacing), then `b`.
    expectFrame(states[0], "root", [0, 0, 375, 667])
    expectFrame(states[0], "title", [127.5, 64, 120, 21])
    expectFrame(states[0], "row", [8, 93, 359, 30])
    expectFrame(states[0], "a", [0, 0, 60, 30])
    expectFrame(states[0], "b", [76, 0, 283, 30])
    expectFrame(states[0], "legacy", [20, 100, 200, 50])
    #expect(layout(states[0])?.diagnostics == [])
    // 0 resizeContainer: landscape, new safe area; `legacy` takes the width change.
    expectFrame(states[1], "root", [0, 0, 667, 375])
    expectFrame(states[1], "title", [273.5, 20, 120, 21])
    expectFrame(states[1], "row", [52, 49, 563, 30])
    expectFrame(states[1], "legacy", [20, 100, 492, 50])
    // 1 setConstant: the title moves down to 40.
    expectFrame(states[2], "title", [273.5, 40, 120, 21])
    expectFrame(states[2], "row", [52, 69, 563, 30])
    // 2 deactivate rowTop: nothing places the row vertically any more.
    #expect(layout(states[3])?.diagnostics.contains(.ambiguous(view: "row", attributes: ["minY"])) == true)
    // 3 activate rowTopWide: 24 below the title.
    expectFrame(states[4], "row", [52, 85, 563, 30])
    #expect(layout(states[4])?.diagnostics == [])
    // 4 addConstraints / 5 removeConstraints.
    #expect(scenes[5].constraintIndex(of: "aW") != nil)
    #expect(scenes[6].constraintIndex(of: "aW") == nil)
    expectFrame(states[5], "a", [0, 0, 60, 30])
    // 6 setPriority on the inactive rowTop: required to optional is allowed.
    #expect(scenes[7].constraintIndex(of: "rowTop").flatMap { scenes[7].constraints[$0]?.priority } == 750)
    // 7 setHugging, 8 setCompressionResistance.
    let a = try #require(scenes[0].viewIndex(of: "a"))
    #expect(scenes[8].view(a)?.hugging == AxisPair(horizontal: 249, vertical: 250))
    #expect(scenes[9].view(a)?.compressionResistance == AxisPair(horizontal: 751, vertical: 750))
    // 9 setHidden b: `a` fills the row alone.
    expectFrame(states[10], "a", [0, 0, 563, 30])
    // 10 setIntrinsicSize: the only visible view of a fill stack still fills it.
    #expect(scenes[11].view(a)?.intrinsicSize == AxisPair(horizontal: 80, vertical: 30))
    expectFrame(states[11], "a", [0, 0, 563, 30])
    // 11 setStack vertical: `a` keeps its intrinsic width, centred across the axis.
    expectFrame(states[12], "a", [241.5, 0, 80, 30])
    expectFrame(states[12], "row", [52, 85, 563, 30])
    // 12 addViews: `c` after `a` (16 custom spacing, `b` hidden), listed last.
    #expect(layout(states[13])?.frames.map(\.view) == everyView + ["c"])
    expectFrame(states[13], "c", [261.5, 46, 40, 40])
    expectFrame(states[13], "row", [52, 85, 563, 86])
    // 13 removeViews a: gone from the frames; `c` moves up.
    #expect(layout(states[14])?.frames.map(\.view) == ["root", "title", "row", "b", "legacy", "c"])
    expectFrame(states[14], "c", [261.5, 0, 40, 40])
    expectFrame(states[14], "row", [52, 85, 563, 40])
  }

  @Test func runGivesTheSameStatesAsSteppingAndSceneRunTimesEachPhase() throws {
    let document = try SceneExample.document()
    var replay = SceneReplay(document: document, backend: cassowary())
    let states = try replay.run()
    let run = try SceneRun.run(document, on: cassowary())
    #expect(run.backend == "cassowary")
    #expect(run.states == states)
    #expect(run.states.count == 15)
    #expect(run.layoutDurations.count == 15 && run.readDurations.count == 15)
    #expect(run.counters.pivots > 0)
    #expect(FramesDocument(run: run) == FramesDocument(backend: "cassowary", states: states))
  }

  // MARK: Atomicity

  @Test func aRefusedStepChangesNothingAndTheNextStepProceeds() throws {
    let steps = #"""
      [{"setConstant": {"pX": 99, "ghost": 1}},
       {"addConstraints": [{"id": "ok", "first": "p.width", "relation": ">=", "constant": 40},
                           {"id": "bad", "first": "p.top", "second": "r.width"}]},
       {"setConstant": {"pY": 9}}]
      """#
    var replay = SceneReplay(document: try document(base(steps: steps)), backend: cassowary())
    try replay.layoutInitialScene()
    let initial = try replay.currentState()
    expectFrame(initial, "p", [1, 2, 30, 7])

    #expect(try replay.applyNextStep())
    #expect(try replay.currentState() == FramesDocument.State(
      step: 0, outcome: .failed(.init(kind: "invalidStep", message: "steps[0].setConstant.ghost: no constraint 'ghost' is present"))))
    // The valid entry of the refused step was not applied either.
    #expect(replay.scene.constraintIndex(of: "pX").flatMap { replay.scene.constraints[$0]?.constant } == 1)

    #expect(try replay.applyNextStep())
    #expect(try replay.currentState() == FramesDocument.State(
      step: 1, outcome: .failed(.init(kind: "invalidStep", message: "steps[1].addConstraints[1]: a size ('width') cannot relate to a position ('top')"))))
    #expect(replay.scene.constraintIndex(of: "ok") == nil)
    #expect(replay.scene.constraints.compactMap { $0?.id } == ["rowX", "rowY", "pX", "pY", "pW", "pH", "pTall"])

    #expect(try replay.applyNextStep())
    let after = try replay.currentState()
    #expect(after.step == 2)
    // Neither refused step left a trace: x still 1, width still 30 (no `ok` >= 40).
    expectFrame(after, "p", [1, 9, 30, 7])
    #expect(try replay.applyNextStep() == false)

    // The same as a file that never had the refused steps.
    var clean = SceneReplay(document: try document(base(steps: #"[{"setConstant": {"pY": 9}}]"#)), backend: cassowary())
    let cleanStates = try clean.run()
    #expect(layout(cleanStates[1]) == layout(after))
  }

  @Test(arguments: [
    (#"{"setConstant": {"ghost": 1}}"#, "steps[0].setConstant.ghost: no constraint 'ghost' is present"),
    (#"{"activate": ["pTall", "ghost"]}"#, "steps[0].activate[1]: no constraint 'ghost' is present"),
    (#"{"deactivate": ["ghost"]}"#, "steps[0].deactivate[0]: no constraint 'ghost' is present"),
    (#"{"removeConstraints": ["pH", "ghost"]}"#, "steps[0].removeConstraints[1]: no constraint 'ghost' is present"),
    (#"{"addConstraints": [{"id": "pH", "first": "p.width"}]}"#, "steps[0].addConstraints[0].id: duplicate constraint id 'pH'"),
    (#"{"addConstraints": [{"id": "x", "first": "ghost.width"}]}"#, "steps[0].addConstraints[0].first: unknown view or guide 'ghost' in 'ghost.width'"),
    (#"{"addConstraints": [{"id": "v", "vfl": "H:|[p]|["}]}"#, "steps[0].addConstraints[0].vfl: character 7: expected the end of the format after the closing '|', found '['\n  H:|[p]|[\n         ^"),
    (#"{"setPriority": {"pH": 500}}"#, "steps[0].setPriority.pH: an active constraint cannot move between required and optional (UIKit forbids it); deactivate it first"),
    (#"{"setHugging": {"p": [250, 250], "ghost": [250, 250]}}"#, "steps[0].setHugging.ghost: unknown view 'ghost'"),
    (#"{"setCompressionResistance": {"ghost": [750, 750]}}"#, "steps[0].setCompressionResistance.ghost: unknown view 'ghost'"),
    (#"{"setHidden": {"a": true, "ghost": true}}"#, "steps[0].setHidden.ghost: unknown view 'ghost'"),
    (#"{"setIntrinsicSize": {"ghost": [1, 1]}}"#, "steps[0].setIntrinsicSize.ghost: unknown view 'ghost'"),
    (#"{"setStack": {"p": {"spacing": 2}}}"#, "steps[0].setStack.p: 'p' is not a stack view"),
    (#"{"setStack": {"row": {"spacing": 5, "customSpacing": {"p": 3}}}}"#, "steps[0].setStack.row.customSpacing.p: 'p' is not an arranged subview of this stack"),
    (#"{"addViews": [{"id": "n", "parent": "r"}, {"id": "m"}]}"#, "steps[0].addViews[1].parent: an added view needs a parent"),
    (#"{"addViews": [{"id": "a", "parent": "r"}]}"#, "steps[0].addViews[0].id: duplicate view id 'a'"),
    (#"{"removeViews": ["p", "r"]}"#, "steps[0].removeViews[1]: the root view cannot be removed"),
    (#"{"removeViews": ["ghost"]}"#, "steps[0].removeViews[0]: unknown view 'ghost'"),
  ])
  func refusesAStepThatCannotBeAppliedAndGoesOnFromTheStateBefore(step: String, message: String) throws {
    var replay = SceneReplay(document: try document(base(steps: "[\(step), {\"setHidden\": {}}]")), backend: cassowary())
    let states = try replay.run()
    #expect(states.count == 3)
    #expect(states[1] == FramesDocument.State(step: 0, outcome: .failed(.init(kind: "invalidStep", message: message))))
    #expect(states[2].step == 1)
    #expect(layout(states[2]) == layout(states[0]))
  }

  @Test func aRefusedStepNeverReachesTheBackend() throws {
    let steps = #"[{"setHidden": {"a": true}}, {"setHidden": {"ghost": true}}, {"removeViews": ["p"]}]"#
    var replay = SceneReplay(document: try document(base(steps: steps)), backend: FakeLayoutBackend())
    let states = try replay.run()
    #expect(states.map(\.step) == [nil, 0, 1, 2])
    #expect(replay.backend.loads == 1)
    #expect(replay.backend.updates.count == 2)
    // One layout pass per state that reached the backend: the initial one and two steps.
    #expect(replay.backend.layoutPasses == 3)
    #expect(replay.backend.updates.last?.removedViews.count == 1)
    // Frames in view order, `p` gone after the last step.
    #expect(layout(states[3])?.frames.map(\.view) == ["r", "row", "a"])
  }

  // MARK: Backends that cannot go on

  @Test func aBackendThatCannotExpressTheSceneIsNeverAskedToLayItOut() throws {
    var replay = SceneReplay(document: try document(base(steps: "[]")), backend: StacklessLayoutBackend())
    #expect(throws: SceneReplayError(kind: .unsupported, step: nil, message: "view 'row' is a stack view")) {
      _ = try replay.run()
    }
    #expect(replay.backend.loads == 0)
  }

  @Test func aStepThatMakesTheSceneUnsupportedEndsTheReplay() throws {
    let text = #"""
      {"format": "layoutbench.scene/1", "container": {"width": 10, "height": 10}, "views": [{"id": "r"}],
       "steps": [{"addViews": [{"id": "s", "parent": "r", "stack": {}}]}]}
      """#
    var replay = SceneReplay(document: try document(text), backend: StacklessLayoutBackend())
    try replay.layoutInitialScene()
    _ = try replay.currentState()
    let error = #expect(throws: SceneReplayError.self) { _ = try replay.applyNextStep() }
    #expect(error == SceneReplayError(kind: .unsupported, step: 0, message: "view 's' is a stack view"))
    #expect(error?.description == "step 0: view 's' is a stack view")
  }

  @Test(arguments: [
    (LayoutError.unsupported("views[2]: no"), SceneReplayError.Kind.unsupported, "views[2]: no"),
    (.solver(.limitExceeded("too big")), .limitExceeded, "too big"),
    (.solver(.internalInconsistency("lost a row")), .internalError, SolverError.internalInconsistency("lost a row").description),
    (.solver(.unknownConstraint(ConstraintID(4))), .internalError, SolverError.unknownConstraint(ConstraintID(4)).description),
    (.solver(.unsatisfiable(ConstraintID(1), conflicts: [ConstraintID(0)])), .internalError,
     SolverError.unsatisfiable(ConstraintID(1), conflicts: [ConstraintID(0)]).description),
  ])
  func aBackendFailingOnAnAcceptedChangeEndsTheReplay(failure: LayoutError, kind: SceneReplayError.Kind, message: String) throws {
    let backend = FakeLayoutBackend()
    backend.failure = (update: 1, error: failure)
    let steps = #"[{"setHidden": {"a": true}}, {"setHidden": {"ghost": true}}, {"setHidden": {"a": false}}, {"setHidden": {}}]"#
    var replay = SceneReplay(document: try document(base(steps: steps)), backend: backend)
    try replay.layoutInitialScene()
    #expect(try replay.applyNextStep())
    #expect(try replay.applyNextStep())  // refused: not an update
    #expect(throws: SceneReplayError(kind: kind, step: 2, message: message)) { _ = try replay.applyNextStep() }
  }

  @Test func aNonFiniteFrameIsAnInternalError() throws {
    let backend = FakeLayoutBackend()
    backend.reportsNaN = true
    var replay = SceneReplay(document: try document(base(steps: "[]")), backend: backend)
    let error = #expect(throws: SceneReplayError.self) { _ = try replay.run() }
    #expect(error?.kind == .internalError)
    #expect(error?.step == nil)
    #expect(error?.message.hasSuffix("for view 'r'") == true)
    #expect(error?.description.hasPrefix("initial layout: the backend reports the frame (nan, ") == true)
  }

  @Test func aSceneWithoutStepsHasOneState() throws {
    var replay = SceneReplay(document: try document(base(steps: "[]")), backend: cassowary())
    let states = try replay.run()
    #expect(states.count == 1)
    expectFrame(states[0], "row", [4, 6, 10, 10])
    expectFrame(states[0], "a", [0, 0, 10, 10])
  }
}
