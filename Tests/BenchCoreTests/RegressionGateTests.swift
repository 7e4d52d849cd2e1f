import Foundation
@testable import BenchCore
import Interchange
import Measurement
import TestSupport
import Testing

/// The gate's rules on synthetic results: its false-positive rate on samples of one
/// distribution, its detection of a 10 % shift, deterministic figures, lost cases, and
/// an extra allocation injected into a measured loop.
@Suite(.serialized) struct RegressionGateTests {
  /// A document holding one case with one phase of `samples`, optionally with reference
  /// timings and figures.
  static func document(
    _ samples: [Double], phase: String = "resizeContainer", reference: [Double]? = nil,
    allocations: ResultsDocument.Allocations? = nil, pivots: Double? = nil, status: ResultsDocument.Status = .ok,
    workload: String = "stack.fill.horizontal"
  ) -> ResultsDocument {
    var result = ResultsDocument.Case(workload: workload, backend: "cassowary", size: 100, status: status)
    if status == .ok {
      result.phases = [
        ResultsDocument.Phase(
          name: phase, samplesNanoseconds: samples, allocations: allocations, counters: pivots.map { [("pivots", $0)] } ?? [])
      ]
      result.reference = reference.map { ResultsDocument.Reference(name: ReferenceKernel.name, samplesNanoseconds: $0) }
    }
    return ResultsDocument(suite: "smoke", createdAt: "2026-11-21T00:00:00Z", environment: .init(), cases: [result])
  }

