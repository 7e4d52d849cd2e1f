import Interchange

/// What `bench gate` prints after deciding: where timings were judged against, how busy
/// the machine was, what was set aside and why, the improvements, and PASS or FAIL with
/// each regression (docs/comparing.md shows an example).
public struct GateReport: Sendable {
  public var decision: GateDecision
  public var gate: RegressionGate
  /// Markdown bullets (`- `) instead of indented lines.
  public var markdown: Bool
  /// Whether the run was made now (not a given `--current` file).
  public var measuredNow: Bool
  /// Whether re-measuring was turned off (`--no-confirm`).
  public var noConfirm: Bool
  public var busyLimit: Double
  /// Which build the same-run timings came from (``sameRunBaseDescription(base:baseline:)``);
  /// nil without a same-run base.
  public var sameRunBase: String?

  public init(
    decision: GateDecision, gate: RegressionGate, markdown: Bool, measuredNow: Bool, noConfirm: Bool,
    busyLimit: Double, sameRunBase: String? = nil
  ) {
    self.decision = decision
    self.gate = gate
    self.markdown = markdown
    self.measuredNow = measuredNow
    self.noConfirm = noConfirm
    self.busyLimit = busyLimit
    self.sameRunBase = sameRunBase
  }

  /// The report's lines, joined by newlines (no final one). O(phases + findings).
  public var text: String {
    let verdict = decision.verdict
    let comparison = decision.timingComparison
    var lines: [String] = []
    let bullet = markdown ? "- " : "  "
    for note in comparison.notes { lines.append("note: \(note)") }
    if !decision.judgedTimings {
      lines.append("timings: not judged (--figures-only); deterministic figures and cases only")
    } else if let sameRunBase {
      lines.append(
        "timings: judged against \(sameRunBase), measured in the same run "
          + "(processes interleaved); deterministic figures against the committed file")
    } else if measuredNow {
      lines.append("timings: judged against the committed file's samples (measured in another run; --base-bench judges within one run)")
    }
    if measuredNow {
      lines.append(
        "machine: other processes kept "
          + (decision.busiestOtherCPUs.map { Formatting.fixed($0, decimals: 2) } ?? "an unknown number of")
          + " CPUs busy while measuring (timings are judged below \(Formatting.fixed(busyLimit, decimals: 2)))")
    }
    if !verdict.inconsistentTimings.isEmpty {
      lines.append(
        "not failed (\(verdict.inconsistentTimings.count)): slower in the pooled samples but not in every process pair, "
          + "the sign of one process's memory layout rather than of the code:")
      lines += verdict.inconsistentTimings.map { bullet + $0.description }
    }
    if !verdict.unjudgedTimings.isEmpty {
      lines.append(
        "not judged (\(verdict.unjudgedTimings.count)): timing regressions measured while the machine was busy; "
          + "run the gate again on a quiet machine:")
      lines += verdict.unjudgedTimings.map { bullet + $0.description }
    }
    let undecided = verdict.failures.filter { $0.kind == .timingUndecided }.count
    if !decision.judgedTimings {
      lines.append("bench gate: \(comparison.phases.count) phases compared; deterministic figures and cases only")
    } else {
      lines.append(
        "bench gate: \(comparison.phases.count) phases compared; timings of \(verdict.testedPhases) tested "
          + "(\(verdict.belowFloorPhases) under the \(Formatting.duration(nanoseconds: gate.timingFloorNanoseconds)) "
          + "timing floor, failing only from \(Formatting.fixed(1 + gate.floorSlowdown, decimals: 2))×)"
          + (undecided > 0
            ? "; \(undecided) undecided (too few samples for p < \(Formatting.fixed(gate.significance, decimals: 2)))" : ""))
    }
    if !verdict.improvements.isEmpty {
      lines.append("improvements (\(verdict.improvements.count)); lower the baseline with 'make gate-baseline':")
      lines += verdict.improvements.map { bullet + $0.description }
    }
    if verdict.passed {
      lines.append("PASS: nothing regressed")
    } else {
      lines.append("FAIL: \(verdict.failures.count) regression(s):")
      lines += verdict.failures.map { bullet + $0.description }
      if !measuredNow && !verdict.timingFailures.isEmpty {
        lines.append("(timing failures of a given --current file are not re-measured)")
      } else if noConfirm && !verdict.timingFailures.isEmpty {
        lines.append("(not re-measured: --no-confirm)")
      } else if decision.confirmation != nil && !verdict.timingFailures.isEmpty {
        lines.append("(timing failures repeated every time they were measured again)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Which build a same-run base is: the baseline's own revision built here, or another
  /// revision given as `--base-bench`. O(1).
  public static func sameRunBaseDescription(base: ResultsDocument, baseline: ResultsDocument) -> String {
    revisionText(base) == revisionText(baseline)
      ? "the baseline's revision \(revisionText(base)), built here"
      : "revision \(revisionText(base)) (--base-bench; the baseline was recorded at \(revisionText(baseline)))"
  }

  /// The first 12 digits of the revision the document was recorded at.
  public static func revisionText(_ document: ResultsDocument) -> String {
    document.environment.gitRevision.map { String($0.prefix(12)) } ?? "unknown"
  }
}
