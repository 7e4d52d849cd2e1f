import LayoutModel

/// Seeded random constraint systems for property and differential tests. Everything it
/// returns is a pure function of `(seed, knobs)`.
public enum RandomSystemGenerator {
  /// The priorities drawn from (1000 = required), plus occasional random optional values.
  public static let priorityPalette: [Double] = [1000, 999, 750, 500, 251, 250, 1]

  /// Stream tags for ``SplitMix64/derivedSeed(_:stream:)``: pins come from their own
  /// stream, so changing the constraint count does not move them.
  static let constraintStream: UInt64 = 1
  static let pinStream: UInt64 = 2

  /// A system of exactly `knobs.constraintCount` constraints with ids `0..<count`, with
  /// deliberate degenerate cases at `knobs.degenerateRate` per slot.
  /// - Complexity: O(constraintCount · variableCount).
  public static func system(seed: UInt64, knobs: SystemKnobs = SystemKnobs()) -> GeneratedSystem {
    knobs.validate()
    var rng = SplitMix64(seed: SplitMix64.derivedSeed(seed, stream: constraintStream))
    let draw = ConstraintDraw(variableCount: knobs.variableCount, shape: knobs.shape)
    var builder = DegenerateBuilder(draw: draw)
    while builder.constraints.count < knobs.constraintCount {
      let remaining = knobs.constraintCount - builder.constraints.count
      if rng.bernoulli(knobs.degenerateRate), builder.injectDegeneracy(&rng, slots: remaining) {
        continue
      }
      builder.append(draw.constraint(id: builder.nextID, &rng))
    }
    return GeneratedSystem(
      seed: seed, knobs: knobs, constraints: builder.constraints,
      pins: pins(seed: seed, variableCount: knobs.variableCount),
      degeneracies: builder.degeneracies)
  }

  /// A pin target for each variable, integers in -20...20, from the seed alone (for
  /// ``LexicographicOracle/solve(_:variableCount:pins:)``, or as lowest-priority constraints
  /// for a solver). O(variableCount).
  public static func pins(seed: UInt64, variableCount: Int) -> [Double] {
    var rng = SplitMix64(seed: SplitMix64.derivedSeed(seed, stream: pinStream))
    return (0..<variableCount).map { _ in rng.smallInteger(in: -20...20) }
  }

  /// `x_j - pins[j] == 0` at `priority` for every variable, ids from `firstID` up: the pins
  /// as real constraints for a solver, so its optimum matches the oracle's point.
  public static func pinConstraints(
    _ pins: [Double], priority: Priority, firstID: ConstraintID
  ) -> [Constraint] {
    pins.enumerated().map { j, target in
      Constraint(
        id: ConstraintID(firstID.index + j),
        LinearExpression([Term(VariableID(j), 1)], constant: -target), .equal, priority: priority)
    }
  }
}

/// A generated system with everything needed to reproduce and report it.
public struct GeneratedSystem: Hashable, Sendable, CustomStringConvertible {
  public let seed: UInt64
  public let knobs: SystemKnobs
  public let constraints: [Constraint]
  /// One pin target per variable (``RandomSystemGenerator/pins(seed:variableCount:)``).
  public let pins: [Double]
  /// The deliberate degenerate cases, with the ids they produced.
  public let degeneracies: [InjectedDegeneracy]

  public var variableCount: Int { knobs.variableCount }

  public var description: String {
    var lines = ["system seed \(seed) (0x\(String(seed, radix: 16))): \(knobs)"]
    lines.append("  pins [\(pins.map(renderNumber).joined(separator: ", "))]")
    lines += constraints.map { "  " + render($0) }
    lines += degeneracies.map { "  degenerate \($0.kind.rawValue): \($0.ids)" }
    return lines.joined(separator: "\n")
  }
}
