import Interchange
import LayoutModel
import Replay
import Testing
import TestSupport

private func document(_ body: String) throws -> ConstraintSystemDocument {
  try ConstraintSystemDocument.decode(#"{"format": "layoutbench.constraints/1", "# + body + "}", file: "r.json").document
}

/// A required pin `name: variable == value`.
private func pin(_ name: String, _ variable: String, _ value: Double, priority: Double = 1000) -> String {
  #"{"id": "\#(name)", "terms": {"\#(variable)": 1}, "constant": \#(-value), "relation": "==", "priority": \#(priority)}"#
}

/// The failure tests inject into a call: an ordinary refusal, recorded in the state.
private let limit = SolverError.requiredPriorityChange(ConstraintID(99))

@Suite struct SystemReplayTests {
  @Test func recordsEveryVariableInEveryState() throws {
    let system = try document(#"""
      "constraints": [\#(pin("px", "x", 10)), {"id": "py", "terms": {"y": 2}, "constant": -8, "relation": "==", "priority": 500}],
      "edits": [{"variable": "W", "priority": 999}],
      "steps": [{"suggest": {"W": 320}}, {"setConstant": {"px": -20}}, {"remove": ["py"]}, {"add": [\#(pin("pz", "z", 7))]}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    let states = try replay.run()
    #expect(states == [
      ReplayState(step: nil, outcome: .values([10, 4, 0, 0])),
      ReplayState(step: 0, outcome: .values([10, 4, 320, 0])),
      ReplayState(step: 1, outcome: .values([20, 4, 320, 0])),
      ReplayState(step: 2, outcome: .values([20, 0, 320, 0])),
      ReplayState(step: 3, outcome: .values([20, 0, 320, 7])),
    ])
    #expect(replay.nextStep == 4)
    #expect(try replay.applyNextStep() == nil)
    // Edit variables first, then initial constraints in file order; one solve per state.
    #expect(Array(replay.solver.calls.prefix(4)) == [
      .addEditVariable(VariableID(2)), .add(ConstraintID(0)), .add(ConstraintID(1)), .solve,
    ])
  }

  @Test func removeWithAnIdNotPresentChangesNothing() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "y", 2))],
      "steps": [{"remove": ["b"]}, {"remove": ["a", "b"]}, {"remove": ["a", "a"]}, {"setConstant": {"a": -5}}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    let states = try replay.run()
    #expect(states.map(\.outcome) == [
      .values([1, 2]),
      .values([1, 0]),
      .failed(.unknownConstraint(ConstraintID(1))),
      .failed(.unknownConstraint(ConstraintID(0))),
      .values([5, 0]),
    ])
    // Both refusals were decided before any solver call: 'a' was never removed.
    #expect(!replay.solver.calls.contains(.remove(ConstraintID(0))))
    #expect(replay.solver.contains(ConstraintID(0)))
  }

  @Test func addIsAllOrNothing() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1))],
      "steps": [{"add": [\#(pin("n1", "y", 3)), \#(pin("n2", "x", 2))]}, {"add": [\#(pin("n1", "y", 4))]}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    let states = try replay.run()
    #expect(states.map(\.outcome) == [
      .values([1, 0]),
      .failed(.unsatisfiable(ConstraintID(2), conflicts: [ConstraintID(0)])),
      .values([1, 4]),
    ])
    #expect(!replay.solver.contains(ConstraintID(2)))
  }

  @Test func addOfAPresentIdIsRefusedWithoutSolverCalls() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1))],
      "steps": [{"add": [\#(pin("b", "y", 1)), \#(pin("a", "x", 1))]}, {"remove": ["a"]}, {"add": [\#(pin("a", "x", 6))]}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    _ = try replay.solveInitialSystem()
    let callsBefore = replay.solver.calls.count
    #expect(try replay.applyNextStep()?.outcome == .failed(.duplicateConstraint(ConstraintID(0))))
    #expect(replay.solver.calls.count == callsBefore)
    #expect(try replay.applyNextStep()?.outcome == .values([0, 0]))
    // Re-added under the same name, hence the same id.
    #expect(try replay.applyNextStep()?.outcome == .values([6, 0]))
    #expect(replay.solver.contains(ConstraintID(0)))
  }

  @Test func failedRemoveReaddsTheEarlierEntriesWithTheirCurrentDefinition() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "y", 2))],
      "steps": [{"setConstant": {"a": -9}}, {"remove": ["a", "b"]}, {"setConstant": {"b": -3}}]
      """#)
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    _ = try replay.solveInitialSystem()
    _ = try replay.applyNextStep()
    solver.failure = { $0 == .remove(ConstraintID(1)) ? limit : nil }
    #expect(try replay.applyNextStep()?.outcome == .failed(limit))
    #expect(solver.calls.suffix(3) == [.remove(ConstraintID(0)), .remove(ConstraintID(1)), .add(ConstraintID(0))])
    solver.failure = { _ in nil }
    // 'a' is back with the constant set in step 0.
    #expect(try replay.applyNextStep()?.outcome == .values([9, 3]))
  }

  @Test func failedSetConstantRestoresEarlierConstants() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "y", 2)), \#(pin("c", "y", 2))],
      "steps": [{"setConstant": {"a": -7, "b": -3}}, {"remove": []}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    let states = try replay.run()
    #expect(states.map(\.outcome) == [
      .values([1, 2]),
      .failed(.unsatisfiable(ConstraintID(1), conflicts: [ConstraintID(2)])),
      .values([1, 2]),
    ])
    // Everything is back: the constants, and no solve happened inside the failed step
    // (the one solve after the initial one is the next step's).
    #expect(replay.currentSystem().map(\.expression.constant) == [-1, -2, -2])
    #expect(replay.solver.calls.filter { $0 == .solve }.count == 2)
    // The step was first tried in place, then decided on its result (remove and re-add
    // together), then undone.
    #expect(replay.solver.calls.contains(.setConstant(ConstraintID(0), -7)))
    #expect(replay.solver.calls.contains(.remove(ConstraintID(1))))
  }

  @Test func setConstantOfAnIdNotPresentIsRefusedUpFront() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "y", 2))],
      "steps": [{"remove": ["b"]}, {"setConstant": {"a": -5, "b": -1}}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    let states = try replay.run()
    #expect(states.last?.outcome == .failed(.unknownConstraint(ConstraintID(1))))
    #expect(!replay.solver.calls.contains(.setConstant(ConstraintID(0), -5)))
  }

  @Test func setPriorityIsCheckedAgainstTheCurrentPriorityAndRestoredOnFailure() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1, priority: 500)), \#(pin("b", "x", 2, priority: 400)), \#(pin("r", "y", 3))],
      "steps": [{"setPriority": {"b": 600}}, {"setPriority": {"r": 10}}, {"setPriority": {"a": 700, "b": 100}}, {"remove": []}]
      """#)
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    #expect(try replay.solveInitialSystem().outcome == .values([1, 3]))
    #expect(try replay.applyNextStep()?.outcome == .values([2, 3]))
    #expect(try replay.applyNextStep()?.outcome == .failed(.requiredPriorityChange(ConstraintID(2))))
    #expect(!solver.calls.contains(.setPriority(ConstraintID(2), Priority(10))))
    solver.failure = { $0 == .setPriority(ConstraintID(1), Priority(100)) ? limit : nil }
    #expect(try replay.applyNextStep()?.outcome == .failed(limit))
    #expect(solver.calls.last == .setPriority(ConstraintID(0), Priority(500)))
    solver.failure = { _ in nil }
    // Priorities are 500 and 600 again, so 'b' still wins.
    #expect(try replay.applyNextStep()?.outcome == .values([2, 3]))
  }

  @Test func failedSuggestRestoresEarlierSuggestions() throws {
    let system = try document(#"""
      "constraints": [],
      "edits": [{"variable": "W", "priority": 999}, {"variable": "H", "priority": 999}],
      "steps": [{"suggest": {"W": 320}}, {"suggest": {"W": 100, "H": 5}}, {"suggest": {"H": 6}}]
      """#)
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    _ = try replay.solveInitialSystem()
    #expect(try replay.applyNextStep()?.outcome == .values([320, 0]))
    solver.failure = { $0 == .suggestValue(VariableID(1), 5) ? limit : nil }
    #expect(try replay.applyNextStep()?.outcome == .failed(limit))
    #expect(solver.calls.last == .suggestValue(VariableID(0), 320))
    solver.failure = { _ in nil }
    #expect(try replay.applyNextStep()?.outcome == .values([320, 6]))
  }

  @Test func failedSolveUndoesTheStep() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1))],
      "steps": [{"add": [\#(pin("b", "y", 2))]}, {"remove": []}]
      """#)
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    _ = try replay.solveInitialSystem()
    solver.failure = { $0 == .solve ? limit : nil }
    #expect(try replay.applyNextStep()?.outcome == .failed(limit))
    #expect(!solver.contains(ConstraintID(1)))
    solver.failure = { _ in nil }
    #expect(try replay.applyNextStep()?.outcome == .values([1, 0]))
  }

  @Test func initialConstraintsThatCannotBeAddedAreSkippedAndRecorded() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), {"id": "sum", "terms": {"x": 1, "y": 1}, "relation": "=="}, \#(pin("clash", "x", 2)), \#(pin("b", "y", 4))],
      "edits": [{"variable": "W", "priority": 10}, {"variable": "H", "priority": 20}],
      "steps": [{"suggest": {"H": 5}}, {"suggest": {"W": 5}}, {"remove": ["clash"]}]
      """#)
    let solver = PinSolver()
    solver.failure = { $0 == .addEditVariable(VariableID(3)) ? limit : nil }
    var replay = SystemReplay(document: system, solver: solver)
    let initial = try replay.solveInitialSystem()
    #expect(initial == ReplayState(
      step: nil, outcome: .values([1, 4, 0, 0]),
      skipped: [limit, .unsatisfiable(ConstraintID(1), conflicts: []), .unsatisfiable(ConstraintID(2), conflicts: [ConstraintID(0)])]))
    solver.failure = { _ in nil }
    // The skipped edit variable and constraint are simply absent afterwards.
    #expect(try replay.applyNextStep()?.outcome == .failed(.unknownEditVariable(VariableID(3))))
    #expect(try replay.applyNextStep()?.outcome == .values([1, 4, 5, 0]))
    #expect(try replay.applyNextStep()?.outcome == .failed(.unknownConstraint(ConstraintID(2))))
  }

  @Test func internalInconsistencyEndsTheReplay() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1))],
      "steps": [{"setConstant": {"a": -2}}]
      """#)
    let broken = SolverError.internalInconsistency("row 3 lost its basic symbol")
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    _ = try replay.solveInitialSystem()
    solver.failure = { _ in broken }
    #expect(throws: broken) { try replay.applyNextStep() }

    let failingAtStart = PinSolver()
    failingAtStart.failure = { _ in broken }
    var startReplay = SystemReplay(document: system, solver: failingAtStart)
    #expect(throws: broken) { try startReplay.solveInitialSystem() }
  }

  @Test func aFailedUndoIsAnInternalInconsistency() throws {
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "y", 2))],
      "steps": [{"remove": ["a", "b"]}]
      """#)
    let solver = PinSolver()
    var replay = SystemReplay(document: system, solver: solver)
    _ = try replay.solveInitialSystem()
    solver.failure = { call in
      call == .remove(ConstraintID(1)) || call == .add(ConstraintID(0)) ? limit : nil
    }
    let message = limit.message(names: system)
    #expect(throws: SolverError.internalInconsistency("could not undo a failed step (\(message)): \(message)")) {
      try replay.applyNextStep()
    }
  }

  @Test func aNonFiniteValueIsAnInternalInconsistency() throws {
    let system = try document(#""constraints": [\#(pin("a", "x", 1))]"#)
    let solver = PinSolver()
    solver.overriddenValues[VariableID(0)] = .nan
    var replay = SystemReplay(document: system, solver: solver)
    #expect(throws: SolverError.internalInconsistency("the backend reports the value nan for variable 'x'")) {
      try replay.solveInitialSystem()
    }
  }

  @Test(arguments: [#"{"a": -2, "b": -2}"#, #"{"b": -2, "a": -2}"#])
  func constantsOfOneStepChangeTogether(_ entries: String) throws {
    // Two required pins x == 1 moved to x == 2 in one step: one at a time the middle
    // state (x == 2 and x == 1) is infeasible, but the result is not, in either order.
    let system = try document(#"""
      "constraints": [\#(pin("a", "x", 1)), \#(pin("b", "x", 1))],
      "steps": [{"setConstant": \#(entries)}, {"setConstant": {"a": -3}}]
      """#)
    var replay = SystemReplay(document: system, solver: PinSolver())
    #expect(try replay.run() == [
      ReplayState(step: nil, outcome: .values([1])),
      ReplayState(step: 0, outcome: .values([2])),
      // A result that really is unsatisfiable is still refused, and nothing changes.
      ReplayState(step: 1, outcome: .failed(.unsatisfiable(ConstraintID(0), conflicts: [ConstraintID(1)]))),
    ])
    #expect(replay.currentSystem().map(\.expression.constant) == [-2, -2])
  }

  @Test func limitExceededEndsTheReplay() throws {
    // A backend that cannot hold the system at all has no states to give: the replay
    // stops, and bench exits with status 3.
    let system = try document(#""constraints": [\#(pin("a", "x", 1))]"#)
    let solver = PinSolver()
    solver.failure = { $0 == .solve ? .limitExceeded("too big") : nil }
    var replay = SystemReplay(document: system, solver: solver)
    #expect(throws: SolverError.limitExceeded("too big")) { try replay.solveInitialSystem() }
  }

  @Test func runsTheFormatsExampleThroughAnySolver() throws {
    // PinSolver refuses everything but single-variable equalities, so 'cr0' and 'gap1'
    // are skipped initially, steps naming them find them absent, and the step's add
    // fails; the run goes on through all of it.
    var replay = SystemReplay(document: FormatsExample.document, solver: PinSolver())
    let states = try replay.run()
    func refused(_ id: Int) -> SolverError { .unsatisfiable(ConstraintID(id), conflicts: []) }
    #expect(states == [
      ReplayState(step: nil, outcome: .values([0, 0, 0, 0]), skipped: [refused(1), refused(2)]),
      ReplayState(step: 0, outcome: .values([0, 0, 0, 320])),
      ReplayState(step: 1, outcome: .failed(.unknownConstraint(ConstraintID(1)))),
      ReplayState(step: 2, outcome: .failed(.unknownConstraint(ConstraintID(1)))),
      ReplayState(step: 3, outcome: .failed(.unknownConstraint(ConstraintID(2)))),
      ReplayState(step: 4, outcome: .failed(refused(3))),
    ])
  }
}
