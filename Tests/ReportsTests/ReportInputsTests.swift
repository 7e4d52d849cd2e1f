import Interchange
import Reports
import Testing

/// Joining several files: one suite per report, and a case in two files kept once, from
/// the newer file, with a warning naming both.
@Suite struct ReportInputsTests {
  typealias F = ReportFixtures

  @Test func theNewerFilesCaseIsKeptWhicheverOrderTheyAreGiven() throws {
    let older = F.document(createdAt: "2026-11-21T10:00:00Z", cases: [F.measured("w", "cassowary", 10, median: 100), F.measured("w", "cassowary", 100, median: 900)])
    let newer = F.document(createdAt: "2026-11-22T09:00:00Z", cases: [F.measured("w", "cassowary", 10, median: 200)])
    for files in [[("old.json", older), ("new.json", newer)], [("new.json", newer), ("old.json", older)]] {
      let inputs = ReportInputs(files.map { ReportInputs.File(path: $0.0, document: $0.1) })
      let suite = try #require(inputs.suites.first)
      #expect(suite.cases.count == 2)
      let kept = try #require(suite.cases.first { $0.result.size == 10 })
      #expect(kept.file == "new.json")
      #expect(kept.result.phases[0].statistics?.median == 200)
      #expect(suite.cases.first { $0.result.size == 100 }?.file == "old.json")
      #expect(suite.warnings.count == 1)
      let warning = try #require(suite.warnings.first)
      #expect(warning.contains("w n=10 cassowary"))
      #expect(warning.contains("old.json") && warning.contains("new.json"))
      #expect(warning.contains("keeping new.json's"))
    }
  }

  @Test func onEqualTimesTheFileGivenLaterWins() throws {
    let first = F.document(cases: [F.measured("w", "kiwisolver", 10, median: 100)])
    let second = F.document(cases: [F.measured("w", "kiwisolver", 10, median: 300)])
    let suite = try #require(ReportInputs([.init(path: "a.json", document: first), .init(path: "b.json", document: second)]).suites.first)
    #expect(suite.cases.map(\.file) == ["b.json"])
    #expect(suite.warnings.first?.contains("given later") == true)
  }

  /// A peer's file joins the run's: its backend comes after the planned ones, its cases
  /// take their place in plan order.
  @Test func aPeerFileJoinsTheRunInPlanOrder() throws {
    let run = F.document(backends: ["cassowary", "springs-struts"], cases: [
      F.measured("w", "cassowary", 10, median: 1), F.measured("w", "springs-struts", 10, median: 1),
      F.measured("w", "cassowary", 100, median: 1),
    ])
    var peer = F.document(cases: [F.measured("w", "kiwisolver", 100, median: 1), F.measured("w", "kiwisolver", 10, median: 1)])
    peer.run = nil
    let suite = try #require(ReportInputs([.init(path: "run.json", document: run), .init(path: "peer.json", document: peer)]).suites.first)
    #expect(suite.backends == ["cassowary", "springs-struts", "kiwisolver"])
    #expect(suite.cases.map(\.result.key.description) == [
      "w n=10 cassowary", "w n=10 springs-struts", "w n=10 kiwisolver", "w n=100 cassowary", "w n=100 kiwisolver",
    ])
    #expect(suite.warnings.isEmpty)
  }

  @Test func filesOfDifferentSuitesMakeSeparateReports() {
    let inputs = ReportInputs([
      .init(path: "a.json", document: F.document(suite: "stackviews", cases: [F.measured("w", "x", 10, median: 1)])),
      .init(path: "b.json", document: F.document(suite: "churn", cases: [F.measured("c", "x", 10, median: 1)])),
      .init(path: "c.json", document: F.document(suite: "stackviews", cases: [F.measured("w", "x", 100, median: 1)])),
    ])
    #expect(inputs.suites.map(\.name) == ["stackviews", "churn"])
    #expect(inputs.suites[0].files.map(\.path) == ["a.json", "c.json"])
    #expect(inputs.suites[0].cases.count == 2)
  }

  @Test func differentMachinesAndInterruptedRunsAreWarnings() throws {
    var other = F.document(cases: [F.measured("w", "y", 10, median: 1)])
    other.environment.cpu = "cpu B"
    other.run?.interrupted = true
    other.complete = false
    other.plannedCases = 3
    let suite = try #require(
      ReportInputs([.init(path: "a.json", document: F.document(cases: [F.measured("w", "x", 10, median: 1)])), .init(path: "b.json", document: other)]).suites.first)
    #expect(suite.warnings.contains { $0.contains("b.json is incomplete: its run was interrupted; it holds 1 of 3 planned cases") })
    #expect(suite.warnings.contains { $0.contains("differ in cpu (cpu B vs cpu A)") })
  }

  /// A file written while its run went on (or left by a run that was killed) and a file
  /// that does not say whether its run finished are warned about; a complete one is not.
  @Test func filesNotKnownToBeCompleteAreWarnings() throws {
    var partial = F.document(cases: [F.measured("w", "x", 10, median: 1)])
    partial.complete = false
    partial.plannedCases = 4
    var unsaid = F.document(cases: [F.measured("w", "y", 10, median: 1)])
    unsaid.complete = nil
    unsaid.plannedCases = nil
    let whole = F.document(cases: [F.measured("w", "z", 10, median: 1)])
    let suite = try #require(
      ReportInputs([.init(path: "a.json", document: partial), .init(path: "b.json", document: unsaid), .init(path: "c.json", document: whole)])
        .suites.first)
    #expect(suite.warnings.count == 2, "\(suite.warnings)")
    #expect(suite.warnings.contains { $0.hasPrefix("a.json is incomplete: it holds 1 of 4 planned cases") })
    #expect(suite.warnings.contains { $0.hasPrefix("b.json does not say whether its run finished its plan") })
  }

  /// A configuration differing between builds of the same backends is a warning; a peer's
  /// own configuration (its backends are its own) is not.
  @Test func configurationsDifferingMatterOnlyForSharedBackends() throws {
    var debug = F.document(cases: [F.measured("w", "cassowary", 100, median: 1)])
    debug.environment.configuration = "debug"
    var peer = F.document(cases: [F.measured("w", "kiwisolver", 10, median: 1)])
    peer.environment.configuration = "kiwisolver 1.5.1 (Python 3.11.7)"
    let run = ReportInputs.File(path: "a.json", document: F.document(cases: [F.measured("w", "cassowary", 10, median: 1)]))
    let mixed = try #require(ReportInputs([run, .init(path: "debug.json", document: debug)]).suites.first)
    #expect(mixed.warnings == ["debug.json and a.json differ in configuration (debug vs release): their timings are not comparable"])
    let withPeer = try #require(ReportInputs([run, .init(path: "peer.json", document: peer)]).suites.first)
    #expect(withPeer.warnings.isEmpty)
  }
}
