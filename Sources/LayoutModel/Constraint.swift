/// How the left-hand side of a constraint relates to zero.
public enum Relation: String, Hashable, Sendable, CaseIterable {
  case equal = "=="
  case lessThanOrEqual = "<="
  case greaterThanOrEqual = ">="
}

/// `expression RELATION 0` at a priority, named by an id.
///
/// This is the solver-level constraint of formats.md section 1: `sum(terms) + constant`
/// compared with zero. Layout-level constraints (anchors, multipliers, VFL) are lowered to
/// this form.
public struct Constraint: Hashable, Sendable {
  public var id: ConstraintID
  public var expression: LinearExpression
  public var relation: Relation
  public var priority: Priority

  @inlinable
  public init(
    id: ConstraintID, _ expression: LinearExpression, _ relation: Relation,
    priority: Priority = .required
  ) {
    self.id = id
    self.expression = expression
    self.relation = relation
    self.priority = priority
  }

  /// The amount by which the constraint fails for the given values: `|lhs|` for an
  /// equality, `max(0, lhs)` for `<=`, `max(0, -lhs)` for `>=` — the per-constraint error
  /// that formats.md section 1 sums within a priority level. O(terms).
  @inlinable
  public func violation(_ valueOf: (VariableID) -> Double) -> Double {
    let lhs = expression.value(valueOf)
    switch relation {
    case .equal: return abs(lhs)
    case .lessThanOrEqual: return max(0, lhs)
    case .greaterThanOrEqual: return max(0, -lhs)
    }
  }
}

extension Constraint {
  /// What is wrong with this constraint on its own, checked in a fixed order (priority,
  /// then each coefficient, then the constant, then the same against the accuracy
  /// contract), or nil. Every backend validates with this, so the same bad input gets the
  /// same error everywhere. O(terms).
  public func validationError() -> SolverError? {
    if !priority.isValid { return .invalidPriority(id, priority.value) }
    for term in expression.terms where !term.coefficient.isFinite {
      return .nonFiniteCoefficient(id, term.variable)
    }
    if !expression.constant.isFinite { return .nonFiniteConstant(id) }
    return AccuracyContract.violation(of: self)
  }
}
