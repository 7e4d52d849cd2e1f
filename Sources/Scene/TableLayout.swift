import LayoutModel

/// The rows of a scene's tables (formats.md section 2.1, "Tables with self-sizing rows"),
/// owned by a ``LayoutDriver``: which rows are fitted, each fitted row laid out alone as a
/// scene of its own (``Scene/rowScene(of:width:widths:)``) by a backend of the driver's
/// kind, and every row's place.
///
/// A row is fitted when it first scrolls into view and keeps its height until its subtree
/// or its table's width changes; then, judged with the heights before the change, a
/// visible row is fitted again — after a width change by resizing its own scene, an
/// incremental re-solve — and any other returns to the estimate. Rows are independent:
/// fitting one costs the size of that row, whatever the table's length.
final class TableLayout<Backend: LayoutBackend> {
  /// One row's own layout: its scene (the row its root), the driver that lays it out, and
  /// by row-scene index the view's index in the table's scene.
  struct RowFit {
    var scene: Scene
    let driver: LayoutDriver<Backend>
    let indices: [ViewIndex]
    /// The row's frames in its own scene, by row-scene index, as of its last layout.
    var frames: [Rect]
    var isFitted: Bool
    /// The row's subtree changed since this fit was built: fitting it again rebuilds it.
    var isStale = false
    var height: Double { frames[scene.root.index].height }
    var width: Double { scene.container.width }
  }

  private let makeBackend: () -> Backend
  // The arrays below are read and written only by this class's own methods, one access at
  // a time (a fit's layout is another instance's): `@exclusivity(unchecked)` drops the
  // run-time check each access to a class's stored property pays, which was a third of a
  // scroll's work on a 1,875-row table when every row was visited.
  /// Fits by row, through `fitSlot` (view index → index into `fits`, −1 for none), so that
  /// writing frames reads no dictionary per view.
  @exclusivity(unchecked) private(set) var fits: [RowFit] = []
  @exclusivity(unchecked) private(set) var fitSlot: [Int32] = []
  /// Each fitted row's height by view index, NaN for a row not fitted (and any other
  /// view).
  @exclusivity(unchecked) private var fittedHeights: [Double] = []
  /// Per table laid out, in the order the driver gives them: its rows, heights and tops.
  @exclusivity(unchecked) var placements: [TableRows] = []
  /// By view index, for a row of a table in ``placements``: that table's index there and
  /// the row's position in it (−1 for other views).
  @exclusivity(unchecked) private var rowPlacement: [Int32] = []
  @exclusivity(unchecked) private var rowPosition: [Int32] = []
  /// Fitted rows whose fits were marked stale since the last layout (each once): the rows
  /// a layout judges again, without a pass over every row.
  @exclusivity(unchecked) private var staleRows: [ViewIndex] = []
  /// Rows whose fit was made, replaced or dropped since their subtrees' frames were last
  /// written into the driver's frames (``applyFrames(of:into:full:)``).
  @exclusivity(unchecked) var rewrittenRows: [ViewIndex] = []
  /// Scratch: positions of rows (in view, or to judge again), reused across layouts.
  @exclusivity(unchecked) private var positions: [Int] = []
  @exclusivity(unchecked) private var judged: [(position: Int, isVisible: Bool)] = []
  /// The row of each user constraint in a row, so a removed constraint still names it.
  private var constraintRows: [Int: ViewIndex] = [:]
  /// The inverse, by outermost row: what a row's scene takes, without a pass over every
  /// constraint of the table's scene per fit.
  private var rowConstraints: [ViewIndex: Set<Int>] = [:]
  /// Work of row layouts replaced since, so that counters only grow.
  private var retiredWork = SolverCounters()
  private var fitsMade = 0

  init(makeBackend: @escaping () -> Backend) {
    self.makeBackend = makeBackend
  }

  /// Remembers which row each constraint in a row belongs to. O(constraints).
  func load(_ scene: Scene) {
    for (c, constraint) in scene.constraints.enumerated() {
      guard let constraint, let row = scene.row(of: scene.ownerView(of: constraint.first.item)) else { continue }
      remember(c, in: outermostRow(of: row, scene))
    }
  }

  private func remember(_ c: Int, in row: ViewIndex) {
    constraintRows[c] = row
    rowConstraints[row, default: []].insert(c)
  }

