import BenchCore
import Interchange
import Testing

/// What `bench gate` runs to repeat a baseline's cases now.
@Suite struct GateRerunTests {
  static let settings = ResultsDocument.RunSettings(
    command: "bench run --suite smoke", repetitions: 20, warmup: 2, timeBudgetSeconds: 30, seed: 7,
    workloads: ["stack.fill.horizontal", "deep.chain"], backends: ["cassowary", "dense-simplex"], processes: 3)

  /// A baseline of `cases` (workload, size, backend), with run settings.
  static func baseline(_ cases: [(String, Int, String)], parameters: [(key: String, value: String)] = [], allocator: String? = "jemalloc")
    -> ResultsDocument
  {
    var environment = ResultsDocument.Environment()
    environment.allocator = allocator
    return ResultsDocument(
      suite: "smoke", createdAt: "2026-11-21T00:00:00Z", environment: environment, run: settings,
      cases: cases.map { workload, size, backend in
        var entry = ResultsDocument.Case(workload: workload, backend: backend, size: size, status: .ok)
        entry.parameters = parameters
        return entry
      })
  }

  @Test func aBaselineWithoutRunSettingsCannotBeRepeated() {
    var document = Self.baseline([("deep.chain", 10, "cassowary")])
    document.run = nil
    #expect(GateRerun(baseline: document) == nil)
  }

  @Test func itRunsTheBaselinesWorkloadsAndBackendsInFirstSeenOrder() throws {
    let rerun = try #require(
      GateRerun(
        baseline: Self.baseline([
          ("deep.chain", 10, "dense-simplex"), ("stack.fill.horizontal", 10, "cassowary"), ("deep.chain", 10, "cassowary"),
        ])))
    #expect(rerun.workloads == ["deep.chain", "stack.fill.horizontal"])
    #expect(rerun.backends == ["dense-simplex", "cassowary"])
    #expect(!rerun.drivesSystems)
    #expect(
      rerun.arguments(sizes: nil, debugBuild: false) == [
        "--suite", "smoke", "--workloads", "deep.chain,stack.fill.horizontal", "--backends", "dense-simplex,cassowary",
        "--seed", "7", "--warmup", "2", "--case-limit", "1e9",
      ])
  }

  @Test func sizesDriverDebugAndAllocatorShowInTheArguments() throws {
    let rerun = try #require(
      GateRerun(
        baseline: Self.baseline(
          [("deep.chain", 10, "cassowary")], parameters: [(key: "driver", value: "system")],
          allocator: nil)))
    #expect(rerun.drivesSystems)
    #expect(
      rerun.arguments(sizes: [10, 100], debugBuild: true).suffix(6) == [
        "--sizes", "10,100", "--driver", "system", "--allow-debug", "--no-allocations",
      ])
  }

  @Test func casesTheBaselineLacksAreNotKept() throws {
    let baseline = Self.baseline([("deep.chain", 10, "cassowary"), ("stack.fill.horizontal", 100, "cassowary")])
    let rerun = try #require(GateRerun(baseline: baseline))
    let measured = Self.baseline([
      ("deep.chain", 10, "cassowary"), ("deep.chain", 100, "cassowary"), ("stack.fill.horizontal", 100, "cassowary"),
    ])
    #expect(rerun.keepingBaselineCases(of: measured).cases.map(\.key) == baseline.cases.map(\.key))
  }

  @Test func itsDocumentsRecordTheBaselinesSettingsAndTheGatesCommand() throws {
    let rerun = try #require(GateRerun(baseline: Self.baseline([("deep.chain", 10, "cassowary")])))
    let settings = rerun.runSettings(command: "bench gate --baseline b.json")
    #expect(settings.command == "bench gate --baseline b.json")
    #expect(settings.repetitions == 20 && settings.warmup == 2 && settings.timeBudgetSeconds == 30)
    #expect(settings.seed == 7 && settings.processes == 3)
    #expect(settings.workloads == ["deep.chain"] && settings.backends == ["cassowary"])
  }

  @Test func theBaseDocumentLiesBesideTheCurrentOne() {
    #expect(GateRerun.basePath(besides: "/tmp/gate-current.json") == "/tmp/gate-current.base.json")
    #expect(GateRerun.basePath(besides: "/tmp/out") == "/tmp/out.base.json")
  }

  @Test func theBaseRevisionIsTheGivenOneElseAnotherCheckoutsElseTheBaselines() {
    #expect(GateRerun.baseRevision(given: "g", reported: "r", head: "h", baseline: "b") == "g")
    #expect(GateRerun.baseRevision(given: nil, reported: "r", head: "h", baseline: "b") == "r")
    // A build inside this checkout (make gate's, from git archive sources) stands for the baseline.
    #expect(GateRerun.baseRevision(given: nil, reported: "h+dirty", head: "h", baseline: "b") == "b")
    #expect(GateRerun.baseRevision(given: nil, reported: nil, head: "h", baseline: "b") == "b")
  }
}
