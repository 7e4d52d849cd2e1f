import LayoutModel
import Replay
import TestSupport
import Testing

@Suite("RandomTraceGenerator")
struct RandomTraceGeneratorTests {
  @Test func sameSeedSameTrace() {
    for seed: UInt64 in [0, 17, .max] {
      let a = RandomTraceGenerator.trace(seed: seed)
      let b = RandomTraceGenerator.trace(seed: seed)
      #expect(a == b)
      #expect(a.description == b.description)
      #expect(a.description.hasPrefix("trace seed \(seed) (0x\(String(seed, radix: 16)))"))
    }
    #expect(RandomTraceGenerator.trace(seed: 1).steps != RandomTraceGenerator.trace(seed: 2).steps)
  }

  /// Starts with the system of the same seed, one add per constraint.
  @Test func startsWithTheSeedsSystem() {
    let knobs = TraceKnobs(system: SystemKnobs(constraintCount: 5), stepCount: 10)
    let trace = RandomTraceGenerator.trace(seed: 9, knobs: knobs)
    let system = RandomSystemGenerator.system(seed: 9, knobs: knobs.system)
    let firstAdds = trace.steps.prefix(5).map(\.operation)
    #expect(firstAdds == system.constraints.map { TraceOperation.add($0) })
    #expect(trace.pins == system.pins)
    #expect(trace.steps.count >= 15 && trace.steps.count <= 15 + 10, "addEdit brings a suggest")
  }

