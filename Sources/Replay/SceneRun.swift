import Interchange
import LayoutModel
import Scene

/// One backend's complete run of a scene document: every state and how long each took,
/// the layout apart from reading it.
public struct SceneRun: Sendable {
  public var backend: String
  /// The initial state, then one per step.
  public var states: [FramesDocument.State]
  /// Wall time of the initial load, then of each step: the scene change and the
  /// backend's update (a refused step: the scene's checks only).
  public var layoutDurations: [Duration]
  /// Wall time of reading each state: frames and diagnostics (with ambiguity probes, if
  /// the backend runs them).
  public var readDurations: [Duration]
  public var counters: SolverCounters

  /// Runs `document` on a fresh `backend`, timing each phase with the continuous clock.
  /// - Parameter rowBackends: backends for table rows, as ``SceneReplay`` takes them.
  /// - Complexity: that of the replay.
  /// - Throws: ``SceneReplayError`` (the replay cannot go on).
  public static func run<Backend: LayoutBackend>(
    _ document: SceneDocument, on backend: Backend, rowBackends: (() -> Backend)? = nil
  ) throws(SceneReplayError) -> SceneRun {
    var replay = SceneReplay(document: document, backend: backend, rowBackends: rowBackends)
    let clock = ContinuousClock()
    var run = SceneRun(
      backend: Backend.backendName, states: [], layoutDurations: [], readDurations: [], counters: SolverCounters())
    var start = clock.now
    try replay.layoutInitialScene()
    while true {
      run.layoutDurations.append(start.duration(to: clock.now))
      start = clock.now
      run.states.append(try replay.currentState())
      run.readDurations.append(start.duration(to: clock.now))
      start = clock.now
      guard try replay.applyNextStep() else { break }
    }
    run.counters = replay.driver.counters
    return run
  }
}

extension FramesDocument {
  /// The frames document of a backend's run.
  public init(run: SceneRun) {
    self.init(backend: run.backend, states: run.states)
  }
}
