import Interchange
import Reports

/// Small results documents with known medians and spreads.
enum ReportFixtures {
  /// Five samples whose median is `median` and whose quartiles are ±2 % of it.
  static func samples(median: Double) -> [Double] {
    [0.96, 0.98, 1.0, 1.02, 1.04].map { $0 * median }
  }

  static func phase(_ name: String, median: Double, allocations: ResultsDocument.Allocations? = nil) -> ResultsDocument.Phase {
    ResultsDocument.Phase(name: name, samplesNanoseconds: samples(median: median), operations: 1, allocations: allocations)
  }

  /// A case timing `build` at `median` and `resize` at a tenth of it.
  static func measured(_ workload: String, _ backend: String, _ size: Int, median: Double) -> ResultsDocument.Case {
    ResultsDocument.Case(
      workload: workload, backend: backend, size: size, status: .ok,
      phases: [phase("build", median: median), phase("resize", median: median / 10)])
  }

  /// A case timing `build`, `firstLayout` and `resize` (a tenth of `firstLayout`), in the
  /// order `bench run` writes them.
  static func laidOut(_ workload: String, _ backend: String, _ size: Int, build: Double, firstLayout: Double) -> ResultsDocument.Case {
    ResultsDocument.Case(
      workload: workload, backend: backend, size: size, status: .ok,
      phases: [phase("build", median: build), phase("firstLayout", median: firstLayout), phase("resize", median: firstLayout / 10)])
  }

  static func document(
    suite: String = "stackviews", createdAt: String = "2026-11-21T10:00:00Z", backends: [String] = [],
    cases: [ResultsDocument.Case]
  ) -> ResultsDocument {
    ResultsDocument(
      suite: suite, createdAt: createdAt, environment: .init(gitRevision: "abc123", configuration: "release", cpu: "cpu A"),
      run: .init(command: "bench run --suite \(suite)", repetitions: 5, warmup: 1, timeBudgetSeconds: 20, seed: 1, backends: backends),
      cases: cases, complete: true, plannedCases: cases.count)
  }

  /// Workload `w`: cassowary ∝ n² (1 µs at n = 10), fast ∝ n (0.5 µs at 10), slow skipped at
  /// 1,000.
  static func suite(reference: String? = nil) throws -> SuiteReport {
    let cases: [ResultsDocument.Case] = [10, 100, 1000].flatMap { size -> [ResultsDocument.Case] in
      let n = Double(size)
      var cases = [
        measured("w", "cassowary", size, median: 10 * n * n), measured("w", "fast", size, median: 50 * n),
      ]
      cases.append(
        size == 1000
          ? ResultsDocument.Case(workload: "w", backend: "slow", size: size, status: .skipped(reason: "predicted 9 min"))
          : measured("w", "slow", size, median: 30 * n * n))
      return cases
    }
    let inputs = ReportInputs([.init(path: "run.json", document: document(backends: ["cassowary", "fast", "slow"], cases: cases))])
    return try SuiteReport(inputs.suites[0], reference: reference)
  }
}
