import LayoutModel
import Testing
import TestSupport

/// Seeded random systems at the edges of the accuracy contract (`AccuracyContract`): per
/// constraint, coefficients spread up to the largest ratio; one constant (and suggestion)
/// up to the largest magnitude among constants of about 100. Every backend must satisfy
/// every required constraint within `Tolerance.residual`, skip the same initial
/// constraints, reach the same error sum at every priority level, and come back to its
/// first answer after a suggestion at the limit. `LAYOUTBENCH_LONG_TESTS=1` runs 20 times
/// as many seeds; the contract's bounds are where a wider version of this sweep (spreads
/// and magnitudes beyond the contract) first failed, divided by a margin.
@Suite struct AccuracyContractSweepTests {
  private static let priorities: [Double] = [1000, 1000, 999, 750, 500, 251, 250, 1]

  /// One system: constraints within the contract, pins at the lowest level so that the
  /// optimum is unique, and an edit variable `W` tied to variable 0 at 600.
  private static func system(seed: UInt64) -> (constraints: [Constraint], variables: Int, excursion: Double) {
    var random = SplitMix64(seed: seed)
    var record = MagnitudeRecord()
    let variables = random.uniformInt(in: 2...5)
    var constraints: [Constraint] = []
    let large = random.uniformInt(in: 0...7)
    for k in 0..<random.uniformInt(in: 3...8) {
      var terms: [Term] = []
      for v in 0..<variables where random.bernoulli(0.5) || terms.isEmpty && v == variables - 1 {
        let magnitude = random.smallInteger(in: 1...3) * pow10(random.uniformDouble(in: -spread..<spread))
        terms.append(Term(VariableID(v), random.bernoulli(0.5) ? magnitude : -magnitude))
      }
      var constant = random.smallInteger(in: -100...100)
      if k == large { constant *= big / 100 }
      let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.uniformInt(in: 0...2)]
      let priority = priorities[random.uniformInt(in: 0...(priorities.count - 1))]
      let constraint = Constraint(
        id: ConstraintID(constraints.count), LinearExpression(terms, constant: constant), relation,
        priority: Priority(priority))
      if AccuracyContract.violation(of: constraint) == nil, spreadOf(constraint) <= sweptRatio,
        record.admit(constraint) == nil
      {
        constraints.append(constraint)
      }
    }
    for v in 0..<variables {
      let pin = random.smallInteger(in: 0...50)
      constraints.append(
        Constraint(
          id: ConstraintID(constraints.count), LinearExpression([Term(VariableID(v), 1)], constant: -pin), .equal,
          priority: Priority(0.5)))
    }
    constraints.append(
      Constraint(
        id: ConstraintID(constraints.count),
        LinearExpression([Term(VariableID(0), 1), Term(VariableID(variables), -1)]), .greaterThanOrEqual,
        priority: Priority(600)))
    // The largest suggestion the joint bound leaves room for.
    let ratio = record.largestRatio
    let excursion = min(AccuracyContract.largestConstant, AccuracyContract.largestConditioning / (ratio * ratio) * 0.999)
    return (constraints, variables + 1, excursion)
  }

  /// The spread this sweep reaches: 300, below the contract's 1e3. From about 1e3,
  /// Cassowary's pivots leave cells below its cut-off that its debug build's invariant
  /// check stops on (docs/interchange.md, "Accuracy contract").
  private static let sweptRatio = 300.0

  /// The largest nonzero coefficient magnitude over the smallest. O(terms).
  private static func spreadOf(_ constraint: Constraint) -> Double {
    let magnitudes = constraint.expression.terms.map { abs($0.coefficient) }.filter { $0 > 0 }
    guard let smallest = magnitudes.min(), let largest = magnitudes.max() else { return 1 }
    return largest / smallest
  }

  /// 10^exponent without Foundation.
  private static func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    var remaining = exponent
    while remaining >= 1 { result *= 10; remaining -= 1 }
    while remaining <= -1 { result /= 10; remaining += 1 }
    // e^(remaining · ln 10) by its series, |remaining| < 1.
    let x = remaining * 2.302585092994046
    var term = 1.0
    var sum = 1.0
    for n in 1..<30 {
      term *= x / Double(n)
      sum += term
    }
    return result * sum
  }

  /// A backend's answer to a system: the constraints it kept, its values, and its values
  /// again after suggesting the largest value and coming back.
  private struct Answer {
    var kept: [Constraint]
    var values: [Double]
    var afterExcursion: [Double]
  }

  /// The large constant: the contract's largest.
  private static let big = AccuracyContract.largestConstant
  /// Per-term factors 10^[-2, 2): with the small integers they multiply, spreads past the
  /// largest ratio, whose constraints (and those past the joint bound) are left out.
  private static let spread = 2.0

  private static func answer(
    _ backend: Backend, _ constraints: [Constraint], variables: Int, excursion: Double
  ) throws -> Answer {
    let solver = backend.make()
    let w = VariableID(variables - 1)
    try solver.addEditVariable(w, priority: Priority(700))
    var kept: [Constraint] = []
    for constraint in constraints {
      do {
        try solver.add(constraint)
        kept.append(constraint)
      } catch .unsatisfiable {
        continue
      }
    }
    try solver.suggestValue(10, for: w)
    try solver.solve()
    let first = TestSupport.values(of: solver, count: variables)
    try solver.suggestValue(excursion, for: w)
    try solver.solve()
    try solver.suggestValue(10, for: w)
    try solver.solve()
    return Answer(kept: kept, values: first, afterExcursion: TestSupport.values(of: solver, count: variables))
  }

  @Test func everyBackendAnswersWithinTheContract() {
    forEachSeed(25, base: 0xACC0_0000) { seed in
      let (constraints, variables, excursion) = Self.system(seed: seed)
      let w = VariableID(variables - 1)
      let edit = Constraint(
        id: ConstraintID(constraints.count), LinearExpression([Term(w, 1)], constant: -10), .equal,
        priority: Priority(700))
      var reference: (name: String, kept: [ConstraintID], levels: [(priority: Priority, error: Double)])?
      for backend in Backend.all {
        let answer = try Self.answer(backend, constraints, variables: variables, excursion: excursion)
        let read = { (v: VariableID) in v.index < answer.values.count ? answer.values[v.index] : 0 }
        let unmet = answer.kept.violatedRequired(read)
        #expect(unmet.isEmpty, "\(backend): required \(unmet.map(\.id)) unmet")
        let system = answer.kept + [edit]
        let levels = system.errorsByLevel(read)
        let scale = system.reduce(1) { max($0, $1.expression.magnitude(read)) }
        // Optima need not be unique (the pins' level can tie), so the answer after the
        // excursion is judged by its error sums, as two backends' answers are.
        let back = { (v: VariableID) in v.index < answer.afterExcursion.count ? answer.afterExcursion[v.index] : 0 }
        #expect(answer.kept.violatedRequired(back).isEmpty, "\(backend): required unmet after the excursion")
        for (level, expected) in zip(system.errorsByLevel(back), levels) {
          #expect(
            Tolerance.comparison.isClose(level.error, expected.error, scale: scale),
            "\(backend) after a suggestion of \(excursion) and back, at \(level.priority): \(level.error), expected \(expected.error)")
        }
        if let reference {
          #expect(answer.kept.map(\.id) == reference.kept, "\(backend) vs \(reference.name): kept constraints")
          for (level, expected) in zip(levels, reference.levels) {
            #expect(level.priority == expected.priority)
            #expect(
              Tolerance.comparison.isClose(level.error, expected.error, scale: scale),
              "\(backend) vs \(reference.name) at \(level.priority): \(level.error), expected \(expected.error)")
          }
        } else {
          reference = (backend.name, answer.kept.map(\.id), levels)
        }
      }
    }
  }
}
