import Interchange
import Testing

@testable import Reports

/// The report's table of outside engines: who they are and where their answers differ.
@Suite struct EngineTableTests {
  static func engineCase(_ size: Int, mismatches: Int) -> ResultsDocument.Case {
    var result = ReportFixtures.measured("w", "kiwi", size, median: 5)
    result.engine = ResultsDocument.EngineInfo(name: "kiwi", version: "1.5.1", language: "C++", binding: nil)
    result.check = ResultsDocument.AnswerCheck(
      reference: "cassowary", states: 3, values: 30, mismatches: mismatches,
      examples: mismatches == 0 ? [] : [ResultsDocument.Mismatch(state: 2, name: "a.minX", engine: 1.5, reference: 1)])
    return result
  }

  @Test func anEngineRowCountsItsCasesAndNamesWhereItsAnswersDiffer() throws {
    let document = ReportFixtures.document(cases: [
      ReportFixtures.measured("w", "cassowary", 10, median: 10), Self.engineCase(10, mismatches: 0), Self.engineCase(100, mismatches: 4),
    ])
    let report = try SuiteReport(ReportInputs([.init(path: "r.json", document: document)]).suites[0])
    let table = try #require(report.engineTable())
    #expect(table.rows.count == 1)
    let row = table.rows[0]
    #expect(row[0] == [.code("kiwi")])
    #expect(row[1] == [.text("1.5.1, C++")])
    #expect(row[3] == [.text("2 of 2")])
    #expect(row[5] == [.code("w"), .text(" at 100: 4 of 30"), .text(", e.g. "), .code("a.minX"), .text(" 1.5 against 1 in state 2")])
    #expect(report.markdown().contains("### Outside engines"))
  }

  @Test func withoutEnginesThereIsNoTable() throws {
    #expect(try ReportFixtures.suite().engineTable() == nil)
    #expect(!(try ReportFixtures.suite().markdown().contains("Outside engines")))
  }
}
