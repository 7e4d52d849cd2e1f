import Interchange

/// How `bench gate` turns measurements into a verdict (docs/comparing.md): deterministic
/// figures against the committed baseline, timings against the same-run base when there
/// is one, timing failures that did not show in every process pair set aside, timing
/// failures of a run made now measured again and kept only when they repeat every time,
/// and timing failures of a run during which other processes kept the machine busy not
/// judged. It measures nothing itself: ``decide(baseline:first:measuredNow:remeasure:)``
/// asks its caller for each confirming measurement.
public struct GatePolicy: Sendable {
  /// The rules each comparison is judged by.
  public var gate: RegressionGate
  /// Times timing failures of a run made now are measured again; 0 fails them at once.
  public var confirmations: Int
  /// Mean CPUs other processes may keep busy during the measurements made now for their
  /// timing failures to be judged.
  public var busyLimit: Double
  /// Bootstrap resamples of each comparison (``ResultsComparison``).
  public var resamples: Int
  /// Whether timings are asked for (`bench gate --figures-only` says no): without them
  /// only deterministic figures and cases are judged, and no timing can be undecided.
  public var judgesTimings: Bool

  public init(gate: RegressionGate, confirmations: Int, busyLimit: Double, resamples: Int = 2000, judgesTimings: Bool = true) {
    self.judgesTimings = judgesTimings
    self.gate = gate
    self.confirmations = confirmations
    self.busyLimit = busyLimit
    self.resamples = resamples
  }

  /// Decides the gate: judges `first`, confirms its timing failures (only for a run made
  /// now, `measuredNow`) by calling `remeasure` with the baseline's failing cases, the
  /// round (1-based) and the number of timing failures, until they stop repeating or
  /// ``confirmations`` rounds are done, then sets timing failures aside when the busiest
  /// of the measurements was over ``busyLimit``.
  /// - Complexity: that of the comparisons (``ResultsComparison``), one per measurement.
  /// - Throws: what `remeasure` throws.
  public func decide(
    baseline: ResultsDocument, first: GateMeasurement, measuredNow: Bool,
    remeasure: (_ cases: ResultsDocument, _ round: Int, _ timingFailures: Int) throws -> GateMeasurement
  ) rethrows -> GateDecision {
    let comparison = ResultsComparison(base: baseline, head: first.head, resamples: resamples)
    let timingComparison =
      first.base.map { ResultsComparison(base: $0, head: first.head, resamples: resamples) } ?? comparison
    var verdict = Self.consistent(
      gate.evaluate(figures: comparison, timings: judgesTimings ? timingComparison : nil), pairs: first.pairs)
    var loads = [first.otherBusyCPUs]
    var confirmation: ResultsComparison?
    var round = 0
    while measuredNow && round < confirmations && !verdict.timingFailures.isEmpty {
      round += 1
      let cases = Self.cases(of: baseline, failingIn: verdict)
      let again = try remeasure(cases, round, verdict.timingFailures.count)
      loads.append(again.otherBusyCPUs)
      let rerun = ResultsComparison(base: again.base ?? cases, head: again.head, resamples: resamples)
      verdict = verdict.confirmed(by: Self.consistent(gate.evaluate(rerun), pairs: again.pairs))
      confirmation = rerun
    }
    let busiest = loads.compactMap { $0 }.max()
    if let busiest, busiest > busyLimit { verdict = verdict.settingTimingFailuresAside() }
    return GateDecision(
      verdict: verdict, timingComparison: timingComparison, confirmation: confirmation, confirmationRounds: round,
      busiestOtherCPUs: busiest, judgedTimings: judgesTimings)
  }

  /// The baseline with only the cases of `verdict`'s timing failures: what a confirming
  /// measurement runs. O(cases × failures).
  public static func cases(of baseline: ResultsDocument, failingIn verdict: RegressionGate.Verdict) -> ResultsDocument {
    let keys = verdict.timingFailures.map(\.key)
    return ResultsDocument(
      suite: baseline.suite, createdAt: baseline.createdAt, environment: baseline.environment, run: baseline.run,
      cases: baseline.cases.filter { keys.contains($0.key) })
  }

