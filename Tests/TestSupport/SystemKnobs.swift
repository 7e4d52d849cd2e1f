/// The shape of randomly drawn constraints, shared by systems and traces.
public struct ConstraintShape: Hashable, Sendable, CustomStringConvertible {
  /// Chance that a drawn constraint is `<=` or `>=` (half each) rather than `==`.
  public var inequalityFraction: Double
  /// Chance that a drawn constraint is required (1000).
  public var requiredFraction: Double
  /// Largest |coefficient| drawn (1...3). Coefficients are mostly ±1, some 0 (never all of
  /// a drawn constraint's), some up to this bound.
  public var maximumCoefficient: Int
  /// Constants are integers in `-constantMagnitude...constantMagnitude`.
  public var constantMagnitude: Int
  /// Chance that an optional priority is a random value in [1, 999) instead of one from
  /// ``RandomSystemGenerator/priorityPalette``.
  public var randomPriorityRate: Double

  public init(
    inequalityFraction: Double = 0.4, requiredFraction: Double = 0.3,
    maximumCoefficient: Int = 3, constantMagnitude: Int = 20, randomPriorityRate: Double = 0.1
  ) {
    self.inequalityFraction = inequalityFraction
    self.requiredFraction = requiredFraction
    self.maximumCoefficient = maximumCoefficient
    self.constantMagnitude = constantMagnitude
    self.randomPriorityRate = randomPriorityRate
  }

  func validate() {
    precondition((0...1).contains(inequalityFraction), "inequalityFraction must be in [0, 1]")
    precondition((0...1).contains(requiredFraction), "requiredFraction must be in [0, 1]")
    precondition((1...3).contains(maximumCoefficient), "maximumCoefficient must be in 1...3")
    precondition((0...1000).contains(constantMagnitude), "constantMagnitude must be in 0...1000")
    precondition((0...1).contains(randomPriorityRate), "randomPriorityRate must be in [0, 1]")
  }

  public var description: String {
    "inequalities \(inequalityFraction), required \(requiredFraction), |coefficient| <= "
      + "\(maximumCoefficient), |constant| <= \(constantMagnitude), random priorities "
      + "\(randomPriorityRate)"
  }
}

/// What ``RandomSystemGenerator/system(seed:knobs:)`` draws.
public struct SystemKnobs: Hashable, Sendable, CustomStringConvertible {
  /// Variables `0..<variableCount`, 1...8 (the oracle is meant for up to ~4).
  public var variableCount: Int
  /// Exactly this many constraints, ids `0..<constraintCount` (the oracle: up to ~12).
  public var constraintCount: Int
  public var shape: ConstraintShape
  /// Chance, per constraint slot, of a deliberately degenerate case (``Degeneracy``)
  /// instead of an ordinary draw. Degenerate constraints may ignore `shape` (a contradictory
  /// pair is required whatever `requiredFraction` says; a redundant combination may exceed
  /// `maximumCoefficient`); at 0 every constraint follows `shape` exactly.
  public var degenerateRate: Double

  public init(
    variableCount: Int = 3, constraintCount: Int = 8, shape: ConstraintShape = ConstraintShape(),
    degenerateRate: Double = 0.15
  ) {
    self.variableCount = variableCount
    self.constraintCount = constraintCount
    self.shape = shape
    self.degenerateRate = degenerateRate
  }

  func validate() {
    precondition((1...8).contains(variableCount), "variableCount must be in 1...8")
    precondition((0...64).contains(constraintCount), "constraintCount must be in 0...64")
    precondition((0...1).contains(degenerateRate), "degenerateRate must be in [0, 1]")
    shape.validate()
  }

  public var description: String {
    "\(variableCount) variables, \(constraintCount) constraints, \(shape), degenerate "
      + "\(degenerateRate)"
  }
}
