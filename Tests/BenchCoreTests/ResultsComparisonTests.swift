@testable import BenchCore
import Interchange
import LayoutModel
import Measurement
import TestSupport
import Testing

/// Pairing two results files: normalisation by the reference kernel, deterministic
/// figures, what does not pair up, and the table's marks.
struct ResultsComparisonTests {
  static func phase(_ name: String, _ samples: [Double], allocations: Double? = nil, counters: [(String, Double)] = [])
    -> ResultsDocument.Phase
  {
    ResultsDocument.Phase(
      name: name, samplesNanoseconds: samples, allocations: allocations.map { .init(count: $0, bytes: $0 * 16, maxCount: $0) },
      counters: counters.map { (name: $0.0, value: $0.1) })
  }

  static func result(
    _ workload: String, _ phases: [ResultsDocument.Phase], reference: [Double]? = nil, kernel: String = ReferenceKernel.name,
    status: ResultsDocument.Status = .ok
  ) -> ResultsDocument.Case {
    ResultsDocument.Case(
      workload: workload, backend: "cassowary", size: 10, status: status, phases: phases,
      reference: reference.map { .init(name: kernel, samplesNanoseconds: $0) })
  }

  static func document(_ cases: [ResultsDocument.Case]) -> ResultsDocument {
    ResultsDocument(suite: "smoke", createdAt: "2026-11-21T00:00:00Z", environment: .init(), cases: cases)
  }

