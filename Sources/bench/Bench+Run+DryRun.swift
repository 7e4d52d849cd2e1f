import BenchCore
import Interchange
import Measurement
import Scene

extension Bench.Run {
  /// `--dry-run`: the plan of `source` on standard output (``RunPreview``), predicted
  /// from the results files of `--predict-from`. Generates each case's initial scene once
  /// per workload and size to ask the backends whether they refuse it; measures nothing.
  /// - Throws: `ExitCode(2)` after saying why for a `--predict-from` file that is
  ///   unreadable or invalid.
  func printPlan(_ source: CaseSource) throws {
    var predictor = CaseCostPredictor()
    for file in predictFrom {
      for result in try ResultsInput.read(file).cases { predictor.record(result) }
    }
    let settings = MeasurementSettings(
      repetitions: repetitions, warmup: warmup, timeBudgetSeconds: timeBudget,
      countsAllocations: !noAllocations && AllocationCounter.isAvailable)
    var scene: (key: String, scene: Result<Scene, SetUpFailure>)?
    let preview = RunPreview(source.cases, predictor: predictor, settings: settings, caseLimit: caseLimit) { planned in
      let key = "\(planned.workload)#\(planned.size)"
      if scene?.key != key { scene = (key, Self.initialScene(of: planned, in: source)) }
      switch scene!.scene {
      case .failure(let failure): return .fails(failure.description)
      case .success(let initial): return refusal(of: initial, by: planned.backend)
      }
    }
    StandardError.print("bench run --dry-run: \(source.summary(cases: preview.rows.count)); nothing is measured or written")
    print(preview.text, terminator: "")
  }

  /// Why `backend` is skipped on `scene` before it runs, as the run decides: a layout
  /// backend that cannot express the scene, or (`--driver system`) a scene that is not
  /// one constraint system; nil when it runs.
  private func refusal(of scene: Scene, by backend: String) -> RunPreview.Decision? {
    switch driver {
    case .scene:
      var check = SupportCheckJob(backendName: backend, scene: scene)
      LayoutBackendRegistry.visitAll(&check)
      return check.unsupportedElement.map { .skipped(reason: $0) }
    case .system:
      return SceneDocument.singleSystemProblem(in: scene).map { .skipped(reason: "no single constraint system: \($0)") }
    }
  }

  /// The initial scene of `planned`'s workload at its size (generated, or the file's).
  private static func initialScene(of planned: PlannedCase, in source: CaseSource) -> Result<Scene, SetUpFailure> {
    do {
      guard case .trace(let trace) = try source.input(for: planned, driver: .scene).input else {
        return .failure(SetUpFailure(description: "no scene for \(planned.workload)"))
      }
      return .success(try trace.makeScene())
    } catch {
      return .failure(SetUpFailure(description: "the workload cannot be generated: \(error)"))
    }
  }

  private struct SetUpFailure: Error, CustomStringConvertible {
    var description: String
  }
}

/// Asks the layout backend named `backendName` whether it can express `scene`, as a
/// case's measurement does before it starts.
struct SupportCheckJob: LayoutBackendVisitor {
  let backendName: String
  let scene: Scene
  /// The first element the backend cannot express, nil when it can (or was not visited).
  private(set) var unsupportedElement: String?

  mutating func visit<Backend: LayoutBackend>(
    _ backend: LayoutBackendRegistry.Entry, makeBackend: (LayoutBackendRegistry.Options) -> Backend
  ) {
    guard backend.name == backendName else { return }
    unsupportedElement = Backend.unsupportedElement(in: scene)
  }
}