  /// Notes the rows a change touched: their fits are rebuilt when next fitted.
  /// O(elements), plus a dictionary operation per constraint element.
  func note(_ scene: Scene, _ delta: SceneDelta) {
    for element in delta.elements {
      switch element {
      case .container: break
      case .view(let v), .stack(let v):
        if let row = scene.row(of: v) { changed(row, scene) }
      case .constraint(let c):
        if let constraint = scene.constraints[c] {
          if let row = scene.row(of: scene.ownerView(of: constraint.first.item)) {
            remember(c, in: outermostRow(of: row, scene))
            changed(row, scene)
          }
        } else if let row = constraintRows.removeValue(forKey: c) {
          rowConstraints[row]?.remove(c)
          changed(row, scene)
        }
      }
    }
  }

  /// Fits and places the rows of every table, `frames` being the table scene's solved
  /// frames (the tables' own sizes). Writes clamped offsets back into the scene.
  /// - Complexity: per table, O(log rows + rows in view) per round of the fitting loop,
  ///   plus the fits made and a pass of additions over the rows after each height that
  ///   changed; O(rows) when the table's width or its list of rows changed.
  /// - Throws: a row layout's error.
  func layOut(_ scene: inout Scene, tables: [ViewIndex], frames: UnsafeBufferPointer<Rect>) throws(LayoutError) {
    syncPlacements(tables)
    for p in placements.indices {
      let table = placements[p].table
      guard let estimate = scene.estimatedRowHeight(of: table) else { continue }
      let width = frames[table.index].width
      let visibleHeight = frames[table.index].height
      let rows = scene.children(of: table)
      if !placements[p].holds(rows, estimate: estimate) { resetRows(p, rows, estimate: estimate, scene) }
      var offset = scene.tableOffsets[table.index]

      // Changed rows and, after a width change, every fitted row: judged with the heights
      // from before the change, then fitted again or returned to the estimate.
      let widthChanged = !(abs(placements[p].width - width) <= 1e-9)
      placements[p].refreshTops()
      positions.removeAll(keepingCapacity: true)
      if widthChanged {
        for (k, row) in rows.enumerated() where fittedHeight(of: row) != nil { positions.append(k) }
      } else {
        for row in staleRows where row.index < rowPlacement.count && Int(rowPlacement[row.index]) == p && fittedHeight(of: row) != nil {
          let k = Int(rowPosition[row.index])
          if rows[k].index == row.index { positions.append(k) }
        }
        positions.sort()
      }
      judged.removeAll(keepingCapacity: true)
      do {
        let (tops, bottom) = (placements[p].tops, offset + visibleHeight)
        for k in positions { judged.append((k, tops[k] < bottom && tops[k + 1] > offset)) }
      }
      for (k, isVisible) in judged {
        if isVisible {
          try fitRow(rows[k], of: &scene, width: width)
        } else {
          setFitted(rows[k], false)
        }
      }

      // Fit what is visible, clamp the offset, until nothing changes.
      while true {
        placements[p].refreshTops()
        positions.removeAll(keepingCapacity: true)
        placements[p].appendVisible(offset: offset, visibleHeight: visibleHeight, into: &positions)
        var fitted = false
        for k in positions where fittedHeight(of: rows[k]) == nil {
          try fitRow(rows[k], of: &scene, width: width)
          fitted = true
        }
        placements[p].refreshTops()
        let content = placements[p].contentHeight
        let clamped = min(max(offset, 0), max(0, content - visibleHeight))
        let moved = clamped != offset
        offset = clamped
        if !fitted && !moved { break }
      }
      scene.tableOffsets[table.index] = offset
      placements[p].width = width
    }
    staleRows.removeAll(keepingCapacity: true)
  }

  /// Makes ``placements`` follow `tables` (the driver finds them again when views come or
  /// go), keeping each table's rows; every row is mapped again at its table's next layout.
  /// O(tables²) plus O(views) when they changed, O(tables) otherwise.
  private func syncPlacements(_ tables: [ViewIndex]) {
    var same = placements.count == tables.count
    if same {
      for (p, table) in tables.enumerated() where placements[p].table.index != table.index { same = false }
    }
    guard !same else { return }
    for v in rowPlacement.indices {
      rowPlacement[v] = -1
      rowPosition[v] = -1
    }
    placements = tables.map { table in
      var kept = placements.first { $0.table.index == table.index } ?? TableRows(table: table)
      kept.reset(rows: [], estimate: .nan) { _ in nil }
      return kept
    }
  }

