/// Acceleration: Remembered shift columns
/// Speeds up: constant changes and suggestions on markers many rows name (container
///   resizes): a sequential list instead of a search per row.
/// Relaxes: nothing the core reads: a cache of (row, coefficient) per marker, valid while
///   the version counters are unchanged.
/// Settled: the versions move before any cell changes (pivots, structural changes); a stale
///   half is walked again.
/// Twin test: ShiftColumnTests (a twin that always walks); the invariant checks compare
///   valid halves with the rows.
/// Switch: Tuning.shiftColumns

// The rows a constant change shifts, with the marker's coefficient in each, kept between
// changes.
//
// A resize of a 1,000-view fill-equally stack shifts ~3,000 rows: each view's content-size
// row and each view's vertical row mention the container's markers. Walking the marker's
// column reads every row's cell buffer to find the marker's coefficient, a buffer per row,
// scattered over the heap: ~3 first-level cache misses a row (cachegrind) and half of the
// resize's time. The coefficients do not change from one resize to the next unless
// something pivots or the structure changes, so the walk writes down what it found (slot
// and coefficient, in the order it shifted them) and the next shift of the same marker
// reads that list instead: a sequential read, and each row's 24-byte entry in the row table.
//
// Two markers are remembered (a resize moves a width and a height). C_S rows change on
// every pivot, C_U rows only on structural changes (pivots never reach them; CassowarySolver
// "The evaluation program"), so the two halves of a list are valid apart: the C_S half while
// `shiftColumnState.shapeVersion` is unchanged, the C_U half while `shiftColumnState.structureVersion` is. Both counters move
// before any cell changes (pivots, row slots made or dropped, cells removed, every entry
// point through `invalidateDerived`); the invariant checks compare valid lists with the
// rows.
//
// Room is reserved at the first evaluation after a structural change (which allocates
// anyway), for as many rows as there are, and only when that is at least
// `rememberedColumnMinimumLength` (shorter columns are walked while their buffers are
// warm); it is reserved, not written, so the first layout touches no more memory. A list
// that would not fit is not kept, so a constant change still allocates nothing. A half
// written down twice in a row and never read (the marker's changes always pivot) is then
// written down only on one walk in nine.

/// One row a remembered shift moves: its slot and the marker's coefficient in it.
struct ShiftCell {
  var slot: Int32 = -1
  var coefficient: Double = 0
}

/// The C_S or the C_U half of a remembered column: its rows, the version it was written
/// at (0: not written or abandoned), and how often it has lately been written in vain.
struct ShiftColumnHalf {
  var cells = ContiguousArray<ShiftCell>()
  var version: UInt64 = 0
  /// Halves written and gone stale before any shift read them, in a row.
  var misses = 0
  /// Walks not written down since `misses` reached 2.
  var skipped = 0

  /// A half that went stale unread twice in a row (a marker whose every change pivots,
  /// say) then skips this many walks between write-downs (writing costs a store per row),
  /// so one walk in nine writes it.
  static let retryInterval = 8

  /// Starts a walk of a half that is not valid; returns whether the walk writes it down
  /// (then `cells` is empty and has room reserved, if any). O(1).
  @inline(__always)
  mutating func beginWalk() -> Bool {
    if version != 0 { misses += 1 }
    version = 0
    if misses >= 2 && skipped < Self.retryInterval {
      skipped += 1
      return false
    }
    skipped = 0
    cells.removeAll(keepingCapacity: true)
    return cells.capacity > 0
  }

  /// The half's rows in storage of their own, with the same room. O(rows); allocates
  /// when there is room.
  func independentCells() -> ContiguousArray<ShiftCell> {
    var copy = ContiguousArray<ShiftCell>()
    copy.reserveCapacity(cells.capacity)
    copy.append(contentsOf: cells)
    return copy
  }

  /// Empties the half for another marker, keeping its room. O(1).
  mutating func forget() {
    version = 0
    misses = 0
    skipped = 0
    cells.removeAll(keepingCapacity: true)
  }
}

/// What one shift does with its marker's remembered column: which halves it reads, which
/// it writes down, and their rows, taken out of the column for the walk.
struct ShiftPlan {
  var restrictedKnown = false
  var unrestrictedKnown = false
  var writesRestricted = false
  var writesUnrestricted = false
  var restrictedCells = ContiguousArray<ShiftCell>()
  var unrestrictedCells = ContiguousArray<ShiftCell>()

  /// Writes down a C_S row the walk shifted. O(1), no allocation.
  @inline(__always)
  mutating func writeRestricted(_ slot: Int32, _ coefficient: Double) {
    if writesRestricted { Self.write(slot, coefficient, into: &restrictedCells, while: &writesRestricted) }
  }

