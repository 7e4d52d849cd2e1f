import LayoutModel

/// A UIKit-free view tree with Auto Layout semantics (formats.md section 2,
/// docs/scene-semantics.md): the container, the views, layout guides and user constraints.
///
/// A value type, validated on construction and by every change: bad input becomes a
/// `SceneError` naming the element and its JSON path, never a crash. Every layout backend
/// works from the same scene, so they all judge input the same way. Views, guides and
/// constraints have dense indices; removed ones leave a nil slot (indices are not reused,
/// so a backend's tables stay valid across changes).
public struct Scene: Sendable {
  public internal(set) var container: Container
  public internal(set) var views: [View?] = []
  public internal(set) var root = ViewIndex(0)
  public internal(set) var guides: [Guide?] = []
  /// User constraints in file order (VFL entries expanded), by constraint index.
  public internal(set) var constraints: [SceneConstraint?] = []
  /// Each view slot's parent, parallel to `views`: the parent's index, ``noParent`` for the
  /// root, ``removedSlot`` for a removed view. Reading every frame needs only parents, and
  /// `views[v]?.parent` copied the whole `View` (id, children, stack) per view.
  public internal(set) var parentSlots: [Int32] = []
  public static let noParent: Int32 = -1
  public static let removedSlot: Int32 = -2
  /// Each view slot's depth below the root (the root's is 0), parallel to `views`: the
  /// lowering walks two anchors' views up to their nearest common ancestor, deepest first,
  /// without a set or a walk to the root.
  public internal(set) var depthSlots: [Int32] = []
  /// Dynamic Type's scale (`setTextScale`): multiplies the lengths of every view's text as
  /// written. 1 restores them.
  public internal(set) var textScale: Double = 1
  /// Each view slot's width as last solved, the width its text wraps at in the next pass
  /// (NaN until the view is first laid out): written by the layout passes
  /// (Scene+LayoutPasses.swift), parallel to `views`.
  public internal(set) var textWidthSlots: [Double] = []
  /// Each view slot's safe-area insets, parallel to `views`: written by the layout passes
  /// from solved frames; the root's are the container's (``safeAreaInsets(of:)``).
  public internal(set) var safeAreaSlots: [EdgeInsets] = []
  /// Present non-root views whose `safeAreaSlots` entry is not zero.
  public internal(set) var viewsWithInsets = 0
  /// The constraints with an anchor on a safe area or on margins (the ones a view's insets
  /// can move), by index, ascending, and how many constraint slots have been looked at:
  /// constraints only ever append, so the list grows as they do (Scene+LayoutPasses.swift).
  var insetReadingConstraints: [Int] = []
  var insetReadingScanned = 0
  /// Each view slot's hidden and scroll-view bits (``hiddenFlag``, ``scrollViewFlag``),
  /// parallel to `views`: the layout passes test both for every view after every solve, and
  /// reading them from the optional `View` copied it.
  public internal(set) var flagSlots: [UInt8] = []
  public static let hiddenFlag: UInt8 = 1
  public static let scrollViewFlag: UInt8 = 2
  /// Each view slot's content offset, for tables (`scrollTo`); 0 elsewhere.
  public internal(set) var tableOffsets: [Double] = []
  /// Each view slot's table row (the row's index; the row's own slot holds itself), or -1,
  /// parallel to `views` (Scene+Tables.swift).
  public internal(set) var rowSlots: [Int32] = []
  /// The views with `text`, by index, ascending.
  public internal(set) var textViews: [ViewIndex] = []

  var viewIndexByID: [String: ViewIndex] = [:]
  var guideIndexByID: [String: GuideIndex] = [:]
  var constraintIndexByID: [String: Int] = [:]

  /// Builds and validates a scene.
  /// - Complexity: O(views + guides + constraints · anchor length).
  /// - Throws: `SceneError` for the first problem found, in file order: duplicate or
  ///   unknown ids, no root or two roots, a cycle, a custom spacing for a view that is not
  ///   arranged in that stack, an invalid anchor or anchor pair, a priority out of range, a
  ///   malformed VFL string, a non-finite number.
  public init(
    container: Container, views: [ViewDescription], guides: [(id: String, owner: String, path: String)] = [],
    constraints: [ConstraintDescription] = []
  ) throws(SceneError) {
    self.container = container
    try Self.check(container, path: "container")
    try insert(views, asInitial: true)
    for (id, owner, path) in guides { try addGuide(id: id, owner: owner, path: path) }
    for description in constraints { try addConstraints(from: description) }
  }

  // MARK: Lookup

  public func view(_ index: ViewIndex) -> View? {
    index.index < views.count ? views[index.index] : nil
  }

  public func viewIndex(of id: String) -> ViewIndex? { viewIndexByID[id] }
  public func guideIndex(of id: String) -> GuideIndex? { guideIndexByID[id] }
  public func constraintIndex(of id: String) -> Int? { constraintIndexByID[id] }

  /// Present views in index order. O(view slots), from `parentSlots` (testing `views[v]`
  /// against nil copied each `View`).
  public var presentViews: [ViewIndex] {
    parentSlots.indices.compactMap { parentSlots[$0] == Self.removedSlot ? nil : ViewIndex($0) }
  }

