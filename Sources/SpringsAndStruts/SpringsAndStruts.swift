import LayoutModel
import Scene

/// Frame layout without a solver (`springs-struts`): autoresizing views by formula and
/// stack views by direct computation, top-down, giving the same frames as the constraint
/// backends on every scene it accepts (docs/scene-semantics.md).
///
/// Supported: the root; autoresizing views at any depth (including plain subviews of
/// stacks); stacks that are the root, autoresizing or arranged; arranged leaves and nested
/// stacks. Refused (``unsupportedElement(in:)``, or `LayoutError.unsupported` from
/// `load`/`update` when it depends on the layout): user constraints, layout guides, views
/// that are neither autoresizing nor arranged, autoresizing views whose content costs
/// would feed back into a stack, and any configuration whose exact answer it does not
/// compute — conflicts, ambiguity, equalCentering under compression, text-width
/// disambiguation in a stack sized by its content, baseline alignment with slack.
///
/// Each update lays everything out again: O(P log P · levels) for the P = O(views ·
/// stack depth) pieces of the stacks' cost functions and the levels (distinct priorities)
/// in use; buffers are reused, so a resize allocates nothing once they have grown.
///
/// Usage: `load` once, then `update` after each `scene.apply`; after a throw, `load` again
/// before anything else.
public final class SpringsAndStruts: LayoutBackend {
  public static var backendName: String { "springs-struts" }

  var engine = LayoutEngine()

  public init() {}

  /// `pivots` is 0 (there is no solver); `cellsTouched` counts views placed, all layouts
  /// together. Every other field is 0.
  public var counters: SolverCounters {
    var counters = SolverCounters()
    counters.cellsTouched = engine.viewsPlaced
    return counters
  }

  public static func unsupportedElement(in scene: Scene) -> String? {
    SupportCheck.firstUnsupported(in: scene)
  }

  /// - Throws: `LayoutError.unsupported` naming the first element it cannot express.
  public func load(_ scene: Scene) throws(LayoutError) {
    if let message = Self.unsupportedElement(in: scene) { throw .unsupported(message) }
    do { try engine.load(scene) } catch { throw .unsupported(error.message(in: scene)) }
  }

  /// Lays the scene out again after a change; checks support again first (added views
  /// or constraints can make a scene unsupported).
  /// - Throws: `LayoutError.unsupported`.
  public func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    if let message = Self.unsupportedElement(in: scene) { throw .unsupported(message) }
    do { try engine.update(scene, delta) } catch { throw .unsupported(error.message(in: scene)) }
  }

  /// Frames in superview coordinates. O(views), no allocation.
  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    for v in scene.views.indices where scene.views[v] != nil && v < engine.frames.count {
      frames[v] = engine.frames[v]
    }
  }

  /// Always empty: what this backend accepts has no conflict and no ambiguity (it refuses
  /// those instead).
  public func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
}
