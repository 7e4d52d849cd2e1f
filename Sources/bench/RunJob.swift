import BenchCore
import Scene

/// One case of `bench run` as a layout-backend visitor: measures the trace on the backend
/// the case names, with the measured loop compiled for that backend's concrete type.
struct RunJob: LayoutBackendVisitor {
  let backendName: String
  let trace: MeasuredTrace
  let settings: MeasurementSettings
  let progress: RunProgress
  let injection: RegressionInjection?
  let parksToggles: Bool
  /// Nil until the named backend was visited.
  private(set) var outcome: CaseOutcome?

  init(
    backendName: String, trace: MeasuredTrace, settings: MeasurementSettings, progress: RunProgress,
    injection: RegressionInjection? = nil, parksToggles: Bool = true
  ) {
    self.injection = injection
    self.parksToggles = parksToggles
    self.backendName = backendName
    self.trace = trace
    self.settings = settings
    self.progress = progress
  }

  mutating func visit<Backend: LayoutBackend>(
    _ backend: LayoutBackendRegistry.Entry, makeBackend: (LayoutBackendRegistry.Options) -> Backend
  ) {
    guard backend.name == backendName else { return }
    // Ambiguity probes re-solve per frame variable: a diagnostic, part of a layout's cost only
    // when the run reads diagnostics (`--diagnostics`).
    let options = LayoutBackendRegistry.Options(detectsAmbiguity: settings.readsDiagnostics, parksToggles: parksToggles)
    let (trace, settings, progress, injection) = (trace, settings, progress, injection)
    func measure<Measured: LayoutBackend>(_ make: @escaping () -> Measured) -> CaseOutcome {
      var measurement = CaseMeasurement(trace: trace, settings: settings, makeBackend: make)
      measurement.onProgress = { progress.update($0) }
      measurement.shouldStop = { Interruption.isRequested }
      return measurement.run()
    }
    outcome = withoutActuallyEscaping(makeBackend) { makeBackend in
      guard let injection else { return measure { makeBackend(options) } }
      return measure { InjectedRegression(makeBackend(options), injection) }
    }
  }
}
