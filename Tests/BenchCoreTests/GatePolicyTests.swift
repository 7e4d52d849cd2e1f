import BenchCore
import Interchange
import Testing

/// `bench gate`'s policy on synthetic results: confirmation rounds, the busy-machine
/// set-aside, process-pair consistency and the checks made before judging.
@Suite struct GatePolicyTests {
  static let allocations = ResultsDocument.Allocations(count: 1, bytes: 8, maxCount: 1)
  /// The committed baseline: one phase at 100 µs.
  static let baseline = RegressionGateTests.document(Array(repeating: 100_000, count: 20), allocations: allocations)
  /// 50 % slower than the baseline, same figures.
  static let slower = RegressionGateTests.document(Array(repeating: 150_000, count: 20), allocations: allocations)
  /// As fast as the baseline.
  static let unchanged = baseline

  static func policy(confirmations: Int = 2, busyLimit: Double = 0.25) -> GatePolicy {
    GatePolicy(gate: RegressionGate(), confirmations: confirmations, busyLimit: busyLimit, resamples: 20)
  }

  /// Decides with `first`, answering the n-th confirmation with `confirmations[n - 1]`;
  /// returns the decision and the cases and rounds each confirmation was asked for.
  static func decide(
    _ policy: GatePolicy, first: GateMeasurement, measuredNow: Bool = true, confirmations: [GateMeasurement] = []
  ) -> (decision: GateDecision, asked: [(cases: [ResultsDocument.CaseKey], round: Int, failures: Int)]) {
    var asked: [(cases: [ResultsDocument.CaseKey], round: Int, failures: Int)] = []
    let decision = policy.decide(baseline: baseline, first: first, measuredNow: measuredNow) { cases, round, failures in
      asked.append((cases.cases.map(\.key), round, failures))
      return confirmations[min(round, confirmations.count) - 1]
    }
    return (decision, asked)
  }

  // MARK: confirmation rounds

  @Test func aTimingFailureThatRepeatsEveryRoundFails() {
    let result = Self.decide(
      Self.policy(), first: GateMeasurement(head: Self.slower),
      confirmations: [GateMeasurement(head: Self.slower), GateMeasurement(head: Self.slower)])
    #expect(result.asked.map(\.round) == [1, 2])
    #expect(result.asked.allSatisfy { $0.failures == 1 && $0.cases == Self.baseline.cases.map(\.key) })
    #expect(!result.decision.verdict.passed)
    #expect(result.decision.verdict.timingFailures.count == 1)
    #expect(result.decision.confirmationRounds == 2)
    #expect(result.decision.confirmation != nil)
  }

  @Test func aTimingFailureThatDoesNotRepeatPassesAndStopsConfirming() {
    let result = Self.decide(
      Self.policy(), first: GateMeasurement(head: Self.slower), confirmations: [GateMeasurement(head: Self.unchanged)])
    #expect(result.asked.map(\.round) == [1])
    #expect(result.decision.verdict.passed)
    #expect(result.decision.confirmationRounds == 1)
  }

  @Test func aGivenFileIsNeverMeasuredAgain() {
    let result = Self.decide(Self.policy(), first: GateMeasurement(head: Self.slower), measuredNow: false)
    #expect(result.asked.isEmpty)
    #expect(result.decision.verdict.timingFailures.count == 1)
    #expect(result.decision.confirmation == nil)
  }

  @Test func noConfirmationRoundsFailAtOnce() {
    let result = Self.decide(Self.policy(confirmations: 0), first: GateMeasurement(head: Self.slower))
    #expect(result.asked.isEmpty)
    #expect(!result.decision.verdict.passed)
  }

  @Test func aPassingRunIsNotMeasuredAgain() {
    let result = Self.decide(Self.policy(), first: GateMeasurement(head: Self.unchanged))
    #expect(result.asked.isEmpty)
    #expect(result.decision.verdict.passed)
  }

  @Test func onlyTheFailingCasesAreMeasuredAgain() {
    var baseline = Self.baseline
    baseline.cases += RegressionGateTests.document(Array(repeating: 100_000, count: 20), workload: "deep.chain").cases
    var head = Self.slower
    head.cases += RegressionGateTests.document(Array(repeating: 100_000, count: 20), workload: "deep.chain").cases
    let verdict = Self.policy().gate.evaluate(ResultsComparison(base: baseline, head: head, resamples: 20))
    let cases = GatePolicy.cases(of: baseline, failingIn: verdict)
    #expect(cases.cases.map(\.workload) == ["stack.fill.horizontal"])
    #expect(cases.run == baseline.run && cases.suite == baseline.suite)
  }

