import LayoutModel

/// Checks an `unsatisfiable` explanation with the oracle: the conflicts must be present
/// required constraints, and together with the refused constraint (or the changed one,
/// with its new constant) they must have no common solution.
public enum ExplanationCheck {
  /// Nil when the explanation is genuine, else what is wrong with it.
  /// `state` is the state before the refused operation.
  /// - Complexity: one oracle feasibility test over the named constraints.
  public static func problem(
    operation: TraceOperation, conflicts: [ConstraintID], state: TraceState, variableCount: Int
  ) -> String? {
    var required: [ConstraintID: Constraint] = [:]
    for constraint in state.constraints where constraint.priority.isRequired { required[constraint.id] = constraint }
    var set: [Constraint] = []
    for id in conflicts {
      guard let constraint = required[id] else { return "explanation names \(id), not a present required constraint" }
      set.append(constraint)
    }
    switch operation {
    case .add(let constraint):
      set.append(constraint)
    case .setConstant(let id, let constant):
      guard var changed = required[id] else { return "setConstant of \(id), not a present required constraint, was refused" }
      set.removeAll { $0.id == id }
      changed.expression.constant = constant
      set.append(changed)
    default:
      return "\(operation) reported unsatisfiable"
    }
    let zeros = [Double](repeating: 0, count: variableCount)
    guard LexicographicOracle.solve(set, variableCount: variableCount, pins: zeros).isInfeasible else {
      return "explanation \(conflicts) with the refused constraint is satisfiable"
    }
    return nil
  }
}
