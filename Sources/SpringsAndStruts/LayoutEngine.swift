import LayoutModel
import Scene

/// The state of a springs-and-struts layout, a struct so that the class around it makes
/// one exclusive access per public call (docs/architecture.md explains why).
///
/// A layout is two passes per axis over the tree: bottom-up, every arranged view gets its
/// cost as a function of its size (``Cost``); top-down, each view's size is known and its
/// children are placed — autoresizing children by formula, arranged children by the stack
/// rules solved directly (allocation by marginal cost). Every pass lays out everything:
/// O(P · levels) for P cost pieces, P = O(views · stack depth), O(P log P · levels) at worst.
struct LayoutEngine {
  var levels = PriorityLevels()
  var arena = CostArena()

  /// Frames in superview coordinates, by view index.
  var frames: [Rect] = []
  /// Per view: bit 0 (horizontal) and bit 1 (vertical) set when the rules fix its size and
  /// position along that axis. Only views inside hidden arranged subtrees can lack them.
  var determinate: [UInt8] = []
  /// S₀ of autoresizing views, by view index: the superview's size in the layout the view
  /// entered (docs/scene-semantics.md). See ``ReferenceState``.
  var reference: [AxisPair<Double>] = []
  var referenceState: [ReferenceState] = []
  /// The cost of each arranged view's size as its stack sees it, at `2 · view + axis`
  /// (``stackedCost(of:_:_:)``).
  var costs: [Cost] = []
  /// Present views, every parent before its children.
  var order: [ViewIndex] = []
  /// Marks the views of the current load or update that are new (S₀ rules).
  var isNew: [Bool] = []
  /// Set by `load` and `update`, cleared by a layout pass.
  var needsLayout = false
  /// The priority levels and the parent-first order are rebuilt at the next pass only when
  /// views came, went or changed.
  var levelsAreStale = true
  var orderIsStale = true

  // Per-stack scratch, filled by one stack's computation and read before any other's.
  var visible: [ViewIndex] = []
  var rank: [Int] = []
  var chain = Chain()
  var mainSize: [Double] = []
  var mainPosition: [Double] = []
  var crossSize: [Double] = []
  var crossPosition: [Double] = []
  /// Views whose children ``place(_:_:lenient:)`` has still to place, with their
  /// leniency, the next on top (reused by every pass).
  var placementStack: [(view: ViewIndex, lenient: Bool)] = []
  /// equalCentering under compression (``compressEqualCentering(_:_:canvas:)``).
  var covering = CoveringProgram()
  /// By view index: a scroll view's recipe (``ScrollPins``), nil for any other view.
  var scrollPins: [ScrollPins?] = []
  /// By view index: a scroll view's content size as of the last pass.
  var contentSizes: [AxisPair<Double>] = []
  /// The pins are read again at the next pass only when constraints or views changed.
  var pinsAreStale = true

  /// Views placed since creation (`SolverCounters.cellsTouched`).
  var viewsPlaced = 0

  enum ReferenceState: UInt8 {
    /// Not autoresizing, or not yet entered.
    case none
    /// Entered where only the next pass gives the superview's size: measured when placed.
    case pending
    case known
  }

  static func axisBit(_ axis: Axis) -> UInt8 { axis == .horizontal ? 1 : 2 }

  func isDeterminate(_ v: ViewIndex, _ axis: Axis) -> Bool { determinate[v.index] & Self.axisBit(axis) != 0 }

  // MARK: Loading and updating

  /// Takes the scene in for the first time: every autoresizing view enters (gets its S₀
  /// now when the scene alone gives it, else at the pass). O(views).
  mutating func load(_ scene: Scene) {
    grow(to: scene.views.count)
    for v in scene.views.indices {
      frames[v] = .zero
      determinate[v] = 0
      referenceState[v] = .none
      isNew[v] = scene.isPresent(ViewIndex(v))
    }
    for v in scene.views.indices where isNew[v] { enter(ViewIndex(v), scene) }
    for v in scene.views.indices { isNew[v] = false }
    levelsAreStale = true
    orderIsStale = true
    pinsAreStale = true
    needsLayout = true
  }

