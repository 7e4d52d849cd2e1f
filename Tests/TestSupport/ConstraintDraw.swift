import LayoutModel

/// Draws single constraints of a given ``ConstraintShape``; shared by the system and trace
/// generators so both produce the same kind of constraint. Every draw is O(variableCount).
struct ConstraintDraw {
  let variableCount: Int
  let shape: ConstraintShape

  /// A coefficient in `-maximum...maximum`: 0 with chance 0.15, ±1 with 0.65, larger
  /// magnitudes with the rest (±1 when the maximum is 1). Small integers keep the
  /// arithmetic of solvers and oracle exact.
  func coefficient(_ rng: inout SplitMix64, allowZero: Bool) -> Double {
    let roll = rng.unitDouble()
    let magnitude: Int
    if allowZero, roll < 0.15 {
      return 0
    } else if roll < 0.8 || shape.maximumCoefficient == 1 {
      magnitude = 1
    } else {
      magnitude = rng.uniformInt(in: 2...shape.maximumCoefficient)
    }
    return rng.bernoulli(0.5) ? Double(magnitude) : Double(-magnitude)
  }

  func constant(_ rng: inout SplitMix64) -> Double {
    rng.smallInteger(in: -shape.constantMagnitude...shape.constantMagnitude)
  }

  /// One to three distinct variables (at most `variableCount`); the first coefficient is
  /// never 0, so an ordinary draw always has a boundary hyperplane.
  func expression(_ rng: inout SplitMix64) -> LinearExpression {
    var variables = Array(0..<variableCount)
    let count = rng.uniformInt(in: 1...min(3, variableCount))
    var terms: [Term] = []
    for position in 0..<count {
      // A partial Fisher-Yates shuffle picks distinct variables in random order.
      variables.swapAt(position, rng.uniformInt(in: position...(variableCount - 1)))
      terms.append(
        Term(VariableID(variables[position]), coefficient(&rng, allowZero: position > 0)))
    }
    return LinearExpression(terms, constant: constant(&rng))
  }

  func relation(_ rng: inout SplitMix64) -> Relation {
    guard rng.bernoulli(shape.inequalityFraction) else { return .equal }
    return rng.bernoulli(0.5) ? .lessThanOrEqual : .greaterThanOrEqual
  }

  /// Required with chance `requiredFraction`, otherwise ``optionalPriority(_:)``.
  func priority(_ rng: inout SplitMix64) -> Priority {
    rng.bernoulli(shape.requiredFraction) ? .required : optionalPriority(&rng)
  }

  /// One of the palette's optional values, or with chance `randomPriorityRate` a random
  /// value in [1, 999).
  func optionalPriority(_ rng: inout SplitMix64) -> Priority {
    if rng.bernoulli(shape.randomPriorityRate) {
      return Priority(rng.uniformDouble(in: 1..<999))
    }
    let optional = RandomSystemGenerator.priorityPalette.filter { $0 < 1000 }
    return Priority(rng.choose(optional) ?? 500)
  }

  func constraint(id: ConstraintID, _ rng: inout SplitMix64) -> Constraint {
    let expression = expression(&rng)
    let relation = relation(&rng)
    return Constraint(id: id, expression, relation, priority: priority(&rng))
  }
}
