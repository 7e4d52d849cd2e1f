import Interchange
import Reports
import Testing

/// The report model: series and fits per backend and phase, ratios to the reference,
/// the fastest backend, and what was not measured.
@Suite struct SuiteReportTests {
  @Test func ratiosDivideEachBackendsMedianByTheReferences() throws {
    let report = try ReportFixtures.suite()
    #expect(report.reference == "cassowary")
    let build = try #require(report.workloads.first?.phases.first)
    #expect(build.name == "build")
    #expect(build.ratios.map(\.size) == [10, 100, 1000])
    let atTen = build.ratios[0]
    #expect(atTen.entries.map(\.backend) == ["fast", "slow"])
    // fast: 50·10 / (10·10²) = 0.5; slow: 30·10² / (10·10²) = 3.
    #expect(abs((atTen.entries[0].ratio ?? 0) - 0.5) < 1e-12)
    #expect(abs((atTen.entries[1].ratio ?? 0) - 3) < 1e-12)
    #expect(abs((build.ratios[2].entries[0].ratio ?? 0) - 0.005) < 1e-12)
    #expect(build.ratios[2].entries[1].ratio == nil)
    #expect(atTen.entries.allSatisfy { !$0.withinSpread })
    #expect(abs((atTen.referenceMedian ?? 0) - 1000) < 1e-9)
  }

  @Test func anotherReferenceInvertsTheRatios() throws {
    let report = try ReportFixtures.suite(reference: "fast")
    let atTen = try #require(report.workloads.first?.phases.first?.ratios.first)
    #expect(atTen.entries.map(\.backend) == ["cassowary", "slow"])
    #expect(abs((atTen.entries[0].ratio ?? 0) - 2) < 1e-12)
  }

  @Test func anUnknownReferenceListsTheBackendsPresent() throws {
    #expect(throws: SuiteReport.Failure.unknownReference("kiwi", suite: "stackviews", backends: ["cassowary", "fast", "slow"])) {
      try ReportFixtures.suite(reference: "kiwi")
    }
    let failure = SuiteReport.Failure.unknownReference("kiwi", suite: "stackviews", backends: ["cassowary", "fast"])
    #expect(failure.description == "unknown reference backend 'kiwi': suite 'stackviews' has cassowary, fast")
  }

  /// A suite without cassowary (a peer's file alone) divides by its first backend.
  @Test func withoutCassowaryTheFirstBackendIsTheReference() throws {
    let document = ReportFixtures.document(cases: [ReportFixtures.measured("w", "kiwisolver", 10, median: 5)])
    let report = try SuiteReport(ReportInputs([.init(path: "peer.json", document: document)]).suites[0])
    #expect(report.reference == "kiwisolver")
  }

  @Test func fitsFollowTheLawOfEachBackend() throws {
    let report = try ReportFixtures.suite()
    let phase = try #require(report.workloads.first?.phases.first)
    let cassowary = try #require(phase.series(for: "cassowary")?.fit)
    #expect(abs(cassowary.exponent - 2) < 1e-9)
    #expect(cassowary.sizeCount == 3)
    let fast = try #require(phase.series(for: "fast")?.fit)
    #expect(abs(fast.exponent - 1) < 1e-9)
    let slow = try #require(phase.series(for: "slow")?.fit)
    #expect(slow.isExactThroughTwoPoints)
  }

  @Test func theFastestBackendIsNamedWhereTheMostCanBeCompared() throws {
    let leaders = try #require(ReportFixtures.suite().workloads.first).leaders()
    #expect(leaders.map(\.phase) == ["build", "resize"])
    #expect(leaders[0].backend == "fast")
    #expect(leaders[0].size == 1000)
    #expect(leaders[0].runnerUp?.backend == "cassowary")
    #expect(abs((leaders[0].runnerUp?.ratio ?? 0) - 200) < 1e-9)
  }

  @Test func skippedCasesAreListedWithTheirReasons() throws {
    let workload = try #require(ReportFixtures.suite().workloads.first)
    #expect(workload.sizes == [10, 100, 1000])
    #expect(workload.absent.map(\.backend) == ["slow"])
    #expect(workload.absent.first?.explanation == "skipped: predicted 9 min")
    #expect(workload.phases[0].series(for: "slow")?.points.map(\.size) == [10, 100])
  }

  /// Ratios whose interquartile ranges overlap are marked as within the spread.
  @Test func overlappingSpreadsAreMarked() throws {
    let document = ReportFixtures.document(cases: [
      ReportFixtures.measured("w", "cassowary", 10, median: 100), ReportFixtures.measured("w", "other", 10, median: 101),
    ])
    let report = try SuiteReport(ReportInputs([.init(path: "r.json", document: document)]).suites[0])
    let entry = try #require(report.workloads.first?.phases.first?.ratios.first?.entries.first)
    #expect(entry.withinSpread)
    #expect(report.markdown().contains("≈ 1.01×"))
  }

  @Test(arguments: ["../etc", ".hidden", "a/b", "", "x y"])
  func aSuiteNameThatCannotNameAFileIsRefused(name: String) {
    let document = ReportFixtures.document(suite: name, cases: [ReportFixtures.measured("w", "x", 10, median: 1)])
    #expect(throws: SuiteReport.Failure.unusableSuiteName(name, file: "r.json")) {
      try SuiteReport(ReportInputs([.init(path: "r.json", document: document)]).suites[0])
    }
  }
}
