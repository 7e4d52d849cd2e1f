/// The identity of a run's plan, recorded as `run.plan`: a fingerprint (FNV-1a, 64 bits,
/// as 16 lowercase hex digits) of the plan's canonical text, which holds everything that
/// decides what the cases measure: the suite, the seed, the repetitions, warm-up, time
/// budget, processes and case limit, the options that change a case's work, and the whole
/// plan's cases in order (every shard's, so every shard of one plan and its unsharded run
/// have the same fingerprint). `bench merge` refuses parts whose fingerprints differ.
///
/// Not a security measure: FNV-1a tells apart plans made by mistake, not plans made to
/// collide.
public struct PlanFingerprint: Hashable, Sendable {
  public var suite: String
  public var seed: UInt64
  public var repetitions: Int
  public var warmup: Int
  public var timeBudgetSeconds: Double
  public var processes: Int
  public var caseLimitSeconds: Double
  /// Options that change what a case does or records (`driver=system`, `diagnostics`,
  /// `no-parking`, `no-allocations`, an injected regression), in a fixed order.
  public var options: [String]
  /// The whole plan's cases, in plan order, whatever the shard.
  public var cases: [PlannedCase]
  /// For scene files: each file's workload and a hash of its scene (their sizes and
  /// names alone do not say what they hold).
  public var scenes: [String]

  public init(
    suite: String, seed: UInt64, repetitions: Int, warmup: Int, timeBudgetSeconds: Double, processes: Int,
    caseLimitSeconds: Double, options: [String], cases: [PlannedCase], scenes: [String] = []
  ) {
    self.suite = suite
    self.seed = seed
    self.repetitions = repetitions
    self.warmup = warmup
    self.timeBudgetSeconds = timeBudgetSeconds
    self.processes = processes
    self.caseLimitSeconds = caseLimitSeconds
    self.options = options
    self.cases = cases
    self.scenes = scenes
  }

  /// One line per fact, tab-separated fields, cases last. O(cases).
  public var canonicalText: String {
    var lines = [
      "layoutbench.plan/1", "suite\t\(suite)", "seed\t\(seed)", "repetitions\t\(repetitions)", "warmup\t\(warmup)",
      "timeBudgetSeconds\t\(timeBudgetSeconds)", "processes\t\(processes)", "caseLimitSeconds\t\(caseLimitSeconds)",
    ]
    lines += options.map { "option\t\($0)" }
    lines += scenes.map { "scene\t\($0)" }
    lines += cases.map { "case\t\($0.workload)\t\($0.size)\t\($0.backend)\t\($0.seed.map(String.init) ?? "-")" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The value `run.plan` records. O(cases).
  public var value: String { Self.hash(canonicalText) }

  /// FNV-1a (64 bits) of `text`'s UTF-8, as 16 lowercase hex digits. O(length).
  public static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
