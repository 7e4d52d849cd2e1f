import Interchange
import Replay
import Scene

/// `bench layout` as a layout-backend visitor: runs the document on the backend named
/// `--backend` and keeps the outcome. Generic over the backend type, so the replay is
/// compiled for the concrete backend.
struct LayoutJob: LayoutBackendVisitor {
  let document: SceneDocument
  let backendName: String
  let options: LayoutBackendRegistry.Options
  /// Nil until a backend of that name was visited: the run, or why it ended early.
  private(set) var outcome: Result<SceneRun, SceneReplayError>?

  init(document: SceneDocument, backendName: String, options: LayoutBackendRegistry.Options) {
    self.document = document
    self.backendName = backendName
    self.options = options
  }

  mutating func visit<Backend: LayoutBackend>(
    _ backend: LayoutBackendRegistry.Entry, makeBackend: (LayoutBackendRegistry.Options) -> Backend
  ) {
    guard backend.name == backendName else { return }
    do {
      let (document, options) = (self.document, self.options)
      // Table rows are laid out by backends of their own, made as the first one was.
      var run = try withoutActuallyEscaping(makeBackend) { makeBackend throws(SceneReplayError) in
        try SceneRun.run(document, on: makeBackend(options), rowBackends: { makeBackend(options) })
      }
      // The registry's name: tuned backends share their type's (`cassowary:core`).
      run.backend = backend.name
      outcome = .success(run)
    } catch {
      outcome = .failure(error)
    }
  }

  /// Prints `--stats` for a run: each phase's layout and read times, and the counters.
  static func printStats(_ run: SceneRun) {
    let name = run.backend
    for (index, (layout, read)) in zip(run.layoutDurations, run.readDurations).enumerated() {
      let phase = index == 0 ? "initial layout" : "step \(index - 1)"
      StandardError.print(
        "stats: \(name): \(phase): \(layout.humanReadable) layout, \(read.humanReadable) frames+diagnostics")
    }
    let fields = run.counters.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    StandardError.print("stats: \(name): counters: \(fields)")
  }
}
