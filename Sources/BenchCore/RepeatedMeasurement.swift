import Interchange
import LayoutModel
import Measurement

/// A case measured by repeating one run of it: the passes every measured case goes
/// through, whatever drives the backend (a scene through a ``LayoutBackend``, or a
/// constraint system straight into a ``LinearSolver``).
protocol RepeatedMeasurement {
  var settings: MeasurementSettings { get }
  var onProgress: (String) -> Void { get }
  var shouldStop: () -> Bool { get }
  /// One whole run on fresh inputs, metered by `meter`; `phaseOfOperation[k]` is the
  /// phase index of operation `k` (0 and 1 are build and firstLayout).
  func repetition<Meter: RegionMeter>(_ meter: inout Meter, _ phaseOfOperation: [Int]) throws(CaseFailure)
}

/// Constants of the measured loop.
enum MeasurementLoop {
  /// Timed runs of the reference kernel before each timed repetition.
  static var referenceRunsPerRepetition: Int { 3 }
  /// Cells touched by the first counting pass above which the second is skipped: 2^30,
  /// about a second of the dense simplex (1 ns a cell) and ten seconds or more of
  /// Cassowary (8 ns a cell and up, in the committed results). Deterministic, so every process of every run makes the same choice for a
  /// case. In the committed results only the dense simplex's stacks at 100 views and
  /// larger cases lie above it.
  static var repeatedCountingWorkLimit: Int { 1 << 30 }
}

extension RepeatedMeasurement {
  /// The passes, in order: a counting pass (allocations and solver counters per
  /// operation; run twice and the first discarded unless its solver work passed
  /// `MeasurementLoop.repeatedCountingWorkLimit`, so one-time runtime allocations of a
  /// first run do not count), warm-up repetitions,
  /// then timed repetitions until `repetitions` or the time budget, keeping at least one,
  /// each right after three timed runs of the reference kernel (so a case's timings can
  /// be read as ratios to work done on the machine in the same moments;
  /// docs/measurement.md). Counting and timing are separate passes because reading
  /// jemalloc's counters empties its thread cache, which would perturb the timings.
  /// Never throws: a failing repetition makes the case `.failed` (`.skipped` for a limit).
  func measure(phaseNames: [String], phaseOfOperation: [Int]) -> CaseOutcome {
    let start = MonotonicClock.now()
    func elapsed() -> UInt64 { MonotonicClock.now() - start }
    do throws(CaseFailure) {
      var counting: CountingMeter?
      if settings.countsAllocations && AllocationCounter.isAvailable {
        onProgress("counting allocations")
        var meter = CountingMeter(phaseCount: phaseNames.count)
        try repetition(&meter, phaseOfOperation)
        // The second pass is what makes counts repeat from process to process, so it is
        // skipped only for cases too slow to afford it, judged by the first pass's solver
        // work, which is the same in every process. A judgement by time (first a tenth,
        // then half the budget) was crossed by load alone: one process counted once,
        // another twice, and the gate saw 600-700 "new" allocations (first-run metadata).
        if meter.totalCellsTouched <= MeasurementLoop.repeatedCountingWorkLimit {
          meter = CountingMeter(phaseCount: phaseNames.count)
          try repetition(&meter, phaseOfOperation)
        }
        counting = meter
      }
      for k in 0..<settings.warmup where elapsed() < settings.timeBudgetNanoseconds / 2 && !shouldStop() {
        onProgress("warm-up \(k + 1)/\(settings.warmup)")
        var discarded = TimingMeter(phaseCount: phaseNames.count)
        try repetition(&discarded, phaseOfOperation)
      }
      var timing = TimingMeter(phaseCount: phaseNames.count)
      let kernel = ReferenceKernel()
      var referenceSamples: [Double] = []
      var done = 0
      while done < settings.repetitions && (done == 0 || (elapsed() < settings.timeBudgetNanoseconds && !shouldStop())) {
        onProgress("rep \(done + 1)/\(settings.repetitions)")
        // An untimed run first brings the kernel's data back into cache, which the last
        // repetition evicted: what is timed then depends on the machine, not on the case.
        _ = kernel.timedRun()
        for _ in 0..<MeasurementLoop.referenceRunsPerRepetition { referenceSamples.append(Double(kernel.timedRun())) }
        try repetition(&timing, phaseOfOperation)
        done += 1
      }
      let phases = phaseNames.indices.map { p in
        ResultsDocument.Phase(
          name: phaseNames[p], iterations: 1, samplesNanoseconds: timing.samples[p].map { Double($0) },
          operations: timing.samples[p].count / done,
          allocations: counting?.allocations(of: p), counters: counting?.counters(of: p) ?? [])
      }
      return .measured(
        phases: phases, repetitions: done,
        reference: ResultsDocument.Reference(name: ReferenceKernel.name, samplesNanoseconds: referenceSamples))
    } catch {
      return error.outcome
    }
  }
}
