/// The magnitudes within which every constraint backend answers to ``Tolerance/residual``
/// (docs/interchange.md, "Accuracy contract"), and the checks that refuse what lies outside.
///
/// Both backends compute in doubles with absolute cut-offs (a cell below 1e-8 is dropped
/// by Cassowary, 1e-9 by the dense simplex), so coefficients of very different sizes in one
/// constraint lose the small ones, and a constant far above its neighbours leaves rounding
/// behind that survives when it is changed back. Where they start failing was measured with
/// seeded random systems (`AccuracyContractSweepTests`, `LAYOUTBENCH_LONG_TESTS=1`):
/// coefficients spanning 1e5 within a constraint (wrong optima, "unbounded" internal
/// errors; a variable's coefficients all scaled alike were answered correctly across 1e12); one constant of 1e9 among constants of 100 (Cassowary refuses a satisfiable
/// required constraint; from 1e11 it leaves one unmet); a suggestion of 1e11 and back
/// (Cassowary does not return to the first answer). The bounds keep a margin of 10 below the
/// first and 1000 below the others.
///
/// A number outside is refused before any state changes, with an error naming the
/// constraint or edit variable and the number; a refusal is never a wrong answer. The
/// bounds are per number, so they cannot see ill conditioning that only a combination
/// builds (a chain of multipliers): callers that print answers also check each state's
/// required residuals and value magnitudes (``residualViolation(in:_:)``,
/// ``valueViolation(_:of:)``).
public enum AccuracyContract {
  /// The smallest magnitude of a nonzero coefficient.
  public static let smallestCoefficient = 1e-6
  /// The largest magnitude of a coefficient.
  public static let largestCoefficient = 1e6
  /// The largest ratio of two nonzero coefficient magnitudes within one constraint. What
  /// breaks the backends is coefficients of different sizes in one row, not a variable
  /// measured in other units (scaling all of a variable's coefficients alike was answered
  /// correctly across 1e12).
  public static let largestCoefficientRatio = 1e4
  /// The largest magnitude of a constant, a new constant or a suggested value.
  public static let largestConstant = 1e6
  /// The largest magnitude of a value in an answer: beyond it the residual tolerance no
  /// longer separates an answer from rounding.
  public static let largestValue = 1e8

  /// The first number of `constraint` outside the contract (each coefficient in term
  /// order, then the spread of its coefficients, then the constant), or nil. Non-finite
  /// numbers are ``Constraint/validationError()``'s business and pass here. O(terms), no
  /// allocation.
  @inlinable
  public static func violation(of constraint: Constraint) -> SolverError? {
    var smallest: Term?
    var largest: Term?
    for term in constraint.expression.terms where term.coefficient != 0 {
      guard isCoefficientWithin(term.coefficient) else {
        return .coefficientOutOfRange(constraint.id, term.variable, term.coefficient)
      }
      if smallest.map({ abs(term.coefficient) < abs($0.coefficient) }) ?? true { smallest = term }
      if largest.map({ abs(term.coefficient) > abs($0.coefficient) }) ?? true { largest = term }
    }
    if let smallest, let largest, abs(largest.coefficient) > largestCoefficientRatio * abs(smallest.coefficient) {
      return .coefficientSpreadOutOfRange(constraint.id, smallest: smallest, largest: largest)
    }
    return violation(constant: constraint.expression.constant, of: constraint.id)
  }

  /// `constantOutOfRange` when `constant` lies outside the contract, else nil. O(1).
  @inlinable
  public static func violation(constant: Double, of id: ConstraintID) -> SolverError? {
    isConstantWithin(constant) ? nil : .constantOutOfRange(id, constant)
  }

  /// `suggestionOutOfRange` when `value` lies outside the contract, else nil. O(1).
  @inlinable
  public static func violation(suggestion value: Double, for variable: VariableID) -> SolverError? {
    isConstantWithin(value) ? nil : .suggestionOutOfRange(variable, value)
  }

  /// `valueOutOfRange` when an answer's `value` lies outside the contract, else nil. O(1).
  @inlinable
  public static func valueViolation(_ value: Double, of variable: VariableID) -> SolverError? {
    value.isFinite && abs(value) > largestValue ? .valueOutOfRange(variable, value) : nil
  }

  /// `inaccurate` for the first required constraint of `system` that the values leave
  /// unmet beyond ``Tolerance/residual``, else nil. O(Σ terms).
  public static func residualViolation(
    in system: some Collection<Constraint>, _ valueOf: (VariableID) -> Double
  ) -> SolverError? {
    guard let violated = system.violatedRequired(valueOf).first else { return nil }
    return .inaccurate(violated.id, residual: violated.violation(valueOf))
  }

  /// Zero (no term) or a finite magnitude in the coefficient range; NaN and infinities
  /// pass, for the non-finite checks to name.
  @inlinable
  public static func isCoefficientWithin(_ coefficient: Double) -> Bool {
    let magnitude = abs(coefficient)
    return magnitude == 0 || !magnitude.isFinite
      || (magnitude >= smallestCoefficient && magnitude <= largestCoefficient)
  }

  /// Zero or a magnitude in [1 / ``largestCoefficientRatio``, ``largestCoefficientRatio``]:
  /// a scene's multiplier, which lowers into a constraint beside coefficients of 1.
  @inlinable
  public static func isMultiplierWithin(_ multiplier: Double) -> Bool {
    let magnitude = abs(multiplier)
    return magnitude == 0 || (magnitude * largestCoefficientRatio >= 1 && magnitude <= largestCoefficientRatio)
  }

  /// A magnitude at most ``largestConstant``; NaN and infinities pass, as above.
  @inlinable
  public static func isConstantWithin(_ constant: Double) -> Bool {
    !constant.isFinite || abs(constant) <= largestConstant
  }

  /// `[1e-6, 1e6]`, for messages.
  public static let coefficientRangeText = "[1e-6, 1e6]"
  /// `1e4`, for messages.
  public static let largestCoefficientRatioText = "1e4"
  /// `[1e-4, 1e4]`, for messages.
  public static let multiplierRangeText = "[1e-4, 1e4]"
  /// `1e6`, for messages.
  public static let largestConstantText = "1e6"
  /// `1e8`, for messages.
  public static let largestValueText = "1e8"
}
