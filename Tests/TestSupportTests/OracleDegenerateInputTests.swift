import LayoutModel
import TestSupport
import Testing

/// Inputs that break naive implementations: missing or zero terms, repeated variables,
/// duplicates, parallel boundaries, zero variables.
@Suite("LexicographicOracle: degenerate inputs")
struct OracleDegenerateInputTests {
  /// With no variables, constraints without terms are constants: `0 == 0` holds, `5 <= 0`
  /// @500 fails by 5. The only "point" is the empty one.
  @Test func noVariablesConstantsOnly() {
    let result = LexicographicOracle.solve(
      [constraint(0, [], 0, .equal), constraint(1, [], 5, .lessThanOrEqual, 500)],
      variableCount: 0, pins: [])
    expectOptimal(result, levels: [(500, 5)], pinError: 0, point: [], isUnique: true)
  }

  /// `3 == 0` required can never hold, with or without variables.
  @Test(arguments: [0, 2])
  func falseConstantRequiredIsInfeasible(variableCount: Int) {
    let result = LexicographicOracle.solve(
      [constraint(0, [], 3, .equal)], variableCount: variableCount,
      pins: [Double](repeating: 1, count: variableCount))
    #expect(result.isInfeasible, "\(result)")
  }

  /// 0*x + 1*y - 4 == 0 fixes y = 4 and says nothing about x, which the pin (9) then sets.
  @Test func zeroCoefficientIsIgnored() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 0), (1, 1)], -4, .equal)], variableCount: 2, pins: [9, 0])
    expectOptimal(result, levels: [], pinError: 4, point: [9, 4], isUnique: true)
  }

  /// 0*x - 2 >= 0 @500 is a constant violation of 2 wherever x is; the pin sets x.
  @Test func allZeroCoefficientsActLikeAConstant() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 0)], -2, .greaterThanOrEqual, 500)], variableCount: 1, pins: [6])
    expectOptimal(result, levels: [(500, 2)], pinError: 0, point: [6], isUnique: true)
  }

  /// 2x - x - 3 == 0 names x twice; the coefficients add to x - 3 == 0, so x = 3.
  @Test func repeatedVariableTermsAreSummed() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 2), (0, -1)], -3, .equal)], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [], pinError: 3, point: [3], isUnique: true)
  }

  /// x == 5 @500 twice and x == 9 @500 once: 2|x - 5| + |x - 9| is least at x = 5 (error 4).
  /// The duplicate counts twice in the error but adds no new vertex.
  @Test func duplicatedOptionalConstraintsCountTwice() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1)], -5, .equal, 500), constraint(1, [(0, 1)], -5, .equal, 500),
        constraint(2, [(0, 1)], -9, .equal, 500),
      ], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [(500, 4)], pinError: 5, point: [5], isUnique: true)
  }

  /// x + y == 4 required twice (one written as -2x - 2y + 8 == 0) and x - y == 0: the
  /// duplicates are the same hyperplane, so x = y = 2.
  @Test func duplicatedAndScaledRequiredConstraints() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1), (1, 1)], -4, .equal),
        constraint(1, [(0, -2), (1, -2)], 8, .equal),
        constraint(2, [(0, 1), (1, -1)], 0, .equal),
      ], variableCount: 2, pins: [0, 0])
    expectOptimal(result, levels: [], pinError: 4, point: [2, 2], isUnique: true)
  }

  /// Parallel boundaries: x + 2y <= 10 (required) and 2x + 4y >= 30 @500. The level error
  /// 30 - 2(x + 2y) is least on x + 2y = 10: 10. Pins (0, 0): |x| + |y| on that line is
  /// least at (0, 5), with 5 (the steeper axis is cheaper).
  @Test func parallelBoundaries() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1), (1, 2)], -10, .lessThanOrEqual),
        constraint(1, [(0, 2), (1, 4)], -30, .greaterThanOrEqual, 500),
      ], variableCount: 2, pins: [0, 0])
    expectOptimal(result, levels: [(500, 10)], pinError: 5, point: [0, 5], isUnique: true)
  }

  /// A constraint that repeats a pin hyperplane (x == 2 with pin 2) must not be mistaken for
  /// a singular system: x = 2 exactly, all errors 0.
  @Test func constraintOnAPinHyperplane() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -2, .equal, 250)], variableCount: 1, pins: [2])
    expectOptimal(result, levels: [(250, 0)], pinError: 0, point: [2], isUnique: true)
  }

  /// Without constraints the pins are the answer.
  @Test func emptySystemGoesToThePins() {
    let result = LexicographicOracle.solve([], variableCount: 3, pins: [1, -2, 3])
    expectOptimal(result, levels: [], pinError: 0, point: [1, -2, 3], isUnique: true)
  }

  /// Constraint ids are ignored: reusing one id changes nothing.
  @Test func idsAreIgnored() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -1, .equal, 500), constraint(0, [(0, 1)], -3, .equal, 500)],
      variableCount: 1, pins: [2])
    expectOptimal(result, levels: [(500, 2)], pinError: 0, point: [2], isUnique: true)
  }

  /// levelErrors and satisfiesRequired judge a solver's values the way the oracle does.
  @Test func levelErrorsForArbitraryValues() {
    let system = [
      constraint(0, [(0, 1)], -10, .greaterThanOrEqual, 500),
      constraint(1, [(0, 1)], -4, .lessThanOrEqual, 500),
      constraint(2, [(0, 1)], -7, .equal, 750),
      constraint(3, [(0, 1)], 0, .greaterThanOrEqual),
    ]
    // At x = 6: level 750 |6 - 7| = 1; level 500 (10 - 6) + (6 - 4) = 6; x >= 0 holds.
    let levels = LexicographicOracle.levelErrors(of: system) { _ in 6 }
    #expect(levels.map(\.priority) == [750, 500])
    expectClose(levels.map(\.error), [1, 6])
    #expect(LexicographicOracle.satisfiesRequired(system) { _ in 6 })
    #expect(!LexicographicOracle.satisfiesRequired(system) { _ in -0.5 })
    // A residual of 1e-9 is within tolerance.
    #expect(LexicographicOracle.satisfiesRequired(system) { _ in -1e-9 })
  }

  #if compiler(>=6.2)
    /// 8 variables and 20 constraints is C(28, 8) = 3 108 105 subsets: refused loudly.
    @Test func oversizedSystemTraps() async {
      await #expect(processExitsWith: .failure) {
        let system = (0..<20).map { i in
          constraint(i, [(i % 8, 1), ((i + 1) % 8, 1)], Double(i), .equal, 500)
        }
        _ = LexicographicOracle.solve(
          system, variableCount: 8, pins: [Double](repeating: 0, count: 8))
      }
    }
  #endif
}
