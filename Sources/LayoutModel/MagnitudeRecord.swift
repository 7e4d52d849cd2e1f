/// The largest constant and the largest coefficient ratio a solver has been given, for
/// the accuracy contract's joint bound (``AccuracyContract/largestConditioning``): rounding
/// left by a constant grows with the square of the coefficient spreads it is pivoted
/// through, so a system may have large constants or widely spread coefficients, not both.
///
/// Both records only grow (rounding a large constant left in the rows stays there after the
/// constant is changed back), so the bound is judged against everything the solver was
/// ever given. A refused number is not recorded.
public struct MagnitudeRecord: Hashable, Sendable {
  /// The largest magnitude of a constant, new constant or suggested value given so far.
  public private(set) var largestConstant = 0.0
  /// The largest ratio of two nonzero coefficient magnitudes within one constraint.
  public private(set) var largestRatio = 1.0

  @inlinable
  public init() {}

  /// Records `constraint`, or returns `illConditioned` (recording nothing) when its
  /// constant or its coefficients' ratio would take the record past the joint bound.
  /// O(terms), no allocation.
  public mutating func admit(_ constraint: Constraint) -> SolverError? {
    var smallest = Double.infinity
    var largest = 0.0
    for term in constraint.expression.terms where term.coefficient != 0 {
      smallest = min(smallest, abs(term.coefficient))
      largest = max(largest, abs(term.coefficient))
    }
    let ratio = largest > 0 ? largest / smallest : 1
    let constant = max(largestConstant, abs(constraint.expression.constant))
    let spread = max(largestRatio, ratio)
    guard AccuracyContract.isConditioningWithin(constant: constant, ratio: spread) else {
      return .illConditioned(constraint.id, largestConstant: constant, largestRatio: spread)
    }
    largestConstant = constant
    largestRatio = spread
    return nil
  }

  /// Records a new constant for constraint `id`, or returns `illConditioned`. O(1).
  public mutating func admit(constant: Double, of id: ConstraintID) -> SolverError? {
    let largest = max(largestConstant, abs(constant))
    guard AccuracyContract.isConditioningWithin(constant: largest, ratio: largestRatio) else {
      return .illConditioned(id, largestConstant: largest, largestRatio: largestRatio)
    }
    largestConstant = largest
    return nil
  }

  /// Records a suggested value for `variable`, or returns `illConditionedSuggestion`.
  /// O(1).
  public mutating func admit(suggestion value: Double, for variable: VariableID) -> SolverError? {
    let largest = max(largestConstant, abs(value))
    guard AccuracyContract.isConditioningWithin(constant: largest, ratio: largestRatio) else {
      return .illConditionedSuggestion(variable, largestConstant: largest, largestRatio: largestRatio)
    }
    largestConstant = largest
    return nil
  }
}