  /// Writes down a C_U row the walk shifted. O(1), no allocation.
  @inline(__always)
  mutating func writeUnrestricted(_ slot: Int32, _ coefficient: Double) {
    if writesUnrestricted { Self.write(slot, coefficient, into: &unrestrictedCells, while: &writesUnrestricted) }
  }

  /// Within the room reserved, so appending allocates nothing; a row that does not fit
  /// ends the writing (the half is then not kept).
  @inline(__always)
  private static func write(
    _ slot: Int32, _ coefficient: Double, into cells: inout ContiguousArray<ShiftCell>, while writing: inout Bool
  ) {
    if cells.count < cells.capacity {
      cells.append(ShiftCell(slot: slot, coefficient: coefficient))
    } else {
      writing = false
    }
  }
}

/// A remembered marker column (``Tableau/shiftColumns``).
struct ShiftColumn {
  var marker: Int32 = -1
  var restricted = ShiftColumnHalf()
  var unrestricted = ShiftColumnHalf()

  /// The column with both halves' rows in storage of their own. O(rows).
  func independentCopy() -> ShiftColumn {
    var copy = self
    copy.restricted.cells = restricted.independentCells()
    copy.unrestricted.cells = unrestricted.independentCells()
    return copy
  }
}

extension Tableau {
  /// Columns shorter than this are walked in release builds: their rows are few and their
  /// buffers warm (`shiftColumnState.shiftColumnMinimumLength`).
  static let rememberedColumnMinimumLength = 64

  /// Marks every C_S row's cells as about to change (a pivot): C_S halves of remembered
  /// columns stop being valid. O(1).
  @inline(__always)
  mutating func noteRestrictedCellsChange() {
    shiftColumnState.shapeVersion &+= 1
  }

  /// Marks the structure as about to change (rows made, dropped, cells removed): no
  /// remembered half is valid. O(1).
  @inline(__always)
  mutating func noteStructureChange() {
    shiftColumnState.shapeVersion &+= 1
    shiftColumnState.structureVersion &+= 1
  }

  /// Makes room in both remembered columns for every live C_S row and every live C_U row
  /// (plus a quarter), each when that is at least `shiftColumnState.shiftColumnMinimumLength` and there is
  /// not room already. A column is rarely as long, but the room is only reserved: memory
  /// is touched as a walk writes a half down, and finding the longest column instead
  /// (a pass over the symbols' counts, cold by then) cost a 1,000-view first layout
  /// ~15 µs. Called where an evaluation after a structural change may allocate.
  /// - Complexity: O(1); allocates up to four times when it grows.
  mutating func reserveShiftColumns() {
    let minimum = max(shiftColumnState.shiftColumnMinimumLength, 1)
    let restrictedRows = rowSlots.liveRows - keyOrder.liveUnrestrictedRows
    Self.reserve(&shiftColumnState.shiftColumns.0.restricted, for: restrictedRows, minimum: minimum)
    Self.reserve(&shiftColumnState.shiftColumns.1.restricted, for: restrictedRows, minimum: minimum)
    Self.reserve(&shiftColumnState.shiftColumns.0.unrestricted, for: keyOrder.liveUnrestrictedRows, minimum: minimum)
    Self.reserve(&shiftColumnState.shiftColumns.1.unrestricted, for: keyOrder.liveUnrestrictedRows, minimum: minimum)
  }

  private static func reserve(_ half: inout ShiftColumnHalf, for length: Int, minimum: Int) {
    guard length >= minimum, half.cells.capacity < length else { return }
    half = ShiftColumnHalf()
    half.cells.reserveCapacity(length + length / 4)
  }

  /// Which remembered column is `marker`'s, the least recently used one emptied for it if
  /// neither is; -1 for a marker whose column lists fewer than `shiftColumnState.shiftColumnMinimumLength`
  /// rows (`length`, stale entries included), which is walked without taking the place
  /// of a long one. O(1).
  mutating func shiftColumnEntry(for marker: Int32, length: Int) -> Int {
    let entry: Int
    if shiftColumnState.shiftColumns.0.marker == marker {
      entry = 0
    } else if shiftColumnState.shiftColumns.1.marker == marker {
      entry = 1
    } else if length < shiftColumnState.shiftColumnMinimumLength {
      return -1
    } else {
      entry = 1 - shiftColumnState.lastShiftColumn
      if entry == 0 { Self.empty(&shiftColumnState.shiftColumns.0, for: marker) } else { Self.empty(&shiftColumnState.shiftColumns.1, for: marker) }
    }
    shiftColumnState.lastShiftColumn = entry
    return entry
  }

