import LayoutModel

extension SolutionDocument.ErrorRecord {
  /// The record of a solver error: `SolverError.kind`, its message in `names`, and the
  /// constraint, conflicts or variable it is about.
  public init(_ error: SolverError, names: some SolverNaming) {
    var constraint: ConstraintID? = nil
    var conflicts: [ConstraintID]? = nil
    var variable: VariableID? = nil
    switch error {
    case .unsatisfiable(let id, let others):
      constraint = id
      conflicts = others
    case .duplicateConstraint(let id), .unknownConstraint(let id), .invalidPriority(let id, _),
      .requiredPriorityChange(let id), .nonFiniteConstant(let id), .constantOutOfRange(let id, _),
      .inaccurate(let id, _), .illConditioned(let id, _, _):
      constraint = id
    case .coefficientSpreadOutOfRange(let id, let smallest, _):
      constraint = id
      variable = smallest.variable
    case .nonFiniteCoefficient(let id, let v), .coefficientOutOfRange(let id, let v, _):
      constraint = id
      variable = v
    case .duplicateEditVariable(let v), .unknownEditVariable(let v), .requiredEditPriority(let v),
      .invalidEditPriority(let v, _), .nonFiniteSuggestion(let v), .suggestionOutOfRange(let v, _),
      .valueOutOfRange(let v, _), .illConditionedSuggestion(let v, _, _):
      variable = v
    case .limitExceeded, .internalInconsistency:
      break
    }
    self.init(
      kind: error.kind, message: error.message(names: names),
      constraint: constraint.map { names.name(of: $0) },
      conflicts: conflicts.map { $0.map { names.name(of: $0) } },
      variable: variable.map { names.name(of: $0) })
  }
}
