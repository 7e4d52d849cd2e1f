import LayoutModel

/// What ``RandomTraceGenerator/trace(seed:knobs:)`` draws.
public struct TraceKnobs: Hashable, Sendable, CustomStringConvertible {
  /// The initial system, added one constraint per step (its degenerate cases included),
  /// and the variable count and constraint shape for everything after it.
  public var system: SystemKnobs
  /// Random operations after the initial adds (an `addEdit` brings its first `suggest` as
  /// an extra step, so a trace may be one step longer).
  public var stepCount: Int
  /// At most this many constraints present at once (keeps every state within the
  /// oracle's size); `system.constraintCount` must not exceed it.
  public var maximumPresent: Int
  /// Chance per random step of an operation that must fail (unknown id, bad priority, ...).
  public var invalidOperationRate: Double
  /// Chance that an add reuses a removed id instead of a fresh one.
  public var idReuseRate: Double
  /// Whether required adds and constant changes are checked for feasibility with the
  /// oracle (so the trace knows which must fail as unsatisfiable). The oracle's cost grows
  /// as C(constraints + variables, variables); larger traces switch this off, every such
  /// step is then expected to succeed, and the caller must take the solver's refusals as
  /// the truth (and read the present constraints back from the solver).
  public var checksFeasibility: Bool

  public init(
    system: SystemKnobs = SystemKnobs(constraintCount: 4), stepCount: Int = 30,
    maximumPresent: Int = 8, invalidOperationRate: Double = 0.08, idReuseRate: Double = 0.2,
    checksFeasibility: Bool = true
  ) {
    self.system = system
    self.stepCount = stepCount
    self.maximumPresent = maximumPresent
    self.invalidOperationRate = invalidOperationRate
    self.idReuseRate = idReuseRate
    self.checksFeasibility = checksFeasibility
  }

  func validate() {
    system.validate()
    precondition(stepCount >= 0, "stepCount must be non-negative")
    precondition(maximumPresent >= 1, "maximumPresent must be positive")
    precondition(
      system.constraintCount <= maximumPresent,
      "system.constraintCount \(system.constraintCount) exceeds maximumPresent \(maximumPresent)")
    precondition((0...1).contains(invalidOperationRate), "invalidOperationRate must be in [0, 1]")
    precondition((0...1).contains(idReuseRate), "idReuseRate must be in [0, 1]")
  }

  public var description: String {
    "system (\(system)), \(stepCount) steps, at most \(maximumPresent) present, invalid "
      + "\(invalidOperationRate), id reuse \(idReuseRate)"
      + (checksFeasibility ? "" : ", feasibility unchecked")
  }
}

/// A generated operation trace with everything needed to reproduce and report it.
public struct GeneratedTrace: Hashable, Sendable, CustomStringConvertible {
  public let seed: UInt64
  public let knobs: TraceKnobs
  public let steps: [TraceStep]
  /// One pin target per variable, as for systems of the same seed.
  public let pins: [Double]

  public var variableCount: Int { knobs.system.variableCount }

  public var description: String {
    var lines = ["trace seed \(seed) (0x\(String(seed, radix: 16))): \(knobs)"]
    lines.append("  pins [\(pins.map(renderNumber).joined(separator: ", "))]")
    lines += steps.enumerated().map { "  \($0): \($1)" }
    return lines.joined(separator: "\n")
  }
}

/// Seeded random operation traces: the initial system's adds, then random adds, removes,
/// constant and priority changes and edit operations, valid with respect to the ids the
/// trace has produced, with deliberately failing operations mixed in. Each step records what
/// a correct solver must do and the state after it, so tests can replay a trace on a solver
/// and compare every state with ``LexicographicOracle``. A pure function of `(seed, knobs)`.
public enum RandomTraceGenerator {
  static let traceStream: UInt64 = 3

  /// - Complexity: O(steps) oracle feasibility checks (when `checksFeasibility`), each over
  ///   at most `maximumPresent` constraints.
  public static func trace(seed: UInt64, knobs: TraceKnobs = TraceKnobs()) -> GeneratedTrace {
    knobs.validate()
    let initial = RandomSystemGenerator.system(seed: seed, knobs: knobs.system)
    var rng = SplitMix64(seed: SplitMix64.derivedSeed(seed, stream: traceStream))
    var model = TraceModel(
      draw: ConstraintDraw(variableCount: knobs.system.variableCount, shape: knobs.system.shape),
      nextID: initial.constraints.count, checksFeasibility: knobs.checksFeasibility)
    for constraint in initial.constraints { model.add(constraint) }
    var randomSteps = 0
    while randomSteps < knobs.stepCount {
      randomSteps += 1
      if rng.bernoulli(knobs.invalidOperationRate), model.invalidOperation(&rng) { continue }
      model.validOperation(&rng, knobs: knobs)
    }
    return GeneratedTrace(seed: seed, knobs: knobs, steps: model.steps, pins: initial.pins)
  }
}
