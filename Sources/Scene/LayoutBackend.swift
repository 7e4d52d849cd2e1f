import LayoutModel

/// The layout level (docs/architecture.md, "Two protocols"): what every layout backend
/// does with a scene. The scene validates and applies changes itself (`Scene.apply`), so
/// backends only keep their own state up to date with it.
///
/// Usage, as in UIKit: `load` once, then after each `scene.apply(change)` call `update`
/// with the delta; several changes may be given before the layout pass. `layoutIfNeeded`
/// then computes the frames, which `writeFrames` (and `diagnostics`) read. The split lets a
/// runner time building the system (`load`: lowering and adding constraints, which for an
/// incremental solver includes most of the solving) apart from the layout pass (a
/// from-scratch solver's whole solve), and a size-class swap (deactivate a set, activate
/// another) be laid out once, as an app does.
public protocol LayoutBackend: AnyObject {
  /// The registry name: `cassowary`, `dense-simplex`, `springs-struts`.
  static var backendName: String { get }

  /// Nil when the backend can lay out every element of the scene; else a sentence naming
  /// the first element it cannot express. Backends never return wrong frames: they refuse.
  static func unsupportedElement(in scene: Scene) -> String?

  /// Takes in the scene for the first time; frames follow at the next `layoutIfNeeded`.
  /// - Throws: `LayoutError.unsupported` (see ``unsupportedElement(in:)``),
  ///   `.solver` for a solver that fails (a bug, or a limit such as a dense tableau's size).
  func load(_ scene: Scene) throws(LayoutError)

  /// Takes in a change the scene has applied; frames follow at the next `layoutIfNeeded`.
  /// - Throws: as ``load(_:)`` (a change can make a scene unsupported).
  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError)

  /// Computes the frames of `scene` (the value given to the last `load`/`update`) if
  /// anything changed since the last pass. Reading frames or diagnostics without it gives
  /// those of the last pass.
  /// - Throws: `.solver` when the solver fails; `.unsupported` from a backend that finds
  ///   only at the pass that it cannot lay the scene out (one without a solver, meeting a
  ///   layout it has no single answer for).
  func layoutIfNeeded(_ scene: Scene) throws(LayoutError)

  /// Writes each present view's frame, in its superview's coordinates, at its view index
  /// (`frames.count >= scene.views.count`); other slots are left as they are.
  /// - Complexity: O(views), no allocation.
  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>)

  /// Problems in the current layout: required constraints broken since the last layout
  /// pass, and views whose frame the constraints do not fix.
  func diagnostics(of scene: Scene) -> [LayoutDiagnostic]

  /// A scroll view's content size after the last pass; nil for a view that is not a
  /// present scroll view. O(1).
  func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>?

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
  /// `height` (for a scroll view also `contentWidth`, `contentHeight`) can move without
  /// changing any error.
  case ambiguous(view: String, attributes: [String])
  /// The layout passes did not settle: these views' intrinsic heights or safe-area insets
  /// still moved after the last allowed solve (formats.md section 2.1).
  case layoutLoop(views: [String])
}
