import BenchCore
import Interchange
import LayoutModel

/// One case of `bench run --driver system` as a solver-backend visitor: measures the
/// exported constraint system on the solver the case names, with the measured loop
/// compiled for that solver's concrete type.
struct SystemRunJob: BackendVisitor {
  let backendName: String
  let system: ConstraintSystemDocument
  let settings: MeasurementSettings
  let progress: RunProgress
  /// Nil until the named backend was visited.
  private(set) var outcome: CaseOutcome?

  mutating func visit<Solver: LinearSolver>(_ backend: BackendRegistry.Entry, makeSolver: () -> Solver) {
    guard backend.name == backendName else { return }
    let (system, settings, progress) = (system, settings, progress)
    outcome = withoutActuallyEscaping(makeSolver) { makeSolver in
      var measurement = SystemMeasurement(system: system, settings: settings, makeSolver: makeSolver)
      measurement.onProgress = { progress.update($0) }
      measurement.shouldStop = { Interruption.isRequested }
      return measurement.run()
    }
  }
}
