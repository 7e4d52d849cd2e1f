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
///    (Mann-Whitney p < ``significance``, 0.01) and large: the ratio of medians at least
///    1 + ``minimumSlowdown`` (1.10). Compared on reference-normalised samples when both
///    runs timed the reference kernel; `bench gate --base-bench` compares against the
///    baseline's revision measured in the same run (``evaluate(figures:timings:)``).
/// 3. **Cases**: a case of the baseline that is missing from the current run, or no longer
///    `ok` (skipped, error), fails; so does a phase that disappeared.
///
/// Improvements (significant and at least as large, or a figure that fell) are reported,
/// never failed: lower the baseline with an explicit `make gate-baseline`.
public struct RegressionGate: Sendable {
  public var significance: Double
  public var minimumSlowdown: Double
  public var figureTolerance: Double
  /// Phases faster than this per operation (baseline median, nanoseconds) are not
  /// timing-tested: at a few microseconds a run's cache and clock state move the median
  /// by tens of percent (a 3.6 µs build measured 6.1 µs in one run), so such a test
  /// would fail on noise. Their deterministic figures are still gated.
  public var timingFloorNanoseconds: Double
  /// The deterministic figures that can fail the gate; other figures (bytes, tableau size)
  /// are shown by `bench compare` but follow from these.
  public static let gatedFigures = ["allocations.count", "allocations.maxCount", "counters.pivots", "counters.cellsTouched"]

  public init(
    significance: Double = 0.01, minimumSlowdown: Double = 0.10, figureTolerance: Double = 0.5,
    timingFloorNanoseconds: Double = 10_000
  ) {
    precondition(significance > 0 && significance < 1 && minimumSlowdown >= 0 && figureTolerance >= 0)
    self.timingFloorNanoseconds = timingFloorNanoseconds
    self.significance = significance
    self.minimumSlowdown = minimumSlowdown
    self.figureTolerance = figureTolerance
  }

  /// One reason the gate fails, or one improvement.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
      case figureRose, timingRegressed, caseLost, phaseLost
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
    /// Phases whose timings are not gated: sample counts that cannot reach the
    /// significance level whatever the samples (too few repetitions), or a baseline
    /// median under the timing floor.
    public var untestable: [(key: ResultsDocument.CaseKey, phase: String)]
    /// Phases whose timings were compared.
    public var testedPhases: Int
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
    var verdict = Verdict(failures: [], improvements: [], untestable: [], testedPhases: 0)
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

  private func judgeTimings(_ comparison: ResultsComparison, into verdict: inout Verdict) {
    for phase in comparison.phases {
      guard let timing = phase.timing else { continue }
      guard phase.baseMedian >= timingFloorNanoseconds,
        SampleComparison.smallestPValue(base: phase.sampleCounts.base, head: phase.sampleCounts.head) < significance
      else {
        verdict.untestable.append((phase.key, phase.phase))
        continue
      }
      verdict.testedPhases += 1
      guard timing.pValue < significance else { continue }
      let what =
        "median \(Formatting.duration(nanoseconds: phase.baseMedian)) → \(Formatting.duration(nanoseconds: phase.headMedian)), "
        + "ratio \(Self.ratioText(timing))\(phase.normalized ? " to the reference kernel" : ""), p = \(Self.pText(timing.pValue))"
      if timing.medianRatio >= Self.atLeast(1 + minimumSlowdown) {
        verdict.failures.append(Finding(kind: .timingRegressed, key: phase.key, phase: phase.phase, message: "slower: " + what))
      } else if timing.medianRatio <= 1 / Self.atLeast(1 + minimumSlowdown) {
        verdict.improvements.append(Finding(kind: .timingImproved, key: phase.key, phase: phase.phase, message: "faster: " + what))
      }
    }
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
