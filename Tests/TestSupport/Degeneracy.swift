import LayoutModel

/// The deliberately awkward cases the generators inject, each a known weak spot of solvers.
public enum Degeneracy: String, Hashable, Sendable, CaseIterable {
  /// An exact copy (new id) of an earlier constraint.
  case duplicate
  /// A required equality that is a nonzero combination of one or two earlier required
  /// equalities, so it restricts nothing (a redundant row, possibly all-zero).
  case redundantRequired
  /// Two optional equalities at the same priority on the same expression with different
  /// constants: both cannot hold, and the level error is shared between them.
  case conflictingTie
  /// Two required constraints on the same expression that contradict each other
  /// (`e == 0` with `e + d == 0`, or `e <= 0` with `e - d >= 0` for `d > 0`): infeasible.
  case contradictoryRequiredPair
  /// A constraint without terms: `constant RELATION 0`.
  case noTerms
  /// Terms whose coefficients are all explicitly 0 (a constant in disguise).
  case zeroCoefficients
  /// A variable named twice in one expression, the coefficients summing to an ordinary one.
  case repeatedVariable
}

/// One injected case and the constraint ids it produced.
public struct InjectedDegeneracy: Hashable, Sendable {
  public var kind: Degeneracy
  public var ids: [ConstraintID]
}

/// Appends constraints with ids `0, 1, ...` and injects ``Degeneracy`` cases on request.
struct DegenerateBuilder {
  let draw: ConstraintDraw
  private(set) var constraints: [Constraint] = []
  private(set) var degeneracies: [InjectedDegeneracy] = []

  init(draw: ConstraintDraw) { self.draw = draw }

  var nextID: ConstraintID { ConstraintID(constraints.count) }

  mutating func append(_ constraint: Constraint) {
    constraints.append(constraint)
  }

  /// Injects one applicable degenerate case using at most `slots` constraints; false when
  /// none applies (the caller then draws an ordinary constraint). O(constraints · n).
  mutating func injectDegeneracy(_ rng: inout SplitMix64, slots: Int) -> Bool {
    let requiredEqualities = constraints.filter { $0.priority.isRequired && $0.relation == .equal }
    let applicable = Degeneracy.allCases.filter { kind in
      switch kind {
      case .duplicate: !constraints.isEmpty
      case .redundantRequired: !requiredEqualities.isEmpty
      case .conflictingTie, .contradictoryRequiredPair: slots >= 2
      case .noTerms, .zeroCoefficients, .repeatedVariable: true
      }
    }
    guard let kind = rng.choose(applicable) else { return false }
    let first = constraints.count
    switch kind {
    case .duplicate:
      guard var copy = rng.choose(constraints) else { return false }
      copy.id = nextID
      append(copy)
    case .redundantRequired:
      append(redundantCombination(of: requiredEqualities, &rng))
    case .conflictingTie:
      let expression = draw.expression(&rng)
      let priority = draw.optionalPriority(&rng)
      let shift = nonzeroShift(&rng)
      append(Constraint(id: nextID, expression, .equal, priority: priority))
      append(Constraint(id: nextID, shifted(expression, by: shift), .equal, priority: priority))
    case .contradictoryRequiredPair:
      let expression = draw.expression(&rng)
      let gap = abs(nonzeroShift(&rng))
      if rng.bernoulli(0.5) {
        append(Constraint(id: nextID, expression, .equal))
        append(Constraint(id: nextID, shifted(expression, by: gap), .equal))
      } else {
        // e <= 0 and e >= gap cannot both hold.
        append(Constraint(id: nextID, expression, .lessThanOrEqual))
        append(Constraint(id: nextID, shifted(expression, by: -gap), .greaterThanOrEqual))
      }
    case .noTerms:
      let expression = LinearExpression([], constant: draw.constant(&rng))
      let relation = draw.relation(&rng)
      append(Constraint(id: nextID, expression, relation, priority: draw.priority(&rng)))
    case .zeroCoefficients:
      var expression = draw.expression(&rng)
      for i in expression.terms.indices { expression.terms[i].coefficient = 0 }
      let relation = draw.relation(&rng)
      append(Constraint(id: nextID, expression, relation, priority: draw.priority(&rng)))
    case .repeatedVariable:
      append(repeatedVariable(&rng))
    }
    let ids = constraints[first...].map(\.id)
    degeneracies.append(InjectedDegeneracy(kind: kind, ids: ids))
    return true
  }

  /// `m1 * e1 + m2 * e2 == 0` (required) for one or two earlier required equalities and
  /// multipliers in {-1, 1, 2}: it holds wherever they do, so it is redundant.
  private func redundantCombination(
    of equalities: [Constraint], _ rng: inout SplitMix64
  ) -> Constraint {
    let parents = (0..<rng.uniformInt(in: 1...2)).compactMap { _ in rng.choose(equalities) }
    var terms: [Term] = []
    var constant = 0.0
    for parent in parents {
      let multiplier = rng.choose([-1.0, 1.0, 2.0]) ?? 1
      terms += parent.expression.terms.map { Term($0.variable, $0.coefficient * multiplier) }
      constant += parent.expression.constant * multiplier
    }
    // Merged, but zeros kept: a combination that cancels leaves explicit 0 coefficients.
    var merged: [Term] = []
    for term in terms.sorted(by: { $0.variable < $1.variable }) {
      if let last = merged.last, last.variable == term.variable {
        merged[merged.count - 1].coefficient += term.coefficient
      } else {
        merged.append(term)
      }
    }
    return Constraint(id: nextID, LinearExpression(merged, constant: constant), .equal)
  }

  /// An ordinary draw whose first variable appears twice, as `(c + k) * v` and `-k * v`, so
  /// the merged coefficient (and the hyperplane) is the drawn one.
  private func repeatedVariable(_ rng: inout SplitMix64) -> Constraint {
    var constraint = draw.constraint(id: nextID, &rng)
    if let first = constraint.expression.terms.first {
      let k = rng.bernoulli(0.5) ? 1.0 : -1.0
      constraint.expression.terms[0].coefficient = first.coefficient + k
      constraint.expression.terms.append(Term(first.variable, -k))
    }
    return constraint
  }

  /// A nonzero integer shift for the constant, in ±1...±10.
  private func nonzeroShift(_ rng: inout SplitMix64) -> Double {
    let magnitude = rng.smallInteger(in: 1...10)
    return rng.bernoulli(0.5) ? magnitude : -magnitude
  }

  private func shifted(_ expression: LinearExpression, by shift: Double) -> LinearExpression {
    var result = expression
    result.constant += shift
    return result
  }
}