  /// Takes in a change `scene.apply` returned `delta` for: removed views are forgotten,
  /// new ones enter. Several changes may come before one pass. O(changed views).
  mutating func update(_ scene: Scene, _ delta: SceneDelta) {
    grow(to: scene.views.count)
    for v in delta.removedViews {
      referenceState[v.index] = .none
      frames[v.index] = .zero
    }
    let changesViews = !delta.addedViews.isEmpty || !delta.removedViews.isEmpty
    if changesViews || delta.elements.contains(where: { if case .view = $0 { true } else { false } }) {
      levelsAreStale = true
    }
    if changesViews { orderIsStale = true }
    if changesViews || delta.elements.contains(where: { if case .constraint = $0 { true } else { false } }) {
      pinsAreStale = true
    }
    // New in this change: an autoresizing view entering with its new superview takes S₀
    // from the superview's frame (ConstraintLayout's rule, the same change only).
    for v in delta.addedViews { isNew[v.index] = true }
    for v in delta.addedViews { enter(v, scene) }
    for v in delta.addedViews { isNew[v.index] = false }
    needsLayout = true
  }

  /// One pass when anything changed since the last: costs bottom-up, then placement
  /// top-down from the root, measuring the S₀ still pending on the way.
  /// - Throws: a ``Refusal`` when the layout cannot be computed exactly.
  mutating func layoutIfNeeded(_ scene: Scene) throws(Refusal) {
    guard needsLayout else { return }
    if levelsAreStale {
      levels.rebuild(from: scene)
      levelsAreStale = false
    }
    if orderIsStale {
      rebuildOrder(scene)
      orderIsStale = false
    }
    if pinsAreStale {
      refreshScrollPins(scene)
      pinsAreStale = false
    }
    try layout(scene)
    needsLayout = false
  }

  private mutating func grow(to count: Int) {
    guard frames.count < count else { return }
    let extra = count - frames.count
    frames.append(contentsOf: repeatElement(.zero, count: extra))
    determinate.append(contentsOf: repeatElement(0, count: extra))
    reference.append(contentsOf: repeatElement(AxisPair(horizontal: 0, vertical: 0), count: extra))
    referenceState.append(contentsOf: repeatElement(.none, count: extra))
    isNew.append(contentsOf: repeatElement(false, count: extra))
    costs.append(contentsOf: repeatElement(.failed(Refusal(view: ViewIndex(0), reason: .ambiguous(.horizontal))), count: 2 * extra))
    scrollPins.append(contentsOf: repeatElement(nil, count: extra))
    contentSizes.append(contentsOf: repeatElement(AxisPair(horizontal: 0, vertical: 0), count: extra))
  }

  /// Breadth-first from the root, leaving out the rows of tables (each is laid out alone,
  /// as a scene of its own, by TableLayout). O(views).
  private mutating func rebuildOrder(_ scene: Scene) {
    order.removeAll(keepingCapacity: true)
    order.append(scene.root)
    var i = 0
    while i < order.count {
      if !scene.isTable(order[i]) { order.append(contentsOf: scene.children(of: order[i])) }
      i += 1
    }
  }

  /// Costs bottom-up (every arranged view's, and every scroll view's content stack's,
  /// which its scroll view's cost may include), the root's frame — its height the
  /// fitted one in a table row's scene — then placement top-down.
  private mutating func layout(_ scene: Scene) throws(Refusal) {
    arena.reset(levels: levels.count)
    for v in order.reversed() where scene.isArrangedInStack(v) || isScrollContent(v, scene) {
      for axis in Axis.allCases { costs[Self.slot(v, axis)] = stackedCost(of: v, axis, scene) }
    }
    let root = scene.root
    var height = scene.container.height
    if let priority = scene.container.fittingHeightPriority, priority < 1000 {
      height = try fittedRootHeight(scene, priority: priority)
    }
    frames[root.index] = Rect(x: 0, y: 0, width: scene.container.width, height: height)
    determinate[root.index] = 3
    try place(root, scene, lenient: false)
  }

  /// Where `costs` holds view `v`'s cost along `axis`. Read `costs[Self.slot(v, axis)]`
  /// rather than through a method of `self`: inside a mutating method such a call made
  /// the optimiser copy the whole engine (528 bytes, a retain per array) for each read.
  @inline(__always)
  static func slot(_ v: ViewIndex, _ axis: Axis) -> Int { 2 * v.index + (axis == .horizontal ? 0 : 1) }
}
