import LayoutModel
import TestSupport
import Testing

/// Relations between oracle answers that must hold whatever the answers are, checked on
/// random systems at the oracle's full intended size (4 variables, 12 constraints), where
/// no grid search is affordable.
@Suite("LexicographicOracle: metamorphic relations")
struct OracleMetamorphicTests {
  static let knobs = SystemKnobs(
    variableCount: 4, constraintCount: 12, shape: ConstraintShape(requiredFraction: 0.2),
    degenerateRate: 0.15)

  /// Constraint order is irrelevant to the optimum.
  @Test func orderDoesNotMatter() {
    forEachSeed(30) { seed in
      let system = RandomSystemGenerator.system(seed: seed, knobs: Self.knobs)
      let forward = solve(system.constraints, system)
      let backward = solve(system.constraints.reversed(), system)
      expectSameOptimum(forward, backward, "\(system)")
    }
  }

  /// Moving every variable by t (constants c - a·t, pins r + t) moves the point by t and
  /// keeps every level.
  @Test func translationMovesThePointOnly() {
    forEachSeed(30) { seed in
      let system = RandomSystemGenerator.system(seed: seed, knobs: Self.knobs)
      let shift: [Double] = [7, -3, 12, -20]
      let moved = system.constraints.map { constraint in
        var result = constraint
        for term in constraint.expression.terms {
          result.expression.constant -= term.coefficient * shift[term.variable.index]
        }
        return result
      }
      let original = solve(system.constraints, system)
      let translated = LexicographicOracle.solve(
        moved, variableCount: 4, pins: zip(system.pins, shift).map(+))
      #expect(original.isInfeasible == translated.isInfeasible, "\(system)")
      expectClose(levelErrors(original), levelErrors(translated), "levels\n\(system)")
      #expect(original.isUnique == translated.isUnique, "\(system)")
      if original.isUnique == true, let point = original.point {
        expectClose(translated.point ?? [], zip(point, shift).map(+), "point\n\(system)")
      }
    }
  }

  /// Pins given as real constraints at a priority below all others reproduce the pin level
  /// as a real level, whatever new pins the oracle then uses; a unique point stays put.
  /// This is how a solver test compares points: give the solver the pins.
  @Test func pinsAsConstraintsReproduceThePinLevel() {
    forEachSeed(30) { seed in
      let system = RandomSystemGenerator.system(seed: seed, knobs: Self.knobs)
      let pinned =
        system.constraints
        + RandomSystemGenerator.pinConstraints(
          system.pins, priority: Priority(0.5), firstID: ConstraintID(100))
      let original = solve(system.constraints, system)
      let withPins = LexicographicOracle.solve(pinned, variableCount: 4, pins: [50, -50, 50, -50])
      guard case .optimal = original else {
        #expect(withPins.isInfeasible, "\(system)")
        return
      }
      #expect(
        withPins.priorityLevels.map(\.priority)
          == original.priorityLevels.map(\.priority) + [0.5], "\(system)")
      expectClose(
        withPins.priorityLevels.map(\.error), levelErrors(original), "levels\n\(system)")
      if original.isUnique == true {
        expectClose(withPins.point ?? [], original.point ?? [], "point\n\(system)")
        #expect(withPins.isUnique == true, "\(system)")
      }
    }
  }

  private func solve(_ constraints: some Sequence<Constraint>, _ system: GeneratedSystem)
    -> LexicographicOracle.Result
  {
    LexicographicOracle.solve(Array(constraints), variableCount: 4, pins: system.pins)
  }

  /// Every level's error, the pin level included.
  private func levelErrors(_ result: LexicographicOracle.Result) -> [Double] {
    result.priorityLevels.map(\.error) + (result.pinError.map { [$0] } ?? [])
  }

  private func expectSameOptimum(
    _ a: LexicographicOracle.Result, _ b: LexicographicOracle.Result, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(a.isInfeasible == b.isInfeasible, "\(context)", sourceLocation: sourceLocation)
    expectClose(
      levelErrors(a), levelErrors(b), "levels\n\(context)", sourceLocation: sourceLocation)
    #expect(a.isUnique == b.isUnique, "\(context)", sourceLocation: sourceLocation)
    if a.isUnique == true {
      expectClose(a.point ?? [], b.point ?? [], "point\n\(context)", sourceLocation: sourceLocation)
    }
  }
}
