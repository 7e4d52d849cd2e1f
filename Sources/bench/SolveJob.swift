import ArgumentParser
import Interchange
import LayoutModel

/// `bench solve` for one backend: replays the document with the backend named
/// ``backendName`` and prints the solution document, and with `--stats` the timings and
/// counters. A ``BackendVisitor``, so the replay is compiled for the concrete solver.
struct SolveJob: BackendVisitor {
  let document: ConstraintSystemDocument
  let file: String
  let backendName: String
  let printsStats: Bool
  /// Whether a backend with that name was found and run.
  private(set) var didRun = false

  init(document: ConstraintSystemDocument, file: String, backendName: String, printsStats: Bool) {
    self.document = document
    self.file = file
    self.backendName = backendName
    self.printsStats = printsStats
  }

  /// - Throws: `ExitCode(4)` after reporting an internal solver error.
  mutating func visit<Solver: LinearSolver>(
    _ backend: BackendRegistry.Entry, makeSolver: () -> Solver
  ) throws(ExitCode) {
    guard backend.name == backendName, !didRun else { return }
    didRun = true
    var replay = SystemReplay(document: document, solver: makeSolver())
    let clock = ContinuousClock()
    var states: [ReplayState] = []
    var durations: [Duration] = []
    do {
      var start = clock.now
      states.append(try replay.solveInitialSystem())
      durations.append(start.duration(to: clock.now))
      while true {
        start = clock.now
        guard let state = try replay.applyNextStep() else { break }
        durations.append(start.duration(to: clock.now))
        states.append(state)
      }
    } catch {
      let phase = states.isEmpty ? "initial solve" : "step \(states.count - 1)"
      StandardError.print("error: \(file): \(phase): \(error.message(names: document))")
      throw ExitCode(4)
    }
    print(SolutionDocument(backend: backend.name, document: document, states: states).jsonText(), terminator: "")
    if printsStats {
      printStats(backend: backend.name, durations: durations, counters: replay.solver.counters)
    }
  }

  private func printStats(backend: String, durations: [Duration], counters: SolverCounters) {
    for (index, duration) in durations.enumerated() {
      let phase = index == 0 ? "initial build+solve" : "step \(index - 1)"
      StandardError.print("stats: \(backend): \(phase): \(duration.humanReadable)")
    }
    let fields = counters.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    StandardError.print("stats: \(backend): counters: \(fields)")
  }
}
