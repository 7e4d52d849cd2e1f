import Interchange
import Testing

/// The checks of a results file beyond types: completeness (`complete`, `plannedCases`),
/// the plan's fingerprint, UTC times, numbers in range, and no case or phase given twice.
/// Each refusal names the JSON path at fault.
@Suite struct ResultsDocumentValidationTests {
  static let phase = #"{"name": "build", "samplesNanoseconds": [100]}"#

  /// A file of `cases` (JSON objects) with `top` members after `suite`.
  static func file(top: String = "", cases: [String]) -> String {
    #"{"format": "layoutbench.results/1", "suite": "s", "createdAt": "2026-11-21T10:00:00Z", "#
      + (top.isEmpty ? "" : top + ", ") + #""environment": {}, "cases": ["# + cases.joined(separator: ", ") + "]}"
  }

  static func okCase(workload: String = "w", size: Int = 10, backend: String = "b", phases: [String] = [phase]) -> String {
    #"{"workload": "\#(workload)", "backend": "\#(backend)", "size": \#(size), "status": "ok", "phases": [\#(phases.joined(separator: ", "))]}"#
  }

  static func expectRefused(_ text: String, at path: String, saying words: String? = nil) {
    do {
      _ = try ResultsDocument.decode(text, file: "bad.json")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description.hasPrefix("bad.json: \(path):"), "\(error)")
      if let words { #expect(error.description.contains(words), "\(error)") }
    }
  }

  @Test func completenessReadsBackTheSame() throws {
    for (complete, planned) in [(true, 1), (false, 3)] {
      var document = ResultsDocument(
        suite: "s", createdAt: "2026-11-21T10:00:00Z", environment: .init(),
        run: .init(command: "bench run", repetitions: 1, warmup: 0, timeBudgetSeconds: 1, seed: 1, plan: "0123456789abcdef"),
        cases: [.init(workload: "w", backend: "b", size: 10, status: .skipped(reason: "r"))])
      document.complete = complete
      document.plannedCases = planned
      let decoded = try ResultsDocument.decode(document.jsonText(), file: "r.json")
      #expect(decoded.warnings.isEmpty)
      #expect(decoded.document.complete == complete)
      #expect(decoded.document.isComplete == complete)
      #expect(decoded.document.plannedCases == planned)
      #expect(decoded.document.run?.plan == "0123456789abcdef")
      #expect(decoded.document.jsonText() == document.jsonText())
    }
  }

  @Test func aFileThatDoesNotSayIsNotKnownToBeComplete() throws {
    let document = try ResultsDocument.decode(Self.file(cases: [Self.okCase()]), file: "old.json").document
    #expect(document.complete == nil)
    #expect(document.plannedCases == nil)
    #expect(!document.isComplete)
    #expect(document.completenessWarning(file: "old.json")?.contains("does not say") == true)
    #expect(!document.jsonText().contains("complete"))
  }

