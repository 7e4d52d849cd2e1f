import LayoutModel
import Replay
import Scene

/// A layout backend for replay tests: every view at `(index, 0, 1, 1)`, counting loads
/// and updates, failing on command.
final class FakeLayoutBackend: LayoutBackend {
  static var backendName: String { "fake" }
  static func unsupportedElement(in scene: Scene) -> String? { nil }

  /// Thrown by the update with this 0-based number (counting accepted steps).
  var failure: (update: Int, error: LayoutError)?
  /// Reports a NaN x for every view.
  var reportsNaN = false
  private(set) var loads = 0
  private(set) var updates: [SceneDelta] = []
  private(set) var layoutPasses = 0

  func load(_ scene: Scene) throws(LayoutError) {
    loads += 1
  }

  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    defer { updates.append(delta) }
    if let failure, failure.update == updates.count { throw failure.error }
  }

  func layoutIfNeeded(_ scene: Scene) throws(LayoutError) { layoutPasses += 1 }

  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    for v in scene.presentViews {
      frames[v.index] = Rect(x: reportsNaN ? .nan : Double(v.index), y: 0, width: 1, height: 1)
    }
  }

  func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
  func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? { nil }

  var counters: SolverCounters { SolverCounters() }
}

/// A backend that cannot express stacks: it names the first stack view and must never be
/// asked to lay one out.
final class StacklessLayoutBackend: LayoutBackend {
  static var backendName: String { "stackless" }
  static func unsupportedElement(in scene: Scene) -> String? {
    for v in scene.presentViews {
      if let view = scene.view(v), view.stack != nil { return "view '\(view.id)' is a stack view" }
    }
    return nil
  }

  private(set) var loads = 0

  func load(_ scene: Scene) throws(LayoutError) {
    loads += 1
    if let element = Self.unsupportedElement(in: scene) { throw .unsupported(element) }
  }

  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    if let element = Self.unsupportedElement(in: scene) { throw .unsupported(element) }
  }

  func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {}

  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    for v in scene.presentViews { frames[v.index] = .zero }
  }

  func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
  func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? { nil }

  var counters: SolverCounters { SolverCounters() }
}
