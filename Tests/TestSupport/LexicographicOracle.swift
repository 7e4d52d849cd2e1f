import LayoutModel

/// A brute-force reference answer for SMALL prioritized linear systems, written from the
/// contract (formats.md section 1) and sharing no code with any solver, so that solver tests
/// can be checked against something independent.
///
/// ## The problem
/// Every constraint is `a·x + c RELATION 0` over variables `0..<n`. Required constraints
/// (priority 1000) must hold. Optional ones are grouped into levels by exact priority value
/// and ranked strictly lexicographically: minimise the error of the highest level first, then,
/// among those minimisers, the next level, and so on. A level's error is the sum of
/// `Constraint.violation` over its constraints, weight 1 each. An edit variable `v` at `p`
/// with suggestion `s` is the optional constraint `v - s == 0 @p`
/// (``editConstraint(_:suggestedValue:priority:id:)``).
///
/// ## Pins
/// The caller gives every variable a pin target `r_j`; the oracle adds one more level, ranked
/// below every real priority, whose error is `sum_j |x_j - r_j|`. It is reported last, with
/// priority ``pinPriority`` (0, which no real priority can have). Without pins the optimum
/// set may be unbounded (no constraint mentions `x_2`) or contain no vertex; with them it is
/// a bounded polytope, and the argument below applies.
///
/// ## Why enumerating vertices finds the optimum
/// Take the hyperplane arrangement formed by every constraint boundary `a·x + c = 0` (a
/// constraint whose `a` is zero has no boundary and is constant everywhere) and the pin
/// hyperplanes `x_j = r_j`. On the closure of any face of this arrangement (the points
/// sharing one sign pattern against all hyperplanes) every violation, hence every level's
/// error, is a linear function, and each required constraint either holds everywhere on it
/// or nowhere in its relative interior.
/// 1. If the required constraints are feasible the lexicographic optimum exists: each stage
///    minimises a convex piecewise-linear function that is bounded below over a polyhedron,
///    and such a minimum is attained; the pin level makes the final optimum set `S` bounded.
/// 2. `S` is a union of closed faces: take `x*` in `S` and its face `F`. All levels are linear
///    on `cl(F)`, which is feasible, and each attains its (lexicographically constrained)
///    minimum at the relative-interior point `x*`, so each is constant on `cl(F)`; hence
///    `cl(F) ⊆ S`.
/// 3. `cl(F)` contains no line: a line whose direction has `d_j != 0` crosses `x_j = r_j`,
///    leaving the face's sign pattern. A nonempty line-free polyhedron has a vertex, and a
///    vertex of `cl(F)` is a vertex of the arrangement: the unique solution of `n` of its
///    hyperplanes with linearly independent normals.
///
/// So the optimum is attained at an arrangement vertex: solving every `n`-subset of
/// hyperplanes (skipping singular ones), keeping the vertices that satisfy the required
/// constraints, and taking the lexicographic minimum of their level errors gives the optimal
/// levels exactly (up to rounding). Since any feasible system has an optimal vertex, "no
/// feasible vertex" means the required constraints are infeasible. And if `S` held two
/// distinct points, the faces through them would supply two distinct optimal vertices (a
/// bounded face with more than one point has at least two vertices), so `isUnique` is
/// "every optimal vertex is the same point".
///
/// ## Limits
/// * Cost: `C(h, n)` subsets, each an `n×n` elimination (O(n³)) plus an O(terms) evaluation
///   of every constraint, where `h` is the number of distinct boundary hyperplanes plus the
///   `n` pins. That is 1 820 subsets for 4 variables and 12 constraints. A precondition
///   stops anything above ``maximumSubsetCount`` subsets, so misuse traps instead of hanging.
/// * Tolerances: required constraints hold within ``Tolerance/residual`` relative to each
///   expression's magnitude; level errors tie within ``Tolerance/comparison`` relative to
///   the level's magnitudes; points are the same within ``Tolerance/comparison``. Exact
///   data (small integers) keeps real differences far above these, which is what the random
///   generators produce; nearly parallel hyperplanes with huge vertices may blur ties.
/// * `isUnique` is about the full problem **including the pin level**: two vertices that tie
///   on every real level but differ in pin error are not a tie. A solver run without pins
///   may legitimately return another point, so compare such a solver on
///   ``Result/priorityLevels`` (and required residuals) only; compare the point only with a
///   solver that was given the same pins as its lowest-priority constraints.
public enum LexicographicOracle {
  /// The priority reported for the pin level, below every valid priority.
  public static let pinPriority: Double = 0

  /// The largest number of hyperplane subsets ``solve(_:variableCount:pins:)`` accepts
  /// (about a second of work in a debug build).
  public static let maximumSubsetCount = 250_000

  /// The lexicographic optimum of a system, or the fact that its required part is infeasible.
  public enum Result: Sendable, CustomStringConvertible {
    /// The required constraints have no common solution.
    case infeasible
    /// `levels` holds one entry per distinct optional priority, in descending priority, and
    /// then exactly one entry for the pin level (priority ``pinPriority``, error
    /// `sum |x_j - r_j|`). `point` is an optimal point (one value per variable) and
    /// `isUnique` tells whether it is the only one, pin level included.
    case optimal(levels: [(priority: Double, error: Double)], point: [Double], isUnique: Bool)

