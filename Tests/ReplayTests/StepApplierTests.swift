import Interchange
import LayoutModel
import Replay
import Testing

/// What a ``StepApplier`` reported, in order.
private enum Report: Hashable {
  case removed([ConstraintID])
  case changedConstant(ConstraintID, Double)
  case changedPriority(ConstraintID, Priority)
  case suggested(VariableID, Double)
  case added([ConstraintID])
}

private struct ReportLog: StepObserver {
  var reports: [Report] = []
  mutating func removed(_ ids: [ConstraintID]) { reports.append(.removed(ids)) }
  mutating func changedConstant(of id: ConstraintID, to constant: Double) { reports.append(.changedConstant(id, constant)) }
  mutating func changedPriority(of id: ConstraintID, to priority: Priority) { reports.append(.changedPriority(id, priority)) }
  mutating func suggested(_ value: Double, for variable: VariableID) { reports.append(.suggested(variable, value)) }
  mutating func added(_ constraints: [Constraint]) { reports.append(.added(constraints.map(\.id))) }
}

private let (x, y, w) = (VariableID(0), VariableID(1), VariableID(2))
private let (a, b, c, d) = (ConstraintID(0), ConstraintID(1), ConstraintID(2), ConstraintID(3))

/// `variable == value` at `priority`.
private func pin(_ id: ConstraintID, _ variable: VariableID, _ value: Double, priority: Priority = .required) -> Constraint {
  Constraint(id: id, LinearExpression([Term(variable, 1)], constant: -value), .equal, priority: priority)
}

/// A solver holding `a: x == 1` (required), `b: y == 2` (750) and the edit variable `w`
/// (999).
private func preparedSolver() throws -> PinSolver {
  let solver = PinSolver()
  try solver.add(pin(a, x, 1))
  try solver.add(pin(b, y, 2, priority: Priority(750)))
  try solver.addEditVariable(w, priority: Priority(999))
  return solver
}

/// Applies `step` to a prepared solver, returning the solver, what was reported and the
/// error thrown, if any.
private func applied(
  _ step: ConstraintSystemDocument.Step, failing failure: @escaping (PinSolver.Call) -> SolverError? = { _ in nil }
) throws -> (solver: PinSolver, calls: [PinSolver.Call], reports: [Report], error: SolverError?) {
  let solver = try preparedSolver()
  let logged = solver.calls.count
  solver.failure = failure
  var log = ReportLog()
  var thrown: SolverError?
  do { try StepApplier(solver: solver).apply(step, reportingTo: &log) } catch { thrown = error }
  return (solver, Array(solver.calls[logged...]), log.reports, thrown)
}

@Suite struct StepApplierTests {
  // MARK: each step kind

  @Test func suggestCallsSuggestValuePerEntryInOrder() throws {
    let result = try applied(.suggest([(w, 5), (w, 7)]))
    #expect(result.error == nil)
    #expect(result.calls == [.suggestValue(w, 5), .suggestValue(w, 7)])
    #expect(result.reports == [.suggested(w, 5), .suggested(w, 7)])
    #expect(result.solver.value(of: w) == 7)
  }

  @Test func setConstantChangesEachConstantInPlace() throws {
    let result = try applied(.setConstant([(a, -3), (b, -4)]))
    #expect(result.error == nil)
    #expect(result.calls == [.setConstant(a, -3), .setConstant(b, -4)])
    #expect(result.reports == [.changedConstant(a, -3), .changedConstant(b, -4)])
    #expect(result.solver.value(of: x) == 3)
    #expect(result.solver.value(of: y) == 4)
  }

  @Test func setPriorityMovesEachEntryInPlace() throws {
    let result = try applied(.setPriority([(b, Priority(500))]))
    #expect(result.error == nil)
    #expect(result.calls == [.setPriority(b, Priority(500))])
    #expect(result.reports == [.changedPriority(b, Priority(500))])
  }

  @Test func removeIsOneBatchReportedOnce() throws {
    let result = try applied(.remove([b, a]))
    #expect(result.error == nil)
    // PinSolver keeps the protocol's default batch: one by one, after checking them all.
    #expect(result.calls == [.remove(b), .remove(a)])
    #expect(result.reports == [.removed([b, a])])
    #expect(!result.solver.contains(a) && !result.solver.contains(b))
  }

  @Test func addIsOneBatchReportedOnce() throws {
    let result = try applied(.add([pin(c, w, 9), pin(d, x, 1, priority: Priority(10))]))
    #expect(result.error == nil)
    #expect(result.calls == [.add(c), .add(d)])
    #expect(result.reports == [.added([c, d])])
    #expect(result.solver.contains(c) && result.solver.contains(d))
  }