  /// Replays every trace against a plain model of ids and edit variables, written here
  /// independently of the generator, and checks each expectation and recorded state.
  @Test func stepsAreValidForTheIdsProduced() {
    let knobs = TraceKnobs(
      system: SystemKnobs(variableCount: 3, constraintCount: 4), stepCount: 60, maximumPresent: 7,
      invalidOperationRate: 0.25, idReuseRate: 0.3)
    var expectationKinds = Set<String>()
    forEachSeed(40) { seed in
      let trace = RandomTraceGenerator.trace(seed: seed, knobs: knobs)
      var present: [ConstraintID: Constraint] = [:]
      var edits: [VariableID: Double?] = [:]
      var previous = TraceState(constraints: [], edits: [])
      var pendingSuggest: VariableID?
      for (index, step) in trace.steps.enumerated() {
        let context = "step \(index) \(step) of \(trace)"
        if let variable = pendingSuggest {
          #expect(
            step.operation == .suggest(variable, suggestion(step)),
            "suggest follows addEdit: \(context)")
          pendingSuggest = nil
        }
        switch step.expectation {
        case .succeeds: expectationKinds.insert("succeeds")
        case .fails(let error): expectationKinds.insert(error.kind)
        case .unsatisfiable: expectationKinds.insert("unsatisfiable")
        }
        switch (step.operation, step.expectation) {
        case (.add(let c), .succeeds):
          #expect(present[c.id] == nil && c.priority.isValid, "\(context)")
          present[c.id] = c
        case (.add(let c), .unsatisfiable(let id)):
          #expect(present[c.id] == nil && c.id == id && c.priority.isRequired, "\(context)")
        case (.add(let c), .fails(.duplicateConstraint(let id))):
          #expect(present[c.id] != nil && c.id == id && !c.priority.isRequired, "\(context)")
        case (.add(let c), .fails(.invalidPriority(let id, let value))):
          #expect(
            present[c.id] == nil && c.id == id && !c.priority.isValid && value == c.priority.value,
            "\(context)")
        case (.add(let c), .fails(.nonFiniteConstant(let id))):
          #expect(
            present[c.id] == nil && c.id == id && !c.expression.constant.isFinite, "\(context)")
        case (.add(let c), .fails(.nonFiniteCoefficient(let id, let v))):
          #expect(present[c.id] == nil && c.id == id, "\(context)")
          #expect(
            c.expression.terms.contains { $0.variable == v && !$0.coefficient.isFinite },
            "\(context)")
        case (.remove(let id), .succeeds):
          #expect(present.removeValue(forKey: id) != nil, "\(context)")
        case (.removeBatch(let ids), .succeeds):
          #expect(ids.count >= 2 && Set(ids).count == ids.count, "\(context)")
          for id in ids { #expect(present.removeValue(forKey: id) != nil, "\(context)") }
        case (.removeBatch(let ids), .fails(.unknownConstraint(let named))):
          // Exactly one thing wrong: the named id is absent, or named twice.
          let absent = ids.filter { present[$0] == nil }
          let repeated = ids.filter { id in ids.filter { $0 == id }.count > 1 }
          #expect(
            (absent == [named] && repeated.isEmpty) || (absent.isEmpty && Set(repeated) == [named]),
            "\(context)")
        case (.remove(let id), .fails(.unknownConstraint(let named))),
          (.setConstant(let id, _), .fails(.unknownConstraint(let named))),
          (.setPriority(let id, _), .fails(.unknownConstraint(let named))):
          #expect(present[id] == nil && id == named, "\(context)")
        case (.setConstant(let id, let value), .succeeds):
          #expect(present[id] != nil && value.isFinite, "\(context)")
          present[id]?.expression.constant = value
        case (.setConstant(let id, _), .unsatisfiable(let named)):
          #expect(present[id]?.priority.isRequired == true && id == named, "\(context)")
        case (.setConstant(let id, let value), .fails(.nonFiniteConstant(let named))):
          #expect(present[id] != nil && id == named && !value.isFinite, "\(context)")
        case (.setPriority(let id, let priority), .succeeds):
          #expect(
            present[id]?.priority.isRequired == false && priority.isValid && !priority.isRequired,
            "\(context)")
          present[id]?.priority = priority
        case (.setPriority(let id, let priority), .fails(.requiredPriorityChange(let named))):
          let old = present[id]?.priority
          #expect(id == named && old != nil && old?.isRequired != priority.isRequired, "\(context)")
        case (.setPriority(let id, let priority), .fails(.invalidPriority(let named, let value))):
          #expect(present[id]?.priority.isRequired == false && id == named, "\(context)")
          #expect(!priority.isValid && priority.value == value, "\(context)")
        case (.addEdit(let v, let priority), .succeeds):
          #expect(edits[v] == nil && priority.isValid && !priority.isRequired, "\(context)")
          edits[v] = .some(nil)
          pendingSuggest = v
        case (.addEdit(let v, _), .fails(.duplicateEditVariable(let named))):
          #expect(edits[v] != nil && v == named, "\(context)")
        case (.addEdit(let v, let priority), .fails(.requiredEditPriority(let named))):
          #expect(edits[v] == nil && v == named && priority.isRequired, "\(context)")
        case (.addEdit(let v, let priority), .fails(.invalidEditPriority(let named, let value))):
          #expect(
            edits[v] == nil && v == named && !priority.isValid && priority.value == value,
            "\(context)")
        case (.removeEdit(let v), .succeeds):
          #expect(edits.removeValue(forKey: v) != nil, "\(context)")
        case (.removeEdit(let v), .fails(.unknownEditVariable(let named))),
          (.suggest(let v, _), .fails(.unknownEditVariable(let named))):
          #expect(edits[v] == nil && v == named, "\(context)")
        case (.suggest(let v, let value), .succeeds):
          #expect(edits[v] != nil && value.isFinite, "\(context)")
          edits[v] = value
        case (.suggest(let v, let value), .fails(.nonFiniteSuggestion(let named))):
          #expect(edits[v] != nil && v == named && !value.isFinite, "\(context)")
        default:
          Issue.record("unexpected combination at \(context)")
        }
        // The recorded state is the model's; a failing step leaves it as it was.
        let state = step.stateAfter
        #expect(Set(state.constraints.map(\.id)) == Set(present.keys), "\(context)")
        #expect(state.constraints.allSatisfy { present[$0.id] == $0 }, "\(context)")
        #expect(Set(state.edits.map(\.variable)) == Set(edits.keys), "\(context)")
        #expect(state.edits.allSatisfy { edits[$0.variable] == .some($0.suggestion) }, "\(context)")
        #expect(state.constraints.count <= knobs.maximumPresent, "\(context)")
        if step.expectsError { #expect(state == previous, "\(context)") }
        #expect((state.oracleConstraints == nil) == state.edits.contains { $0.suggestion == nil })
        previous = state
      }
    }
    // Across the sweep (not a single replayed seed), every kind of outcome occurs.
    guard !SeedSweep.isReplaying else { return }
    let expected: Set<String> = [
      "succeeds", "unsatisfiable", "unknownConstraint", "duplicateConstraint", "invalidPriority",
      "nonFiniteConstant", "nonFiniteCoefficient", "requiredPriorityChange",
      "duplicateEditVariable", "requiredEditPriority", "invalidEditPriority",
      "unknownEditVariable", "nonFiniteSuggestion",
    ]
    #expect(expectationKinds == expected)
  }

  /// Required constraints of every recorded state have a common solution, and the oracle's
  /// point for them satisfies them (a witness, not just a verdict).
  @Test func everyStateIsFeasible() {
    forEachSeed(20) { seed in
      let trace = RandomTraceGenerator.trace(seed: seed)
      for step in trace.steps {
        let required = step.stateAfter.constraints.filter(\.priority.isRequired)
        let result = LexicographicOracle.solve(
          required, variableCount: trace.variableCount, pins: trace.pins)
        guard let point = result.point else {
          Issue.record("infeasible state after \(step)\n\(trace)")
          return
        }
        #expect(LexicographicOracle.satisfiesRequired(required) { point[$0.index] })
      }
    }
  }

  @Test func noInvalidOperationsAtRateZero() {
    let knobs = TraceKnobs(stepCount: 80, invalidOperationRate: 0)
    for seed: UInt64 in 0..<20 {
      let trace = RandomTraceGenerator.trace(seed: seed, knobs: knobs)
      #expect(!trace.steps.contains { if case .fails = $0.expectation { true } else { false } })
    }
  }

  /// Edit constraints join the oracle system as `v - s == 0 @p` with ids after the others.
  @Test func oracleConstraintsIncludeEdits() {
    let present = constraint(4, [(0, 1)], -3, .equal, 500)
    let state = TraceState(
      constraints: [present],
      edits: [EditState(variable: VariableID(1), priority: Priority(999), suggestion: 7)])
    let system = state.oracleConstraints ?? []
    #expect(system.count == 2 && system[0] == present)
    if system.count == 2 {
      #expect(system[1].id == ConstraintID(5) && system[1].priority == Priority(999))
      expectClose(system[1].violation { $0.index == 1 ? 7 : 0 }, 0)
      expectClose(system[1].violation { $0.index == 1 ? 9 : 0 }, 2)
    }
    var unsuggested = state
    unsuggested.edits[0].suggestion = nil
    #expect(unsuggested.oracleConstraints == nil)
  }

  @Test func expectationAcceptance() {
    let id = ConstraintID(3)
    #expect(TraceExpectation.succeeds.accepts(nil))
    #expect(!TraceExpectation.succeeds.accepts(.unknownConstraint(id)))
    #expect(TraceExpectation.fails(.unknownConstraint(id)).accepts(.unknownConstraint(id)))
    #expect(
      !TraceExpectation.fails(.unknownConstraint(id)).accepts(.unknownConstraint(ConstraintID(4))))
    #expect(!TraceExpectation.fails(.unknownConstraint(id)).accepts(nil))
    #expect(
      TraceExpectation.unsatisfiable(id).accepts(.unsatisfiable(id, conflicts: [ConstraintID(1)])))
    #expect(
      !TraceExpectation.unsatisfiable(id).accepts(.unsatisfiable(ConstraintID(1), conflicts: [id])))
    #expect(
      TraceExpectation.unsatisfiable(id).expectsError && !TraceExpectation.succeeds.expectsError)
  }

  /// `apply(to:)` makes the matching solver call with the operation's arguments.
  @Test func applyCallsTheMatchingMethod() throws {
    let solver = RecordingSolver()
    let c = constraint(2, [(0, 1)], -1, .equal, 500)
    let operations: [TraceOperation] = [
      .add(c), .remove(ConstraintID(2)), .addEdit(VariableID(1), Priority(999)),
      .removeEdit(VariableID(1)), .suggest(VariableID(1), 4), .setConstant(ConstraintID(2), 6),
      .setPriority(ConstraintID(2), Priority(250)), .removeBatch([ConstraintID(3), ConstraintID(4)]),
    ]
    for operation in operations { try operation.apply(to: solver) }
    #expect(
      solver.calls == [
        "add c2", "remove c2", "addEditVariable v1 999", "removeEditVariable v1",
        "suggestValue 4.0 v1", "setConstant 6.0 c2", "setPriority 250 c2", "remove [c3, c4]",
      ])
  }
}

private func suggestion(_ step: TraceStep) -> Double {
  if case .suggest(_, let value) = step.operation { return value }
  return .nan
}

/// A ``LinearSolver`` that only records which method was called with what.
private final class RecordingSolver: LinearSolver {
  static var backendName: String { "recording" }
  var calls: [String] = []
  var counters: SolverCounters { SolverCounters() }
  func add(_ constraint: Constraint) throws(SolverError) { calls.append("add \(constraint.id)") }
  func remove(_ id: ConstraintID) throws(SolverError) { calls.append("remove \(id)") }
  func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    calls.append("remove [\(ids.map(\.description).joined(separator: ", "))]")
  }
  func contains(_ id: ConstraintID) -> Bool { false }
  func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    calls.append("setConstant \(constant) \(id)")
  }
  func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    calls.append("setPriority \(priority) \(id)")
  }
  func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    calls.append("addEditVariable \(variable) \(priority)")
  }
  func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    calls.append("removeEditVariable \(variable)")
  }
  func hasEditVariable(_ variable: VariableID) -> Bool { false }
  func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    calls.append("suggestValue \(value) \(variable)")
  }
  func solve() throws(SolverError) {}
  func value(of variable: VariableID) -> Double { 0 }
}
