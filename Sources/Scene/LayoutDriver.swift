import LayoutModel

/// Drives a `LayoutBackend` as UIKit drives a screen (formats.md section 2.1, "Layout
/// passes"): a state's layout solves, then takes in what the solve implies — each label's
/// height at its solved width, each view's safe area from its solved frame — and solves
/// again, until nothing moves by more than 0.001, at most ``maximumPasses`` solves. Every
/// caller that lays out a scene (`bench layout`, the measured loop, the tests) goes through
/// it, so every backend follows the same pass rule.
///
/// The backend stays incremental: the new inputs reach it as an ordinary `update` whose
/// delta is, for labels, constant shifts (Scene+IntrinsicSizeShifts.swift), so a pass after
/// a width change re-solves only the constants that moved.
///
/// Usage mirrors the backend's: `load`, then `update` after each `scene.apply`, then
/// ``layoutIfNeeded(_:)``; read with ``writeFrames(of:into:)``, ``diagnostics(of:)``,
/// ``contentSizes(of:)`` and ``passes``. The scene is `inout`: the passes write the widths
/// labels wrap at and the safe-area insets into it.
public final class LayoutDriver<Backend: LayoutBackend> {
  /// Solves per state at most; a state still moving after this many reports `layoutLoop`.
  public static var maximumPasses: Int { 8 }

  public let backend: Backend
  /// Solves made by the last ``layoutIfNeeded(_:)``.
  public private(set) var passes = 0
  /// Views whose inputs still moved after the last allowed solve (empty when settled).
  private var unsettled: [ViewIndex] = []
  /// New inputs the scene took in after a layout that did not settle, not yet given to the
  /// backend (so that the state reports the last solve's frames); given before anything else.
  private var pending: SceneDelta?
  /// Scratch, reused across passes: the solve's frames and root-coordinate origins, with
  /// the pass each origin was computed in.
  private var frames: [Rect] = []
  /// Whether `frames` holds the last solve's frames: the passes read them to find new
  /// inputs, and ``writeFrames(of:into:)`` then copies them instead of reading the
  /// backend a second time.
  private var framesAreCurrent = false
  private var insets: [(view: ViewIndex, insets: EdgeInsets)] = []
  /// The views whose inputs a pass changed (scratch).
  private var changed: [ViewIndex] = []
  private var origins: [(x: Double, y: Double, inScrollContent: Bool)] = []
  private var originPass: [Int] = []
  /// The views a walk to a known origin passed (scratch, kept so a pass allocates nothing).
  private var originChain: [Int] = []
  private var passSerial = 0

  /// Table rows, laid out each by a backend of its own; nil without a way to make one.
  private let tables: TableLayout<Backend>?
  /// The scene's tables, found again when views come or go.
  private var tableViews: [ViewIndex] = []

  /// O(1). The backend should be new: ``load(_:)`` loads the scene into it.
  /// - Parameter rowBackends: makes a new backend like `backend` for each table row
  ///   fitted alone; without it a scene with a table is refused.
  public init(_ backend: Backend, rowBackends: (() -> Backend)? = nil) {
    self.backend = backend
    tables = rowBackends.map { TableLayout(makeBackend: $0) }
  }

  /// Loads the scene into the backend.
  /// - Throws: the backend's `load` error; `.unsupported` for a table without `rowBackends`.
  public func load(_ scene: inout Scene) throws(LayoutError) {
    framesAreCurrent = false
    try findTables(scene)
    tables?.load(scene)
    try backend.load(scene)
  }

  /// Gives the backend a change the scene has applied.
  /// - Throws: the backend's `update` error.
  public func update(_ scene: inout Scene, _ delta: SceneDelta) throws(LayoutError) {
    framesAreCurrent = false
    try deliverPending(scene)
    if !delta.addedViews.isEmpty || !delta.removedViews.isEmpty { try findTables(scene) }
    if !tableViews.isEmpty { tables?.note(scene, delta) }
    try backend.update(scene, delta)
  }

