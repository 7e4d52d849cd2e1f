import BenchCore
import Interchange
import LayoutModel
import Measurement
import Scene
import Testing

/// The measured loop on fake backends whose work is known: phases, sample counts,
/// allocation and counter figures per operation, skipping and failing. Serialized: the
/// fake's settings are static.
@Suite(.serialized) struct CaseMeasurementTests {
  /// A root with a stack of two views; four steps grouped into three operations.
  static func trace() -> MeasuredTrace {
    var row = ViewDescription(id: "row", parent: "root")
    row.stack = StackDescription()
    var a = ViewDescription(id: "a", parent: "row")
    a.intrinsicSize = AxisPair(horizontal: 10, vertical: 10)
    var b = ViewDescription(id: "b", parent: "row")
    b.intrinsicSize = AxisPair(horizontal: 20, vertical: 10)
    let views = [ViewDescription(id: "root"), row, a, b]
    return MeasuredTrace(
      makeScene: { () throws(SceneError) -> Scene in try Scene(container: Container(width: 300, height: 200), views: views) },
      steps: [
        .resizeContainer(width: 320, height: 200, safeAreaInsets: nil),
        .resizeContainer(width: 300, height: 200, safeAreaInsets: nil),
        .setHidden([Named("a", true)]), .setHidden([Named("a", false)]),
      ],
      operations: [
        .init(phase: "resizeContainer", steps: 0..<1), .init(phase: "resizeContainer", steps: 1..<2),
        .init(phase: "hideUnhide", steps: 2..<4),
      ])
  }

  func phases(_ outcome: CaseOutcome) -> [ResultsDocument.Phase] {
    guard case .measured(let phases, _, _) = outcome else {
      Issue.record("not measured: \(outcome)")
      return []
    }
    return phases
  }

  @Test func everyPhaseKeepsOneSamplePerOperationPerRepetition() {
    CountingFakeBackend.reset()
    let measurement = CaseMeasurement(
      trace: Self.trace(), settings: MeasurementSettings(repetitions: 3, warmup: 1, countsAllocations: false),
      makeBackend: { CountingFakeBackend() })
    let outcome = measurement.run()
    guard case .measured(let phases, let repetitions, let reference) = outcome else {
      Issue.record("not measured: \(outcome)")
      return
    }
    #expect(repetitions == 3)
    #expect(phases.map(\.name) == ["build", "firstLayout", "resizeContainer", "hideUnhide"])
    #expect(phases.map(\.samplesNanoseconds.count) == [3, 3, 6, 3])
    #expect(phases.map(\.operations) == [1, 1, 2, 1])
    #expect(phases.allSatisfy { $0.allocations == nil && $0.counters.isEmpty })
    // The reference kernel ran before each timed repetition.
    #expect(reference.name == ReferenceKernel.name)
    #expect(reference.samplesNanoseconds.count == 3 * CaseMeasurement<CountingFakeBackend>.referenceRunsPerRepetition)
    #expect(reference.samplesNanoseconds.allSatisfy { $0 > 1_000 && $0 < 1e9 }, "\(reference.samplesNanoseconds)")
  }

  /// Samples are nanoseconds as numbers: a layout that spins 200 µs yields samples of at
  /// least that (a conversion that reinterpreted the clock's bits gave 1e-316 here).
  @Test func samplesAreTheElapsedNanoseconds() {
    CountingFakeBackend.reset()
    defer { CountingFakeBackend.reset() }
    CountingFakeBackend.spinNanosecondsPerLayout = 200_000
    let measurement = CaseMeasurement(
      trace: Self.trace(), settings: MeasurementSettings(repetitions: 2, warmup: 0, countsAllocations: false),
      makeBackend: { CountingFakeBackend() })
    let layoutPhases = phases(measurement.run()).filter { $0.name != "build" }
    #expect(layoutPhases.count == 3)
    for phase in layoutPhases {
      #expect(phase.samplesNanoseconds.allSatisfy { $0 >= 200_000 && $0 < 60e9 }, "\(phase.name): \(phase.samplesNanoseconds)")
    }
  }

