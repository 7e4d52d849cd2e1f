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
  public private(set) var passes = 0 {
    didSet { if passes > oldValue { solves += passes - oldValue } }
  }
  /// Solves made by every layout so far (`SolverCounters.layoutPasses`).
  private var solves = 0
  /// Views whose inputs still moved after the last allowed solve (empty when settled).
  private var unsettled: [ViewIndex] = []
  /// New inputs the scene took in after a layout that did not settle, not yet given to the
  /// backend (so that the state reports the last solve's frames); given before anything else.
  private var pending: SceneDelta?
  /// Scratch, reused across passes: the solve's frames and root-coordinate origins.
  // The scratch below is read and written only by this class's own methods, one access at
  // a time: `@exclusivity(unchecked)` drops the run-time check each access to a class's
  // stored property pays, which was most of a pass's inset walk (a dozen accesses per view,
  // ten times the 27 µs a 1,000-view stack's resize costs the solver).
  @exclusivity(unchecked) private var frames: [Rect] = []
  /// Whether `frames` holds the last solve's frames: the passes read them to find new
  /// inputs, and ``writeFrames(of:into:)`` then copies them instead of reading the
  /// backend a second time.
  @exclusivity(unchecked) private var framesAreCurrent = false
  /// Whether `frames` also holds the table rows' frames as of the last layout, so that a
  /// layout that changed only rows (a scroll) writes only what it changed into them.
  @exclusivity(unchecked) private var rowFramesAreCurrent = false
  /// Whether the scene has a removed view's slot (slots are never reused): without one,
  /// copying the frames is one block copy.
  @exclusivity(unchecked) private var hasRemovedViews = false
  @exclusivity(unchecked) private var insets: [(view: ViewIndex, insets: EdgeInsets)] = []
  /// The views whose inputs a pass changed (scratch).
  @exclusivity(unchecked) private var changed: [ViewIndex] = []
  @exclusivity(unchecked) private var origins: [(x: Double, y: Double, inScrollContent: Bool)] = []
  /// The views a walk to a known origin passed (scratch, kept so a pass allocates nothing).
  @exclusivity(unchecked) private var originChain: [Int] = []

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
    hasRemovedViews = scene.parentSlots.withUnsafeBufferPointer { parents in
      for parent in parents where parent == Scene.removedSlot { return true }
      return false
    }
    try findTables(scene)
    tables?.load(scene)
    try backend.load(scene)
  }

  /// Gives the backend a change the scene has applied.
  /// - Throws: the backend's `update` error.
  public func update(_ scene: inout Scene, _ delta: SceneDelta) throws(LayoutError) {
    // A change that touches nothing (a `scrollTo`) leaves the frames as the last solve
    // left them: the next layout need not read them again.
    if !delta.elements.isEmpty || !delta.addedViews.isEmpty || !delta.removedViews.isEmpty { framesAreCurrent = false }
    if !delta.removedViews.isEmpty { hasRemovedViews = true }
    try deliverPending(scene)
    if !delta.addedViews.isEmpty || !delta.removedViews.isEmpty { try findTables(scene) }
    if !tableViews.isEmpty { tables?.note(scene, delta) }
    try backend.update(scene, delta)
  }

  /// Lays the scene out: labels first take the widths of the last solve (a new text or
  /// scale may have changed them), then solve, take in, solve again, until settled.
  /// - Complexity: per pass, the backend's layout, plus O(views) to read frames when the
  ///   scene has text or a view reading its safe area under the root's unsafe bands. With
  ///   tables, the rows' layout (``TableLayout``), then O(views) to read the frames if
  ///   anything reached the backend, else (a scroll) only the frames of the rows fitted
  ///   and of the rows below them.
  /// - Throws: the backend's `update` or `layoutIfNeeded` error.
  public func layoutIfNeeded(_ scene: inout Scene) throws(LayoutError) {
    try layOutPasses(&scene)
    guard let tables, !tableViews.isEmpty else { return }
    if !framesAreCurrent { readFrames(scene) }
    try frames.withUnsafeBufferPointer { frames throws(LayoutError) in
      try tables.layOut(&scene, tables: tableViews, frames: frames)
    }
    // The rows' frames go into the table scene's: the passes read `frames` only after
    // reading the backend again, and reading the frames is then one copy.
    let full = !rowFramesAreCurrent
    frames.withUnsafeMutableBufferPointer { tables.applyFrames(of: scene, into: $0, full: full) }
    rowFramesAreCurrent = true
  }

  /// The pass loop of the table's own scene (rows are laid out after it: nothing in a row
  /// reaches outside it).
  private func layOutPasses(_ scene: inout Scene) throws(LayoutError) {
    if pending != nil { framesAreCurrent = false }
    try deliverPending(scene)
    // Nothing reached the backend since the frames were last read and taken in (a
    // scroll): the labels already have the sizes of the widths recorded then, the solve is
    // the last one again, and so is everything it implies.
    let unchanged = framesAreCurrent
    let start = unchanged ? SceneDelta() : scene.refreshTextSizesFromRecordedWidths()
    framesAreCurrent = false
    if !start.elements.isEmpty {
      if !tableViews.isEmpty { tables?.note(scene, start) }
      try backend.update(scene, start)
    }
    unsettled = []
    passes = 0
    while true {
      try backend.layoutIfNeeded(scene)
      passes += 1
      if unchanged {
        framesAreCurrent = true
        return
      }
      let needsInsets = Self.mayHaveInsets(scene)
      guard !scene.textViews.isEmpty || needsInsets else { return }
      readFrames(scene)
      if needsInsets && insets.capacity < scene.views.count {
        // Every view's insets can move in one pass (a rotation): the lists hold them all
        // from the first pass under the bands on, so that no later pass grows them (an edit
        // sliding a sheet into the status bar allocated there).
        insets.reserveCapacity(scene.views.count)
        changed.reserveCapacity(2 * scene.views.count)
      }
      insets.removeAll(keepingCapacity: true)
      if needsInsets { frames.withUnsafeBufferPointer { collectMovedInsets(scene, $0) } }
      let delta = frames.withUnsafeBufferPointer { scene.takeInSolve(frames: $0, insets: insets, changed: &changed) }
      if changed.isEmpty { return }
      if passes == Self.maximumPasses {
        pending = delta
        unsettled = changed
        return
      }
      // Insets that nothing reads change no constraint: the next solve would be this one
      // again and take in nothing new, so it is counted (the pass rule counts solves) and
      // neither asked of the backend nor read.
      guard !delta.elements.isEmpty else {
        passes += 1
        return
      }
      framesAreCurrent = false
      try backend.update(scene, delta)
    }
  }

  /// The backend's frames (``LayoutBackend/writeFrames(of:into:)``), with table rows
  /// placed and their subtrees from their own layouts. O(views): after a layout, one copy.
  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    if framesAreCurrent {
      // The passes read these after the last solve, and a layout put the rows' frames in
      // them; the slots of removed views keep whatever the caller had, as a backend's read
      // leaves them.
      self.frames.withUnsafeBufferPointer { cached in
        guard hasRemovedViews else {
          if let to = frames.baseAddress, let from = cached.baseAddress { to.update(from: from, count: scene.views.count) }
          return
        }
        scene.parentSlots.withUnsafeBufferPointer { parents in
          for v in parents.indices where parents[v] != Scene.removedSlot { frames[v] = cached[v] }
        }
      }
      if !rowFramesAreCurrent, !tableViews.isEmpty { tables?.writeFrames(of: scene, into: frames) }
    } else {
      backend.writeFrames(of: scene, into: frames)
      if !tableViews.isEmpty { tables?.writeFrames(of: scene, into: frames) }
    }
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
      if let size = tables?.contentSize(ofTable: v) { return (v, size) }
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
    counters.layoutPasses = solves
    if let tables, !tableViews.isEmpty {
      let rows = tables.counters
      counters.pivots += rows.pivots
      counters.cellsTouched += rows.cellsTouched
      counters.rowsFitted = rows.rowsFitted
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
  /// stored ones by more than 0.001, into ``insets``, ascending. One pass over raw buffers:
  /// it runs after every solve of a screen under the bands, so its cost per view is what
  /// a pass adds to a resize. A view's origin in root coordinates is its frame's origin plus
  /// its parent's, memoised for this pass (a parent listed after its child is walked to
  /// once). O(views).
  private func collectMovedInsets(_ scene: Scene, _ frames: UnsafeBufferPointer<Rect>) {
    let count = scene.views.count
    if origins.count < count {
      origins.append(contentsOf: repeatElement((x: 0.0, y: 0.0, inScrollContent: false), count: count - origins.count))
    }
    origins[scene.root.index] = (0, 0, false)
    let clear = BandFreeRegion(scene)
    origins.withUnsafeMutableBufferPointer { origins in
      scene.parentSlots.withUnsafeBufferPointer { parents in
        scene.flagSlots.withUnsafeBufferPointer { flags in
          scene.safeAreaSlots.withUnsafeBufferPointer { stored in
            let walk = OriginWalk(origins: origins, parents: parents, flags: flags, frames: frames)
            for v in 0..<count where parents[v] >= 0 {
              let origin = walk.rootOrigin(of: v, &originChain)
              let old = stored[v]
              if origin.inScrollContent && old.isZero { continue }
              let frame = frames[v]
              // Most views meet no band: their insets stay zero without computing them.
              if old.isZero && clear.contains(x: origin.x, y: origin.y, width: frame.width, height: frame.height) {
                continue
              }
              guard flags[v] & Scene.hiddenFlag == 0 else { continue }
              let new =
                origin.inScrollContent
                ? EdgeInsets.zero
                : scene.bandInsets(of: Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height))
              if abs(old.top - new.top) > 0.001 || abs(old.left - new.left) > 0.001
                || abs(old.bottom - new.bottom) > 0.001 || abs(old.right - new.right) > 0.001
              {
                insets.append((ViewIndex(v), new))
              }
            }
          }
        }
      }
    }
  }

  private func readFrames(_ scene: Scene) {
    if frames.count < scene.views.count {
      frames.append(contentsOf: repeatElement(.zero, count: scene.views.count - frames.count))
    }
    frames.withUnsafeMutableBufferPointer { backend.writeFrames(of: scene, into: $0) }
    framesAreCurrent = true
    rowFramesAreCurrent = false
  }
}

