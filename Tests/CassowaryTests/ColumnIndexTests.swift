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

/// The spare restricted column (`Tableau.spareColumn`): a symbol that becomes basic gives
/// up its emptied column, and the next symbol that needs one takes it instead of
/// allocating.
@Suite struct SpareColumnTests {
  /// The column buffers the tableau holds: restricted columns with room, and the spare.
  static func columnBuffers(_ tableau: Tableau) -> Int {
    tableau.restrictedColumns.count { $0.capacity > 0 } + (tableau.spareColumn.capacity > 0 ? 1 : 0)
  }

  @Test func aColumnWithoutABufferTakesTheSpareElseMakesRoomFor16() {
    var tableau = Tableau()
    for _ in 0..<4 { _ = tableau.makeSymbol(.slack) }
    tableau.spareColumn.reserveCapacity(40)
    let spare = tableau.spareColumn.withUnsafeBufferPointer { $0.baseAddress }
    tableau.noteAdded(2, in: 5, restricted: true)
    #expect(tableau.restrictedColumns[2] == [5])
    #expect(tableau.restrictedColumns[2].withUnsafeBufferPointer { $0.baseAddress } == spare)
    #expect(tableau.spareColumn.capacity == 0)
    // No spare left: a buffer for 16.
    tableau.noteAdded(3, in: 5, restricted: true)
    #expect(tableau.restrictedColumns[3] == [5] && tableau.restrictedColumns[3].capacity >= 16)
    // A column that has a buffer keeps it.
    tableau.spareColumn.reserveCapacity(8)
    tableau.noteAdded(2, in: 6, restricted: true)
    #expect(tableau.restrictedColumns[2] == [5, 6] && tableau.spareColumn.capacity >= 8)
  }

  /// A stack of three views between two walls, each at least 20 wide (strong) and at
  /// most 20 (weak), loaded as one batch; and a restricted row with a parametric
  /// restricted symbol of it that has a column buffer.
  static func stack() throws -> (CassowarySolver, slot: Int32, entering: Int32) {
    var f = SolverFixture()
    var batch: [Constraint] = []
    func add(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000) {
      batch.append(SolverFixture.constraint(f.reserveID(), terms, constant, relation, priority))
    }
    add([(0, 1)], 0, .equal)
    for i in 0..<3 {
      let width = 2 * i + 1
      if i > 0 { add([(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], 0, .equal) }
      add([(width, 1)], -20, .greaterThanOrEqual, 750)
      add([(width, 1)], -20, .lessThanOrEqual, 250)
    }
    add([(6, 1), (4, -1), (5, -1)], 0, .equal)
    add([(6, 1)], -50, .equal, 999)
    try f.solver.add(contentsOf: batch)
    // Read through the solver, never a copy of the tableau: rows share their buffers
    // with copies, and columns would be copied on write (buffers are compared by address).
    let solver = f.solver
    for r in solver.tableau.rows.indices where solver.tableau.rows[r].basic >= 0 {
      guard solver.tableau.symbolKind[Int(solver.tableau.rows[r].basic)].isRestricted else { continue }
      let cells = solver.tableau.rows[r].cells
      if let i = cells.symbols.indices.first(where: { j in
        let s = Int(cells.symbols[j])
        return solver.tableau.symbolKind[s].isPivotable && solver.tableau.restrictedColumns[s].capacity > 0
      }) {
        return (solver, Int32(r), cells.symbols[i])
      }
    }
    throw SolverError.internalInconsistency("no row to pivot on")
  }

  @Test func aPrimalPivotsEnteringSymbolKeepsItsEmptiedColumn() throws {
    // Additions and removals: the symbols they take into the basis often come back out.
    let (solver, slot, entering) = try Self.stack()
    solver.tableau.spareColumn = []
    solver.tableau.pivot(entering: entering, slot: slot)
    #expect(solver.tableau.restrictedColumns[Int(entering)].capacity > 0)
    #expect(solver.tableau.spareColumn.capacity == 0)
  }

  @Test func aDualPivotsEnteringSymbolGivesUpItsEmptiedColumnAsTheSpare() throws {
    let (solver, slot, entering) = try Self.stack()
    let leaving = solver.tableau.rows[Int(slot)].basic
    let enteringBuffer = solver.tableau.restrictedColumns[Int(entering)].withUnsafeBufferPointer { $0.baseAddress }
    solver.tableau.spareColumn = []
    solver.tableau.pivot(entering: entering, slot: slot, givingUpColumn: true)
    #expect(solver.tableau.rowOf[Int(entering)] == slot && solver.tableau.rowOf[Int(leaving)] < 0)
    #expect(solver.tableau.restrictedColumns[Int(entering)].capacity == 0, "the entering symbol kept its column")
    #expect(solver.tableau.spareColumn.isEmpty)
    #expect(solver.tableau.spareColumn.withUnsafeBufferPointer { $0.baseAddress } == enteringBuffer)
    #expect(solver.tableau.restrictedColumns[Int(leaving)].contains(slot), "the leaving symbol is in the pivot row")

    // Pivoting back: the symbol leaving now (the first pivot's entering one, without a
    // buffer) takes the spare, its own old buffer; the one entering gives up its column.
    let leavingBuffer = solver.tableau.restrictedColumns[Int(leaving)].withUnsafeBufferPointer { $0.baseAddress }
    solver.tableau.pivot(entering: leaving, slot: slot, givingUpColumn: true)
    #expect(solver.tableau.rowOf[Int(leaving)] == slot && solver.tableau.rowOf[Int(entering)] < 0)
    #expect(solver.tableau.restrictedColumns[Int(entering)].withUnsafeBufferPointer { $0.baseAddress } == enteringBuffer)
    #expect(solver.tableau.restrictedColumns[Int(entering)].contains(slot))
    #expect(solver.tableau.restrictedColumns[Int(leaving)].capacity == 0)
    #expect(solver.tableau.spareColumn.withUnsafeBufferPointer { $0.baseAddress } == leavingBuffer)
  }
}