  // MARK: busy machine

  @Test func timingFailuresOfABusyRunAreNotJudgedButFiguresStill() {
    let heavier = RegressionGateTests.document(
      Array(repeating: 150_000, count: 20), allocations: .init(count: 3, bytes: 24, maxCount: 3))
    let result = Self.decide(
      Self.policy(confirmations: 0), first: GateMeasurement(head: heavier, otherBusyCPUs: 0.5))
    #expect(result.decision.verdict.timingFailures.isEmpty)
    #expect(result.decision.verdict.unjudgedTimings.count == 1)
    #expect(result.decision.verdict.failures.allSatisfy { $0.kind == .figureRose })
    #expect(!result.decision.verdict.failures.isEmpty)
    #expect(result.decision.busiestOtherCPUs == 0.5)
  }

  @Test func theBusiestMeasurementDecides() {
    let result = Self.decide(
      Self.policy(confirmations: 1), first: GateMeasurement(head: Self.slower, otherBusyCPUs: 0.1),
      confirmations: [GateMeasurement(head: Self.slower, otherBusyCPUs: 1.5)])
    #expect(result.decision.busiestOtherCPUs == 1.5)
    #expect(result.decision.verdict.passed)
    #expect(result.decision.verdict.unjudgedTimings.count == 1)
  }

  @Test func aLoadAtTheLimitOrUnknownIsJudged() {
    for load in [0.25, nil] as [Double?] {
      let result = Self.decide(Self.policy(confirmations: 0), first: GateMeasurement(head: Self.slower, otherBusyCPUs: load))
      #expect(result.decision.verdict.timingFailures.count == 1)
      #expect(result.decision.verdict.unjudgedTimings.isEmpty)
    }
  }

  // MARK: same-run base and process pairs

  @Test func timingsAreJudgedAgainstTheSameRunBaseWhenThereIsOne() {
    let result = Self.decide(Self.policy(confirmations: 0), first: GateMeasurement(head: Self.slower, base: Self.slower))
    #expect(result.decision.verdict.passed)
    #expect(result.decision.verdict.testedPhases == 1)
  }

  @Test func aTimingFailureNotInEveryProcessPairIsSetAside() {
    let pairs = ProcessPairs(head: [Self.slower, Self.unchanged], base: [Self.baseline, Self.baseline])
    let result = Self.decide(
      Self.policy(confirmations: 0), first: GateMeasurement(head: Self.slower, base: Self.baseline, pairs: pairs))
    #expect(result.decision.verdict.passed)
    #expect(result.decision.verdict.inconsistentTimings.count == 1)
    let everyPair = ProcessPairs(head: [Self.slower, Self.slower], base: [Self.baseline, Self.baseline])
    let failing = Self.decide(
      Self.policy(confirmations: 0), first: GateMeasurement(head: Self.slower, base: Self.baseline, pairs: everyPair))
    #expect(failing.decision.verdict.timingFailures.count == 1)
  }

  // MARK: checks before judging

  @Test func anotherAllocatorConfigurationOrToolchainIsIncomparable() {
    var current = Self.baseline
    #expect(GatePolicy.incomparableField(baseline: Self.baseline, current: current) == nil)
    current.environment.allocator = "jemalloc"
    let field = GatePolicy.incomparableField(baseline: Self.baseline, current: current)
    #expect(field?.name == "allocator" && field?.baseline == nil && field?.current == "jemalloc")
    current = Self.baseline
    current.environment.configuration = "debug"
    #expect(GatePolicy.incomparableField(baseline: Self.baseline, current: current)?.name == "configuration")
    current = Self.baseline
    current.environment.swiftVersion = "6.3"
    #expect(GatePolicy.incomparableField(baseline: Self.baseline, current: current)?.name == "Swift version")
  }

  @Test func aRebuiltBaselineThatAllocatesOtherwiseIsIrreproducible() {
    let rebuilt = RegressionGateTests.document(
      Array(repeating: 100_000, count: 20), allocations: .init(count: 3, bytes: 24, maxCount: 3))
    let differing = Self.policy().irreproducibleFigures(baseline: Self.baseline, rebuilt: rebuilt)
    #expect(!differing.isEmpty && differing.allSatisfy { $0.kind == .figureRose })
    #expect(Self.policy().irreproducibleFigures(baseline: Self.baseline, rebuilt: Self.baseline).isEmpty)
  }
}