    public var isInfeasible: Bool {
      if case .infeasible = self { return true }
      return false
    }

    /// The real optional levels (descending priority), without the pin level; empty when
    /// infeasible or when the system has no optional constraint.
    public var priorityLevels: [(priority: Double, error: Double)] {
      guard case .optimal(let levels, _, _) = self else { return [] }
      return Array(levels.dropLast())
    }

    /// The pin level's error, or nil when infeasible.
    public var pinError: Double? {
      guard case .optimal(let levels, _, _) = self else { return nil }
      return levels.last?.error
    }

    /// The optimal point, or nil when infeasible.
    public var point: [Double]? {
      guard case .optimal(_, let point, _) = self else { return nil }
      return point
    }

    /// Whether the optimum (pin level included) is a single point; nil when infeasible.
    public var isUnique: Bool? {
      guard case .optimal(_, _, let isUnique) = self else { return nil }
      return isUnique
    }

    public var description: String {
      switch self {
      case .infeasible:
        return "infeasible"
      case .optimal(let levels, let point, let isUnique):
        let real = levels.dropLast().map { "@\(renderNumber($0.priority)): \($0.error)" }
        let pins = levels.last.map { "pins: \($0.error)" } ?? "pins: none"
        return "optimal [\((real + [pins]).joined(separator: ", "))] at \(point)"
          + (isUnique ? " (unique)" : " (not unique)")
      }
    }
  }

  /// The lexicographic optimum of `constraints` over variables `0..<variableCount`, with
  /// `pins[j]` as the lowest-priority target of variable `j` (see the type's documentation).
  ///
  /// Zero coefficients, terms naming one variable twice, constraints without terms,
  /// duplicate and parallel constraints and `variableCount` 0 or 1 are all handled.
  /// Constraint ids are ignored.
  /// - Precondition: `pins.count == variableCount`; every pin, coefficient and constant is
  ///   finite; every priority is valid; every variable index is below `variableCount`; at
  ///   most ``maximumSubsetCount`` hyperplane subsets.
  /// - Complexity: O(C(h, n) · (n³ + T)) with `h` distinct hyperplanes (at most
  ///   `constraints.count + n`) and `T` terms in all.
  public static func solve(
    _ constraints: [Constraint], variableCount: Int, pins: [Double]
  ) -> Result {
    validate(constraints, variableCount: variableCount, pins: pins)
    let plan = LevelPlan(constraints)
    let hyperplanes = Arrangement.hyperplanes(
      of: constraints, variableCount: variableCount, pins: pins)
    let subsets = Arrangement.subsetCount(hyperplanes.count, choose: variableCount)
    precondition(
      subsets <= maximumSubsetCount,
      "LexicographicOracle: \(hyperplanes.count) hyperplanes over \(variableCount) variables "
        + "give more than \(maximumSubsetCount) vertex subsets; it is meant for ~4 variables "
        + "and ~12 constraints")

    var candidates: [Candidate] = []
    Arrangement.forEachVertex(of: hyperplanes, variableCount: variableCount) { point in
      guard plan.satisfiesRequired(at: point) else { return }
      candidates.append(plan.evaluate(at: point, pins: pins))
    }
    guard let best = Candidate.lexicographicOptimum(candidates) else { return .infeasible }

    var levels = zip(plan.priorities, best.representative.errors).map {
      (priority: $0, error: $1)
    }
    levels.append((priority: pinPriority, error: best.representative.errors.last ?? 0))
    return .optimal(levels: levels, point: best.representative.point, isUnique: best.isUnique)
  }

  /// The constraint an edit variable stands for: `variable - suggestedValue == 0 @priority`.
  public static func editConstraint(
    _ variable: VariableID, suggestedValue: Double, priority: Priority, id: ConstraintID
  ) -> Constraint {
    Constraint(
      id: id, LinearExpression([Term(variable, 1)], constant: -suggestedValue), .equal,
      priority: priority)
  }

  private static func validate(_ constraints: [Constraint], variableCount: Int, pins: [Double]) {
    precondition(variableCount >= 0, "variableCount must be non-negative")
    precondition(
      pins.count == variableCount,
      "LexicographicOracle needs one pin per variable: \(pins.count) pins, \(variableCount) variables"
    )
    precondition(pins.allSatisfy(\.isFinite), "pins must be finite: \(pins)")
    for constraint in constraints {
      precondition(
        constraint.priority.isValid,
        "\(constraint.id) has invalid priority \(constraint.priority.value)")
      precondition(
        constraint.expression.constant.isFinite, "\(constraint.id) has a non-finite constant")
      for term in constraint.expression.terms {
        precondition(
          term.coefficient.isFinite, "\(constraint.id) has a non-finite coefficient")
        precondition(
          term.variable.index < variableCount,
          "\(constraint.id) names \(term.variable) but variableCount is \(variableCount)")
      }
    }
  }
}
