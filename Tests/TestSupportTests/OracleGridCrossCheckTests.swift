import LayoutModel
import TestSupport
import Testing

/// The oracle against exhaustive search on a grid, on random systems whose arrangement
/// vertices all lie on that grid, so the grid's best point is the true optimum.
///
/// * 1 variable, |coefficients| <= 3, integer constants and pins: every boundary point is
///   -c/a with a in {1, 2, 3}, a multiple of 1/6.
/// * 2 variables, coefficients in {-1, 0, 1}: every vertex solves a 2×2 system with
///   determinant ±1 or ±2, a multiple of 1/2. (Degenerate cases keep this: a repeated
///   variable merges to an ordinary coefficient, and a feasible vertex on a redundant
///   combination also lies on the constraints combined.)
///
/// The search evaluates errors with its own code, not the oracle's, and checks the levels,
/// feasibility and uniqueness (several optimal grid points ⇔ not unique).
@Suite("LexicographicOracle: grid cross-check")
struct OracleGridCrossCheckTests {
  @Test func oneVariable() {
    let knobs = SystemKnobs(
      variableCount: 1, constraintCount: 6,
      shape: ConstraintShape(requiredFraction: 0.25, maximumCoefficient: 3, constantMagnitude: 20),
      degenerateRate: 0.2)
    forEachSeed(60) { seed in
      let system = RandomSystemGenerator.system(seed: seed, knobs: knobs)
      let grid = (-240...240).map { [Double($0) / 6] }
      check(system, grid: grid)
    }
  }

  /// Six constraints: mostly unique optima, some infeasible systems.
  @Test func twoVariables() {
    forEachSeed(25) { seed in
      check(
        RandomSystemGenerator.system(seed: seed, knobs: Self.twoVariableKnobs(6)),
        grid: Self.halfGrid)
    }
  }

  /// Three constraints leave room for ties the pins do not break (non-unique optima).
  @Test func twoVariablesLooselyConstrained() {
    forEachSeed(40) { seed in
      check(
        RandomSystemGenerator.system(seed: seed, knobs: Self.twoVariableKnobs(3)),
        grid: Self.halfGrid)
    }
  }

  /// The sweeps above reach every kind of answer, so each branch of `check` is exercised.
  @Test func sweepsCoverInfeasibleUniqueAndTiedOptima() {
    var kinds = Set<String>()
    for offset in 0..<UInt64(40) {
      let system = RandomSystemGenerator.system(
        seed: SeedSweep.defaultBase + offset, knobs: Self.twoVariableKnobs(3))
      let result = LexicographicOracle.solve(
        system.constraints, variableCount: 2, pins: system.pins)
      kinds.insert(result.isInfeasible ? "infeasible" : result.isUnique == true ? "unique" : "tied")
    }
    #expect(kinds == ["infeasible", "unique", "tied"])
  }

  private static func twoVariableKnobs(_ constraintCount: Int) -> SystemKnobs {
    SystemKnobs(
      variableCount: 2, constraintCount: constraintCount,
      shape: ConstraintShape(
        inequalityFraction: 0.3, requiredFraction: 0.3, maximumCoefficient: 1, constantMagnitude: 10
      ),
      degenerateRate: 0.2)
  }

  /// Half-integers in [-45, 45]², enough for every vertex of those systems.
  private static let halfGrid: [[Double]] = (-90...90).flatMap { x in
    (-90...90).map { y in [Double(x) / 2, Double(y) / 2] }
  }

  private func check(_ system: GeneratedSystem, grid: [[Double]]) {
    let result = LexicographicOracle.solve(
      system.constraints, variableCount: system.variableCount, pins: system.pins)
    let search = GridSearch(constraints: system.constraints, pins: system.pins)
    var best: [Double]?
    var optimalPoints: [[Double]] = []
    for point in grid {
      guard let errors = search.errors(at: point) else { continue }
      switch best.map({ search.compare(errors, $0) }) {
      case nil, .some(.less):
        best = errors
        optimalPoints = [point]
      case .some(.same):
        optimalPoints.append(point)
      case .some(.greater):
        break
      }
    }
    guard let best else {
      #expect(result.isInfeasible, "grid found no feasible point, oracle says \(result)\n\(system)")
      return
    }
    guard case .optimal(let levels, let point, let isUnique) = result else {
      Issue.record("oracle says infeasible, grid found \(optimalPoints[0])\n\(system)")
      return
    }
    expectClose(levels.map(\.error), best, "levels vs grid optimum \(optimalPoints)\n\(system)")
    if isUnique {
      #expect(optimalPoints.count == 1, "oracle unique, grid optima \(optimalPoints)\n\(system)")
      expectClose(point, optimalPoints[0], "point vs grid optimum\n\(system)")
    } else {
      #expect(
        optimalPoints.count >= 2, "oracle not unique, grid optima \(optimalPoints)\n\(system)")
    }
  }
}

/// Independent lexicographic evaluation: required feasibility and per-level errors (optional
/// priorities descending, then the pin level), computed straight from the definition.
private struct GridSearch {
  let constraints: [Constraint]
  let pins: [Double]
  let priorities: [Double]

  init(constraints: [Constraint], pins: [Double]) {
    self.constraints = constraints
    self.pins = pins
    priorities = Array(Set(constraints.map(\.priority.value).filter { $0 < 1000 })).sorted(by: >)
  }

  enum Order { case less, same, greater }

  /// Nil when a required constraint fails at `point`.
  func errors(at point: [Double]) -> [Double]? {
    var errors = [Double](repeating: 0, count: priorities.count + 1)
    for constraint in constraints {
      var lhs = constraint.expression.constant
      for term in constraint.expression.terms {
        lhs += term.coefficient * point[term.variable.index]
      }
      let violation: Double
      switch constraint.relation {
      case .equal: violation = abs(lhs)
      case .lessThanOrEqual: violation = max(0, lhs)
      case .greaterThanOrEqual: violation = max(0, -lhs)
      }
      if constraint.priority.value >= 1000 {
        // Grid points and data are multiples of 1/6 or 1/2: exact up to rounding of sixths.
        if violation > 1e-9 { return nil }
      } else if let level = priorities.firstIndex(of: constraint.priority.value) {
        errors[level] += violation
      }
    }
    for (value, pin) in zip(point, pins) { errors[priorities.count] += abs(value - pin) }
    return errors
  }

  func compare(_ a: [Double], _ b: [Double]) -> Order {
    for (x, y) in zip(a, b) where abs(x - y) > 1e-9 { return x < y ? .less : .greater }
    return .same
  }
}
