import Cassowary
import LayoutModel
import Scene
import Testing
import Workloads

/// Lays a case out the way the measured loop does: load and lay out the initial scene,
/// then for each operation apply its steps (scene, then backend) and lay out once, every
/// layout through `LayoutDriver` (its passes).
struct CaseLayout {
  /// One layout: every present view's frame by id, the hidden arranged views (whose
  /// frames checkers ignore), and the diagnostics.
  struct State {
    var frames: [String: Rect]
    var ignored: Set<String>
    var diagnostics: [LayoutDiagnostic]
  }

  /// The initial layout, then one state per operation (or per step with `perStep`).
  var states: [State] = []
  /// Steps the scene refused, as `index: message`; a generator must produce none.
  var refusedSteps: [String] = []
  /// The scene after the last step.
  var scene: Scene

  /// - Parameter beforeLayout: called with the index of the state about to be laid out
  ///   (0 the initial one), e.g. to turn ambiguity probes on for some states only.
  /// - Throws: `SceneError` for an invalid initial scene; `LayoutError` from the backend.
  init<Backend: LayoutBackend>(
    _ workloadCase: WorkloadCase, on backend: Backend, perStep: Bool = false, rowBackends: (() -> Backend)? = nil,
    beforeLayout: (Int) -> Void = { _ in }
  ) throws {
    scene = try workloadCase.makeScene()
    let driver = LayoutDriver(backend, rowBackends: rowBackends)
    beforeLayout(0)
    try driver.load(&scene)
    try driver.layoutIfNeeded(&scene)
    states.append(Self.state(of: scene, driver))
    let groups = perStep ? workloadCase.steps.indices.map { $0..<($0 + 1) } : workloadCase.operations.map(\.steps)
    for (g, group) in groups.enumerated() {
      beforeLayout(g + 1)
      for k in group {
        do {
          let delta = try scene.apply(workloadCase.steps[k], path: WorkloadCase.stepPath(k))
          try driver.update(&scene, delta)
        } catch let error as SceneError {
          refusedSteps.append("\(k): \(error)")
        }
      }
      try driver.layoutIfNeeded(&scene)
      states.append(Self.state(of: scene, driver))
    }
  }

  /// On a fresh Cassowary-backed layout. The ambiguity probes (two re-solves per frame
  /// variable) run only for the states `probesAmbiguity` picks: they cost far more than
  /// the layout itself.
  init(cassowary workloadCase: WorkloadCase, perStep: Bool = false, probesAmbiguity: (Int) -> Bool = { _ in false }) throws {
    let layout = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    // Table rows are fitted by layouts of their own, probed when the table's is.
    try self.init(workloadCase, on: layout, perStep: perStep, rowBackends: {
      ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: layout.detectsAmbiguity)
    }) { layout.detectsAmbiguity = probesAmbiguity($0) }
  }

  /// The initial state and the state after the first operation of each phase: every kind
  /// of change is probed once.
  static func firstOfEachPhase(_ workloadCase: WorkloadCase) -> (Int) -> Bool {
    var seen: Set<String> = []
    var picked: Set<Int> = [0]
    for (k, operation) in workloadCase.operations.enumerated() where seen.insert(operation.phase).inserted {
      picked.insert(k + 1)
    }
    return { picked.contains($0) }
  }

  static func state<Backend: LayoutBackend>(of scene: Scene, _ backend: LayoutDriver<Backend>) -> State {
    var buffer = [Rect](repeating: .zero, count: scene.views.count)
    buffer.withUnsafeMutableBufferPointer { backend.writeFrames(of: scene, into: $0) }
    var frames: [String: Rect] = [:]
    var ignored: Set<String> = []
    for v in scene.presentViews {
      guard let view = scene.view(v) else { continue }
      frames[view.id] = buffer[v.index]
      if view.isHidden && scene.isArrangedInStack(v) { ignored.insert(view.id) }
    }
    return State(frames: frames, ignored: ignored, diagnostics: backend.diagnostics(of: scene))
  }

  /// Records an issue for every frame of `self` not close to `other`'s, state by state
  /// (views hidden in a stack in either are skipped).
  func expectSameFrames(as other: CaseLayout, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for mismatch in frameMismatches(against: other) {
      Issue.record(Comment(rawValue: "\(label): \(mismatch)"), sourceLocation: sourceLocation)
    }
  }

  /// One line per state whose views or frames differ from `other`'s (at most five frames
  /// named per state), and one if the state counts differ.
  func frameMismatches(against other: CaseLayout) -> [String] {
    var lines: [String] = []
    if states.count != other.states.count { lines.append("state counts \(states.count) against \(other.states.count)") }
    for (k, (a, b)) in zip(states, other.states).enumerated() {
      if Set(a.frames.keys) != Set(b.frames.keys) { lines.append("views of state \(k)") }
      let mismatches = a.frames.keys.sorted().filter { id in
        guard !a.ignored.contains(id), !b.ignored.contains(id), let f = a.frames[id], let g = b.frames[id] else {
          return false
        }
        return !Self.isClose(f, g)
      }
      if !mismatches.isEmpty {
        lines.append("state \(k): \(mismatches.prefix(5).map { "\($0) \(a.frames[$0]!) vs \(b.frames[$0]!)" })")
      }
    }
    return lines
  }

  static func isClose(_ a: Rect, _ b: Rect) -> Bool {
    let t = Tolerance.comparison
    return t.isClose(a.x, b.x) && t.isClose(a.y, b.y) && t.isClose(a.width, b.width) && t.isClose(a.height, b.height)
  }
}

extension WorkloadCase {
  /// The case cut after its first `count` operations (debug builds check the solver's
  /// invariants after every call, so tests keep traces short).
  func prefix(operations count: Int) -> WorkloadCase {
    guard count < operations.count else { return self }
    var copy = self
    copy.operations = Array(operations.prefix(count))
    copy.steps = Array(steps.prefix(copy.operations.last?.steps.upperBound ?? 0))
    return copy
  }
}
