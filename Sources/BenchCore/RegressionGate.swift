import Foundation
import Interchange

/// The rules `bench gate` applies to a ``ResultsComparison`` of a baseline (base) and a
/// current run (head), deterministic figures first (docs/comparing.md):
///
/// 1. **Deterministic figures** (allocations per operation — mean and largest — and the
///    solver's pivots and cells touched per operation) repeat exactly for the same code,
///    inputs, toolchain and allocator. One fails when it rises more than
///    ``figureTolerance`` (0.5 per operation) above the baseline: one more allocation or
///    pivot in every operation fails, and so does a single allocation in any one operation
///    of an allocation-free phase (its largest count goes from 0 to 1).
/// 2. **Timings** fail only when the slowdown is both statistically significant
///    (Mann-Whitney p < ``significance``, 0.01) and large: the ratio of the tested values'
///    medians and the ratio of the medians as printed both at least
///    1 + ``minimumSlowdown`` (1.10), or 1 + ``floorSlowdown`` (2×) for a phase faster than
///    ``timingFloorNanoseconds``, whose medians move by tens of percent with the cache.
///    A phase whose sample counts cannot reach the significance level whatever the
///    samples is **undecided**, and fails: a gate that was asked for timings must not pass
///    on timings it could not judge. Compared on reference-normalised samples when both
///    runs timed the reference kernel; `bench gate --base-bench` compares against the
///    baseline's revision measured in the same run (``evaluate(figures:timings:)``).
/// 3. **Cases**: a case of the baseline that is missing from the current run, or no longer
///    `ok` (skipped, error), fails; so does a phase that disappeared. (Files that do not
///    match at all — another suite, seed or case set — are refused before judging:
///    ``GateInputCheck``.)
///
/// Improvements (significant and at least as large, or a figure that fell) are reported,
/// never failed: lower the baseline with an explicit `make gate-baseline`.
public struct RegressionGate: Sendable {
  public var significance: Double
  public var minimumSlowdown: Double
  public var figureTolerance: Double
  /// Phases faster than this per operation (baseline median, nanoseconds) fail only from
  /// a slowdown of 1 + ``floorSlowdown``: at a few microseconds a run's cache and clock
  /// state move the median by tens of percent (a 3.6 µs build measured 6.1 µs in one
  /// run), so the 10 % threshold would fail on noise, yet a phase ten times slower must
  /// not pass.
  public var timingFloorNanoseconds: Double
  /// The smallest slowdown that fails under the timing floor (1.0: twice as slow).
  public var floorSlowdown: Double
  /// The deterministic figures that can fail the gate; other figures (bytes, tableau size)
  /// are shown by `bench compare` but follow from these.
  public static let gatedFigures = ["allocations.count", "allocations.maxCount", "counters.pivots", "counters.cellsTouched"]

  public init(
    significance: Double = 0.01, minimumSlowdown: Double = 0.10, figureTolerance: Double = 0.5,
    timingFloorNanoseconds: Double = 10_000, floorSlowdown: Double = 1.0
  ) {
    precondition(significance > 0 && significance < 1 && minimumSlowdown >= 0 && figureTolerance >= 0 && floorSlowdown >= 0)
    self.timingFloorNanoseconds = timingFloorNanoseconds
    self.floorSlowdown = floorSlowdown
    self.significance = significance
    self.minimumSlowdown = minimumSlowdown
    self.figureTolerance = figureTolerance
  }

