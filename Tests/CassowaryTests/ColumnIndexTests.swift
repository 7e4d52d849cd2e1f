import LayoutModel
import Testing

@testable import Cassowary

/// The column index taken out of the tableau (`DetachedColumnIndex`): what its pointers
/// record is what the tableau's own `noteAdded`/`noteRemoved` record, and it all comes
/// back.
@Suite struct ColumnIndexTests {
  /// A tableau with `count` symbols and no rows.
  func tableau(symbols count: Int) -> Tableau {
    var tableau = Tableau()
    for _ in 0..<count { _ = tableau.makeSymbol(.slack) }
    return tableau
  }

  @Test func detachedUpdatesMatchTheTableausOwn() {
    var detached = tableau(symbols: 6)
    var direct = detached
    var index = detached.detachColumnIndex()
    #expect(detached.restrictedColumns.isEmpty && detached.restrictedOccurrences.isEmpty)
    index.withPointers { columns in
      columns.noteAdded(1, in: 7, restricted: true)
      columns.noteAdded(1, in: 9, restricted: false)
      columns.noteAdded(4, in: 7, restricted: true)
      #expect(columns.noteRemoved(4, restricted: true) == false)
    }
    detached.restoreColumnIndex(&index)
    direct.noteAdded(1, in: 7, restricted: true)
    direct.noteAdded(1, in: 9, restricted: false)
    direct.noteAdded(4, in: 7, restricted: true)
    direct.noteRemoved(4, in: 7, restricted: true)
    #expect(detached.restrictedColumns == direct.restrictedColumns)
    #expect(detached.unrestrictedColumns == direct.unrestrictedColumns)
    #expect(detached.restrictedOccurrences == direct.restrictedOccurrences)
    #expect(detached.unrestrictedOccurrences == direct.unrestrictedOccurrences)
    #expect(detached.restrictedColumns[1] == [7] && detached.unrestrictedColumns[1] == [9])
    #expect(detached.restrictedOccurrences[4] == 0 && detached.restrictedColumns[4] == [7])
    // A restricted column's first append makes room for 16 slots at once.
    #expect(detached.restrictedColumns[1].capacity >= 16)
  }

  @Test func aColumnOfStaleEntriesAsksForCompaction() {
    var tableau = tableau(symbols: 2)
    var index = tableau.detachColumnIndex()
    var asked: [Int] = []
    index.withPointers { columns in
      // 70 entries; after the (k+1)-th removal 69 − k are live, and 70 > 4 · (69 − k) + 64
      // first holds at k = 68.
      for k in 0..<70 { columns.noteAdded(0, in: Int32(k), restricted: true) }
      for k in 0..<70 where columns.noteRemoved(0, restricted: true) { asked.append(k) }
    }
    tableau.restoreColumnIndex(&index)
    #expect(asked == [68, 69])
    #expect(tableau.restrictedOccurrences[0] == 0 && tableau.restrictedColumns[0].count == 70)
  }
}
