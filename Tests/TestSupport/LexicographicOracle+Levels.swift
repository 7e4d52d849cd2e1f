import LayoutModel

extension LexicographicOracle {
  /// The optional levels of `constraints`, each with its error at a point, in descending
  /// priority: the same levels, in the same order, as ``Result/priorityLevels``, so a
  /// solver's values can be compared with the oracle level by level. Levels are distinct
  /// priority values (750 and 750.5 are two levels). O(T) for `T` terms plus sorting.
  public static func levelErrors(
    of constraints: [Constraint], at valueOf: (VariableID) -> Double
  ) -> [(priority: Double, error: Double)] {
    let plan = LevelPlan(constraints)
    var errors = [Double](repeating: 0, count: plan.priorities.count)
    for (constraint, level) in zip(constraints, plan.levelOf) {
      guard let level else { continue }
      errors[level] += constraint.violation(valueOf)
    }
    return zip(plan.priorities, errors).map { (priority: $0, error: $1) }
  }

  /// Whether every required constraint holds at a point within ``Tolerance/residual``,
  /// judged against the magnitudes of its expression there. O(T).
  public static func satisfiesRequired(
    _ constraints: [Constraint], at valueOf: (VariableID) -> Double
  ) -> Bool {
    constraints.allSatisfy { constraint in
      !constraint.priority.isRequired
        || Tolerance.residual.isZero(
          constraint.violation(valueOf), scale: constraint.expression.magnitude(valueOf))
    }
  }

  /// Which level each constraint belongs to, and the levels' priorities.
  struct LevelPlan {
    /// Distinct optional priorities, descending.
    let priorities: [Double]
    /// Per constraint (same order): its index into `priorities`, nil when required.
    let levelOf: [Int?]
    let constraints: [Constraint]

    init(_ constraints: [Constraint]) {
      self.constraints = constraints
      let optional = constraints.filter { !$0.priority.isRequired }.map(\.priority.value)
      priorities = Array(Set(optional)).sorted(by: >)
      var index: [Double: Int] = [:]
      for (i, priority) in priorities.enumerated() { index[priority] = i }
      levelOf = constraints.map { $0.priority.isRequired ? nil : index[$0.priority.value] }
    }

    func satisfiesRequired(at point: [Double]) -> Bool {
      LexicographicOracle.satisfiesRequired(constraints) { point[$0.index] }
    }

    /// The error and magnitude of every level at `point`, the pin level last. O(T + n).
    func evaluate(at point: [Double], pins: [Double]) -> Candidate {
      let valueOf: (VariableID) -> Double = { point[$0.index] }
      var errors = [Double](repeating: 0, count: priorities.count + 1)
      var scales = errors
      for (constraint, level) in zip(constraints, levelOf) {
        guard let level else { continue }
        errors[level] += constraint.violation(valueOf)
        scales[level] += constraint.expression.magnitude(valueOf)
      }
      for (value, target) in zip(point, pins) {
        errors[priorities.count] += abs(value - target)
        scales[priorities.count] += max(abs(value), abs(target))
      }
      return Candidate(point: point, errors: errors, scales: scales)
    }
  }

  /// A feasible vertex with its level errors (pin level last) and the magnitudes they are
  /// judged against.
  struct Candidate {
    var point: [Double]
    var errors: [Double]
    var scales: [Double]

    /// The lexicographic minimum of `candidates`, or nil when there are none.
    ///
    /// Level by level, keeps the candidates whose error is within ``Tolerance/comparison`` of
    /// that level's minimum (filtering against the minimum, rather than comparing pairs,
    /// keeps the non-transitive tolerance from making the result order-dependent). The
    /// representative is the survivor with the exactly smallest error vector, earliest on
    /// ties; it is unique when every survivor is the same point within tolerance.
    /// O(c · levels + c · n) for `c` candidates.
    static func lexicographicOptimum(
      _ candidates: [Candidate]
    ) -> (representative: Candidate, isUnique: Bool)? {
      guard let levelCount = candidates.first?.errors.count else { return nil }
      var survivors = candidates
      for level in 0..<levelCount {
        guard let minimum = survivors.map({ $0.errors[level] }).min() else { return nil }
        survivors.removeAll {
          !Tolerance.comparison.isClose($0.errors[level], minimum, scale: $0.scales[level])
        }
      }
      guard var representative = survivors.first else { return nil }
      for survivor in survivors.dropFirst()
      where survivor.errors.lexicographicallyPrecedes(representative.errors) {
        representative = survivor
      }
      let isUnique = survivors.allSatisfy { survivor in
        zip(survivor.point, representative.point).allSatisfy {
          Tolerance.comparison.isClose($0, $1)
        }
      }
      return (representative, isUnique)
    }
  }
}
