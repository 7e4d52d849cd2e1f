import LayoutModel

/// One call on a ``LinearSolver``, as a random trace produces it.
public enum TraceOperation: Hashable, Sendable, CustomStringConvertible {
  case add(Constraint)
  case remove(ConstraintID)
  /// `remove(contentsOf:)`: all-or-nothing, one re-optimisation.
  case removeBatch([ConstraintID])
  case addEdit(VariableID, Priority)
  case removeEdit(VariableID)
  case suggest(VariableID, Double)
  case setConstant(ConstraintID, Double)
  case setPriority(ConstraintID, Priority)

  /// Performs the operation on `solver`. O(the solver's call).
  public func apply(to solver: some LinearSolver) throws(SolverError) {
    switch self {
    case .add(let constraint): try solver.add(constraint)
    case .remove(let id): try solver.remove(id)
    case .removeBatch(let ids): try solver.remove(contentsOf: ids)
    case .addEdit(let variable, let priority):
      try solver.addEditVariable(variable, priority: priority)
    case .removeEdit(let variable): try solver.removeEditVariable(variable)
    case .suggest(let variable, let value): try solver.suggestValue(value, for: variable)
    case .setConstant(let id, let constant): try solver.setConstant(constant, of: id)
    case .setPriority(let id, let priority): try solver.setPriority(priority, of: id)
    }
  }

  public var description: String {
    switch self {
    case .add(let constraint): "add \(render(constraint))"
    case .remove(let id): "remove \(id)"
    case .removeBatch(let ids): "remove [\(ids.map(\.description).joined(separator: ", "))]"
    case .addEdit(let variable, let priority): "addEdit \(variable) @\(priority)"
    case .removeEdit(let variable): "removeEdit \(variable)"
    case .suggest(let variable, let value): "suggest \(variable) = \(renderNumber(value))"
    case .setConstant(let id, let constant): "setConstant \(id) = \(renderNumber(constant))"
    case .setPriority(let id, let priority): "setPriority \(id) @\(priority)"
    }
  }
}

/// What a correct solver does with a trace step.
public enum TraceExpectation: Hashable, Sendable, CustomStringConvertible {
  /// The call returns normally.
  case succeeds
  /// The call throws exactly this error (a structural one: unknown id, bad priority, ...).
  case fails(SolverError)
  /// The call throws `.unsatisfiable` naming this constraint; any explanation is accepted.
  /// Decided by ``LexicographicOracle`` on the required constraints.
  case unsatisfiable(ConstraintID)

  /// Whether the call must throw.
  public var expectsError: Bool { self != .succeeds }

  /// Whether `error` (nil: the call returned) is what this expectation allows.
  public func accepts(_ error: SolverError?) -> Bool {
    switch (self, error) {
    case (.succeeds, nil): true
    case (.fails(let expected), let actual?): expected == actual
    case (.unsatisfiable(let id), .unsatisfiable(let actual, _)?): id == actual
    default: false
    }
  }

  public var description: String {
    switch self {
    case .succeeds: "succeeds"
    case .fails(let error): "fails with \(error.kind): \(error)"
    case .unsatisfiable(let id): "fails as unsatisfiable naming \(id)"
    }
  }
}

/// An edit variable in a trace's state.
public struct EditState: Hashable, Sendable {
  public var variable: VariableID
  public var priority: Priority
  /// The last suggestion; nil until the first one (the variable is then held at its current
  /// value, which depends on the solver's choice among optima).
  public var suggestion: Double?

  public init(variable: VariableID, priority: Priority, suggestion: Double?) {
    self.variable = variable
    self.priority = priority
    self.suggestion = suggestion
  }
}

/// The solver state a trace expects after a step (failed steps leave it unchanged).
public struct TraceState: Hashable, Sendable {
  /// Present constraints, in the order they were added.
  public var constraints: [Constraint]
  public var edits: [EditState]

  public init(constraints: [Constraint], edits: [EditState]) {
    self.constraints = constraints
    self.edits = edits
  }

  /// The system for ``LexicographicOracle``: the constraints plus each edit as
  /// `v - suggestion == 0 @p`, with ids after the largest present id (the oracle ignores
  /// ids). Nil while an edit has no suggestion yet, since its target is then not fixed.
  public var oracleConstraints: [Constraint]? {
    var result = constraints
    var nextID = (constraints.map(\.id.index).max() ?? -1) + 1
    for edit in edits {
      guard let suggestion = edit.suggestion else { return nil }
      result.append(
        LexicographicOracle.editConstraint(
          edit.variable, suggestedValue: suggestion, priority: edit.priority,
          id: ConstraintID(nextID)))
      nextID += 1
    }
    return result
  }
}

/// One operation, what it must do, and the state after it.
public struct TraceStep: Hashable, Sendable, CustomStringConvertible {
  public var operation: TraceOperation
  public var expectation: TraceExpectation
  public var stateAfter: TraceState

  public var expectsError: Bool { expectation.expectsError }

  public var description: String { "\(operation) — \(expectation)" }
}
