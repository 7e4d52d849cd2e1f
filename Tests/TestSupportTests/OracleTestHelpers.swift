import LayoutModel
import TestSupport
import Testing

/// `sum(coefficient * v_index) + constant RELATION 0 @priority`, for writing systems by hand.
func constraint(
  _ id: Int, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
  _ priority: Double = 1000
) -> Constraint {
  Constraint(
    id: ConstraintID(id),
    LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant),
    relation, priority: Priority(priority))
}

/// Checks an oracle answer: the real levels (priority and error, descending), the pin
/// error, and when given the point and uniqueness.
func expectOptimal(
  _ result: LexicographicOracle.Result, levels expected: [(Double, Double)], pinError: Double,
  point: [Double]? = nil, isUnique: Bool? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard case .optimal(let levels, let actualPoint, let actualUnique) = result else {
    Issue.record("expected an optimum, got \(result)", sourceLocation: sourceLocation)
    return
  }
  #expect(levels.last?.priority == LexicographicOracle.pinPriority, sourceLocation: sourceLocation)
  let real = result.priorityLevels
  #expect(
    real.map(\.priority) == expected.map(\.0), "levels of \(result)", sourceLocation: sourceLocation
  )
  expectClose(
    real.map(\.error), expected.map(\.1), "level errors of \(result)",
    sourceLocation: sourceLocation)
  expectClose(
    result.pinError ?? .nan, pinError, "pin error of \(result)", sourceLocation: sourceLocation)
  if let point {
    expectClose(actualPoint, point, "point of \(result)", sourceLocation: sourceLocation)
  }
  if let isUnique {
    #expect(actualUnique == isUnique, "uniqueness of \(result)", sourceLocation: sourceLocation)
  }
}
