import Cassowary
import DenseSimplex
import LayoutModel
import TestSupport

/// A solver backend under test, made fresh for each use.
struct Backend: Sendable, CustomStringConvertible {
  let name: String
  let make: @Sendable () -> any LinearSolver

  var description: String { name }

  /// Every `LinearSolver` backend; a new backend joins every contract and differential
  /// test by being listed here. Cassowary runs twice: with every acceleration on, and its
  /// core alone (`Tuning.core`, docs/accelerations.md).
  static let all: [Backend] = [
    Backend(name: CassowarySolver.backendName) { CassowarySolver() },
    Backend(name: CassowarySolver.backendName + ":core") { CassowarySolver(tuning: .core) },
    Backend(name: DenseSimplexSolver.backendName) { DenseSimplexSolver() },
  ]
}

/// A solver of a backend plus a `ConstraintBuilder`, so each contract test reads as the
/// constraints it states.
struct Fixture {
  let solver: any LinearSolver
  private var builder = ConstraintBuilder()

  init(_ backend: Backend) { solver = backend.make() }

  var nextID: Int { builder.nextID }

  /// `sum(terms) + constant RELATION 0` at `priority`, added under the next id.
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

  /// A variable's value after bringing the solver up to date.
  func value(_ variable: Int) throws -> Double {
    try solver.solve()
    return solver.value(of: VariableID(variable))
  }

  /// Values of variables 0..<count after bringing the solver up to date.
  func snapshot(_ count: Int = 8) throws -> [Double] {
    try solver.solve()
    return values(of: solver, count: count)
  }
}