  @Test func samplesAreDividedByTheirOwnRunsReferenceMedian() throws {
    let base = Self.document([Self.result("a", [Self.phase("build", [100, 110, 120])], reference: [50, 40, 60])])
    let head = Self.document([Self.result("a", [Self.phase("build", [300, 330, 360])], reference: [150, 120, 180])])
    let comparison = ResultsComparison(base: base, head: head, resamples: 50)
    let phase = try #require(comparison.phases.first)
    #expect(phase.normalized)
    expectClose(try #require(phase.timing).medianRatio, 1, tolerance: Tolerance(absolute: 1e-12, relative: 0))
    // The medians shown are as measured.
    #expect(phase.baseMedian == 110 && phase.headMedian == 330)
    #expect(comparison.notes.isEmpty)
  }

  @Test(arguments: [nil, "reference/0"])
  func withoutMatchingReferencesRawTimesAreComparedWithANote(headKernel: String?) throws {
    let base = Self.document([Self.result("a", [Self.phase("build", [100, 110, 120])], reference: [50, 40, 60])])
    let headCase = headKernel.map { Self.result("a", [Self.phase("build", [300, 330, 360])], reference: [1, 1, 1], kernel: $0) }
      ?? Self.result("a", [Self.phase("build", [300, 330, 360])])
    let comparison = ResultsComparison(base: base, head: Self.document([headCase]), resamples: 50)
    let phase = try #require(comparison.phases.first)
    #expect(!phase.normalized)
    expectClose(try #require(phase.timing).medianRatio, 3, tolerance: Tolerance(absolute: 1e-12, relative: 0))
    #expect(comparison.notes.count == 1)
    #expect(comparison.notes[0].contains(headKernel == nil ? "no reference timings" : "reference kernels differ"), "\(comparison.notes)")
  }

  @Test func figuresArePairedByNameAndChangesSeen() throws {
    let base = Self.document([
      Self.result("a", [Self.phase("resize", [1, 2], allocations: 21, counters: [("pivots", 3), ("rows", 10)])])
    ])
    let head = Self.document([
      Self.result("a", [Self.phase("resize", [1, 2], allocations: 22, counters: [("pivots", 3), ("cells", 40)])])
    ])
    let figures = try #require(ResultsComparison(base: base, head: head, resamples: 10).phases.first).figures
    #expect(figures.map(\.name) == [
      "allocations.count", "allocations.maxCount", "allocations.bytes", "counters.pivots", "counters.rows", "counters.cells",
    ])
    #expect(figures.filter(\.changed).map(\.name) == [
      "allocations.count", "allocations.maxCount", "allocations.bytes", "counters.rows", "counters.cells",
    ])
    #expect(figures.first { $0.name == "counters.rows" }?.head == nil)
  }

  @Test func whatDoesNotPairUpIsListedInOrder() {
    let base = Self.document([
      Self.result("kept", [Self.phase("build", [1]), Self.phase("resize", [1])]),
      Self.result("gone", [Self.phase("build", [1])]),
      Self.result("broke", [Self.phase("build", [1])]),
    ])
    let head = Self.document([
      Self.result("kept", [Self.phase("build", [1]), Self.phase("hide", [1])]),
      Self.result("broke", [], status: .error("diverged")),
      Self.result("new", [Self.phase("build", [1])]),
    ])
    let comparison = ResultsComparison(base: base, head: head, resamples: 10)
    #expect(comparison.phases.map(\.phase) == ["build"])
    #expect(comparison.differences.map(\.description) == [
      "kept n=10 cassowary: phase resize only in the base",
      "kept n=10 cassowary: phase hide only in the head",
      "gone n=10 cassowary: only in the base",
      "broke n=10 cassowary: ok in the base, error in the head (diverged)",
      "new n=10 cassowary: only in the head",
    ])
  }

  @Test func theTableMarksEachPhaseUnderTheGatesRules() {
    let samples = (0..<30).map { 1000 + Double($0) }
    let base = Self.document([
      Self.result("slower", [Self.phase("p", samples)]), Self.result("faster", [Self.phase("p", samples)]),
      Self.result("same", [Self.phase("p", samples)]), Self.result("few", [Self.phase("p", [1, 2])]),
    ])
    let head = Self.document([
      Self.result("slower", [Self.phase("p", samples.map { $0 * 1.5 })]),
      Self.result("faster", [Self.phase("p", samples.map { $0 / 1.5 })]),
      Self.result("same", [Self.phase("p", samples)]), Self.result("few", [Self.phase("p", [10, 20])]),
    ])
    let comparison = ResultsComparison(base: base, head: head, resamples: 10)
    let gate = RegressionGate(timingFloorNanoseconds: 0)
    #expect(comparison.phases.map { comparison.mark($0, gate: gate) } == [.slower, .faster, .unchanged, .undecided])
    // The default gate fails phases of about a microsecond only from twice as slow.
    #expect(comparison.phases.map { comparison.mark($0, gate: RegressionGate()) } == [.unchanged, .unchanged, .unchanged, .undecided])
    let markdown = comparison.table(gate: gate, markdown: true).split(separator: "\n")
    #expect(markdown.count == 2 + 4)
    #expect(markdown[1] == "|---|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    // The ratio of the medians shown, then the tested ratio, labelled raw (no kernel).
    #expect(markdown[2].hasPrefix("| slower | 10 | cassowary | p | 1.01 µs | 1.52 µs | 1.50 | 1.50 ["), "\(markdown[2])")
    #expect(markdown[2].contains("] raw | < 0.001* |"), "\(markdown[2])")
  }

  /// Operations of one repetition are one value (their median), divided by the reference
  /// runs just before that repetition: a burst that slows one repetition's operations
  /// and its kernel alike cancels.
  @Test func repetitionsAreTheUnitAndEachIsNormalisedByItsOwnKernelRuns() {
    var result = Self.result(
      "a", [Self.phase("resize", [10, 12, 11, 40, 44, 42])], reference: [5, 5, 5, 20, 20, 20])
    result.repetitions = 2
    let values = ResultsComparison.values(of: result.phases[0], in: result, normalized: true)
    #expect(values == [11.0 / 5, 42.0 / 20])
    let raw = ResultsComparison.values(of: result.phases[0], in: result, normalized: false)
    #expect(raw == [11, 42])
  }

  @Test func partsOfSeveralProcessesPoolTheirSamples() throws {
    func part(_ samples: [Double], reference: [Double], pivots: Double) -> ResultsDocument {
      var result = Self.result("a", [Self.phase("build", samples, counters: [("pivots", pivots)])], reference: reference)
      result.repetitions = samples.count
      return Self.document([result, Self.result("b", [], status: .skipped(reason: "too big"))])
    }
    let pooled = try ResultsPooling.pool([
      part([1, 2], reference: [9, 9], pivots: 3), part([3], reference: [8], pivots: 3),
    ])
    #expect(pooled.warnings.isEmpty)
    #expect(pooled.document.cases[0].phases[0].samplesNanoseconds == [1, 2, 3])
    #expect(pooled.document.cases[0].reference?.samplesNanoseconds == [9, 9, 8])
    #expect(pooled.document.cases[0].repetitions == 3)
    #expect(pooled.document.cases[1].status == .skipped(reason: "too big"))
    let disagreeing = try ResultsPooling.pool([part([1], reference: [9], pivots: 3), part([1], reference: [9], pivots: 4)])
    #expect(disagreeing.warnings.count == 1)
    #expect(throws: ResultsPooling.Failure.self) {
      try ResultsPooling.pool([part([1], reference: [9], pivots: 3), Self.document([])])
    }
  }

  @Test func theSmallestPValueFollowsTheSampleCounts() {
    #expect(SampleComparison.smallestPValue(base: 3, head: 3) > 0.01)
    expectClose(SampleComparison.smallestPValue(base: 5, head: 5), 2.0 / 252, tolerance: Tolerance(absolute: 1e-12, relative: 0))
    #expect(SampleComparison.smallestPValue(base: 6, head: 6) < 0.01)
    #expect(SampleComparison.smallestPValue(base: 0, head: 5) == 1)
  }
}