  /// One reason the gate fails, or one improvement.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
      case figureRose, timingRegressed, timingUndecided, caseLost, phaseLost
      case figureFell, timingImproved
    }
    public var kind: Kind
    public var key: ResultsDocument.CaseKey
    public var phase: String?
    public var message: String

    public var description: String { "\(key)" + (phase.map { " \($0)" } ?? "") + ": " + message }
  }

  /// What the gate decided.
  public struct Verdict: Sendable {
    public var failures: [Finding]
    public var improvements: [Finding]
    /// Phases whose timings were tested, and how many of them under the timing floor
    /// (failing only from 1 + ``RegressionGate/floorSlowdown``).
    public var testedPhases: Int
    public var belowFloorPhases: Int = 0
    /// Timing regressions set aside because the measurement was disturbed (see
    /// ``settingTimingFailuresAside()``); reported, not failed.
    public var unjudgedTimings: [Finding] = []
    /// Timing regressions of the pooled samples that did not show in every process pair
    /// of a same-run comparison (``ProcessPairAgreement``); reported, not failed.
    public var inconsistentTimings: [Finding] = []

    public var passed: Bool { failures.isEmpty }
    public var timingFailures: [Finding] { failures.filter { $0.kind == .timingRegressed } }

    /// This verdict with its timing failures moved to ``unjudgedTimings``: for a run
    /// during which other processes kept the machine busy, whose timings say more about
    /// them than about the code. Deterministic failures stay.
    public func settingTimingFailuresAside() -> Verdict {
      var result = self
      result.unjudgedTimings += timingFailures
      result.failures.removeAll { $0.kind == .timingRegressed }
      return result
    }

    /// This verdict with the timing failures for which `consistent` is false moved to
    /// ``inconsistentTimings``, and the timing improvements for which it is false dropped.
    /// Deterministic findings stay.
    public func keepingTimingFindings(where consistent: (Finding) -> Bool) -> Verdict {
      var result = self
      let dropped = timingFailures.filter { !consistent($0) }
      result.inconsistentTimings += dropped
      result.failures.removeAll { finding in dropped.contains { $0.key == finding.key && $0.phase == finding.phase && $0.kind == finding.kind } }
      result.improvements.removeAll { $0.kind == .timingImproved && !consistent($0) }
      return result
    }

    /// This verdict with only the timing failures that `confirmation` (a re-measurement
    /// of the same cases) repeats; every other failure stays. Used so that one unlucky
    /// measurement on a shared machine does not fail CI.
    public func confirmed(by confirmation: Verdict) -> Verdict {
      var result = self
      result.failures = failures.filter { finding in
        finding.kind != .timingRegressed
          || confirmation.timingFailures.contains { $0.key == finding.key && $0.phase == finding.phase }
      }
      return result
    }
  }

  /// Judges a comparison: deterministic figures, cases and timings. O(phases × figures).
  public func evaluate(_ comparison: ResultsComparison) -> Verdict {
    evaluate(figures: comparison, timings: comparison)
  }

  /// Judges deterministic figures and lost cases on `figures` and timings on `timings`
  /// (none when nil).
  /// The gate's same-run mode passes the committed baseline against the run made now as
  /// `figures` (figures repeat exactly across runs, so the committed file is the bar), and
  /// the baseline's revision measured in the same run against this build as `timings`
  /// (timings are only comparable within one run). O(phases × figures).
  public func evaluate(figures: ResultsComparison, timings: ResultsComparison?) -> Verdict {
    var verdict = Verdict(failures: [], improvements: [], testedPhases: 0)
    judgeFigures(figures, into: &verdict)
    if let timings { judgeTimings(timings, into: &verdict) }
    return verdict
  }

  private func judgeFigures(_ comparison: ResultsComparison, into verdict: inout Verdict) {
    for difference in comparison.differences {
      switch difference {
      case .onlyInBase(let key):
        verdict.failures.append(Finding(kind: .caseLost, key: key, phase: nil, message: "in the baseline but not measured now"))
      case .status(let key, let base, let head, let detail) where base == "ok":
        verdict.failures.append(
          Finding(kind: .caseLost, key: key, phase: nil, message: "ok in the baseline, \(head) now" + (detail.map { ": \($0)" } ?? "")))
      case .phaseOnlyInBase(let key, let phase):
        verdict.failures.append(Finding(kind: .phaseLost, key: key, phase: phase, message: "phase in the baseline but not measured now"))
      case .onlyInHead, .status, .phaseOnlyInHead: break
      }
    }
    for phase in comparison.phases {
      for figure in phase.figures where Self.gatedFigures.contains(figure.name) {
        guard let base = figure.base else { continue }
        guard let head = figure.head else {
          // Counting was on in the baseline: losing it must not pass silently.
          verdict.failures.append(
            Finding(kind: .figureRose, key: phase.key, phase: phase.phase, message: "\(figure.name) is no longer reported (baseline \(Formatting.count(base)))"))
          continue
        }
        if head > base + figureTolerance {
          verdict.failures.append(
            Finding(
              kind: .figureRose, key: phase.key, phase: phase.phase,
              message: "\(figure.name) rose from \(Formatting.count(base)) to \(Formatting.count(head)) per operation "
                + "(tolerance \(Formatting.count(figureTolerance)))"))
        } else if head < base - figureTolerance {
          verdict.improvements.append(
            Finding(
              kind: .figureFell, key: phase.key, phase: phase.phase,
              message: "\(figure.name) fell from \(Formatting.count(base)) to \(Formatting.count(head)) per operation"))
        }
      }
    }
  }

  /// What the timings of one phase say under these rules.
  public enum TimingJudgement: Sendable {
    case slower(SampleComparison)
    case faster(SampleComparison)
    /// Tested, with no change the gate acts on.
    case unchanged(SampleComparison)
    /// The samples cannot decide: why.
    case undecided(String)
  }

  /// The smallest slowdown ratio that fails `phase`: 1 + ``minimumSlowdown``, or
  /// 1 + ``floorSlowdown`` under the timing floor. O(1).
  public func failingRatio(for phase: ResultsComparison.PhaseComparison) -> Double {
    1 + (phase.baseMedian < timingFloorNanoseconds ? floorSlowdown : minimumSlowdown)
  }

  /// Judges one phase's timings. O(1) beyond ``SampleComparison/smallestPValue(base:head:)``.
  public func judge(_ phase: ResultsComparison.PhaseComparison) -> TimingJudgement {
    guard let timing = phase.timing else {
      return .undecided("no usable samples (a side has none, or a median of 0)")
    }
    let counts = phase.sampleCounts
    let smallest = SampleComparison.smallestPValue(base: counts.base, head: counts.head)
    guard smallest < significance else {
      return .undecided(
        "\(counts.base) against \(counts.head) repetitions cannot reach p < \(Self.pText(significance)) "
          + "(the smallest possible p is \(Self.pText(smallest))): record both with more repetitions")
    }
    guard timing.pValue < significance else { return .unchanged(timing) }
    // Both the tested ratio and the ratio of the medians as printed must reach the
    // threshold: dividing by the kernel's runs adds their noise, and a tested 1.12 over a
    // printed 1.04 (measured in an A/A trial) is not a slowdown anyone would act on.
    let threshold = Self.atLeast(failingRatio(for: phase))
    let printed = phase.medianRatio ?? timing.medianRatio
    if min(timing.medianRatio, printed) >= threshold { return .slower(timing) }
    if max(timing.medianRatio, printed) <= 1 / threshold { return .faster(timing) }
    return .unchanged(timing)
  }

  private func judgeTimings(_ comparison: ResultsComparison, into verdict: inout Verdict) {
    for phase in comparison.phases {
      let floorNote =
        phase.baseMedian < timingFloorNanoseconds
        ? " (under the \(Formatting.duration(nanoseconds: timingFloorNanoseconds)) floor: fails from "
          + "\(Formatting.fixed(failingRatio(for: phase), decimals: 2))×)" : ""
      let what = { (timing: SampleComparison) in Self.timingText(phase, timing) + floorNote }
      switch judge(phase) {
      case .undecided(let why):
        verdict.failures.append(Finding(kind: .timingUndecided, key: phase.key, phase: phase.phase, message: "could not decide: " + why))
        continue
      case .slower(let timing):
        verdict.failures.append(Finding(kind: .timingRegressed, key: phase.key, phase: phase.phase, message: "slower: " + what(timing)))
      case .faster(let timing):
        verdict.improvements.append(Finding(kind: .timingImproved, key: phase.key, phase: phase.phase, message: "faster: " + what(timing)))
      case .unchanged: break
      }
      verdict.testedPhases += 1
      if phase.baseMedian < timingFloorNanoseconds { verdict.belowFloorPhases += 1 }
    }
  }

  /// `median 1.2 ms → 1.8 ms (ratio 1.50); tested 1.48 [1.40, 1.55] vs the reference
  /// kernel, p = 0.008 exact`: the medians and their ratio first, then what the test saw.
  public static func timingText(_ phase: ResultsComparison.PhaseComparison, _ timing: SampleComparison) -> String {
    "median \(Formatting.duration(nanoseconds: phase.baseMedian)) → \(Formatting.duration(nanoseconds: phase.headMedian))"
      + (phase.medianRatio.map { " (ratio \(Formatting.fixed($0, decimals: 2)))" } ?? "")
      + "; tested \(ratioText(timing))" + (phase.normalized ? " relative to the reference kernel" : " on raw times")
      + ", p = \(pText(timing.pValue))" + (timing.exact ? " exact" : "")
  }

  /// A threshold lowered by rounding's width, so that samples shifted by exactly the
  /// threshold (a median ratio of 1.0999999999999999) count as reaching it.
  static func atLeast(_ threshold: Double) -> Double { threshold * (1 - 1e-12) }

  /// `1.23 [1.18, 1.30]`.
  public static func ratioText(_ timing: SampleComparison) -> String {
    "\(Formatting.fixed(timing.medianRatio, decimals: 2)) [\(Formatting.fixed(timing.lowerBound, decimals: 2)), "
      + "\(Formatting.fixed(timing.upperBound, decimals: 2))]"
  }

  /// `0.003`, `< 0.001`, `1`.
  public static func pText(_ p: Double) -> String {
    p < 0.001 ? "< 0.001" : p >= 0.9995 ? "1" : Formatting.fixed(p, decimals: 3)
  }
}
