import LayoutModel

/// Builds constraints under consecutive ids, so unit tests read as the constraints they
/// state: `builder.next([(0, 1)], -10, .equal)` is `x0 - 10 == 0`.
public struct ConstraintBuilder {
  public private(set) var nextID = 0

  public init() {}

  /// `Σ coefficient · variable + constant RELATION 0` at `priority`, under the next id.
  public mutating func next(
    _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000
  ) -> Constraint {
    Self.constraint(reserveID(), terms, constant, relation, priority)
  }

  /// The next id, consumed without building anything (for a constraint built later).
  public mutating func reserveID() -> ConstraintID {
    defer { nextID += 1 }
    return ConstraintID(nextID)
  }

  /// The constraint under a given id.
  public static func constraint(
    _ id: ConstraintID, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
    _ priority: Double = 1000
  ) -> Constraint {
    Constraint(
      id: id, LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant),
      relation, priority: Priority(priority))
  }
}
