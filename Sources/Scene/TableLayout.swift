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

  /// Where a table's rows are after the last layout, in row order.
  struct Placement {
    var width = Double.nan
    var rows: [ViewIndex] = []
    var ys: [Double] = []
    var heights: [Double] = []
    var contentHeight = 0.0
  }

  private let makeBackend: () -> Backend
  /// Fits by row, through `fitSlot` (view index → index into `fits`, −1 for none), so that
  /// writing frames reads no dictionary per view.
  private var fits: [RowFit] = []
  private var fitSlot: [Int32] = []
  /// Each fitted row's height by view index, NaN for a row not fitted (and any other
  /// view): the loops over every row read only this, not the fits.
  private var fittedHeights: [Double] = []
  /// The row of each user constraint in a row, so a removed constraint still names it.
  private var constraintRows: [Int: ViewIndex] = [:]
  /// The inverse, by outermost row: what a row's scene takes, without a pass over every
  /// constraint of the table's scene per fit.
  private var rowConstraints: [ViewIndex: Set<Int>] = [:]
  private(set) var placements: [ViewIndex: Placement] = [:]
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
  /// - Complexity: O(rows) per table and round, plus the fits made.
  /// - Throws: a row layout's error.
  func layOut(_ scene: inout Scene, tables: [ViewIndex], frames: UnsafeBufferPointer<Rect>) throws(LayoutError) {
    for table in tables {
      guard let estimate = scene.view(table)?.table?.estimatedRowHeight else { continue }
      let width = frames[table.index].width
      let visibleHeight = frames[table.index].height
      var placement = placements[table] ?? Placement()
      let rows = scene.children(of: table)
      var offset = scene.tableOffsets[table.index]
      func heights() -> [Double] { rows.map { fittedHeight(of: $0) ?? estimate } }
      func ys(_ heights: [Double]) -> [Double] {
        var y = 0.0
        return heights.map { h in
          defer { y += h }
          return y
        }
      }
      func isVisible(_ y: Double, _ h: Double) -> Bool { y < offset + visibleHeight && y + h > offset }

      // Changed rows and, after a width change, every fitted row: judged with the heights
      // from before the change.
      let widthChanged = !(abs(placement.width - width) <= 1e-9)
      let before = heights()
      let beforeYs = ys(before)
      for (k, row) in rows.enumerated() {
        guard fittedHeight(of: row) != nil, widthChanged || fits[Int(fitSlot[row.index])].isStale else { continue }
        if isVisible(beforeYs[k], before[k]) {
          try fitRow(row, of: &scene, width: width)
        } else {
          setFitted(row, false)
        }
      }

      // Fit what is visible, clamp the offset, until nothing changes.
      var current = heights()
      while true {
        let tops = ys(current)
        var fitted = false
        for (k, row) in rows.enumerated() where fittedHeight(of: row) == nil && isVisible(tops[k], current[k]) {
          try fitRow(row, of: &scene, width: width)
          fitted = true
        }
        if fitted { current = heights() }
        let content = current.reduce(0, +)
        let clamped = min(max(offset, 0), max(0, content - visibleHeight))
        let moved = clamped != offset
        offset = clamped
        if !fitted && !moved { break }
      }
      scene.tableOffsets[table.index] = offset
      placement.width = width
      placement.rows = rows
      placement.heights = current
      placement.ys = ys(current)
      placement.contentHeight = current.reduce(0, +)
      placements[table] = placement
    }
    placements = placements.filter { scene.view($0.key) != nil }
  }

  /// Writes every row's frame (0, y, T, h) and, for fitted rows, their subtrees' frames from
  /// their own layouts; the subtrees of rows not fitted get zero frames (unchecked, but the
  /// same on every backend). O(views in rows).
  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    for placement in placements.values {
      for (k, row) in placement.rows.enumerated() where scene.isPresent(row) {
        frames[row.index] = Rect(x: 0, y: placement.ys[k], width: placement.width, height: placement.heights[k])
        guard fittedHeight(of: row) != nil else { continue }
        let slot = Int(fitSlot[row.index])
        for (j, v) in fits[slot].indices.enumerated() where v != row && scene.isPresent(v) {
          frames[v.index] = fits[slot].frames[j]
        }
      }
    }
    for v in scene.rowSlots.indices where scene.rowSlots[v] >= 0 && scene.isPresent(v) {
      // A view in a table inside a row belongs to the outermost row's layout.
      let row = outermostRow(of: ViewIndex(Int(scene.rowSlots[v])), scene)
      if row.index != v, fittedHeight(of: row) == nil { frames[v] = .zero }
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
    placements.keys.sorted().flatMap { table in
      placements[table]!.rows.compactMap { fit(of: $0) }.filter(\.isFitted).flatMap { $0.driver.diagnostics(of: $0.scene) }
    }
  }

  /// The rows not fitted, per table in index order: this scene's tables, and those inside
  /// fitted rows, from the rows' own layouts.
  func estimatedRows(of scene: Scene) -> [(table: ViewIndex, rows: [ViewIndex])] {
    var result: [(table: ViewIndex, rows: [ViewIndex])] = placements.keys.sorted().map { table in
      (table, placements[table]!.rows.filter { fittedHeight(of: $0) == nil })
    }
    for placement in placements.values {
      for row in placement.rows {
        guard fittedHeight(of: row) != nil, let fit = fit(of: row) else { continue }
        for (table, rows) in fit.driver.estimatedRows(of: fit.scene) {
          result.append((fit.indices[table.index], rows.map { fit.indices[$0.index] }))
        }
      }
    }
    return result.sorted { $0.table < $1.table }
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
      if r.index < fitSlot.count, fitSlot[r.index] >= 0 { fits[Int(fitSlot[r.index])].isStale = true }
      current = scene.parent(of: r).flatMap { scene.row(of: $0) }
    }
  }

  /// The row's height when it is fitted. O(1), from ``fittedHeights`` (``fit(of:)`` copies
  /// the fit, its scene included: a retain of each of its arrays, per row per round).
  private func fittedHeight(of row: ViewIndex) -> Double? {
    guard row.index < fittedHeights.count else { return nil }
    let height = fittedHeights[row.index]
    return height.isNaN ? nil : height
  }

  private func fit(of row: ViewIndex) -> RowFit? {
    row.index < fitSlot.count && fitSlot[row.index] >= 0 ? fits[Int(fitSlot[row.index])] : nil
  }

  /// Marks the row fitted at its fit's current height, or not fitted.
  private func setFitted(_ row: ViewIndex, _ isFitted: Bool) {
    guard row.index < fitSlot.count, fitSlot[row.index] >= 0 else { return }
    let slot = Int(fitSlot[row.index])
    fits[slot].isFitted = isFitted
    if fittedHeights.count <= row.index {
      fittedHeights.append(contentsOf: repeatElement(.nan, count: row.index + 1 - fittedHeights.count))
    }
    fittedHeights[row.index] = isFitted ? fits[slot].frames[fits[slot].scene.root.index].height : .nan
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
