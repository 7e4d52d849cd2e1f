extension Collection where Element == Constraint {
  /// The error sum of each optional priority level, highest level first (formats.md
  /// section 1: the sum of `violation` over the level's constraints, weight 1 each).
  /// - Complexity: O(Σ terms + levels log levels).
  public func errorsByLevel(_ valueOf: (VariableID) -> Double) -> [(priority: Priority, error: Double)] {
    var levels: [(priority: Priority, error: Double)] = []
    for constraint in self where !constraint.priority.isRequired {
      let violation = constraint.violation(valueOf)
      if let i = levels.firstIndex(where: { $0.priority == constraint.priority }) {
        levels[i].error += violation
      } else {
        levels.append((constraint.priority, violation))
      }
    }
    return levels.sorted { $0.priority > $1.priority }
  }

  /// The required constraints whose violation exceeds `Tolerance.residual`, judged
  /// against the magnitudes of their own terms. O(Σ terms).
  public func violatedRequired(_ valueOf: (VariableID) -> Double) -> [Constraint] {
    filter { constraint in
      constraint.priority.isRequired
        && !Tolerance.residual.isZero(
          constraint.violation(valueOf), scale: constraint.expression.magnitude(valueOf))
    }
  }
}