  /// Lays the scene out: labels first take the widths of the last solve (a new text or
  /// scale may have changed them), then solve, take in, solve again, until settled.
  /// - Complexity: per pass, the backend's layout, plus O(views) to read frames when the
  ///   scene has text or a view reading its safe area under the root's unsafe bands.
  /// - Throws: the backend's `update` or `layoutIfNeeded` error.
  public func layoutIfNeeded(_ scene: inout Scene) throws(LayoutError) {
    try layOutPasses(&scene)
    guard let tables, !tableViews.isEmpty else { return }
    if !framesAreCurrent { readFrames(scene) }
    try frames.withUnsafeBufferPointer { frames throws(LayoutError) in
      try tables.layOut(&scene, tables: tableViews, frames: frames)
    }
  }

  /// The pass loop of the table's own scene (rows are laid out after it: nothing in a row
  /// reaches outside it).
  private func layOutPasses(_ scene: inout Scene) throws(LayoutError) {
    framesAreCurrent = false
    try deliverPending(scene)
    let start = scene.refreshTextSizesFromRecordedWidths()
    if !start.elements.isEmpty {
      if !tableViews.isEmpty { tables?.note(scene, start) }
      try backend.update(scene, start)
    }
    unsettled = []
    passes = 0
    while true {
      try backend.layoutIfNeeded(scene)
      passes += 1
      let needsInsets = Self.mayHaveInsets(scene)
      guard !scene.textViews.isEmpty || needsInsets else { return }
      readFrames(scene)
      insets.removeAll(keepingCapacity: true)
      if needsInsets { frames.withUnsafeBufferPointer { collectMovedInsets(scene, $0) } }
      let delta = frames.withUnsafeBufferPointer { scene.takeInSolve(frames: $0, insets: insets, changed: &changed) }
      if changed.isEmpty { return }
      if passes == Self.maximumPasses {
        pending = delta
        unsettled = changed
        return
      }
      // Insets that nothing reads change no constraint: the next solve is the same one,
      // counted (the pass rule counts solves) but not asked of the backend again.
      if !delta.elements.isEmpty {
        framesAreCurrent = false
        try backend.update(scene, delta)
      }
    }
  }

