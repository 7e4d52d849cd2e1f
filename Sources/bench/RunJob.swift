import BenchCore
import Scene

/// One case of `bench run` as a layout-backend visitor: measures the trace on the backend
/// the case names, with the measured loop compiled for that backend's concrete type.
struct RunJob: LayoutBackendVisitor {
  let backendName: String
  let trace: MeasuredTrace
  let settings: MeasurementSettings
  let progress: RunProgress
  /// Nil until the named backend was visited.
  private(set) var outcome: CaseOutcome?

  init(backendName: String, trace: MeasuredTrace, settings: MeasurementSettings, progress: RunProgress) {
    self.backendName = backendName
    self.trace = trace
    self.settings = settings
    self.progress = progress
  }

  mutating func visit<Backend: LayoutBackend>(
    _ backend: LayoutBackendRegistry.Entry, makeBackend: (LayoutBackendRegistry.Options) -> Backend
  ) {
    guard backend.name == backendName else { return }
    // Ambiguity probes re-solve per frame variable: a diagnostic, not part of a layout's cost.
    let options = LayoutBackendRegistry.Options(detectsAmbiguity: false)
    let (trace, settings, progress) = (trace, settings, progress)
    outcome = withoutActuallyEscaping(makeBackend) { makeBackend in
      var measurement = CaseMeasurement(trace: trace, settings: settings) { makeBackend(options) }
      measurement.onProgress = { progress.update($0) }
      measurement.shouldStop = { Interruption.isRequested }
      return measurement.run()
    }
  }
}
