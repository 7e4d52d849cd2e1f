import LayoutModel
import Testing

@testable import Cassowary

/// Small builders so each test reads as the constraints it states.
struct SolverFixture {
  let solver = CassowarySolver()
  private(set) var nextID = 0

  /// `sum(terms) + constant RELATION 0` at `priority`, added under the next id.
  @discardableResult
  mutating func add(
    _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000
  ) throws(SolverError) -> ConstraintID {
    let id = ConstraintID(nextID)
    nextID += 1
    try solver.add(Self.constraint(id, terms, constant, relation, priority))
    return id
  }

  /// The constraint `add` would build, under a given id, without adding it.
  static func constraint(
    _ id: ConstraintID, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
    _ priority: Double = 1000
  ) -> Constraint {
    Constraint(
      id: id, LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant),
      relation, priority: Priority(priority))
  }

  /// Reserves the next id without adding anything (for constraints a test adds itself).
  mutating func reserveID() -> ConstraintID {
    defer { nextID += 1 }
    return ConstraintID(nextID)
  }

  func value(_ variable: Int) -> Double { solver.value(of: VariableID(variable)) }

  /// Values of variables 0..<count, for before/after comparisons.
  func snapshot(_ count: Int = 8) -> [Double] { (0..<count).map(value) }
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
