import LayoutModel
import Testing

@testable import Cassowary

/// `RowCells`, the storage of a tableau row, one operation at a time: counts and
/// capacities are exact integers; coefficients are compared exactly only where they were
/// copied, never computed.
@Suite struct RowCellsTests {
  func cells(_ pairs: [(Int32, Double)]) -> RowCells {
    var cells = RowCells()
    for (symbol, coefficient) in pairs { cells.append(symbol, coefficient) }
    return cells
  }

  func contents(_ cells: RowCells) -> [(Int32, Double)] {
    Array(zip(cells.symbols, cells.coefficients))
  }

  @Test func anEmptyRowHasNoBufferAndNoCells() {
    let empty = RowCells()
    #expect(empty.count == 0 && empty.capacity == 0 && empty.isEmpty)
    #expect(empty.symbols.isEmpty && empty.coefficients.isEmpty)
    #expect(empty.index(of: 3) == nil && empty.coefficient(of: 3) == 0)
  }

  @Test func appendKeepsOrderAndGrowsToPowersOfTwo() {
    var row = RowCells()
    var capacities: [Int] = []
    for k in 0..<9 {
      row.append(Int32(2 * k), Double(k) + 0.5)
      capacities.append(row.capacity)
    }
    #expect(row.count == 9)
    #expect(capacities == [4, 4, 4, 4, 8, 8, 8, 8, 16])
    #expect(row.symbols.map { $0 } == [0, 2, 4, 6, 8, 10, 12, 14, 16])
    #expect(row.coefficient(of: 8) == 4.5)
    #expect(row.index(of: 9) == nil)
  }

  @Test func insertShiftsTheTailAndGrowsWhenFull() {
    var row = cells([(1, 1), (5, 5), (9, 9), (13, 13)])
    #expect(row.capacity == 4)
    row.insert(7, 7, at: 2)
    row.insert(0, 0.25, at: 0)
    row.insert(20, 20, at: row.count)
    #expect(row.symbols.map { $0 } == [0, 1, 5, 7, 9, 13, 20])
    #expect(row.coefficients.map { $0 } == [0.25, 1, 5, 7, 9, 13, 20])
    #expect(row.capacity == 8)
  }

  @Test func removalsNearTheFrontShiftTheHeadAndInsertionsReuseTheRoom() {
    var row = cells((0..<8).map { (Int32(2 * $0), Double($0)) })
    #expect(row.capacity == 8)
    // Index 1 of 8: the one cell before it moves up, the row starts one cell later.
    row.remove(at: 1)
    #expect(row.symbols.map { $0 } == [0, 4, 6, 8, 10, 12, 14])
    #expect(row.coefficients.map { $0 } == [0, 2, 3, 4, 5, 6, 7])
    // An insertion near the front takes that room back; the buffer is the same.
    row.insert(1, 0.5, at: 1)
    #expect(row.symbols.map { $0 } == [0, 1, 4, 6, 8, 10, 12, 14] && row.capacity == 8)
    // Room at the front, none at the back, the buffer full: the row grows (a slide would
    // cost the whole row at every insertion at the back).
    row.remove(at: 0)
    row.append(16, 8)
    #expect(row.symbols.map { $0 } == [1, 4, 6, 8, 10, 12, 14, 16] && row.capacity == 16)
    // At most half full with no room at the back: the cells slide back to the start.
    var small = cells((0..<8).map { (Int32($0), Double($0)) })
    for _ in 0..<5 { small.remove(at: 0) }
    for k in 0..<2 { small.append(Int32(10 + k), 0) }
    #expect(small.symbols.map { $0 } == [5, 6, 7, 10, 11] && small.capacity == 8)
    // Emptied and refilled, or assigned: the cells start at the front again.
    small.removeAll()
    for k in 0..<8 { small.append(Int32(k), 1) }
    #expect(small.count == 8 && small.capacity == 8)
  }

