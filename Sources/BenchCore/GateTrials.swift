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
/// (``GatePolicy/consistent(_:pairs:)``). Confirmation rounds are not simulated: they
/// could only lower both rates.
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
    /// The failures of the gate's verdict (empty: it passed).
    public var failures: [RegressionGate.Finding]
    public var failed: Bool { !failures.isEmpty }
  }

  /// A draw of `count` distinct indices below `total`, in ascending order (a partial
  /// Fisher-Yates shuffle). O(total).
  static func draw(_ count: Int, of total: Int, _ random: inout SplitMix64) -> [Int] {
    var indices = Array(0..<total)
    for k in 0..<count { indices.swapAt(k, random.int(in: k...(total - 1))) }
    return indices.prefix(count).sorted()
  }

  /// Runs `trials` trials of `head` parts against `base` parts.
  /// - Parameters:
  ///   - keep: turns a pooled document into the cases the gate judges (the baseline's).
  /// - Throws: `ResultsPooling.Failure` when parts hold different cases or phases.
  /// - Complexity: `trials` × (pooling + two comparisons + pair agreement).
  public func run(
    base: [ResultsDocument], head: [ResultsDocument], trials: Int, seed: UInt64,
    keep: (ResultsDocument) -> ResultsDocument = { $0 }
  ) throws(ResultsPooling.Failure) -> [Outcome] {
    precondition(base.count >= processes && head.count >= processes, "fewer parts than processes per trial")
    var random = SplitMix64(seed: seed)
    var outcomes: [Outcome] = []
    for _ in 0..<trials {
      let baseDraw = Self.draw(processes, of: base.count, &random)
      let headDraw = Self.draw(processes, of: head.count, &random)
      let baseParts = baseDraw.map { base[$0] }
      let headParts = headDraw.map { head[$0] }
      let pooledBase = keep(try ResultsPooling.pool(baseParts).document)
      let pooledHead = keep(try ResultsPooling.pool(headParts).document)
      let comparison = ResultsComparison(base: pooledBase, head: pooledHead, resamples: policy.resamples)
      let verdict = GatePolicy.consistent(
        policy.gate.evaluate(figures: comparison, timings: comparison),
        pairs: ProcessPairs(head: headParts, base: baseParts))
      outcomes.append(Outcome(baseParts: baseDraw, headParts: headDraw, failures: verdict.failures))
    }
    return outcomes
  }
}