  @Test(arguments: [(0, 0), (1, 0), (0, 3), (2, 5)])
  func allocationsAreCountedPerOperation(perUpdate: Int, perLayout: Int) throws {
    try #require(AllocationCounter.isAvailable, "jemalloc counting must be available in the test build")
    CountingFakeBackend.reset()
    CountingFakeBackend.mallocsPerUpdate = perUpdate
    CountingFakeBackend.mallocsPerLayout = perLayout
    let measurement = CaseMeasurement(
      trace: Self.trace(), settings: MeasurementSettings(repetitions: 1, warmup: 0), makeBackend: { CountingFakeBackend() })
    let byName = Dictionary(uniqueKeysWithValues: phases(measurement.run()).map { ($0.name, $0) })
    // build: no update, no layout pass. firstLayout: one pass. resize: one update + one
    // pass. hideUnhide: two updates + one pass.
    #expect(byName["build"]?.allocations?.count == 0)
    #expect(byName["firstLayout"]?.allocations?.count == Double(perLayout))
    #expect(byName["resizeContainer"]?.allocations?.count == Double(perUpdate + perLayout))
    #expect(byName["hideUnhide"]?.allocations?.count == Double(2 * perUpdate + perLayout))
    #expect(byName["hideUnhide"]?.allocations?.bytes ?? 0 >= Double(24 * (2 * perUpdate + perLayout)))
    #expect(byName["resizeContainer"]?.counter("pivots") == 3)
    #expect(byName["hideUnhide"]?.counter("pivots") == 5)
  }

  /// The counting pass runs twice and reports the second, so a first run's one-time
  /// allocations are not counted; whether it runs twice depends on the first pass's
  /// solver work, never on time. Judged by time, a loaded machine (here: a budget the
  /// first pass always overruns) counted once in one process and twice in another.
  @Test func aFirstRunsOneTimeAllocationsAreNotCountedWhateverTheTimeBudget() throws {
    try #require(AllocationCounter.isAvailable, "jemalloc counting must be available in the test build")
    CountingFakeBackend.reset()
    defer { CountingFakeBackend.reset() }
    CountingFakeBackend.mallocsOnNextLoad = 7
    let measurement = CaseMeasurement(
      trace: Self.trace(), settings: MeasurementSettings(repetitions: 1, warmup: 0, timeBudgetSeconds: 1e-9),
      makeBackend: { CountingFakeBackend() })
    let build = phases(measurement.run()).first { $0.name == "build" }
    #expect(build?.allocations?.count == 0)
  }

  /// A case whose first counting pass touched more than 2^30 cells is counted once (a
  /// second pass would cost seconds to minutes): its figures include the first run's.
  @Test func aCaseTooCostlyToCountTwiceKeepsItsFirstCount() throws {
    try #require(AllocationCounter.isAvailable, "jemalloc counting must be available in the test build")
    CountingFakeBackend.reset()
    defer { CountingFakeBackend.reset() }
    CountingFakeBackend.mallocsOnNextLoad = 7
    CountingFakeBackend.cellsTouchedPerUpdate = 1 << 29
    let measurement = CaseMeasurement(
      trace: Self.trace(), settings: MeasurementSettings(repetitions: 1, warmup: 0), makeBackend: { CountingFakeBackend() })
    let byName = Dictionary(uniqueKeysWithValues: phases(measurement.run()).map { ($0.name, $0) })
    #expect(byName["build"]?.allocations?.count == 7)
    // Four updates of 2^29 cells: 2^31 in the pass, over the limit.
    #expect(byName["resizeContainer"]?.counter("cellsTouched") == Double(1 << 29))
  }

  @Test func aBackendThatCannotExpressTheSceneIsSkippedWithItsReason() {
    let outcome = CaseMeasurement(trace: Self.trace(), settings: MeasurementSettings(), makeBackend: { StacklessFakeBackend() }).run()
    guard case .skipped(let reason) = outcome else {
      Issue.record("not skipped: \(outcome)")
      return
    }
    #expect(reason == "stacks are not supported")
  }

  @Test func aFailingBackendEndsTheCaseAsAnError() {
    CountingFakeBackend.reset()
    defer { CountingFakeBackend.reset() }
    CountingFakeBackend.failOnUpdate = 2
    let outcome = CaseMeasurement(trace: Self.trace(), settings: MeasurementSettings(), makeBackend: { CountingFakeBackend() }).run()
    guard case .failed(let message) = outcome else {
      Issue.record("not failed: \(outcome)")
      return
    }
    #expect(message.contains("update 2 fails"))
  }
}
