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
    /// Too few samples for the test to reach the gate's significance level, or none.
    case undecided = "?"
  }

  /// The mark of a phase under `gate`'s rules (``RegressionGate/judge(_:)``).
  public func mark(_ phase: PhaseComparison, gate: RegressionGate) -> Mark {
    switch gate.judge(phase) {
    case .slower: .slower
    case .faster: .faster
    case .unchanged: .unchanged
    case .undecided: .undecided
    }
  }

  /// One row per compared phase: the medians per operation, their ratio (the headline:
  /// the two medians beside it divided), the tested ratio with its interval — of times
  /// relative to the reference kernel when the phase was normalised, labelled so —, the
  /// p-value (`*` when exact), a mark (`+` slower, `-` faster, `~` no actionable change,
  /// `?` too few samples) and the deterministic figures that changed
  /// (`allocations.count 21 → 22`). Plain aligned columns, or a Markdown table for CI
  /// summaries. O(phases).
  public func table(gate: RegressionGate = RegressionGate(), markdown: Bool = false) -> String {
    let header = [
      "workload", "n", "backend", "phase", "base", "head", "ratio", "tested ratio [95% CI]", "p", "", "figures that changed",
    ]
    let rows = phases.map { phase -> [String] in
      let changed = phase.figures.filter(\.changed).map { figure in
        "\(figure.name) \(figure.base.map(Formatting.count) ?? "—") → \(figure.head.map(Formatting.count) ?? "—")"
      }
      return [
        phase.key.workload, String(phase.key.size), phase.key.backend, phase.phase,
        Formatting.duration(nanoseconds: phase.baseMedian), Formatting.duration(nanoseconds: phase.headMedian),
        phase.medianRatio.map { Formatting.fixed($0, decimals: 2) } ?? "—",
        phase.timing.map { RegressionGate.ratioText($0) + (phase.normalized ? " vs kernel" : " raw") } ?? "—",
        phase.timing.map { RegressionGate.pText($0.pValue) + ($0.exact ? "*" : "") } ?? "—",
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
