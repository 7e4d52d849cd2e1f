import LayoutModel
import Scene

/// Frame layout without a solver (`springs-struts`): autoresizing views by formula and
/// stack views by direct computation, top-down, giving the same frames as the constraint
/// backends on every scene it accepts (docs/scene-semantics.md, docs/springs-and-struts.md).
///
/// Supported: the root; autoresizing views at any depth (including plain subviews of
/// stacks); stacks that are the root, autoresizing or arranged; arranged leaves and nested
/// stacks; labels in any of these; scroll views whose one subview is a stack pinned by the
/// ScrollStack recipe (``ScrollRecipe``); tables whose rows are stacks (each row's own
/// scene, its root's height fitted). Refused (``unsupportedElement(in:)`` from the scene
/// alone, or `LayoutError.unsupported` from `layoutIfNeeded` when it depends on the
/// layout): every other user constraint, layout guides, views that are neither
/// autoresizing nor arranged, rows that are not stacks, autoresizing views whose content
/// costs would feed back into a stack, and any configuration whose exact answer it does
/// not compute — conflicts, ambiguity, equalCentering under compression, text-width
/// disambiguation in a stack sized by its content.
///
/// `load` and `update` only record what changed (O(changed views), plus the support check,
/// O(constraints · (1 + scroll views) + views · depth), which a resize skips); `layoutIfNeeded` lays everything out again when
/// anything did: O(P · levels) for the P = O(views · stack depth) pieces of the stacks' cost
/// functions and the levels (distinct priorities) in use, O(P log P · levels) at worst
/// (docs/springs-and-struts.md, "Complexity"). Buffers are reused, so a resize allocates
/// nothing once they have grown.
///
/// Usage: `load` once, then `update` after each `scene.apply`, `layoutIfNeeded` before
/// reading frames; after a throw, `load` again before anything else.
public final class SpringsAndStruts: LayoutBackend {
  public static var backendName: String { "springs-struts" }

  var engine = LayoutEngine()

  public init() {}

  /// `pivots` is 0 (there is no solver); `cellsTouched` counts views placed, all layout
  /// passes together. Every other field is 0.
  public var counters: SolverCounters {
    var counters = SolverCounters()
    counters.cellsTouched = engine.viewsPlaced
    return counters
  }

  /// - Complexity: O(constraints · (1 + scroll views) + views · depth + guides); no
  ///   allocation unless refused.
  public static func unsupportedElement(in scene: Scene) -> String? {
    SupportCheck.firstUnsupported(in: scene)
  }

  /// Takes the scene in; frames follow at the next ``layoutIfNeeded(_:)``. O(views · depth).
  /// - Throws: `LayoutError.unsupported` naming the first element it cannot express.
  public func load(_ scene: Scene) throws(LayoutError) {
    if let message = Self.unsupportedElement(in: scene) { throw .unsupported(message) }
    engine.load(scene)
  }

  /// Records a change the scene has applied; checks support again first (added views or
  /// constraints can make a scene unsupported) unless the change touched the container
  /// alone, which the check does not read. O(views · depth), O(1) for a resize.
  /// - Throws: `LayoutError.unsupported`.
  public func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    let containerOnly =
      delta.addedViews.isEmpty && delta.removedViews.isEmpty && delta.elements.allSatisfy { $0 == .container }
    if !containerOnly, let message = Self.unsupportedElement(in: scene) { throw .unsupported(message) }
    engine.update(scene, delta)
  }

  /// Lays the scene out if anything changed since the last pass (see the type's
  /// complexity); otherwise O(1).
  /// - Throws: `LayoutError.unsupported` when the layout has no single answer this backend
  ///   computes (a conflict, an ambiguity, or a configuration it does not solve), naming
  ///   the view at fault.
  public func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {
    do { try engine.layoutIfNeeded(scene) } catch { throw .unsupported(error.message(in: scene)) }
  }

  /// The content size of a scroll view laid out by the ScrollStack recipe, as of the last
  /// pass; nil for any other view (a table's content size is its rows', which
  /// `LayoutDriver` places). O(1).
  public func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? {
    guard scene.isPresent(scrollView), scrollView.index < engine.scrollPins.count,
      engine.scrollPins[scrollView.index] != nil
    else { return nil }
    return engine.contentSizes[scrollView.index]
  }

  /// Frames in superview coordinates, as of the last layout pass. O(views), no allocation.
  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    let count = min(scene.views.count, engine.frames.count)
    engine.frames.withUnsafeBufferPointer { laidOut in
      for v in 0..<count where scene.isPresent(ViewIndex(v)) { frames[v] = laidOut[v] }
    }
  }

  /// Always empty: what this backend accepts has no conflict and no ambiguity (it refuses
  /// those instead).
  public func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
}
