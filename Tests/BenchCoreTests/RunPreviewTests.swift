import BenchCore
import Testing

/// The dry run's plan: each case runs (predicted or not) or is skipped as the run decides.
struct RunPreviewTests {
  static let settings = RemainingTimeTests.settings

  @Test func casesWithoutASmallerSizeMeasuredAreNotPredicted() {
    let preview = RunPreview(
      [RemainingTimeTests.planned("w", "b", 10)], predictor: CaseCostPredictor(), settings: Self.settings, caseLimit: 60,
      refusal: { _ in nil })
    guard case .runs(nil) = preview.rows.first?.decision else {
      Issue.record("expected an unpredicted run: \(preview.rows)")
      return
    }
    #expect(preview.text.contains("runs; not predictable (no smaller size measured)"))
    #expect(preview.text.hasSuffix("\n1 case: 1 run, 0 skipped; time not predictable (no smaller size measured)\n"))
  }

  /// At 0.1 s a repetition at size 10: size 100 runs (1 s a repetition, 8 s for the case's
  /// passes); size 1000 is over a 5 s limit and skipped with the run's reason; a refusal
  /// skips a case the predictor cannot judge.
  @Test func predictionsSkipsAndRefusalsAreTheRunsDecisions() throws {
    let cases = [
      RemainingTimeTests.planned("w", "b", 100), RemainingTimeTests.planned("w", "b", 1000),
      RemainingTimeTests.planned("w", "c", 10),
    ]
    let preview = RunPreview(
      cases, predictor: RemainingTimeTests.predictor(), settings: Self.settings, caseLimit: 5,
      refusal: { $0.backend == "c" ? .skipped(reason: "c cannot") : nil })
    guard case .runs(let prediction?) = preview.rows[0].decision else {
      Issue.record("expected a predicted run: \(preview.rows[0])")
      return
    }
    #expect(abs(prediction.secondsPerRepetition - 1) < 1e-9)
    guard case .skipped(let reason) = preview.rows[1].decision, case .skipped("c cannot") = preview.rows[2].decision else {
      Issue.record("expected two skips: \(preview.rows)")
      return
    }
    #expect(reason.hasPrefix("predicted 10.0 s per repetition") && reason.hasSuffix("over --case-limit 5.00 s"), "\(reason)")
    #expect(abs(preview.total.seconds - 8) < 1e-9)
    let lines = preview.text.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    let row = lines[2].split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingPrefix(" ") }
    #expect(row == ["w", "100", "b", "1.00 s", "8.00 s", "runs; predicted from 100 ms per repetition at n=10"], "\(lines[2])")
    #expect(lines[5] == "3 cases: 1 run, 2 skipped; about 8 s predicted for 1")
  }

  @Test func aCaseThatCannotBeSetUpIsCountedApart() {
    let preview = RunPreview(
      [RemainingTimeTests.planned("w", "b", 10)], predictor: CaseCostPredictor(), settings: Self.settings, caseLimit: 60,
      refusal: { _ in .fails("the workload cannot be generated: bug") })
    #expect(preview.text.contains("error: the workload cannot be generated: bug"))
    #expect(preview.text.hasSuffix("\n1 case: 0 run, 0 skipped, 1 cannot be set up\n"))
  }
}
