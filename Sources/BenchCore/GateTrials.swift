import Interchange
import Workloads

/// The gate's own error rates, measured (`bench gate-trials`; docs/comparing.md): how
/// often it fails a build against itself (false positives), and how often it catches a
/// build made slower on purpose (detection).
///
/// The measurement runs the baseline's cases in many processes of three arms, interleaved
/// as the gate interleaves its two builds: a base arm, a second arm of the same build,
/// and an arm with an injected slowdown. One trial is one gate decision at the settings CI
/// uses: `processes` parts drawn at random (seeded, without replacement within a side)
/// from the base arm against as many from a head arm, pooled, and judged as the gate
/// judges a run made now — deterministic figures and timings against the same-run base,
/// timing failures kept only when every process pair agrees
/// (``GatePolicy/consistent(_:pairs:)``). Timing failures are then confirmed as the gate
/// confirms them, up to ``GatePolicy/confirmations`` rounds: each round draws fresh parts
/// (none used before in that trial, as the gate's re-measurements start fresh
/// processes) and keeps only the failures it repeats. Each outcome records the first
/// judgement and the confirmed one.
///
/// Trials share parts (there are more trials than disjoint draws), so they are not
/// independent; the rates describe this machine's noise as sampled by the arms' parts.
public struct GateTrials: Sendable {
  public var policy: GatePolicy
  /// Parts per side of one trial: the gate's processes per build.
  public var processes: Int

  public init(policy: GatePolicy, processes: Int) {
    precondition(processes >= 1)
    self.policy = policy
    self.processes = processes
  }

  /// One trial's decision.
  public struct Outcome: Sendable {
    /// The parts drawn, by index in their arm.
    public var baseParts: [Int]
    public var headParts: [Int]
    /// The failures of the gate's verdict after confirmation (empty: it passed).
    public var failures: [RegressionGate.Finding]
    /// The failures of the first judgement, before confirmation.
    public var firstFailures: [RegressionGate.Finding]
    public var failed: Bool { !failures.isEmpty }
    public var failedFirst: Bool { !firstFailures.isEmpty }
  }

  /// A draw of `count` distinct indices below `total` not in `used`, in ascending order
  /// (a partial Fisher-Yates shuffle). O(total).
  static func draw(_ count: Int, of total: Int, excluding used: Set<Int> = [], _ random: inout SplitMix64) -> [Int] {
    var indices = (0..<total).filter { !used.contains($0) }
    for k in 0..<count { indices.swapAt(k, random.int(in: k...(indices.count - 1))) }
    return indices.prefix(count).sorted()
  }

  /// The gate's verdict on one draw of parts.
  private func judge(base: [ResultsDocument], head: [ResultsDocument], keep: (ResultsDocument) -> ResultsDocument)
    throws(ResultsPooling.Failure) -> RegressionGate.Verdict
  {
    let pooledBase = keep(try ResultsPooling.pool(base).document)
    let pooledHead = keep(try ResultsPooling.pool(head).document)
    let comparison = ResultsComparison(base: pooledBase, head: pooledHead, resamples: policy.resamples)
    return GatePolicy.consistent(
      policy.gate.evaluate(figures: comparison, timings: comparison), pairs: ProcessPairs(head: head, base: base))
  }

  /// Runs `trials` trials of `head` parts against `base` parts.
  /// - Parameters:
  ///   - keep: turns a pooled document into the cases the gate judges (the baseline's).
  /// - Precondition: each arm has parts for the first judgement and every confirmation
  ///   round: (1 + confirmations) × ``processes``.
  /// - Throws: `ResultsPooling.Failure` when parts hold different cases or phases.
  /// - Complexity: `trials` × (1 + confirmations) × (pooling + a comparison + pair agreement).
  public func run(
    base: [ResultsDocument], head: [ResultsDocument], trials: Int, seed: UInt64,
    keep: (ResultsDocument) -> ResultsDocument = { $0 }
  ) throws(ResultsPooling.Failure) -> [Outcome] {
    let needed = (1 + policy.confirmations) * processes
    precondition(base.count >= needed && head.count >= needed, "fewer parts than the trials and their confirmations draw")
    var random = SplitMix64(seed: seed)
    var outcomes: [Outcome] = []
    for _ in 0..<trials {
      var usedBase = Set<Int>()
      var usedHead = Set<Int>()
      let baseDraw = Self.draw(processes, of: base.count, &random)
      let headDraw = Self.draw(processes, of: head.count, &random)
      usedBase.formUnion(baseDraw)
      usedHead.formUnion(headDraw)
      let first = try judge(base: baseDraw.map { base[$0] }, head: headDraw.map { head[$0] }, keep: keep)
      var verdict = first
      var round = 0
      while round < policy.confirmations && !verdict.timingFailures.isEmpty {
        round += 1
        let baseAgain = Self.draw(processes, of: base.count, excluding: usedBase, &random)
        let headAgain = Self.draw(processes, of: head.count, excluding: usedHead, &random)
        usedBase.formUnion(baseAgain)
        usedHead.formUnion(headAgain)
        verdict = verdict.confirmed(by: try judge(base: baseAgain.map { base[$0] }, head: headAgain.map { head[$0] }, keep: keep))
      }
      outcomes.append(
        Outcome(baseParts: baseDraw, headParts: headDraw, failures: verdict.failures, firstFailures: first.failures))
    }
    return outcomes
  }
}