/// Where a frame meets none of the root's unsafe bands, so that `Scene.bandInsets(of:)`
/// gives it zero insets: wholly inside the safe rect, or wholly outside the container on
/// one side (a band lies within the container). Tested before computing the insets of
/// every view after every solve, it leaves the full computation to the few views near the
/// bands.
private struct BandFreeRegion {
  let safeMinX, safeMinY, safeMaxX, safeMaxY: Double
  /// Beyond these a frame is wholly outside the container, and clear of a band wider than
  /// it too: at or below `below`, at or right of `right`, ending at or above `above`, at or
  /// left of `left`.
  let below, right, above, left: Double

  init(_ scene: Scene) {
    let (container, safe) = (scene.container, scene.container.safeAreaInsets)
    (safeMinX, safeMinY) = (safe.left, safe.top)
    (safeMaxX, safeMaxY) = (container.width - safe.right, container.height - safe.bottom)
    (below, right) = (max(container.height, safeMinY), max(container.width, safeMinX))
    (above, left) = (min(0, safeMaxY), min(0, safeMaxX))
  }

  @inline(__always)
  func contains(x: Double, y: Double, width w: Double, height h: Double) -> Bool {
    (x >= safeMinX && y >= safeMinY && x + w <= safeMaxX && y + h <= safeMaxY)
      || y >= below || x >= right || (h > 0 && y + h <= above) || (w > 0 && x + w <= left)
  }
}