  @Test func anIncompleteFileIsWarnedAboutWithItsCounts() throws {
    let text = Self.file(top: #""complete": false, "plannedCases": 4"#, cases: [Self.okCase()])
    let document = try ResultsDocument.decode(text, file: "partial.json").document
    let warning = try #require(document.completenessWarning(file: "partial.json"))
    #expect(warning.contains("partial.json is incomplete") && warning.contains("1 of 4 planned cases"), "\(warning)")
    let complete = Self.file(top: #""complete": true, "plannedCases": 1"#, cases: [Self.okCase()])
    #expect(try ResultsDocument.decode(complete, file: "whole.json").document.completenessWarning(file: "whole.json") == nil)
  }

  @Test(arguments: [
    (#""complete": "yes""#, "complete"),
    (#""complete": null"#, "complete"),
    (#""plannedCases": -1"#, "plannedCases"),
    (#""plannedCases": 1.5"#, "plannedCases"),
    (#""plannedCases": "3""#, "plannedCases"),
    (#""plannedCases": 1e12"#, "plannedCases"),
  ])
  func badCompletenessMembersAreRefused(member: String, path: String) {
    Self.expectRefused(Self.file(top: member, cases: [Self.okCase()]), at: path)
  }

  @Test func countsThatContradictThePlanAreRefused() {
    Self.expectRefused(
      Self.file(top: #""plannedCases": 1"#, cases: [Self.okCase(size: 10), Self.okCase(size: 20)]), at: "plannedCases",
      saying: "more than the 1 planned")
    Self.expectRefused(
      Self.file(top: #""complete": true, "plannedCases": 3"#, cases: [Self.okCase()]), at: "complete", saying: "1 of 3")
    let interrupted = Self.file(
      top: #""complete": true, "run": {"command": "c", "repetitions": 1, "warmup": 0, "timeBudgetSeconds": 1, "seed": "1", "interrupted": true}"#,
      cases: [Self.okCase()])
    Self.expectRefused(interrupted, at: "complete", saying: "interrupted")
  }

  @Test(arguments: ["0123456789ABCDEF", "0123", "0123456789abcdefg", "xyz0123456789abc"])
  func aBadPlanFingerprintIsRefused(plan: String) {
    let run = #""run": {"command": "c", "repetitions": 1, "warmup": 0, "timeBudgetSeconds": 1, "seed": "1", "plan": "\#(plan)"}"#
    Self.expectRefused(Self.file(top: run, cases: [Self.okCase()]), at: "run.plan")
  }

  @Test(arguments: [
    "t", "", "2026-11-21", "2026-11-21 10:00:00Z", "2026-11-21T10:00:00", "2026-11-21T10:00:00+01:00",
    "2026-13-01T10:00:00Z", "2026-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-11-21T24:00:00Z",
    "2026-11-21T10:60:00Z", "2026-11-21T10:00:61Z", "2026-11-21T10:00:00.Z", "2026-11-21t10:00:00z",
  ])
  func aTimeThatIsNotUTCISO8601IsRefused(time: String) {
    let text = #"{"format": "layoutbench.results/1", "suite": "s", "createdAt": "\#(time)", "cases": []}"#
    Self.expectRefused(text, at: "createdAt", saying: "ISO 8601")
    let merged = #"{"format": "layoutbench.results/1", "suite": "s", "mergedFrom": [{"file": "a", "createdAt": "\#(time)", "cases": 0}], "cases": []}"#
    Self.expectRefused(merged, at: "mergedFrom[0].createdAt")
  }

  @Test(arguments: ["2026-11-21T10:00:00Z", "2028-02-29T23:59:59Z", "2026-12-31T23:59:60Z", "2026-11-21T10:00:00.125Z"])
  func utcTimesAreAccepted(time: String) throws {
    let text = #"{"format": "layoutbench.results/1", "suite": "s", "createdAt": "\#(time)", "cases": []}"#
    #expect(try ResultsDocument.decode(text, file: "r.json").document.createdAt == time)
  }

  @Test func aCaseGivenTwiceIsRefused() {
    let text = Self.file(cases: [Self.okCase(), Self.okCase(workload: "v"), Self.okCase()])
    Self.expectRefused(text, at: "cases[2]", saying: "first at cases[0]")
    // Parameters do not tell cases apart: every reader pairs them by workload, backend, size.
    let parameters = #"{"workload": "w", "backend": "b", "size": 10, "parameters": {"k": "2"}, "status": "skipped", "reason": "r"}"#
    Self.expectRefused(Self.file(cases: [Self.okCase(), parameters]), at: "cases[1]")
  }

  @Test func aPhaseGivenTwiceInACaseIsRefused() {
    let other = #"{"name": "resize", "samplesNanoseconds": [1]}"#
    Self.expectRefused(Self.file(cases: [Self.okCase(phases: [Self.phase, other, Self.phase])]), at: "cases[0].phases[2].name",
      saying: "first at phases[0]")
  }

  /// Values a validator that checks only finiteness lets through, and that readers once
  /// turned into whole numbers or summed out of range.
  @Test(arguments: [
    (#""samplesNanoseconds": [1e25]"#, "cases[0].phases[0].samplesNanoseconds[0]"),
    (#""samplesNanoseconds": [1, 1e300]"#, "cases[0].phases[0].samplesNanoseconds[1]"),
    (#""samplesNanoseconds": [1], "iterations": 1e12"#, "cases[0].phases[0].iterations"),
    (#""samplesNanoseconds": [1], "operations": 1e10"#, "cases[0].phases[0].operations"),
    (#""samplesNanoseconds": [1], "allocations": {"count": 1e25, "bytes": 0}"#, "cases[0].phases[0].allocations.count"),
    (#""samplesNanoseconds": [1], "allocations": {"count": 1, "bytes": 1e300}"#, "cases[0].phases[0].allocations.bytes"),
    (#""samplesNanoseconds": [1], "counters": {"pivots": 1e25}"#, "cases[0].phases[0].counters.pivots"),
    (#""samplesNanoseconds": [1], "counters": {"pivots": -1e300}"#, "cases[0].phases[0].counters.pivots"),
    (#""samplesNanoseconds": [1], "callOverheadNanoseconds": 1e25"#, "cases[0].phases[0].callOverheadNanoseconds"),
  ])
  func numbersBeyondTheirRangeAreRefused(phaseMembers: String, path: String) {
    let phase = #"{"name": "build", "# + phaseMembers + "}"
    Self.expectRefused(Self.file(cases: [Self.okCase(phases: [phase])]), at: path)
  }

  @Test func runAndCaseCountsBeyondTheirRangeAreRefused() {
    let run = #""run": {"command": "c", "repetitions": 1e10, "warmup": 0, "timeBudgetSeconds": 1, "seed": "1"}"#
    Self.expectRefused(Self.file(top: run, cases: []), at: "run.repetitions")
    let budget = #""run": {"command": "c", "repetitions": 1, "warmup": 0, "timeBudgetSeconds": 1e300, "seed": "1"}"#
    Self.expectRefused(Self.file(top: budget, cases: []), at: "run.timeBudgetSeconds")
    let repetitions = #"{"workload": "w", "backend": "b", "size": 10, "status": "ok", "repetitions": 1e16, "phases": [\#(Self.phase)]}"#
    Self.expectRefused(Self.file(cases: [repetitions]), at: "cases[0].repetitions")
    Self.expectRefused(Self.file(cases: [Self.okCase(size: 2_000_000_000)]), at: "cases[0].size")
    let memory = #"{"format": "layoutbench.results/1", "suite": "s", "environment": {"memoryBytes": 1e300}, "cases": []}"#
    Self.expectRefused(memory, at: "environment.memoryBytes")
  }

  @Test func theLargestValuesInRangeAreAccepted() throws {
    let phase = #"{"name": "build", "iterations": 1000000000, "samplesNanoseconds": [0, 1e18], "allocations": {"count": 1e18, "bytes": 1e18}, "counters": {"delta": -1e18}}"#
    let document = try ResultsDocument.decode(Self.file(cases: [Self.okCase(phases: [phase])]), file: "r.json").document
    #expect(document.cases[0].phases[0].samplesNanoseconds == [0, 1e18])
  }
}
