import BenchCore
import Interchange
import Workloads

/// Measures planned cases through the backend registry, one after another, recording each
/// in a results document that is rewritten after every case: the loop `bench run` and
/// `bench gate` share.
struct SuiteExecution {
  let plan: RunPlan
  let settings: MeasurementSettings
  /// Seconds per repetition over which a case predicted from smaller sizes is skipped.
  let caseLimit: Double
  /// A deliberate regression (the gate's self-test), from `LAYOUTBENCH_INJECT_REGRESSION`.
  let injection: RegressionInjection?

  /// Runs `cases` (in order) into `document`, written to `outputPath` after each case.
  /// - Throws: `ResultsFile.WriteError` when the file cannot be written.
  func execute(_ cases: [PlannedCase], into document: ResultsDocument, outputPath: String) throws(ResultsFile.WriteError)
    -> ResultsDocument
  {
    var run = BenchmarkRun(document: document, outputPath: outputPath, progress: RunProgress())
    var generated: (key: String, trace: MeasuredTrace, parameters: [(key: String, value: String)])?
    var predictor = CaseCostPredictor()
    let (plan, settings, limit, injection) = (plan, settings, caseLimit, injection)
    try run.run(cases, finished: { predictor.record($0) }) { planned, progress in
      if let prediction = predictor.predict(workload: planned.workload, backend: planned.backend, size: planned.size),
        prediction.secondsPerRepetition > limit
      {
        return BenchmarkRun.Measured(
          outcome: .skipped(
            reason: "predicted \(Formatting.duration(nanoseconds: prediction.secondsPerRepetition * 1e9)) per "
              + "repetition (\(prediction.basis)), over --case-limit \(Formatting.duration(nanoseconds: limit * 1e9))"),
          parameters: [])
      }
      // Cases come workload by workload and size by size: generate once per size.
      let key = "\(planned.workload)#\(planned.size)#\(planned.seed)"
      if generated?.key != key {
        progress.update("generating the workload")
        guard let workload = plan.workload(named: planned.workload) else {
          return BenchmarkRun.Measured(outcome: .failed("no workload '\(planned.workload)' in suite \(plan.suite.name)"), parameters: [])
        }
        do {
          let workloadCase = try workload.makeCase(size: planned.size, seed: planned.seed)
          generated = (key, MeasuredTrace(workloadCase), workloadCase.parameters)
        } catch {
          generated = nil
          return BenchmarkRun.Measured(outcome: .failed("the workload cannot be generated: \(error)"), parameters: [])
        }
      }
      var job = RunJob(
        backendName: planned.backend, trace: generated!.trace, settings: settings, progress: progress, injection: injection)
      LayoutBackendRegistry.visitAll(&job)
      let marked = injection.map { [(key: "injectedRegression", value: $0.description)] } ?? []
      return BenchmarkRun.Measured(outcome: job.outcome!, parameters: generated!.parameters + marked)
    }
    return run.document
  }
}
