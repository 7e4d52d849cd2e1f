import Interchange
import StrictJSON

extension GateTrials {
  /// One arm's trials as recorded: its name, the injection its head build ran with
  /// (nil for the same build), and the outcomes.
  public struct Arm: Sendable {
    public var name: String
    public var injection: String?
    public var outcomes: [Outcome]

    public init(name: String, injection: String?, outcomes: [Outcome]) {
      self.name = name
      self.injection = injection
      self.outcomes = outcomes
    }

    public var failed: Int { outcomes.filter(\.failed).count }
    public var failedFirst: Int { outcomes.filter(\.failedFirst).count }
  }

  /// What `bench gate-trials` measured and how, for the record.
  public struct Record: Sendable {
    public var createdAt: String
    public var environment: ResultsDocument.Environment
    public var baseline: String
    public var suite: String
    public var partsPerArm: Int
    public var repetitionsPerPart: Double
    public var seed: UInt64
    /// Mean CPUs other processes kept busy while the arms ran; nil where unknown.
    public var otherBusyCPUs: Double?
    public var arms: [Arm]

    public init(
      createdAt: String, environment: ResultsDocument.Environment, baseline: String, suite: String, partsPerArm: Int,
      repetitionsPerPart: Double, seed: UInt64, otherBusyCPUs: Double?, arms: [Arm]
    ) {
      self.createdAt = createdAt
      self.environment = environment
      self.baseline = baseline
      self.suite = suite
      self.partsPerArm = partsPerArm
      self.repetitionsPerPart = repetitionsPerPart
      self.seed = seed
      self.otherBusyCPUs = otherBusyCPUs
      self.arms = arms
    }
  }

  /// `layoutbench.gate-trials/1` (docs/comparing.md): the settings, and per arm the
  /// number of trials, how many failed after confirmation and before it, and each trial
  /// that failed first: its parts, its first findings and those confirmed. O(findings).
  public func jsonValue(of record: Record) -> JSONValue {
    let gate = policy.gate
    let settings: JSONValue = .object([
      ("processesPerTrial", .number(Double(processes))), ("partsPerArm", .number(Double(record.partsPerArm))),
      ("repetitionsPerPart", .number(record.repetitionsPerPart)), ("seed", .string(String(record.seed))),
      ("significance", .number(gate.significance)), ("minimumSlowdown", .number(gate.minimumSlowdown)),
      ("timingFloorNanoseconds", .number(gate.timingFloorNanoseconds)), ("floorSlowdown", .number(gate.floorSlowdown)),
      ("figureTolerance", .number(gate.figureTolerance)), ("confirmations", .number(Double(policy.confirmations))),
      ("otherBusyCPUs", record.otherBusyCPUs.map { .number($0) } ?? .null),
    ])
    let arms: [JSONValue] = record.arms.map { arm in
      .object([
        ("name", .string(arm.name)), ("injection", arm.injection.map { .string($0) } ?? .null),
        ("trials", .number(Double(arm.outcomes.count))), ("failed", .number(Double(arm.failed))),
        ("failedBeforeConfirmation", .number(Double(arm.failedFirst))),
        (
          "failedTrials",
          .array(
            arm.outcomes.enumerated().filter { $0.element.failedFirst }.map { index, outcome in
              .object([
                ("trial", .number(Double(index))),
                ("baseParts", .array(outcome.baseParts.map { .number(Double($0)) })),
                ("headParts", .array(outcome.headParts.map { .number(Double($0)) })),
                ("findings", .array(outcome.firstFailures.map { .string($0.description) })),
                ("confirmed", .array(outcome.failures.map { .string($0.description) })),
              ])
            })
        ),
      ])
    }
    return .object([
      ("format", .string("layoutbench.gate-trials/1")), ("createdAt", .string(record.createdAt)),
      ("environment", ResultsDocument.jsonValue(of: record.environment)), ("baseline", .string(record.baseline)),
      ("suite", .string(record.suite)), ("settings", settings), ("arms", .array(arms)),
    ])
  }
}
