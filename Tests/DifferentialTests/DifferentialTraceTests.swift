import LayoutModel
import Testing
import TestSupport

/// Random traces (add, remove, edit, suggest, setConstant, setPriority; equalities and
/// inequalities; several levels; degenerate, redundant and tied systems) through every
/// backend. After each operation: the same outcome everywhere, genuine explanations,
/// required residuals, the same per-level error sums (and the oracle's, where it scales),
/// and the same values where the optimum is unique. A failure prints its seed (replay with
/// `LAYOUTBENCH_SEED=…`) and writes the failing state as a file `bench solve` replays.
/// `LAYOUTBENCH_LONG_TESTS=1` runs 20 times as many seeds.
@Suite struct DifferentialTraceTests {

  static let pinPriority = Priority(0.5)
  /// Above any id a default trace draws; small, because ids are dense by contract.
  static let pinIDBase = 1_000

  // MARK: Small traces, with the brute-force oracle

  @Test func everyBackendAgreesWithTheOracle() {
    forEachSeed(200, base: SeedSweep.defaultBase + 2_000_000) { seed in try checkWithOracle(seed: seed) }
  }

  func checkWithOracle(seed: UInt64) throws {
    let trace = RandomTraceGenerator.trace(seed: seed)
    let n = trace.variableCount
    let pins = RandomSystemGenerator.pinConstraints(
      trace.pins, priority: Self.pinPriority, firstID: ConstraintID(Self.pinIDBase))
    // Per backend: one solver with the pins (its optimum is the oracle's) and one without.
    var pinned: [(Backend, any LinearSolver)] = []
    var plain: [(Backend, any LinearSolver)] = []
    for backend in Backend.all {
      let solver = backend.make()
      try solver.add(contentsOf: pins)
      pinned.append((backend, solver))
      plain.append((backend, backend.make()))
    }
    var before = TraceState(constraints: [], edits: [])
    for (index, step) in trace.steps.enumerated() {
      var problems: [String] = []
      for (backend, solver) in pinned + plain {
        let outcome = step.operation.outcome(on: solver)
        if !step.expectation.accepts(outcome) {
          problems.append("\(backend): got \(outcome.map { "\($0)" } ?? "success")")
        }
        if case .unsatisfiable(_, let conflicts)? = outcome,
          let problem = ExplanationCheck.problem(
            operation: step.operation, conflicts: conflicts, state: before, variableCount: n)
        {
          problems.append("\(backend): \(problem)")
        }
        do { try solver.solve() } catch { problems.append("\(backend): solve failed: \(error)") }
        if !LexicographicOracle.satisfiesRequired(step.stateAfter.constraints, at: solver.value) {
          problems.append("\(backend): required constraints violated at \(values(of: solver, count: n))")
        }
      }
      if problems.isEmpty, let system = step.stateAfter.oracleConstraints {
        problems += compareWithOracle(system, pins: trace.pins, pinned: pinned, plain: plain, n: n)
      }
      if !problems.isEmpty {
        report(problems, seed: seed, step: index, operation: step, state: step.stateAfter, n: n, test: "oracle")
        return
      }
      before = step.stateAfter
    }
  }

  private func compareWithOracle(
    _ system: [Constraint], pins: [Double], pinned: [(Backend, any LinearSolver)],
    plain: [(Backend, any LinearSolver)], n: Int
  ) -> [String] {
    let oracle = LexicographicOracle.solve(system, variableCount: n, pins: pins)
    guard let point = oracle.point, let unique = oracle.isUnique else {
      return ["the oracle finds the required constraints infeasible"]
    }
    var problems: [String] = []
    for (backend, solver) in pinned + plain {
      let levels = LexicographicOracle.levelErrors(of: system, at: solver.value)
      if !sameLevelErrors(levels, oracle.priorityLevels) {
        problems.append("\(backend): level errors \(levels), oracle \(oracle.priorityLevels)")
      }
    }
    if unique {
      for (backend, solver) in pinned where !allClose(values(of: solver, count: n), point) {
        problems.append("\(backend): the unique optimum is \(point), got \(values(of: solver, count: n))")
      }
    }
    return problems
  }

  // MARK: Larger traces, backends against each other

  @Test func backendsAgreeOnLargerTraces() {
    let knobs = TraceKnobs(
      system: SystemKnobs(variableCount: 8, constraintCount: 24), stepCount: 80,
      maximumPresent: 40, invalidOperationRate: 0.05, idReuseRate: 0.3, checksFeasibility: false)
    forEachSeed(50, base: SeedSweep.defaultBase + 3_000_000) { seed in
      try checkAgainstEachOther(seed: seed, knobs: knobs)
    }
  }