  /// Gives table `p` its rows, from the fits' heights, and maps each row to its place.
  /// O(rows).
  private func resetRows(_ p: Int, _ rows: [ViewIndex], estimate: Double, _ scene: Scene) {
    if rowPlacement.count < scene.views.count {
      rowPlacement.append(contentsOf: repeatElement(-1, count: scene.views.count - rowPlacement.count))
      rowPosition.append(contentsOf: repeatElement(-1, count: scene.views.count - rowPosition.count))
    }
    for row in placements[p].rows where Int(rowPlacement[row.index]) == p {
      rowPlacement[row.index] = -1
      rowPosition[row.index] = -1
    }
    placements[p].reset(rows: rows, estimate: estimate) { fittedHeight(of: $0) }
    for (k, row) in rows.enumerated() {
      rowPlacement[row.index] = Int32(p)
      rowPosition[row.index] = Int32(k)
    }
  }

  /// The row of a top-level table that `row` is or lies in. O(nesting).
  private func outermostRow(of row: ViewIndex, _ scene: Scene) -> ViewIndex {
    var current = row
    while let outer = scene.parent(of: current).flatMap({ scene.row(of: $0) }) { current = outer }
    return current
  }

  /// Diagnostics of the fitted rows' own layouts, table by table, row by row.
  func diagnostics() -> [LayoutDiagnostic] {
    placements.flatMap { placement in
      placement.rows.compactMap { fit(of: $0) }.filter(\.isFitted).flatMap { $0.driver.diagnostics(of: $0.scene) }
    }
  }

  /// The rows not fitted, per table in index order: this scene's tables, and those inside
  /// fitted rows, from the rows' own layouts.
  func estimatedRows(of scene: Scene) -> [(table: ViewIndex, rows: [ViewIndex])] {
    var result: [(table: ViewIndex, rows: [ViewIndex])] = placements.map { placement in
      (placement.table, placement.rows.filter { fittedHeight(of: $0) == nil })
    }
    for placement in placements {
      for row in placement.rows {
        guard fittedHeight(of: row) != nil, let fit = fit(of: row) else { continue }
        for (table, rows) in fit.driver.estimatedRows(of: fit.scene) {
          result.append((fit.indices[table.index], rows.map { fit.indices[$0.index] }))
        }
      }
    }
    return result.sorted { $0.table < $1.table }
  }

  /// A table's width and content height after the last layout; nil for a table this
  /// layout has not placed. O(tables).
  func contentSize(ofTable table: ViewIndex) -> AxisPair<Double>? {
    placements.first { $0.table.index == table.index }.map { AxisPair(horizontal: $0.width, vertical: $0.contentHeight) }
  }

  /// The content size of scroll view `v` in a row's subtree, from that row's own layout
  /// (the table's scene lays nothing in a row out); zero while the row is not fitted, as
  /// its subtree's frames are. Nil when `v` is in no row. O(row subtree).
  func contentSize(of v: ViewIndex, in scene: Scene) -> AxisPair<Double>? {
    guard let innermost = scene.row(of: v) else { return nil }
    let row = outermostRow(of: innermost, scene)
    guard let fit = fit(of: row), fit.isFitted, let local = fit.indices.firstIndex(of: v) else {
      return AxisPair(horizontal: 0, vertical: 0)
    }
    return fit.driver.contentSizes(of: fit.scene).first { $0.view.index == local }?.size
  }

  /// Row layouts' work: those in use and those replaced; `rowsFitted` counts every fit
  /// (first fits, rebuilds and resizes).
  var counters: SolverCounters {
    var total = retiredWork
    total.rowsFitted = fitsMade
    for fit in fits {
      let work = fit.driver.counters
      total.pivots += work.pivots
      total.cellsTouched += work.cellsTouched
    }
    return total
  }

  // MARK: Fitting

  /// Marks the fit of `row` stale, and those of the rows around it: a table inside a row
  /// is laid out by that row's own layout, so a change in its rows changes the row. O(nesting).
  private func changed(_ row: ViewIndex, _ scene: Scene) {
    var current: ViewIndex? = row
    while let r = current {
      if r.index < fitSlot.count, fitSlot[r.index] >= 0, !fits[Int(fitSlot[r.index])].isStale {
        fits[Int(fitSlot[r.index])].isStale = true
        staleRows.append(r)
      }
      current = scene.parent(of: r).flatMap { scene.row(of: $0) }
    }
  }

  /// The row's height when it is fitted. O(1), from ``fittedHeights`` (``fit(of:)`` copies
  /// the fit, its scene included: a retain of each of its arrays, per row per round).
  func fittedHeight(of row: ViewIndex) -> Double? {
    guard row.index < fittedHeights.count else { return nil }
    let height = fittedHeights[row.index]
    return height.isNaN ? nil : height
  }

