import BenchCore
import Interchange
import Measurement

/// Measures planned cases through the backend registry, one after another, recording each
/// in a results document that is rewritten after every case: the loop `bench run` and
/// `bench gate` share.
struct SuiteExecution {
  let source: CaseSource
  let settings: MeasurementSettings
  /// Seconds per repetition over which a case predicted from smaller sizes is skipped.
  let caseLimit: Double
  /// A deliberate regression (the gate's self-test), from `LAYOUTBENCH_INJECT_REGRESSION`.
  let injection: RegressionInjection?
  /// What the backends are given: the scene (layout backends) or its exported constraint
  /// system (solver backends).
  var driver: RunDriver = .scene
  /// Whether layout backends that can keep a toggle's configuration do (`--no-parking`).
  var parksToggles = true
  /// The run's outside engines, whose cases go through their sessions (docs/engines.md).
  var engines: EngineCases?

  /// Runs `cases` (in order) into `document`, written to `outputPath` after each case.
  /// - Throws: `ResultsFile.WriteError` when the file cannot be written.
  func execute(_ cases: [PlannedCase], into document: ResultsDocument, outputPath: String) throws(ResultsFile.WriteError)
    -> ResultsDocument
  {
    var run = BenchmarkRun(document: document, outputPath: outputPath, progress: RunProgress())
    var generated: (key: String, input: CaseInput, parameters: [(key: String, value: String)])?
    var predictor = CaseCostPredictor()
    let (source, settings, limit, injection, driver, parksToggles, engines) = (
      source, settings, caseLimit, injection, driver, parksToggles, engines
    )
    // The estimate follows the loop's passes; counting runs only where jemalloc counts.
    var estimated = settings
    estimated.countsAllocations = settings.countsAllocations && AllocationCounter.isAvailable
    try run.run(
      cases, finished: { predictor.record($0) },
      timeLeft: { RemainingTime($0, predictor: predictor, settings: estimated, caseLimit: limit).description }
    ) { planned, progress in
      if let reason = predictor.predict(planned)?.skipReason(caseLimit: limit) {
        return BenchmarkRun.Measured(outcome: .skipped(reason: reason), parameters: [])
      }
      if let engines, engines.isEngine(planned.backend) {
        do {
          let workloadCase = try source.workloadCase(for: planned)
          return engines.measure(planned, workloadCase, settings: settings, caseLimit: limit, progress: progress)
        } catch {
          return BenchmarkRun.Measured(outcome: .failed("the workload cannot be generated: \(error)"), parameters: [])
        }
      }
      // Cases come workload by workload and size by size: generate once per size.
      let key = "\(planned.workload)#\(planned.size)#\(planned.seed.map(String.init) ?? "-")"
      if generated?.key != key {
        progress.update(driver == .scene ? "generating the workload" : "generating and exporting the workload")
        do {
          let (input, parameters) = try source.input(for: planned, driver: driver)
          generated = (key, input, parameters)
        } catch WorkloadExportError.noSingleSystem(let reason) {
          generated = nil
          return BenchmarkRun.Measured(outcome: .skipped(reason: "no single constraint system: \(reason)"), parameters: [])
        } catch {
          generated = nil
          return BenchmarkRun.Measured(outcome: .failed("the workload cannot be generated: \(error)"), parameters: [])
        }
      }
      let marked = injection.map { [(key: RegressionInjection.parameterName, value: $0.description)] } ?? []
      switch generated!.input {
      case .trace(let trace):
        var job = RunJob(
          backendName: planned.backend, trace: trace, settings: settings, progress: progress, injection: injection,
          parksToggles: parksToggles)
        LayoutBackendRegistry.visitAll(&job)
        return BenchmarkRun.Measured(outcome: job.outcome!, parameters: generated!.parameters + marked)
      case .system(let system):
        var job = SystemRunJob(backendName: planned.backend, system: system, settings: settings, progress: progress)
        BackendRegistry.visitAll(&job)
        return BenchmarkRun.Measured(outcome: job.outcome!, parameters: generated!.parameters)
      }
    }
    return run.document
  }
}

/// What `bench run` gives the backends (`--driver`).
enum RunDriver: String, CaseIterable, Sendable {
  /// The scene, through each layout backend's `load`, `update` and `layoutIfNeeded`.
  case scene
  /// The scene's exported constraint system, straight into each solver backend: the work
  /// a solver peer (kiwisolver) is timed on.
  case system
}

/// A generated case as the driver gives it to the backends.
enum CaseInput {
  case trace(MeasuredTrace)
  case system(ConstraintSystemDocument)
}
