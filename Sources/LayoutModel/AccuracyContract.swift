/// The magnitudes within which every constraint backend answers to ``Tolerance/residual``
/// (docs/interchange.md, "Accuracy contract"), and the checks that refuse what lies outside.
///
/// Both backends compute in doubles with absolute cut-offs (a cell below 1e-8 is dropped
/// by Cassowary, 1e-9 by the dense simplex), so coefficients of very different sizes in one
/// constraint lose the small ones, and a constant far above its neighbours leaves rounding
/// behind that survives when it is changed back. Where they start failing was measured with
/// seeded random systems (`AccuracyContractSweepTests` with `LAYOUTBENCH_LONG_TESTS=1`, and
/// `bench solve --check` on generated files): coefficients spanning 1e5 within a constraint
/// gave wrong optima and "unbounded" internal errors with constants of 100; spanning 1e3,
/// Cassowary kept cells below its own cut-off (an invariant its debug build checks); with
/// coefficients spanning up to 3e3, a required constraint is left unmet once a constant of
/// 1e6 is about (1e5 still held); spanning 3e2, every case held with constants of 3e7 (hence
/// the joint bound ``largestConditioning``); a variable's coefficients all scaled alike held
/// across 1e12. Scenes need spans of a few hundred: autoresizing splits a change in
/// proportion to the parts (0.0037 beside 1), `fillProportionally` weighs by intrinsic
/// sizes. One constant of 1e8 among constants of 100 made Cassowary refuse a satisfiable
/// required constraint until its feasibility tolerance followed the constants given
/// (``largestConstant`` is as far as that was measured since); a suggestion of 1e11 and back
/// left it off its first answer.
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
  /// correctly across 1e12). A multiplier of a scene sits beside coefficients of 1, so it
  /// is held to [1 / ratio, ratio]. Scenes need spans of several hundred (autoresizing
  /// splits a change in proportion to the parts: 0.0028 beside 1 in the random scenes of
  /// the springs-and-struts tests).
  public static let largestCoefficientRatio = 1e3
  /// The largest magnitude of a constant, a new constant or a suggested value. Above the
  /// 2^24 that Qt and kiwi use for "no maximum size" (enaml's `width <= 16777200`).
  public static let largestConstant = 3e7
  /// The largest value of (largest constant) × (largest coefficient ratio)² over a
  /// system (``MagnitudeRecord``): rounding a constant leaves grows with the square of the
  /// spreads it is pivoted through. Measured: 9e11 held (constants of 1e5, ratios to 3e3),
  /// and 2.7e12 (3e7, 3e2); 9e12 (1e6, 3e3) left a required constraint unmet by 2e-4.
  public static let largestConditioning = 1e11
  /// The largest magnitude of a value in an answer: answers were seen to go wrong from
  /// magnitudes of 1e9, and a value far beyond every constant is the mark of a chain of
  /// multipliers that no per-number bound sees.
  public static let largestValue = 1e9

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

  /// Whether a system whose largest constant is `constant` and whose largest coefficient
  /// ratio within a constraint is `ratio` lies within ``largestConditioning``. O(1).
  @inlinable
  public static func isConditioningWithin(constant: Double, ratio: Double) -> Bool {
    constant * ratio * ratio <= largestConditioning
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
  /// `1e3`, for messages.
  public static let largestCoefficientRatioText = "1e3"
  /// `[1e-3, 1e3]`, for messages.
  public static let multiplierRangeText = "[1e-3, 1e3]"
  /// `1e11`, for messages.
  public static let largestConditioningText = "1e11"
  /// `3e7`, for messages.
  public static let largestConstantText = "3e7"
  /// `1e9`, for messages.
  public static let largestValueText = "1e9"
}
