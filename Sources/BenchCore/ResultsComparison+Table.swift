import Foundation

extension ResultsComparison {
  /// How ``table(gate:markdown:)`` marks a phase.
  public enum Mark: String, Sendable {
    /// Significant (p below the gate's level) and at least the gate's slowdown.
    case slower = "+"
    /// Significant and at least as large, faster.
    case faster = "-"
    /// No change the gate would act on.
    case unchanged = "~"
    /// Too few samples for the test to reach the gate's significance level, or faster
    /// than the gate's timing floor.
    case untestable = "?"
  }

  /// The mark of a phase under `gate`'s rules.
  public func mark(_ phase: PhaseComparison, gate: RegressionGate) -> Mark {
    guard let timing = phase.timing, phase.baseMedian >= gate.timingFloorNanoseconds,
      SampleComparison.smallestPValue(base: phase.sampleCounts.base, head: phase.sampleCounts.head) < gate.significance
    else { return .untestable }
    guard timing.pValue < gate.significance else { return .unchanged }
    if timing.medianRatio >= RegressionGate.atLeast(1 + gate.minimumSlowdown) { return .slower }
    if timing.medianRatio <= 1 / RegressionGate.atLeast(1 + gate.minimumSlowdown) { return .faster }
    return .unchanged
  }

  /// One row per compared phase: the medians per operation, the ratio with its interval,
  /// the p-value, a mark (`+` slower, `-` faster, `~` no actionable change, `?` too few
  /// samples) and the deterministic figures that changed (`allocations.count 21 → 22`).
  /// Plain aligned columns, or a Markdown table for CI summaries. O(phases).
  public func table(gate: RegressionGate = RegressionGate(), markdown: Bool = false) -> String {
    let header = ["workload", "n", "backend", "phase", "base", "head", "ratio [95% CI]", "p", "", "figures that changed"]
    let rows = phases.map { phase -> [String] in
      let changed = phase.figures.filter(\.changed).map { figure in
        "\(figure.name) \(figure.base.map(Formatting.count) ?? "—") → \(figure.head.map(Formatting.count) ?? "—")"
      }
      return [
        phase.key.workload, String(phase.key.size), phase.key.backend, phase.phase,
        Formatting.duration(nanoseconds: phase.baseMedian), Formatting.duration(nanoseconds: phase.headMedian),
        phase.timing.map(RegressionGate.ratioText) ?? "—", phase.timing.map { RegressionGate.pText($0.pValue) } ?? "—",
        mark(phase, gate: gate).rawValue, changed.joined(separator: ", "),
      ]
    }
    guard markdown else { return Formatting.table(rows, header: header, leftAligned: 4, lastLeftAligned: true) }
    func line(_ cells: [String]) -> String {
      "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }
    let rule = "|" + header.indices.map { $0 < 4 || $0 == header.count - 1 ? "---|" : "---:|" }.joined()
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
