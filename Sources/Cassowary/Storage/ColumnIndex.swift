/// The tableau's column index (for each symbol, the slots of the rows that mention it,
/// restricted and unrestricted rows apart, with live counts), taken out of the tableau for
/// a walk that adds or removes many cells (a merge, a new row).
///
/// Through the tableau, recording one cell costs three uniqueness checks (the table of
/// columns, the column, the counts) and a call to end the mutation: ~110 instructions, an
/// eighth of enaml's build, whose merges add some 2,300 cells to columns. Taken out and
/// walked through pointers to the tables, it is the column's own check and append.
/// Nothing else may use the tableau's column index while it is taken out (the compaction
/// queue stays in the tableau).
struct DetachedColumnIndex {
  var restrictedColumns = ContiguousArray<ContiguousArray<Int32>>()
  var unrestrictedColumns = ContiguousArray<ContiguousArray<Int32>>()
  var restrictedOccurrences = ContiguousArray<Int32>()
  var unrestrictedOccurrences = ContiguousArray<Int32>()
  var spareColumn = ContiguousArray<Int32>()

  /// Runs `body` with pointers to the tables. The pointers are valid only inside `body`.
  @inline(__always)
  mutating func withPointers<R>(_ body: (ColumnIndexPointers) -> R) -> R {
    restrictedColumns.withUnsafeMutableBufferPointer { restricted in
      unrestrictedColumns.withUnsafeMutableBufferPointer { unrestricted in
        restrictedOccurrences.withUnsafeMutableBufferPointer { restrictedCounts in
          unrestrictedOccurrences.withUnsafeMutableBufferPointer { unrestrictedCounts in
            withUnsafeMutablePointer(to: &spareColumn) { spare in
              body(
                ColumnIndexPointers(
                  restrictedColumns: restricted, unrestrictedColumns: unrestricted,
                  restrictedOccurrences: restrictedCounts, unrestrictedOccurrences: unrestrictedCounts,
                  spareColumn: spare))
            }
          }
        }
      }
    }
  }
}

/// Pointers to a ``DetachedColumnIndex``'s tables, with the column index's two updates.
struct ColumnIndexPointers {
  let restrictedColumns: UnsafeMutableBufferPointer<ContiguousArray<Int32>>
  let unrestrictedColumns: UnsafeMutableBufferPointer<ContiguousArray<Int32>>
  let restrictedOccurrences: UnsafeMutableBufferPointer<Int32>
  let unrestrictedOccurrences: UnsafeMutableBufferPointer<Int32>
  let spareColumn: UnsafeMutablePointer<ContiguousArray<Int32>>

  /// ``Tableau/noteAdded(_:in:restricted:)`` on the detached tables. O(1) amortised.
  @inline(__always)
  func noteAdded(_ symbol: Int32, in slot: Int32, restricted: Bool) {
    let s = Int(symbol)
    if restricted {
      if restrictedColumns[s].capacity == 0 { Self.provideColumn(&restrictedColumns[s], from: spareColumn) }
      restrictedColumns[s].append(slot)
      restrictedOccurrences[s] += 1
    } else {
      unrestrictedColumns[s].append(slot)
      unrestrictedOccurrences[s] += 1
    }
  }

  /// A buffer for a restricted column that has none: the spare one a dual pivot's
  /// entering symbol gave up (``Tableau/spareColumn``), else a new one for 16 entries. (A
  /// first append would allocate room for 4 and grow again as stale entries gather, since
  /// columns are compacted only past 4 × live + 64.) Out of line: it is rare, and the
  /// append beside it is hot. O(1).
  @inline(never)
  static func provideColumn(
    _ column: inout ContiguousArray<Int32>, from spare: UnsafeMutablePointer<ContiguousArray<Int32>>
  ) {
    if spare.pointee.capacity > 0 {
      swap(&column, &spare.pointee)
    } else {
      column.reserveCapacity(16)
    }
  }

  /// ``Tableau/noteRemoved(_:in:restricted:)`` on the detached tables: the count falls.
  /// Returns whether the symbol's stale entries now dominate its columns, for the caller
  /// to queue a compaction (``Tableau/queueCompaction(of:)``). O(1).
  @inline(__always)
  func noteRemoved(_ symbol: Int32, restricted: Bool) -> Bool {
    let s = Int(symbol)
    if restricted {
      restrictedOccurrences[s] -= 1
    } else {
      unrestrictedOccurrences[s] -= 1
    }
    let entries = restrictedColumns[s].count + unrestrictedColumns[s].count
    let live = Int(restrictedOccurrences[s]) + Int(unrestrictedOccurrences[s])
    return entries > 4 * live + 64
  }
}

extension Tableau {
  /// Takes the column index out of the tableau (O(1): five swaps); put it back with
  /// ``restoreColumnIndex(_:)`` before anything else reads or changes it.
  @inline(__always)
  mutating func detachColumnIndex() -> DetachedColumnIndex {
    var index = DetachedColumnIndex()
    swap(&index.restrictedColumns, &restrictedColumns)
    swap(&index.unrestrictedColumns, &unrestrictedColumns)
    swap(&index.restrictedOccurrences, &restrictedOccurrences)
    swap(&index.unrestrictedOccurrences, &unrestrictedOccurrences)
    swap(&index.spareColumn, &spareColumn)
    return index
  }

  /// Puts back what ``detachColumnIndex()`` took. O(1).
  @inline(__always)
  mutating func restoreColumnIndex(_ index: inout DetachedColumnIndex) {
    swap(&index.restrictedColumns, &restrictedColumns)
    swap(&index.unrestrictedColumns, &unrestrictedColumns)
    swap(&index.restrictedOccurrences, &restrictedOccurrences)
    swap(&index.unrestrictedOccurrences, &unrestrictedOccurrences)
    swap(&index.spareColumn, &spareColumn)
  }

  /// `noteAdded` for every symbol of `symbols`, all now in row `slot`. O(symbols).
  mutating func noteAdded(contentsOf symbols: UnsafeMutableBufferPointer<Int32>, in slot: Int32) {
    guard !symbols.isEmpty else { return }
    let restricted = symbolKind[Int(rows[Int(slot)].basic)].isRestricted
    var index = detachColumnIndex()
    index.withPointers { columns in
      for symbol in symbols { columns.noteAdded(symbol, in: slot, restricted: restricted) }
    }
    restoreColumnIndex(&index)
  }
}

/// Columns waiting to be compacted (Storage/ColumnIndex.swift). Held by ``Tableau`` as `compaction`.
struct ColumnCompaction {
  var compactionPending: ContiguousArray<Bool> = []
  var pendingCompactions: [Int32] = []
}
