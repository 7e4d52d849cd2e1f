import Interchange
import LayoutModel

/// One backend's complete run of a document: every state, how long each took, and the
/// system present at each state (for checking answers against it).
public struct ReplayRun: Sendable {
  public var backend: String
  /// The initial state, then one per step.
  public var states: [ReplayState]
  /// Wall time of the initial build and solve, then of each step.
  public var durations: [Duration]
  /// The constraints (edits as equalities) present at each state.
  public var systems: [[Constraint]]
  public var counters: SolverCounters

  /// Runs `document` on a fresh `solver`, timing each phase with the continuous clock, and
  /// verifies each state's answer (``SystemReplay/verify(_:)``, untimed).
  /// - Complexity: that of the replay, plus O(Σ terms) per state to record and verify the
  ///   system.
  /// - Throws: `internalInconsistency` or `limitExceeded` (the replay cannot go on), or an
  ///   accuracy refusal (`inaccurate`, `valueOutOfRange`, or a number outside the
  ///   contract).
  public static func run<Solver: LinearSolver>(
    _ document: ConstraintSystemDocument, on solver: Solver, backend: String
  ) throws(SolverError) -> ReplayRun {
    var replay = SystemReplay(document: document, solver: solver)
    let clock = ContinuousClock()
    var run = ReplayRun(backend: backend, states: [], durations: [], systems: [], counters: SolverCounters())
    var start = clock.now
    let initial = try replay.solveInitialSystem()
    run.durations.append(start.duration(to: clock.now))
    try replay.verify(initial)
    run.states.append(initial)
    run.systems.append(replay.currentSystem())
    while true {
      start = clock.now
      guard let state = try replay.applyNextStep() else { break }
      run.durations.append(start.duration(to: clock.now))
      try replay.verify(state)
      run.states.append(state)
      run.systems.append(replay.currentSystem())
    }
    run.counters = replay.solver.counters
    return run
  }
}
