import Cassowary
import DenseSimplex
import LayoutModel

/// A solver backend under test, made fresh for each use.
struct Backend: Sendable, CustomStringConvertible {
  let name: String
  let make: @Sendable () -> any LinearSolver

  var description: String { name }

  /// Every `LinearSolver` backend; a new backend joins every contract and differential
  /// test by being listed here.
  static let all: [Backend] = [
    Backend(name: CassowarySolver.backendName) { CassowarySolver() },
    Backend(name: DenseSimplexSolver.backendName) { DenseSimplexSolver() },
  ]
}

/// Small builders so each contract test reads as the constraints it states.
struct Fixture {
  let solver: any LinearSolver
  private(set) var nextID = 0

  init(_ backend: Backend) { solver = backend.make() }

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

  static func constraint(
    _ id: ConstraintID, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
    _ priority: Double = 1000
  ) -> Constraint {
    Constraint(
      id: id, LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant),
      relation, priority: Priority(priority))
  }

  mutating func reserveID() -> ConstraintID {
    defer { nextID += 1 }
    return ConstraintID(nextID)
  }

  /// A variable's value after bringing the solver up to date.
  func value(_ variable: Int) throws -> Double {
    try solver.solve()
    return solver.value(of: VariableID(variable))
  }

  /// Values of variables 0..<count after bringing the solver up to date.
  func snapshot(_ count: Int = 8) throws -> [Double] {
    try solver.solve()
    return (0..<count).map { solver.value(of: VariableID($0)) }
  }
}