  @Test func removeShiftsTheTailAndKeepsTheBuffer() {
    var row = cells([(1, 1), (5, 5), (9, 9), (13, 13)])
    row.remove(at: 1)
    row.remove(at: 2)
    row.remove(at: 0)
    #expect(row.symbols.map { $0 } == [9])
    #expect(row.coefficients.map { $0 } == [9])
    #expect(row.capacity == 4)
  }

  @Test func assignCopiesTheCellsSoLaterWritesDoNotMix() {
    let source = cells([(2, -1), (3, 0.5), (8, 2)])
    var target = cells([(1, 1)])
    target.assign(source)
    #expect(target.symbols.map { $0 } == [2, 3, 8])
    target.coefficients[0] = 42
    #expect(source.coefficient(of: 2) == -1)
    var empty = RowCells()
    empty.assign(RowCells())
    #expect(empty.count == 0)
  }

  @Test func setCountGrowsAndKeepsTheLiveCells() {
    var row = cells([(4, 4), (6, 6)])
    row.setCount(10)
    #expect(row.count == 10 && row.capacity == 16)
    #expect(row.symbols[0] == 4 && row.symbols[1] == 6 && row.coefficients[1] == 6)
    row.setCount(1)
    #expect(contents(row).map { $0.0 } == [4])
  }

  @Test func removeAllKeepsOrDropsTheBuffer() {
    var row = cells([(1, 1), (2, 2), (3, 3)])
    row.removeAll()
    #expect(row.count == 0 && row.capacity == 4)
    row.append(7, 7)
    #expect(row.symbols.map { $0 } == [7])
    row.removeAll(keepingCapacity: false)
    #expect(row.count == 0 && row.capacity == 0)
  }

  @Test func reserveCapacityExactlyAndShrinkToFit() {
    var row = cells([(1, 1), (2, 2), (3, 3)])
    row.reserveCapacity(100, exactly: true)
    #expect(row.capacity == 100 && row.count == 3)
    row.reserveCapacity(50)
    #expect(row.capacity == 100)
    row.shrinkToFit()
    #expect(row.capacity == 3)
    #expect(row.symbols.map { $0 } == [1, 2, 3] && row.coefficients.map { $0 } == [1, 2, 3])
    row.removeAll()
    row.shrinkToFit()
    #expect(row.capacity == 0)
  }

  @Test func copiesShareTheBufferAndSwapsExchangeIt() {
    // Reference semantics by design (Storage/RowCells.swift): the tableau never keeps two rows on
    // one buffer, but a swap or a read-only copy must see the same cells.
    var row = cells([(1, 1), (2, 2)])
    let view = row
    row.coefficients[0] = 3
    #expect(view.coefficient(of: 1) == 3)
    var other = RowCells()
    swap(&row, &other)
    #expect(row.isEmpty && other.symbols.map { $0 } == [1, 2])
  }

  /// A batch extends the per-symbol arrays to its exact need: blank symbols left over
  /// cost every full evaluation (28ac9e9), so their number is asserted.
  @Test func aBatchExtendsTheSymbolArraysToItsExactNeed() throws {
    let solver = CassowarySolver()
    let x = VariableID(0), y = VariableID(1), z = VariableID(2)
    try solver.add(contentsOf: [
      Constraint(id: ConstraintID(0), LinearExpression([Term(x, 1)], constant: -10), .equal, priority: .required),
      Constraint(id: ConstraintID(1), LinearExpression([Term(y, 1), Term(x, -1)], constant: -5), .greaterThanOrEqual, priority: .required),
      Constraint(id: ConstraintID(2), LinearExpression([Term(z, 1)], constant: -3), .equal, priority: Priority(500)),
    ])
    let tableau = solver.tableau
    // 3 variables, 2 required markers, 2 errors of the optional equality, and room for
    // one artificial symbol that this batch did not need.
    #expect(tableau.symbolIDs.symbolCount == 7)
    #expect(tableau.symbolKind.count == tableau.symbolIDs.symbolCount + 1)
    #expect(tableau.valueCache.lazyValue.count == tableau.symbolKind.count)
  }
}