  func checkAgainstEachOther(seed: UInt64, knobs: TraceKnobs) throws {
    let trace = RandomTraceGenerator.trace(seed: seed, knobs: knobs)
    let n = trace.variableCount
    let solvers = Backend.all.map { ($0, $0.make()) }
    // The present system as the solvers agree it is (the generator cannot know which
    // required changes are infeasible at this size: the solvers decide, and must agree).
    var model = SystemMirror()
    for (index, step) in trace.steps.enumerated() {
      var outcomes: [SolverError?] = []
      for (_, solver) in solvers { outcomes.append(step.operation.outcome(on: solver)) }
      var problems: [String] = []
      if Set(outcomes.map(Outcome.init)).count > 1 {
        let listed = zip(solvers, outcomes).map { pair, outcome in
          "\(pair.0): " + (outcome.map { "\($0)" } ?? "success")
        }
        problems.append("outcomes differ: " + listed.joined(separator: "; "))
      }
      if let first = outcomes.first, first == nil || first.map(Outcome.init)?.isUnsatisfiable == false {
        model.apply(step.operation, succeeded: first == nil)
      }
      for ((backend, solver), outcome) in zip(solvers, outcomes) {
        if case .unsatisfiable(_, let conflicts)? = outcome,
          let problem = crossExamine(step.operation, conflicts: conflicts, model: model, skipping: backend)
        {
          problems.append("\(backend): \(problem)")
        }
        do { try solver.solve() } catch { problems.append("\(backend): solve failed: \(error)") }
      }
      if problems.isEmpty, let system = model.system {
        let reference = LexicographicOracle.levelErrors(of: system, at: solvers[0].1.value)
        for (backend, solver) in solvers {
          if !LexicographicOracle.satisfiesRequired(system, at: solver.value) {
            problems.append("\(backend): required constraints violated at \(values(of: solver, count: n))")
          }
          let levels = LexicographicOracle.levelErrors(of: system, at: solver.value)
          if !sameLevelErrors(levels, reference) {
            problems.append("\(backend): level errors \(levels), \(solvers[0].0): \(reference)")
          }
        }
      }
      if !problems.isEmpty {
        report(problems, seed: seed, step: index, operation: step, state: model.state, n: n, test: "larger")
        return
      }
    }
  }

  /// An explanation from one backend checked by the others: a fresh solver takes the named
  /// conflicts and must then refuse the refused constraint (or changed constant).
  private func crossExamine(
    _ operation: TraceOperation, conflicts: [ConstraintID], model: SystemMirror, skipping: Backend
  ) -> String? {
    let named = conflicts.compactMap { model.constraints[$0] }
    guard named.count == conflicts.count, named.allSatisfy(\.priority.isRequired) else {
      return "explanation \(conflicts) names constraints that are not present and required"
    }
    var refused: Constraint
    switch operation {
    case .add(let constraint): refused = constraint
    case .setConstant(let id, let constant):
      guard let present = model.constraints[id] else { return "refused a change of an absent constraint" }
      refused = present
      refused.expression.constant = constant
    default: return "\(operation) reported unsatisfiable"
    }
    for backend in Backend.all where backend.name != skipping.name {
      let judge = backend.make()
      do {
        try judge.add(contentsOf: named.filter { $0.id != refused.id })
      } catch {
        return "\(backend) cannot even add the named conflicts: \(error)"
      }
      do {
        try judge.add(refused)
        return "\(backend) accepts the refused constraint after the named conflicts \(conflicts)"
      } catch {
        guard case .unsatisfiable = error else { return "\(backend): \(error)" }
      }
    }
    return nil
  }

  // MARK: Helpers

  private func report(
    _ problems: [String], seed: UInt64, step: Int, operation: TraceStep, state: TraceState, n: Int,
    test: String
  ) {
    let path = FailureArtifact.write(state, variableCount: n, test: "differential-\(test)", seed: seed, note: "")
    let message =
      "seed \(seed) step \(step): \(operation)\n  " + problems.joined(separator: "\n  ")
      + "\n  state written to \(path)"
    Issue.record(Comment(rawValue: message))
  }

}

/// An outcome compared across backends: success, or the error's kind and subject
/// (explanations may differ: any genuine conflict set is correct).
private enum Outcome: Hashable {
  case success
  case unsatisfiable(ConstraintID)
  case other(SolverError)

  init(_ error: SolverError?) {
    switch error {
    case nil: self = .success
    case .unsatisfiable(let id, _)?: self = .unsatisfiable(id)
    case let error?: self = .other(error)
    }
  }

  var isUnsatisfiable: Bool {
    if case .unsatisfiable = self { return true }
    return false
  }
}

/// The system the backends agree is present: constraints with their current constants
/// and priorities, and edit variables with their last suggestion.
private struct SystemMirror {
  var constraints: [ConstraintID: Constraint] = [:]
  var order: [ConstraintID] = []
  var edits: [EditState] = []

  mutating func apply(_ operation: TraceOperation, succeeded: Bool) {
    guard succeeded else { return }
    switch operation {
    case .add(let constraint):
      constraints[constraint.id] = constraint
      order.append(constraint.id)
    case .remove(let id):
      constraints[id] = nil
      order.removeAll { $0 == id }
    case .removeBatch(let ids):
      for id in ids { constraints[id] = nil }
      order.removeAll { ids.contains($0) }
    case .setConstant(let id, let constant): constraints[id]?.expression.constant = constant
    case .setPriority(let id, let priority): constraints[id]?.priority = priority
    case .addEdit(let variable, let priority):
      edits.append(EditState(variable: variable, priority: priority, suggestion: nil))
    case .removeEdit(let variable): edits.removeAll { $0.variable == variable }
    case .suggest(let variable, let value):
      if let i = edits.firstIndex(where: { $0.variable == variable }) { edits[i].suggestion = value }
    }
  }

  var state: TraceState { TraceState(constraints: order.compactMap { constraints[$0] }, edits: edits) }

  /// The system with edits as constraints; nil while an edit has no suggestion yet (it is
  /// then held at a value that depends on which optimum each backend chose).
  var system: [Constraint]? { state.oracleConstraints }
}