  /// The backend's frames (``LayoutBackend/writeFrames(of:into:)``), with table rows
  /// placed and their subtrees from their own layouts. O(views).
  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    if framesAreCurrent {
      // The passes read these after the last solve; the slots of removed views keep
      // whatever the caller had, as a backend's read leaves them.
      self.frames.withUnsafeBufferPointer { cached in
        for (v, parent) in scene.parentSlots.enumerated() where parent != Scene.removedSlot { frames[v] = cached[v] }
      }
    } else {
      backend.writeFrames(of: scene, into: frames)
    }
    if !tableViews.isEmpty { tables?.writeFrames(of: scene, into: frames) }
  }

  /// The backend's diagnostics, then `layoutLoop` when the last layout did not settle,
  /// then those of the fitted rows' layouts.
  public func diagnostics(of scene: Scene) -> [LayoutDiagnostic] {
    var result = backend.diagnostics(of: scene)
    if !unsettled.isEmpty {
      result.append(.layoutLoop(views: unsettled.sorted().compactMap { scene.view($0)?.id }))
    }
    if let tables, !tableViews.isEmpty { result += tables.diagnostics() }
    return result
  }

  /// Every present scroll view's content size (a table's: its width, the sum of its rows'
  /// heights; one inside a table row: its row's own layout's), by view index. O(views),
  /// plus O(row subtree) per scroll view inside a row.
  public func contentSizes(of scene: Scene) -> [(view: ViewIndex, size: AxisPair<Double>)] {
    scene.scrollViews.compactMap { v in
      if let placement = tables?.placements[v] {
        return (v, AxisPair(horizontal: placement.width, vertical: placement.contentHeight))
      }
      if let tables, !tableViews.isEmpty, let size = tables.contentSize(of: v, in: scene) { return (v, size) }
      return backend.contentSize(of: v, in: scene).map { (v, $0) }
    }
  }

  /// Per table, in index order, the rows not fitted (whose frames are estimates).
  public func estimatedRows(of scene: Scene) -> [(table: ViewIndex, rows: [ViewIndex])] {
    tableViews.isEmpty ? [] : tables?.estimatedRows(of: scene) ?? []
  }

  /// The backend's counters; with tables, `pivots` and `cellsTouched` also count the rows'
  /// own layouts.
  public var counters: SolverCounters {
    var counters = backend.counters
    if let tables, !tableViews.isEmpty {
      let rows = tables.counters
      counters.pivots += rows.pivots
      counters.cellsTouched += rows.cellsTouched
    }
    return counters
  }

  // MARK: Passes

  /// The tables this scene lays out: those in no table row (a table inside a row is laid
  /// out by that row's own layout, with the row's frames).
  private func findTables(_ scene: Scene) throws(LayoutError) {
    tableViews = scene.tables.filter { scene.row(of: $0) == nil }
    if !tableViews.isEmpty, tables == nil, let id = scene.view(tableViews[0])?.id {
      throw .unsupported("table '\(id)' needs a backend per row, and this layout was given none")
    }
  }

  private func deliverPending(_ scene: Scene) throws(LayoutError) {
    guard let delta = pending else { return }
    pending = nil
    try backend.update(scene, delta)
  }

  /// Whether any view can have safe-area insets: the root has an unsafe band, or some
  /// view still has insets from an earlier layout. O(1).
  private static func mayHaveInsets(_ scene: Scene) -> Bool {
    !scene.container.safeAreaInsets.isZero || scene.viewsWithInsets > 0
  }

  /// Every present, visible, non-root view whose insets from this solve differ from its
  /// stored ones by more than 0.001, into ``insets``. O(views).
  private func collectMovedInsets(_ scene: Scene, _ frames: UnsafeBufferPointer<Rect>) {
    for v in scene.parentSlots.indices where scene.parentSlots[v] >= 0 {
      let index = ViewIndex(v)
      // Read in place: `scene.views[v]` copied the whole `View` (Scene+ViewFields.swift).
      guard scene.arrangement(of: index)?.isHidden == false else { continue }
      let new = insetsOf(index, scene, frames)
      let old = scene.safeAreaInsets(of: index)
      if abs(old.top - new.top) > 0.001 || abs(old.left - new.left) > 0.001 || abs(old.bottom - new.bottom) > 0.001
        || abs(old.right - new.right) > 0.001
      {
        insets.append((index, new))
      }
    }
  }

  private func readFrames(_ scene: Scene) {
    if frames.count < scene.views.count {
      frames.append(contentsOf: repeatElement(.zero, count: scene.views.count - frames.count))
    }
    frames.withUnsafeMutableBufferPointer { backend.writeFrames(of: scene, into: $0) }
    framesAreCurrent = true
    passSerial += 1
  }

  /// A view's insets: zero in scrolling content, else the bands' reach into its frame in
  /// root coordinates. O(depth) the first time a pass meets a branch, O(1) after.
  private func insetsOf(_ v: ViewIndex, _ scene: Scene, _ frames: UnsafeBufferPointer<Rect>) -> EdgeInsets {
    let origin = rootOrigin(of: v, scene, frames)
    guard !origin.inScrollContent else { return .zero }
    let frame = frames[v.index]
    return scene.bandInsets(of: Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height))
  }

  /// The view's origin in root coordinates (its frame's origin plus its ancestors') and
  /// whether it lies in a scroll view's content. Memoised per pass, so all views together
  /// cost O(views).
  private func rootOrigin(
    of v: ViewIndex, _ scene: Scene, _ frames: UnsafeBufferPointer<Rect>
  ) -> (x: Double, y: Double, inScrollContent: Bool) {
    if origins.count < scene.views.count {
      origins.append(
        contentsOf: repeatElement((x: 0.0, y: 0.0, inScrollContent: false), count: scene.views.count - origins.count))
      originPass.append(contentsOf: repeatElement(0, count: scene.views.count - originPass.count))
    }
    originChain.removeAll(keepingCapacity: true)
    var current = v.index
    while originPass[current] != passSerial {
      originChain.append(current)
      let parent = scene.parentSlots[current]
      guard parent >= 0 else { break }
      current = Int(parent)
    }
    for index in originChain.reversed() {
      let parent = Int(scene.parentSlots[index])
      let base = parent >= 0 ? origins[parent] : (x: 0.0, y: 0.0, inScrollContent: false)
      // The root sits at the container's origin; everything else at its frame in its parent.
      let frame = parent >= 0 ? frames[index] : Rect.zero
      let inScrollContent = base.inScrollContent || (parent >= 0 && scene.isScrollView(ViewIndex(parent)))
      origins[index] = (base.x + frame.x, base.y + frame.y, inScrollContent)
      originPass[index] = passSerial
    }
    return origins[v.index]
  }
}