  /// `verdict` with the timing failures that did not show in every process pair set
  /// aside, and such improvements dropped (``ProcessPairAgreement``); unchanged without
  /// pairs (no same-run base). O(findings × processes × cases).
  public static func consistent(_ verdict: RegressionGate.Verdict, pairs: ProcessPairs?) -> RegressionGate.Verdict {
    guard let pairs else { return verdict }
    return verdict.keepingTimingFindings { finding in
      finding.kind == .timingImproved
        ? ProcessPairAgreement.fasterInEveryPair(finding.key, phase: finding.phase ?? "", head: pairs.head, base: pairs.base)
        : ProcessPairAgreement.slowerInEveryPair(finding.key, phase: finding.phase ?? "", head: pairs.head, base: pairs.base)
    }
  }

  /// The deterministic figures of `baseline` that the baseline's revision, rebuilt and
  /// run now (`rebuilt`), does not repeat: when there are any, the file was not recorded
  /// by that revision's code (or the toolchain differs). O(phases × figures).
  public func irreproducibleFigures(baseline: ResultsDocument, rebuilt: ResultsDocument) -> [RegressionGate.Finding] {
    let check = gate.evaluate(figures: ResultsComparison(base: baseline, head: rebuilt, resamples: resamples), timings: nil)
    return (check.failures + check.improvements).filter { $0.kind == .figureRose || $0.kind == .figureFell }
  }

  /// The first environment field whose difference makes deterministic figures
  /// incomparable (allocation counts shift with the allocator and the toolchain, and debug
  /// timings are not release timings), with the two values; nil when they agree. O(1).
  public static func incomparableField(baseline: ResultsDocument, current: ResultsDocument)
    -> (name: String, baseline: String?, current: String?)?
  {
    let fields: [(String, (ResultsDocument.Environment) -> String?)] = [
      ("configuration", \.configuration), ("allocator", \.allocator), ("Swift version", \.swiftVersion),
    ]
    for (name, field) in fields where field(baseline.environment) != field(current.environment) {
      return (name, field(baseline.environment), field(current.environment))
    }
    return nil
  }
}

/// The per-process parts of a same-run measurement, by build, in process order.
public struct ProcessPairs: Sendable {
  public var head: [ResultsDocument]
  public var base: [ResultsDocument]

  public init(head: [ResultsDocument], base: [ResultsDocument]) {
    self.head = head
    self.base = base
  }
}

/// One measurement the gate judges: the run of this build, the same-run base's when the
/// baseline's revision ran beside it, their process parts, and the mean CPUs other
/// processes kept busy meanwhile (nil for a given file, or where unknown).
public struct GateMeasurement: Sendable {
  public var head: ResultsDocument
  public var base: ResultsDocument?
  public var pairs: ProcessPairs?
  public var otherBusyCPUs: Double?

  public init(head: ResultsDocument, base: ResultsDocument? = nil, pairs: ProcessPairs? = nil, otherBusyCPUs: Double? = nil) {
    self.head = head
    self.base = base
    self.pairs = pairs
    self.otherBusyCPUs = otherBusyCPUs
  }
}

/// What ``GatePolicy/decide(baseline:first:measuredNow:remeasure:)`` decided, with what
/// the report shows of how.
public struct GateDecision: Sendable {
  public var verdict: RegressionGate.Verdict
  /// The comparison the first verdict's timings were judged on.
  public var timingComparison: ResultsComparison
  /// The last confirming comparison, if any.
  public var confirmation: ResultsComparison?
  public var confirmationRounds: Int
  /// The busiest measurement's mean CPUs kept busy by other processes, if known.
  public var busiestOtherCPUs: Double?
  /// Whether timings were asked for (``GatePolicy/judgesTimings``).
  public var judgedTimings: Bool = true
}
