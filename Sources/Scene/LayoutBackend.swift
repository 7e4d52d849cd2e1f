import LayoutModel

/// The layout level (docs/architecture.md, "Two protocols"): what every layout backend
/// does with a scene. The scene validates and applies changes itself (`Scene.apply`), so
/// backends only keep their own state up to date with it.
///
/// Usage: `load` once, then after each `scene.apply(change)` call `update` with the delta,
/// and read frames with `writeFrames` (and `diagnostics`).
public protocol LayoutBackend: AnyObject {
  /// The registry name: `cassowary`, `dense-simplex`, `springs-struts`.
  static var backendName: String { get }

  /// Nil when the backend can lay out every element of the scene; else a sentence naming
  /// the first element it cannot express. Backends never return wrong frames: they refuse.
  static func unsupportedElement(in scene: Scene) -> String?

  /// Lays the scene out for the first time.
  /// - Throws: `LayoutError.unsupported` (see ``unsupportedElement(in:)``),
  ///   `.solver` for a solver that fails (a bug, or a limit such as a dense tableau's size).
  func load(_ scene: Scene) throws(LayoutError)

  /// Brings the layout up to date with a change the scene has applied.
  /// - Throws: as ``load(_:)`` (a change can make a scene unsupported).
  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError)

  /// Writes each present view's frame, in its superview's coordinates, at its view index
  /// (`frames.count >= scene.views.count`); other slots are left as they are.
  /// - Complexity: O(views), no allocation.
  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>)

  /// Problems in the current layout: required constraints broken since the last update,
  /// and views whose frame the constraints do not fix.
  func diagnostics(of scene: Scene) -> [LayoutDiagnostic]

  var counters: SolverCounters { get }
}

/// Why a backend cannot go on.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The backend cannot express the scene; the message names the first element.
  case unsupported(String)
  case solver(SolverError)

  public var description: String {
    switch self {
    case .unsupported(let message): message
    case .solver(let error): error.description
    }
  }
}

/// A diagnostic of formats.md section 2.
public enum LayoutDiagnostic: Hashable, Sendable {
  /// Required constraints that cannot hold together; `broken` was left out so the layout
  /// could go on (the backend's deterministic choice), listed first in `constraints`.
  case unsatisfiable(constraints: [String], broken: String)
  /// The view's frame is not fixed by the constraints: these of `minX`, `minY`, `width`,
  /// `height` can move without changing any error.
  case ambiguous(view: String, attributes: [String])
}
