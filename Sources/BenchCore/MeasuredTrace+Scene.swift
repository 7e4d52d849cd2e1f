import Interchange
import Scene

extension MeasuredTrace {
  /// The trace of a scene file: its initial scene (copied for every repetition), its steps
  /// and their operations (``SceneDocument/measuredOperations``). O(steps).
  public init(_ document: SceneDocument) {
    let scene = document.scene
    self.init(
      makeScene: { () throws(SceneError) -> Scene in scene },
      steps: document.steps.map(\.change),
      operations: document.measuredOperations.map { Operation(phase: $0.phase, steps: $0.steps) })
  }
}