  /// Timing noise with a long right tail, as on a shared machine: `median` × e^(σ·z),
  /// z standard normal (Box-Muller).
  static func lognormal(_ count: Int, median: Double, sigma: Double, _ random: inout SplitMix64) -> [Double] {
    (0..<count).map { _ in
      let u = max(random.unitDouble(), 1e-300)
      let z = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * random.unitDouble())
      return median * exp(sigma * z)
    }
  }

  /// `LAYOUTBENCH_SEED` when set (to replay a printed seed), else `value`.
  static func seed(default value: UInt64) -> UInt64 {
    SeedSweep.environmentValue(SeedSweep.seedVariable).flatMap(SeedSweep.parseSeed) ?? value
  }

  static func verdict(_ base: ResultsDocument, _ head: ResultsDocument, gate: RegressionGate = RegressionGate()) -> RegressionGate.Verdict {
    gate.evaluate(ResultsComparison(base: base, head: head, resamples: 20))
  }

  /// The verdict on deterministic figures and cases alone (no timing asked for), for
  /// files whose three samples could not decide a timing.
  static func figuresVerdict(_ base: ResultsDocument, _ head: ResultsDocument) -> RegressionGate.Verdict {
    RegressionGate().evaluate(figures: ResultsComparison(base: base, head: head, resamples: 20), timings: nil)
  }

  /// The stated false-positive rate is the significance level, 1 %: with the 10 % floor
  /// on top, samples of one distribution should practically never fail.
  @Test func samplesOfOneDistributionFailAtMostOnePercentOfTrials() {
    let seed = Self.seed(default: 20_261_121)
    var random = SplitMix64(seed: seed)
    var failures = 0
    for _ in 0..<1000 {
      let base = Self.lognormal(40, median: 50_000, sigma: 0.08, &random)
      let head = Self.lognormal(40, median: 50_000, sigma: 0.08, &random)
      if !Self.verdict(Self.document(base), Self.document(head)).passed { failures += 1 }
    }
    print("gate false positives: \(failures) of 1000 trials (seed \(seed))")
    #expect(failures <= 10, "seed \(seed)")
  }

  /// The same-run mode: figures judged on one comparison (the committed file against the
  /// run made now), timings on another (the baseline's revision measured in the same run).
  @Test func figuresAndTimingsCanBeJudgedOnDifferentComparisons() {
    let seed = Self.seed(default: 5)
    var random = SplitMix64(seed: seed)
    let draws = Self.lognormal(40, median: 50_000, sigma: 0.02, &random)
    let allocations = ResultsDocument.Allocations(count: 3, bytes: 96, maxCount: 3)
    let file = Self.document(draws, allocations: allocations, pivots: 4)
    let now = Self.document(draws.map { $0 * 1.5 }, allocations: allocations, pivots: 4)
    let sameRunBase = Self.document(draws.map { $0 * 1.5 }, allocations: allocations, pivots: 4)
    let gate = RegressionGate()
    let figures = ResultsComparison(base: file, head: now, resamples: 20)
    // The file's samples say 50 % slower; the same run says unchanged: it passes.
    let sameRun = gate.evaluate(figures: figures, timings: ResultsComparison(base: sameRunBase, head: now, resamples: 20))
    #expect(sameRun.passed, "\(sameRun.failures), seed \(seed)")
    #expect(sameRun.testedPhases == 1)
    #expect(!gate.evaluate(figures).passed, "seed \(seed)")
    // Without a timing comparison only figures and cases are judged.
    let figuresOnly = gate.evaluate(figures: figures, timings: nil)
    #expect(figuresOnly.passed && figuresOnly.testedPhases == 0)
    // A figure that rose against the file fails whatever the timings say.
    let morePivots = Self.document(draws.map { $0 * 1.5 }, allocations: allocations, pivots: 5)
    let rose = gate.evaluate(
      figures: ResultsComparison(base: file, head: morePivots, resamples: 20),
      timings: ResultsComparison(base: sameRunBase, head: morePivots, resamples: 20))
    #expect(rose.failures.map(\.kind) == [.figureRose])
    // And a slowdown against the same-run base fails whatever the file says.
    let slower = Self.document(draws.map { $0 * 1.5 * 1.3 }, allocations: allocations, pivots: 4)
    let regressed = gate.evaluate(
      figures: ResultsComparison(base: file, head: slower, resamples: 20),
      timings: ResultsComparison(base: sameRunBase, head: slower, resamples: 20))
    #expect(regressed.failures.map(\.kind) == [.timingRegressed], "seed \(seed)")
  }

  /// Every sample 10 % slower (the same draws shifted): fails in every trial, at the
  /// threshold itself.
  @Test func aTenPercentShiftFails() {
    let seed = Self.seed(default: 7)
    var random = SplitMix64(seed: seed)
    for trial in 0..<200 {
      let base = Self.lognormal(40, median: 50_000, sigma: 0.03, &random)
      let verdict = Self.verdict(Self.document(base), Self.document(base.map { $0 * 1.10 }))
      #expect(verdict.timingFailures.count == 1, "trial \(trial), seed \(seed)")
    }
  }

  /// Independent draws with a true 15 % shift under 3 % noise: detected in at least 99 %
  /// of trials. (At exactly 10 % independent draws straddle the threshold and about half
  /// fail: the floor is on the measured median; docs/comparing.md.)
  @Test func anIndependentFifteenPercentShiftIsDetected() {
    let seed = Self.seed(default: 11)
    var random = SplitMix64(seed: seed)
    var detected = 0
    for _ in 0..<300 {
      let base = Self.lognormal(40, median: 50_000, sigma: 0.03, &random)
      let head = Self.lognormal(40, median: 57_500, sigma: 0.03, &random)
      if !Self.verdict(Self.document(base), Self.document(head)).timingFailures.isEmpty { detected += 1 }
    }
    #expect(detected >= 297, "\(detected) of 300, seed \(seed)")
  }

  @Test func aSignificantButSmallSlowdownPasses() {
    let base = (0..<40).map { 50_000 + Double($0) }
    let head = base.map { $0 * 1.05 }
    let verdict = Self.verdict(Self.document(base), Self.document(head))
    #expect(verdict.passed)
    #expect(verdict.testedPhases == 1)
  }

  /// Timings are compared as ratios to the reference kernel of their own run: a head run
  /// on a machine twice as slow (reference and samples alike) does not fail.
  @Test func aUniformlySlowerMachineCancelsThroughTheReference() {
    let base = (0..<40).map { 50_000 + Double($0 * 10) }
    let slowMachine = base.map { $0 * 2 }
    let normalized = Self.verdict(
      Self.document(base, reference: [40_000, 40_100, 39_900]), Self.document(slowMachine, reference: [80_000, 80_200, 79_800]))
    #expect(normalized.passed)
    let raw = Self.verdict(Self.document(base), Self.document(slowMachine))
    #expect(raw.timingFailures.count == 1)
  }

  /// A tested (kernel-normalised) ratio of 1.2 over medians that did not move: the
  /// kernel's runs were faster in the head, not the code slower. Not a regression.
  @Test func aSlowdownMustShowInThePrintedMediansToo() {
    let samples = (0..<40).map { 50_000 + Double($0 * 10) }
    let verdict = Self.verdict(
      Self.document(samples, reference: [40_000, 40_000, 40_000]), Self.document(samples, reference: [33_333, 33_333, 33_333]))
    #expect(verdict.passed, "\(verdict.failures)")
    // Both moved: it fails.
    let slower = Self.verdict(
      Self.document(samples, reference: [40_000, 40_000, 40_000]),
      Self.document(samples.map { $0 * 1.2 }, reference: [40_000, 40_000, 40_000]))
    #expect(slower.failures.map(\.kind) == [.timingRegressed])
  }

  /// Three repetitions against three cannot reach p < 0.01 (the exact test's smallest p
  /// is 2/20): a file ten times slower must not pass for want of samples.
  @Test func tooFewSamplesToDecideFailTheGate() {
    let samples: [Double] = [50_000, 51_000, 52_000]
    let verdict = Self.verdict(Self.document(samples), Self.document(samples.map { $0 * 10 }))
    #expect(verdict.failures.map(\.kind) == [.timingUndecided])
    #expect(verdict.failures.first?.message.contains("3 against 3 repetitions cannot reach p < 0.010") == true, "\(verdict.failures)")
    #expect(verdict.testedPhases == 0)
    // Five against five can decide, with the exact test (2/252 < 0.01).
    let five: [Double] = [50_000, 51_000, 52_000, 53_000, 54_000]
    let decided = Self.verdict(Self.document(five), Self.document(five.map { $0 * 2 }))
    #expect(decided.failures.map(\.kind) == [.timingRegressed], "\(decided.failures)")
  }

  /// Under the timing floor a phase fails only from twice as slow: ten times slower fails,
  /// 50 % slower does not.
  @Test func phasesUnderTheFloorFailFromTwiceAsSlow() {
    let samples = (0..<20).map { 3_000 + Double($0) }
    let tenTimes = Self.verdict(Self.document(samples), Self.document(samples.map { $0 * 10 }))
    #expect(tenTimes.failures.map(\.kind) == [.timingRegressed])
    #expect(tenTimes.failures.first?.message.contains("fails from 2.00×") == true, "\(tenTimes.failures)")
    let half = Self.verdict(Self.document(samples), Self.document(samples.map { $0 * 1.5 }))
    #expect(half.passed, "\(half.failures)")
    #expect(half.belowFloorPhases == 1)
  }

  @Test(arguments: [
    (0.0, 1.0, false), (0.0, 0.0, true), (21.0, 22.0, false), (21.0, 21.0, true), (21.0, 21.4, true),
    (1618.0, 1619.0, false), (21.0, 20.0, true),
  ])
  func allocationsMayRiseByTheTolerance(base: Double, head: Double, passes: Bool) {
    let samples = [1.0, 2, 3]
    let verdict = Self.figuresVerdict(
      Self.document(samples, allocations: .init(count: base, bytes: 0, maxCount: base)),
      Self.document(samples, allocations: .init(count: head, bytes: 0, maxCount: head)))
    #expect(verdict.passed == passes, "\(verdict.failures)")
    if !passes { #expect(verdict.failures.allSatisfy { $0.kind == .figureRose }) }
    if head < base { #expect(verdict.improvements.contains { $0.kind == .figureFell }) }
  }

  /// One allocation in one operation of twenty in an allocation-free phase: the mean
  /// moves by 0.05, under the tolerance, but the largest count goes from 0 to 1.
  @Test func aSingleAllocationInAnAllocationFreePhaseFails() {
    let verdict = Self.figuresVerdict(
      Self.document([1, 2, 3], allocations: .init(count: 0, bytes: 0, maxCount: 0)),
      Self.document([1, 2, 3], allocations: .init(count: 0.05, bytes: 1.2, maxCount: 1)))
    #expect(verdict.failures.map(\.message) == ["allocations.maxCount rose from 0 to 1 per operation (tolerance 0.50)"])
  }

  @Test func morePivotsFailAndLosingAllocationCountsFails() {
    let samples = [1.0, 2, 3]
    let pivots = Self.figuresVerdict(Self.document(samples, pivots: 10), Self.document(samples, pivots: 12))
    #expect(pivots.failures.map(\.kind) == [.figureRose])
    #expect(pivots.failures.first?.message.contains("counters.pivots") == true)
    let lost = Self.figuresVerdict(
      Self.document(samples, allocations: .init(count: 3, bytes: 48, maxCount: 3)), Self.document(samples, allocations: nil))
    #expect(lost.failures.count == 2)  // count and maxCount no longer reported
  }

  @Test func aCaseThatIsMissingSkippedOrFailingNowFails() {
    let base = Self.document([1, 2, 3])
    let missing = Self.document([1, 2, 3], workload: "other")
    #expect(Self.figuresVerdict(base, missing).failures.map(\.kind) == [.caseLost])
    let failing = Self.document([], status: .error("diverged"))
    let verdict = Self.figuresVerdict(base, failing)
    #expect(verdict.failures.map(\.kind) == [.caseLost])
    #expect(verdict.failures.first?.message.contains("diverged") == true)
    let renamedPhase = Self.document([1, 2, 3], phase: "constantEdit")
    #expect(Self.figuresVerdict(base, renamedPhase).failures.map(\.kind) == [.phaseLost])
    // A case only in the head is new, not a regression.
    #expect(Self.figuresVerdict(missing, missing).passed)
  }

  @Test func onlyConfirmedTimingFailuresRemain() {
    let base = (0..<40).map { 50_000 + Double($0) }
    let first = Self.verdict(Self.document(base), Self.document(base.map { $0 * 1.5 }))
    #expect(first.timingFailures.count == 1)
    let notRepeated = Self.verdict(Self.document(base), Self.document(base))
    #expect(first.confirmed(by: notRepeated).passed)
    #expect(!first.confirmed(by: first).passed)
    // Deterministic failures never need confirming.
    let figures = Self.figuresVerdict(
      Self.document([1, 2, 3], pivots: 1), Self.document([1, 2, 3], pivots: 2))
    #expect(!figures.confirmed(by: notRepeated).passed)
  }

  /// The gate's end-to-end proof on the real measured loop: one extra allocation per
  /// layout pass (``InjectedRegression``) is caught by the deterministic figures of every
  /// phase with a layout pass, and nothing else changes.
  @Test func anInjectedAllocationInTheMeasuredLoopIsCaught() throws {
    try #require(AllocationCounter.isAvailable, "jemalloc statistics are needed")
    CountingFakeBackend.mallocsPerUpdate = 0
    CountingFakeBackend.mallocsPerLayout = 1
    CountingFakeBackend.failOnUpdate = nil
    defer { CountingFakeBackend.mallocsPerLayout = 0 }
    let settings = MeasurementSettings(repetitions: 3, warmup: 1)
    func document(_ outcome: CaseOutcome) -> ResultsDocument {
      guard case .measured(let phases, let repetitions, let reference) = outcome else {
        Issue.record("not measured: \(outcome)")
        return Self.document([1])
      }
      let result = ResultsDocument.Case(
        workload: "fake", backend: "fake", size: 4, status: .ok, phases: phases, repetitions: repetitions, reference: reference)
      return ResultsDocument(suite: "fake", createdAt: "", environment: .init(), cases: [result])
    }
    let baseline = document(CaseMeasurement(trace: CaseMeasurementTests.trace(), settings: settings) { CountingFakeBackend() }.run())
    let unchanged = document(CaseMeasurement(trace: CaseMeasurementTests.trace(), settings: settings) { CountingFakeBackend() }.run())
    let injected = document(
      CaseMeasurement(trace: CaseMeasurementTests.trace(), settings: settings) {
        InjectedRegression(CountingFakeBackend(), .allocation)
      }.run())

    let gate = RegressionGate()
    // Three repetitions cannot decide timings: figures alone are judged.
    let same = gate.evaluate(figures: ResultsComparison(base: baseline, head: unchanged, resamples: 100), timings: nil)
    #expect(same.failures.isEmpty, "\(same.failures)")
    let caught = gate.evaluate(figures: ResultsComparison(base: baseline, head: injected, resamples: 100), timings: nil)
    let rose = caught.failures.filter { $0.kind == .figureRose }
    // firstLayout, resizeContainer and hideUnhide each lay out once per operation: count
    // and maxCount rise by one in each; build has no layout pass.
    #expect(Set(rose.compactMap(\.phase)) == ["firstLayout", "resizeContainer", "hideUnhide"], "\(rose)")
    #expect(rose.contains { $0.phase == "resizeContainer" && $0.message.contains("allocations.count rose from 1 to 2") }, "\(rose)")
  }
}

extension RegressionGateTests {
  /// A busy machine sets timing failures aside (reported as not judged); deterministic
  /// failures still fail.
  @Test func settingTimingsAsideKeepsDeterministicFailures() {
    let base = (0..<40).map { 50_000 + Double($0) }
    let slower = Self.verdict(Self.document(base, pivots: 1), Self.document(base.map { $0 * 1.5 }, pivots: 2))
    #expect(slower.failures.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.figureRose, .timingRegressed])
    let aside = slower.settingTimingFailuresAside()
    #expect(aside.failures.map(\.kind) == [.figureRose])
    #expect(aside.unjudgedTimings.map(\.kind) == [.timingRegressed])
  }
}