  private func fit(of row: ViewIndex) -> RowFit? {
    row.index < fitSlot.count && fitSlot[row.index] >= 0 ? fits[Int(fitSlot[row.index])] : nil
  }

  /// Marks the row fitted at its fit's current height, or not fitted, in its table's
  /// heights too; its subtree's frames are to be written again. O(1).
  private func setFitted(_ row: ViewIndex, _ isFitted: Bool) {
    guard row.index < fitSlot.count, fitSlot[row.index] >= 0 else { return }
    let slot = Int(fitSlot[row.index])
    fits[slot].isFitted = isFitted
    if fittedHeights.count <= row.index {
      fittedHeights.append(contentsOf: repeatElement(.nan, count: row.index + 1 - fittedHeights.count))
    }
    let height = isFitted ? fits[slot].frames[fits[slot].scene.root.index].height : Double.nan
    fittedHeights[row.index] = height
    if row.index < rowPlacement.count, rowPlacement[row.index] >= 0 {
      placements[Int(rowPlacement[row.index])].setHeight(Int(rowPosition[row.index]), isFitted ? height : nil)
    }
    rewrittenRows.append(row)
  }

  /// Fits `row` at `width`: a fit of the same subtree is resized in place (its solver
  /// re-solves what the width changes); otherwise the row's scene is built afresh, its
  /// labels starting from the widths of the fit it replaces.
  private func fitRow(_ row: ViewIndex, of scene: inout Scene, width: Double) throws(LayoutError) {
    fitsMade += 1
    if row.index < fitSlot.count, fitSlot[row.index] >= 0, !fits[Int(fitSlot[row.index])].isStale {
      let slot = Int(fitSlot[row.index])
      if fits[slot].width != width {
        let delta: SceneDelta
        do {
          delta = try fits[slot].scene.apply(.resizeContainer(width: width, height: 0, safeAreaInsets: nil), path: "")
        } catch {
          throw .unsupported("table row '\(scene.view(row)?.id ?? "")' cannot take the width \(width): \(error)")
        }
        try fits[slot].driver.update(&fits[slot].scene, delta)
        try fits[slot].driver.layoutIfNeeded(&fits[slot].scene)
        readFrames(slot)
      }
      setFitted(row, true)
      return
    }
    var widths: [String: Double] = [:]
    if let old = fit(of: row) {
      for v in old.scene.textViews {
        if let id = old.scene.view(v)?.id { widths[id] = old.scene.textWidthSlots[v.index] }
      }
      let work = old.driver.counters
      retiredWork.pivots += work.pivots
      retiredWork.cellsTouched += work.cellsTouched
    }
    let built: (scene: Scene, indices: [ViewIndex])
    do {
      built = try scene.rowScene(of: row, width: width, widths: widths, constraints: (rowConstraints[row] ?? []).sorted())
    } catch {
      throw .unsupported("table row '\(scene.view(row)?.id ?? "")' cannot be laid out alone: \(error)")
    }
    let driver = LayoutDriver(makeBackend(), rowBackends: makeBackend)
    var rowScene = built.scene
    if let element = Backend.unsupportedElement(in: rowScene) { throw .unsupported(element) }
    try driver.load(&rowScene)
    try driver.layoutIfNeeded(&rowScene)
    let fit = RowFit(
      scene: rowScene, driver: driver, indices: built.indices, frames: Array(repeating: .zero, count: rowScene.views.count),
      isFitted: true)
    if fitSlot.count < scene.views.count { fitSlot.append(contentsOf: repeatElement(-1, count: scene.views.count - fitSlot.count)) }
    let slot: Int
    if fitSlot[row.index] >= 0 {
      slot = Int(fitSlot[row.index])
      fits[slot] = fit
    } else {
      slot = fits.count
      fits.append(fit)
      fitSlot[row.index] = Int32(slot)
    }
    readFrames(slot)
    setFitted(row, true)
  }

  /// The fit's frames from its driver, in place. O(row's views).
  private func readFrames(_ slot: Int) {
    let count = fits[slot].scene.views.count
    if fits[slot].frames.count < count {
      fits[slot].frames.append(contentsOf: repeatElement(.zero, count: count - fits[slot].frames.count))
    }
    let (driver, scene) = (fits[slot].driver, fits[slot].scene)
    fits[slot].frames.withUnsafeMutableBufferPointer { driver.writeFrames(of: scene, into: $0) }
  }
}