/// Root-coordinate origins of one pass, computed in view index order over the driver's
/// scratch: a view whose parent has a lower index (views are usually added after their
/// parents) takes the parent's origin, computed earlier in the pass; one listed before its
/// parent walks up to the first ancestor with a lower index than its own (or the root) and
/// computes the way down.
private struct OriginWalk {
  let origins: UnsafeMutableBufferPointer<(x: Double, y: Double, inScrollContent: Bool)>
  let parents: UnsafeBufferPointer<Int32>
  let flags: UnsafeBufferPointer<UInt8>
  let frames: UnsafeBufferPointer<Rect>

  /// The view's origin in root coordinates and whether it lies in a scroll view's content;
  /// every view of lower index must have been given its origin this pass. O(1) when the
  /// parent's index is lower, else O(depth) (`chain`: scratch).
  @inline(__always)
  func rootOrigin(of v: Int, _ chain: inout [Int]) -> (x: Double, y: Double, inScrollContent: Bool) {
    let parent = Int(parents[v])
    if parent < v {
      let origin = step(from: parent, to: v)
      origins[v] = origin
      return origin
    }
    chain.removeAll(keepingCapacity: true)
    var current = parent
    while current > v, parents[current] >= 0 {
      chain.append(current)
      current = Int(parents[current])
    }
    for index in chain.reversed() { origins[index] = step(from: Int(parents[index]), to: index) }
    let origin = step(from: parent, to: v)
    origins[v] = origin
    return origin
  }

  @inline(__always)
  private func step(from parent: Int, to v: Int) -> (x: Double, y: Double, inScrollContent: Bool) {
    let base = origins[parent]
    let frame = frames[v]
    return (base.x + frame.x, base.y + frame.y, base.inScrollContent || flags[parent] & Scene.scrollViewFlag != 0)
  }
}