  /// Whether `index` is the slot of a present view (`views[index] != nil`, read from
  /// `parentSlots`, which is removed with the view). O(1).
  public func isPresent(_ index: Int) -> Bool {
    index >= 0 && index < parentSlots.count && parentSlots[index] != Self.removedSlot
  }

  /// The view's arranged subviews if it is a stack (hidden ones included), in order.
  public func arrangedSubviews(of stack: ViewIndex) -> [ViewIndex] {
    guard let view = view(stack), view.stack != nil else { return [] }
    return view.children.filter { self.view($0)?.isArranged == true }
  }

  /// Whether the view is managed by its parent stack: arranged, and its parent a stack.
  /// Read in place (Scene+ViewFields.swift); backends ask it of every view per pass. O(1).
  @inlinable
  public func isArrangedInStack(_ index: ViewIndex) -> Bool {
    guard arrangement(of: index)?.isArranged == true, let parent = parent(of: index) else { return false }
    return isStack(parent)
  }

  /// Whether the view is arranged in a fill-equally stack and every content-size
  /// constraint it generates (hugging and compression resistance on an axis with an
  /// intrinsic size) is optional: `ConstraintLayout.load` enters those last. O(1).
  public func hasOnlyOptionalSizePreferencesInFillEquallyStack(_ index: ViewIndex) -> Bool {
    guard let view = view(index), view.isArranged, let parent = view.parent,
      self.view(parent)?.stack?.distribution == .fillEqually
    else { return false }
    return Axis.allCases.allSatisfy { axis in
      view.intrinsicSize[axis] == nil
        || (!Priority(view.hugging[axis]).isRequired && !Priority(view.compressionResistance[axis]).isRequired)
    }
  }

  /// The nearest view that is an ancestor of (or equal to) both.
  /// Walks the deeper one up to the other's depth, then both up together (`depthSlots`,
  /// `parentSlots`): O(depth), no allocation (a set of ancestors per constraint was a
  /// tenth of lowering a small scene). Views in different trees meet at the root.
  public func nearestCommonAncestor(_ a: ViewIndex, _ b: ViewIndex) -> ViewIndex {
    var (x, y) = (Int(a.rawValue), Int(b.rawValue))
    guard isPresent(x), isPresent(y) else { return root }
    while depthSlots[x] > depthSlots[y] { x = Int(parentSlots[x]) }
    while depthSlots[y] > depthSlots[x] { y = Int(parentSlots[y]) }
    while x != y {
      guard parentSlots[x] >= 0, parentSlots[y] >= 0 else { return root }
      (x, y) = (Int(parentSlots[x]), Int(parentSlots[y]))
    }
    return ViewIndex(x)
  }

  /// The view an anchor item measures in (a guide's owner for a guide).
  public func ownerView(of item: AnchorItem) -> ViewIndex {
    switch item {
    case .view(let v), .safeArea(let v), .margins(let v): v
    case .guide(let g): guides[g.index]?.owner ?? root
    }
  }

  /// The view's safe-area insets: the container's for the root; for any other view, how far
  /// the root's unsafe bands reached into its frame at the last layout pass (formats.md
  /// section 2.1). O(1).
  public func safeAreaInsets(of index: ViewIndex) -> EdgeInsets {
    if index == root { return container.safeAreaInsets }
    return index.index < safeAreaSlots.count ? safeAreaSlots[index.index] : .zero
  }

  /// Insets of the view's margins guide from its bounds: safe area plus margins (margins
  /// alone for a view that does not inset them from its safe area).
  public func marginInsets(of index: ViewIndex) -> EdgeInsets {
    let margins = view(index)?.layoutMargins ?? .zero
    let safe = view(index)?.insetsLayoutMarginsFromSafeArea == false ? .zero : safeAreaInsets(of: index)
    return EdgeInsets(
      top: safe.top + margins.top, left: safe.left + margins.left,
      bottom: safe.bottom + margins.bottom, right: safe.right + margins.right)
  }

  // MARK: Validation helpers

  // The checks take their path as an autoclosure: it is built only to throw, since
  // building paths on the success path cost more than the checks.

  /// O(1). - Throws: `SceneError` for a negative or non-finite size or inset.
  static func check(_ container: Container, path: @autoclosure () -> String) throws(SceneError) {
    for (name, value) in [("width", container.width), ("height", container.height)] {
      guard value.isFinite, value >= 0 else {
        throw SceneError(path: appending(path(), key: name), "expected a finite non-negative number, found \(value)")
      }
    }
    try checkInsets(container.safeAreaInsets, path: appending(path(), key: "safeAreaInsets"))
  }

  /// O(1). - Throws: `SceneError` naming the first non-finite inset by its index.
  static func checkInsets(_ insets: EdgeInsets, path: @autoclosure () -> String) throws(SceneError) {
    for (i, value) in [insets.top, insets.left, insets.bottom, insets.right].enumerated() where !value.isFinite {
      throw SceneError(path: appending(path(), index: i), "expected a finite number, found \(value)")
    }
  }

  /// O(1). - Throws: `SceneError` for a priority outside [1, 1000].
  static func checkPriority(_ value: Double, path: @autoclosure () -> String) throws(SceneError) {
    guard value.isFinite, value >= 1, value <= 1000 else {
      throw SceneError(path: path(), "expected a priority in [1, 1000], found \(value)")
    }
  }
}
