import LayoutModel

/// Comparisons shared by the trace tests.
extension TraceOperation {
  /// The error this operation throws on `solver`, or nil when it succeeds.
  public func outcome(on solver: some LinearSolver) -> SolverError? {
    do {
      try apply(to: solver)
      return nil
    } catch {
      return error
    }
  }

  /// The constraints the operation names (a batch removal names several).
  public var constraintIDs: [ConstraintID] {
    switch self {
    case .add(let constraint): [constraint.id]
    case .remove(let id), .setConstant(let id, _), .setPriority(let id, _): [id]
    case .removeBatch(let ids): ids
    case .addEdit, .removeEdit, .suggest: []
    }
  }
}

/// The values of variables `0 ..< count` (as of the solver's last solve).
public func values(of solver: some LinearSolver, count: Int) -> [Double] {
  (0..<count).map { solver.value(of: VariableID($0)) }
}

/// Whether two value lists agree within `Tolerance.comparison`.
public func allClose(_ a: [Double], _ b: [Double]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { Tolerance.comparison.isClose($0, $1) }
}

/// Whether two per-level error vectors (from `LexicographicOracle.levelErrors`) name the
/// same levels with error sums that agree within `Tolerance.comparison`, judged against a
/// scale of 100 (the generators' magnitudes).
public func sameLevelErrors(
  _ a: [(priority: Double, error: Double)], _ b: [(priority: Double, error: Double)]
) -> Bool {
  a.count == b.count
    && zip(a, b).allSatisfy { $0.priority == $1.priority && Tolerance.comparison.isClose($0.error, $1.error, scale: 100) }
}