  @Test func anEmptyStepMakesOnlyItsEmptyBatchCall() throws {
    let removal = try applied(.remove([]))
    #expect(removal.error == nil && removal.calls.isEmpty && removal.reports == [.removed([])])
    let suggestion = try applied(.suggest([]))
    #expect(suggestion.error == nil && suggestion.calls.isEmpty && suggestion.reports.isEmpty)
  }

  @Test func withoutAnObserverItMakesTheSameCalls() throws {
    let steps: [ConstraintSystemDocument.Step] = [
      .suggest([(w, 5)]), .setConstant([(a, -3)]), .setPriority([(b, Priority(500))]), .remove([b]),
      .add([pin(c, y, 4)]),
    ]
    let observed = try preparedSolver()
    let plain = try preparedSolver()
    let logged = plain.calls.count
    var log = ReportLog()
    for step in steps {
      try StepApplier(solver: observed).apply(step, reportingTo: &log)
      try StepApplier(solver: plain).apply(step)
    }
    #expect(plain.calls[logged...] == observed.calls[logged...])
    #expect(log.reports.count == steps.count)
  }

  // MARK: each error: thrown as the solver throws it, reports stop at the failing call

  @Test func suggestingAVariableThatIsNoEditVariableFailsAfterTheEntriesBefore() throws {
    let result = try applied(.suggest([(w, 5), (x, 1), (w, 6)]))
    #expect(result.error == .unknownEditVariable(x))
    #expect(result.calls == [.suggestValue(w, 5), .suggestValue(x, 1)])
    #expect(result.reports == [.suggested(w, 5)])
    #expect(result.solver.value(of: w) == 5)
  }

  @Test func aNonFiniteSuggestionFails() throws {
    let result = try applied(.suggest([(w, .nan)]))
    #expect(result.error == .nonFiniteSuggestion(w))
    #expect(result.reports.isEmpty)
  }

  @Test func settingTheConstantOfAnAbsentConstraintFailsAfterTheEntriesBefore() throws {
    let result = try applied(.setConstant([(b, -4), (c, 0)]))
    #expect(result.error == .unknownConstraint(c))
    #expect(result.reports == [.changedConstant(b, -4)])
    #expect(result.solver.value(of: y) == 4)
  }

  @Test func aNonFiniteConstantFails() throws {
    let result = try applied(.setConstant([(a, .infinity)]))
    #expect(result.error == .nonFiniteConstant(a))
    #expect(result.reports.isEmpty)
  }

  @Test func anUnsatisfiableConstantFails() throws {
    let solver = try preparedSolver()
    try solver.add(pin(c, x, 1))
    var log = ReportLog()
    #expect(throws: SolverError.unsatisfiable(c, conflicts: [a])) {
      try StepApplier(solver: solver).apply(.setConstant([(c, -2)]), reportingTo: &log)
    }
    #expect(log.reports.isEmpty)
  }

  @Test func changingARequiredPriorityFails() throws {
    let result = try applied(.setPriority([(b, Priority(500)), (a, Priority(500))]))
    #expect(result.error == .requiredPriorityChange(a))
    #expect(result.reports == [.changedPriority(b, Priority(500))])
  }

  @Test func anInvalidPriorityFails() throws {
    let result = try applied(.setPriority([(b, Priority(0))]))
    #expect(result.error == .invalidPriority(b, 0))
    #expect(result.reports.isEmpty)
  }

  @Test func removingAnAbsentConstraintRemovesNothing() throws {
    let result = try applied(.remove([b, c]))
    #expect(result.error == .unknownConstraint(c))
    #expect(result.reports.isEmpty)
    #expect(result.solver.contains(b))
  }

  @Test func anUnsatisfiableAddAddsNothing() throws {
    let result = try applied(.add([pin(c, w, 9), pin(d, x, 2)]))
    #expect(result.error == .unsatisfiable(d, conflicts: [a]))
    #expect(result.reports.isEmpty)
    #expect(!result.solver.contains(c) && !result.solver.contains(d))
  }

  @Test func addingAPresentConstraintFails() throws {
    let result = try applied(.add([pin(a, x, 1)]))
    #expect(result.error == .duplicateConstraint(a))
    #expect(result.reports.isEmpty)
  }

  @Test func aSolverFailureMidwayIsThrownAsItIs() throws {
    let result = try applied(.setConstant([(a, -3), (b, -4)])) { call in
      call == .setConstant(b, -4) ? .limitExceeded("full") : nil
    }
    #expect(result.error == .limitExceeded("full"))
    #expect(result.reports == [.changedConstant(a, -3)])
  }
}
