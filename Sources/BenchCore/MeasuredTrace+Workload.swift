import Scene
import Workloads

extension MeasuredTrace {
  /// The trace of a generated case: its scene (rebuilt for every repetition, outside the
  /// clock), its steps and how they group into measured operations.
  public init(_ workloadCase: WorkloadCase) {
    self.init(
      makeScene: { () throws(SceneError) -> Scene in try workloadCase.makeScene() },
      steps: workloadCase.steps,
      operations: workloadCase.operations.map { Operation(phase: $0.phase, steps: $0.steps) })
  }
}
