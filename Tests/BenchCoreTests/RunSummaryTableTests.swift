import BenchCore
import Interchange
import Testing

struct RunSummaryTableTests {
  static func phase(_ name: String, _ samples: [Double], allocations: Double? = nil) -> ResultsDocument.Phase {
    ResultsDocument.Phase(
      name: name, samplesNanoseconds: samples, allocations: allocations.map { .init(count: $0, bytes: 0) })
  }

  static func document(_ cases: [ResultsDocument.Case]) -> ResultsDocument {
    ResultsDocument(suite: "smoke", createdAt: "2026-12-06T05:00:00Z", environment: .init(), cases: cases)
  }

  /// Three repetitions: build 1, 2, 3 ms; firstLayout 100, 200, 400 µs; resize two
  /// operations a repetition; swap one.
  static let measured = ResultsDocument.Case(
    workload: "stack.fill.horizontal", backend: "cassowary", size: 10, status: .ok,
    phases: [
      phase("build", [1e6, 2e6, 3e6]),
      phase("firstLayout", [100e3, 200e3, 400e3]),
      phase("resize", [10e3, 12e3, 11e3, 13e3, 10e3, 14e3], allocations: 4),
      phase("swap", [50e3, 60e3, 70e3], allocations: nil),
    ],
    repetitions: 3)

  @Test func spreadIsTheMedianTheInterquartileRangeAndTheCount() throws {
    let spread = try #require(RunSummaryTable.Spread([5, 1, 4, 2, 3]))
    #expect(spread.median == 3)
    #expect(spread.interquartileRange == 2)
    #expect(spread.count == 5)
    #expect(RunSummaryTable.Spread([]) == nil)
  }

  @Test func buildPlusFirstLayoutSumsEachRepetition() {
    #expect(RunSummaryTable.buildPlusFirstLayoutSamples(Self.measured) == [1.1e6, 2.2e6, 3.4e6])
    // Two first-layout operations a repetition: both count toward that repetition.
    let twice = ResultsDocument.Case(
      workload: "w", backend: "b", size: 1, status: .ok,
      phases: [Self.phase("build", [10, 20]), Self.phase("firstLayout", [1, 2, 3, 4])], repetitions: 2)
    #expect(RunSummaryTable.buildPlusFirstLayoutSamples(twice) == [13, 27])
  }

  @Test func buildPlusFirstLayoutIsAbsentWithoutBothPhasesOrEvenRepetitions() {
    let noFirst = ResultsDocument.Case(
      workload: "w", backend: "b", size: 1, status: .ok, phases: [Self.phase("build", [10, 20])], repetitions: 2)
    #expect(RunSummaryTable.buildPlusFirstLayoutSamples(noFirst) == nil)
    let uneven = ResultsDocument.Case(
      workload: "w", backend: "b", size: 1, status: .ok,
      phases: [Self.phase("build", [10, 20]), Self.phase("firstLayout", [1, 2, 3])], repetitions: 2)
    #expect(RunSummaryTable.buildPlusFirstLayoutSamples(uneven) == nil)
  }

  @Test func theTableHasOneUnitPerColumnAndARowPerChangePhase() {
    let skipped = ResultsDocument.Case(
      workload: "deep.chain.constraints", backend: "springs-struts", size: 10,
      status: .skipped(reason: "springs-struts cannot express constraints"))
    let text = RunSummaryTable(Self.document([Self.measured, skipped])).text
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(
      lines[0].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "workload size backend build ms IQR n firstLayout µs IQR n build+firstLayout ms IQR n change µs IQR n allocs/op")
    #expect(lines[1].allSatisfy { $0 == "-" || $0 == " " })
    // Medians 2 ms (IQR 1.5 to 2.5), 200 µs (150 to 300), 2.2 ms (1.65 to 2.8); resize
    // 11.5 µs over six samples (10.25 to 12.75).
    #expect(
      Self.cells(lines[2])
        == ["stack.fill.horizontal", "10", "cassowary", "2.00", "1.00", "3", "200", "150", "3", "2.20", "1.15", "3",
          "resize", "11.5", "2.50", "6", "4"])
    #expect(Self.cells(lines[3]) == ["swap", "60.0", "10.0", "3", "n/a"])
    #expect(
      Self.cells(lines[4])
        == ["deep.chain.constraints", "10", "springs-struts", "-", "skipped:", "springs-struts", "cannot", "express", "constraints"])
    // The continuation row leaves the case's columns blank, aligned under them.
    #expect(lines[3].prefix { $0 == " " }.count == lines[2].split(separator: "resize")[0].count)
  }

  @Test func aCaseWithoutChangesShowsADash() {
    let buildOnly = ResultsDocument.Case(
      workload: "w", backend: "b", size: 1, status: .ok,
      phases: [Self.phase("build", [1000]), Self.phase("firstLayout", [2000])], repetitions: 1)
    let lines = RunSummaryTable(Self.document([buildOnly])).text.split(separator: "\n")
    #expect(Self.cells(String(lines[2])) == ["w", "1", "b", "1.00", "0", "1", "2.00", "0", "1", "3.00", "0", "1", "-"])
  }

  static func cells(_ line: String) -> [String] {
    line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
  }
}

struct TimeUnitTests {
  @Test func theUnitSuitsTheMiddleValue() {
    #expect(TimeUnit.suited(to: [500, 800, 2_000]) == .nanoseconds)
    #expect(TimeUnit.suited(to: [1_500, 2e6, 3e6]) == .milliseconds)
    #expect(TimeUnit.suited(to: [9e9, 1_000, 2e9]) == .seconds)
    #expect(TimeUnit.suited(to: [1_000]) == .microseconds)
    #expect(TimeUnit.suited(to: []) == .microseconds)
  }

  @Test func valuesKeepThreeSignificantDigitsInTheColumnsUnit() {
    let unit = TimeUnit.microseconds
    #expect(unit.format(0) == "0")
    #expect(unit.format(42) == "0.0420")
    #expect(unit.format(4_200) == "4.20")
    #expect(unit.format(42_000) == "42.0")
    #expect(unit.format(420_000) == "420")
    #expect(unit.format(42_000_000) == "42000")
    #expect(unit.format(.infinity) == "-")
  }
}

struct ScratchOutputTests {
  @Test func runResultsAreNamedAfterTheSuiteDriverShardAndTime() {
    #expect(
      ScratchOutput.resultsPath(suite: "smoke", system: false, shard: nil, timestamp: "2026-12-06T05:15:00Z")
        == "Results/scratch/smoke-2026-12-06T051500Z.json")
    #expect(
      ScratchOutput.resultsPath(suite: "deep", system: true, shard: Shard(index: 2, count: 4), timestamp: "2026-12-06T05:15:00Z")
        == "Results/scratch/deep-system-shard-2-of-4-2026-12-06T051500Z.json")
    #expect(ScratchOutput.reportsFolder == "Results/scratch/reports")
  }
}
