@testable import BenchCore
import Interchange
import Testing

/// What the gate refuses before judging: files that do not measure the same thing.
struct GateInputCheckTests {
  static func document(
    suite: String = "smoke", seed: UInt64 = 1, cases: [ResultsDocument.Case] = [Self.result("a"), Self.result("b")],
    interrupted: Bool = false
  ) -> ResultsDocument {
    ResultsDocument(
      suite: suite, createdAt: "2026-12-06T00:00:00Z", environment: .init(),
      run: .init(command: "bench run", repetitions: 5, warmup: 1, timeBudgetSeconds: 5, seed: seed, interrupted: interrupted),
      cases: cases, complete: !interrupted, plannedCases: cases.count + (interrupted ? 1 : 0))
  }

  static func result(
    _ workload: String, status: ResultsDocument.Status = .ok, parameters: [(key: String, value: String)] = []
  ) -> ResultsDocument.Case {
    ResultsDocument.Case(
      workload: workload, backend: "cassowary", size: 10, parameters: parameters, status: status,
      phases: status == .ok ? [ResultsDocument.Phase(name: "build", samplesNanoseconds: [1, 2, 3, 4, 5])] : [])
  }

  static func problems(_ baseline: ResultsDocument, _ current: ResultsDocument) -> [String] {
    GateInputCheck.problems(baseline: baseline, current: current).map(\.description)
  }

  @Test func matchingFilesPass() {
    #expect(Self.problems(Self.document(), Self.document()).isEmpty)
    // A case both skip (a backend that does not support it) is no problem.
    let skipping = Self.document(cases: [Self.result("a"), Self.result("b", status: .skipped(reason: "unsupported"))])
    #expect(Self.problems(skipping, skipping).isEmpty)
  }

  @Test func anotherSuiteWhoseWorkloadsOverlapIsRefused() {
    let problems = Self.problems(Self.document(suite: "stackviews"), Self.document(suite: "smoke"))
    #expect(problems == ["the suites differ: 'stackviews' in the baseline, 'smoke' in the current file"])
  }

  @Test func anotherSeedIsRefused() {
    #expect(Self.problems(Self.document(seed: 1), Self.document(seed: 2)).first?.hasPrefix("the seeds differ: 1 in the baseline, 2") == true)
    var unsaid = Self.document()
    unsaid.run = nil
    #expect(Self.problems(unsaid, Self.document()).contains { $0.hasPrefix("the baseline does not say its seed") })
  }

  @Test func aPartialBaselineNamesTheMissingCases() {
    let partial = Self.document(cases: [Self.result("a")])
    #expect(Self.problems(partial, Self.document()) == ["current case b n=10 cassowary is not in the baseline"])
    #expect(Self.problems(Self.document(), partial) == ["baseline case b n=10 cassowary is not in the current file"])
  }

  @Test func anInterruptedFileIsRefused() {
    let problems = Self.problems(Self.document(interrupted: true), Self.document())
    #expect(problems.count == 1)
    #expect(problems.first == "the baseline is not known to be complete (complete: false, 2 of 3 planned cases, interrupted): a gate judges only runs that finished their whole plan", "\(problems)")
    // A file that does not say (written before files said) is not known to be complete either.
    var unsaid = Self.document()
    unsaid.complete = nil
    #expect(Self.problems(Self.document(), unsaid) == ["the current file is not known to be complete (it does not say whether it is complete): a gate judges only runs that finished their whole plan"])
  }

  @Test func anAllSkippedBaselineIsRefused() {
    let skipped = Self.document(cases: [Self.result("a", status: .skipped(reason: "over budget")), Self.result("b", status: .skipped(reason: "over budget"))])
    let problems = Self.problems(skipped, Self.document())
    #expect(problems.first == "the baseline measures no case (2 cases, none ok): it holds nothing to")
    #expect(problems.contains("baseline case a n=10 cassowary is skipped (over budget) but measured in the current file: the baseline holds no bar for it"))
    let failed = Self.document(cases: [Self.result("a"), Self.result("b", status: .error("diverged"))])
    #expect(Self.problems(failed, failed).contains { $0.contains("b n=10 cassowary failed (diverged)") })
  }

  @Test func otherParametersAreRefusedButTheInjectionMarkerIsNot() {
    let fill = Self.document(cases: [Self.result("a", parameters: [("distribution", "fill")])])
    let equal = Self.document(cases: [Self.result("a", parameters: [("distribution", "fillEqually")])])
    #expect(Self.problems(fill, equal) == ["case a n=10 cassowary: parameters differ (distribution 'fill' in the baseline, 'fillEqually' in the current file)"])
    let injected = Self.document(cases: [Self.result("a", parameters: [("distribution", "fill"), (RegressionInjection.parameterName, "slowdown:0.1")])])
    #expect(Self.problems(fill, injected).isEmpty)
  }

  @Test func manyCaseProblemsAreCounted() {
    let many = Self.document(cases: (0..<15).map { Self.result("w\($0)") })
    let problems = GateInputCheck.problems(baseline: many, current: Self.document(cases: [Self.result("w0")]), limit: 3)
    #expect(problems.count == 4)
    #expect(problems.last?.description == "and 11 more case problems")
  }
}
