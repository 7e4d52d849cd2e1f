import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// A Cassowary solver plus a `ConstraintBuilder`, so each test reads as the constraints it
/// states; concrete, for the tests that look inside the tableau.
struct SolverFixture {
  let solver = CassowarySolver()
  private var builder = ConstraintBuilder()

  @discardableResult
  mutating func add(
    _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000
  ) throws(SolverError) -> ConstraintID {
    let constraint = builder.next(terms, constant, relation, priority)
    try solver.add(constraint)
    return constraint.id
  }

  static func constraint(
    _ id: ConstraintID, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
    _ priority: Double = 1000
  ) -> Constraint {
    ConstraintBuilder.constraint(id, terms, constant, relation, priority)
  }

  mutating func reserveID() -> ConstraintID { builder.reserveID() }

  func value(_ variable: Int) -> Double { solver.value(of: VariableID(variable)) }

  /// Values of variables 0..<count, for before/after comparisons.
  func snapshot(_ count: Int = 8) -> [Double] { values(of: solver, count: count) }
}

/// Records an issue unless `actual` is within `Tolerance.comparison` of `expected`.
func expectValue(
  _ actual: Double, _ expected: Double, _ what: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    Tolerance.comparison.isClose(actual, expected),
    "\(what) expected \(expected), got \(actual)", sourceLocation: sourceLocation)
}

/// Records an issue unless the two value lists agree within `Tolerance.comparison`.
func expectValues(
  _ actual: [Double], _ expected: [Double], _ what: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(actual.count == expected.count, sourceLocation: sourceLocation)
  for (i, (a, e)) in zip(actual, expected).enumerated() where !Tolerance.comparison.isClose(a, e) {
    Issue.record("\(what) variable \(i): expected \(e), got \(a)", sourceLocation: sourceLocation)
  }
}