  /// The plan of a shift whose marker has remembered column `entry` (-1: none): the
  /// halves still valid are read, the others walked and written down when
  /// ``ShiftColumnHalf/beginWalk()`` says so. Their rows are taken out of the column until
  /// ``endShift(entry:plan:)``. O(1).
  @inline(__always)
  mutating func beginShift(entry: Int) -> ShiftPlan {
    var plan = ShiftPlan()
    guard entry >= 0 else { return plan }
    var column = ShiftColumn()
    exchangeShiftColumn(&column, entry: entry)
    plan.restrictedKnown = column.restricted.version == shiftColumnState.shapeVersion
    plan.unrestrictedKnown = column.unrestricted.version == shiftColumnState.structureVersion
    plan.writesRestricted = !plan.restrictedKnown && column.restricted.beginWalk()
    plan.writesUnrestricted = !plan.unrestrictedKnown && column.unrestricted.beginWalk()
    swap(&plan.restrictedCells, &column.restricted.cells)
    swap(&plan.unrestrictedCells, &column.unrestricted.cells)
    exchangeShiftColumn(&column, entry: entry)
    return plan
  }

  /// Puts the plan's rows back in column `entry`, marking the halves written down valid
  /// and counting those read. O(1).
  @inline(__always)
  mutating func endShift(entry: Int, plan: inout ShiftPlan) {
    guard entry >= 0 else { return }
    var column = ShiftColumn()
    exchangeShiftColumn(&column, entry: entry)
    swap(&plan.restrictedCells, &column.restricted.cells)
    swap(&plan.unrestrictedCells, &column.unrestricted.cells)
    if plan.writesRestricted { column.restricted.version = shiftColumnState.shapeVersion }
    if plan.writesUnrestricted { column.unrestricted.version = shiftColumnState.structureVersion }
    if plan.restrictedKnown && !column.restricted.cells.isEmpty {
      column.restricted.misses = 0
      shiftColumnState.rememberedRestrictedShifts += 1
    }
    if plan.unrestrictedKnown && !column.unrestricted.cells.isEmpty {
      column.unrestricted.misses = 0
      shiftColumnState.rememberedUnrestrictedShifts += 1
    }
    exchangeShiftColumn(&column, entry: entry)
  }

  /// Swaps `column` with remembered column `entry` (0 or 1), to work on it out of the
  /// tuple. O(1).
  @inline(__always)
  private mutating func exchangeShiftColumn(_ column: inout ShiftColumn, entry: Int) {
    if entry == 0 { swap(&column, &shiftColumnState.shiftColumns.0) } else { swap(&column, &shiftColumnState.shiftColumns.1) }
  }

  private static func empty(_ column: inout ShiftColumn, for marker: Int32) {
    column.marker = marker
    column.restricted.forget()
    column.unrestricted.forget()
  }

  /// What is wrong with the remembered columns: a half marked valid whose rows are not
  /// exactly the live rows of its kind that mention the marker, with their coefficients.
  /// O(cells).
  func shiftColumnViolations() -> [String] {
    var problems: [String] = []
    for column in [shiftColumnState.shiftColumns.0, shiftColumnState.shiftColumns.1] where column.marker >= 0 {
      for restricted in [true, false] {
        let half = restricted ? column.restricted : column.unrestricted
        guard half.version == (restricted ? shiftColumnState.shapeVersion : shiftColumnState.structureVersion) else { continue }
        var listed: [Int32: Double] = [:]
        for cell in half.cells { listed[cell.slot] = cell.coefficient }
        if listed.count != half.cells.count { problems.append("remembered column of \(column.marker) lists a row twice") }
        for r in rows.indices {
          let basic = rows[r].basic
          guard basic >= 0, symbolKind[Int(basic)].isRestricted == restricted else { continue }
          let mentions = rows[r].index(of: column.marker).map { rows[r].coefficients[$0] }
          if mentions != listed[Int32(r)] {
            problems.append(
              "remembered column of \(column.marker): row \(r) has coefficient \(mentions.map { "\($0)" } ?? "none"), listed \(listed[Int32(r)].map { "\($0)" } ?? "none")"
            )
          }
        }
      }
    }
    return problems
  }
}

/// Remembered shift columns (Accelerations/ShiftColumns.swift). Held by ``Tableau`` as `shiftColumnState`.
struct ShiftColumnState {
  /// Remembered marker columns (Accelerations/ShiftColumns.swift): the two columns, the one
  /// used last, the versions their halves are checked against, the shortest column worth
  /// remembering (1 where invariants are checked, so that every test's small systems
  /// exercise them; tests also set it), and how many shifts read a remembered C_S or C_U
  /// half that lists rows (deterministic, for tests).
  var shiftColumns = (ShiftColumn(), ShiftColumn())
  var lastShiftColumn = 1
  var shapeVersion: UInt64 = 1
  var structureVersion: UInt64 = 1
  var shiftColumnMinimumLength = Tableau.checksInvariants ? 1 : Tableau.rememberedColumnMinimumLength
  var rememberedRestrictedShifts = 0
  var rememberedUnrestrictedShifts = 0
}
