import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// A batch of edits applied to a row in one pass (`RowCells.apply(_:)`), and the merge of
/// a short expression into a long tableau row that collects them: the cells against a
/// reference computed one edit at a time on arrays, which runs of cells moved, and the
/// column index afterwards.
@Suite struct RowEditsTests {
  func cells(_ symbols: [Int32]) -> RowCells {
    var cells = RowCells()
    for symbol in symbols { cells.append(symbol, Double(symbol) + 0.5) }
    return cells
  }

  func contents(_ cells: RowCells) -> [(Int32, Double)] {
    Array(zip(cells.symbols, cells.coefficients))
  }

  func offset(_ cells: RowCells) -> Int { cells.buffer?.headerPointer.pointee.offset ?? 0 }

  /// The reference: the edits made on an array, from the back so earlier indices hold.
  func reference(_ old: [(Int32, Double)], _ edits: RowEdits) -> [(Int32, Double)] {
    var result = old
    for edit in edits.edits.reversed() {
      let p = Int(edit.position)
      if edit.isInsertion {
        result.insert((edit.symbol, edit.coefficient), at: p)
      } else {
        result.remove(at: p)
      }
    }
    return result
  }

  func expectSame(_ a: [(Int32, Double)], _ b: [(Int32, Double)], _ comment: Comment? = nil) {
    #expect(a.map(\.0) == b.map(\.0), comment)
    #expect(a.map(\.1) == b.map(\.1), comment)
  }

  @Test func editsSpreadAcrossTheRowLeaveItsLongestRunInPlace() {
    // 0, 10, 20, …, 390: insert 5 and 15 near the front, remove 200, insert 395 at the end.
    var row = cells((0..<40).map { Int32(10 * $0) })
    row.reserveCapacity(64, exactly: true)
    let old = contents(row)
    var edits = RowEdits()
    edits.insert(5, -5, before: 1)
    edits.insert(15, -15, before: 2)
    edits.remove(at: 20)
    edits.insert(395, -395, before: 40)
    let symbolsBefore = row.symbols.baseAddress!
    row.apply(&edits)
    expectSame(contents(row), reference(old, edits))
    #expect(row.count == 42)
    // The longest runs, 210 … 390 (19 cells, net displacement +1) and 20 … 190 (18, +2),
    // could stay only if the row started earlier in its buffer; with no room at the front
    // it cannot, so the run that stays is the first (0), and the others move.
    #expect(offset(row) == 0 && row.symbols.baseAddress! == symbolsBefore)
  }

  @Test func roomAtTheFrontLetsTheLongestRunStay() {
    var row = cells((0..<40).map { Int32(10 * $0) })
    row.reserveCapacity(64, exactly: true)
    // Four removals at the front: the row starts four cells into its buffer.
    for _ in 0..<4 { row.remove(at: 0) }
    #expect(offset(row) == 4)
    let old = contents(row)
    var edits = RowEdits()
    // Two insertions at the front, one removal at the back: the run between (old cells
    // 0 … 34) is the longest, with net displacement +2; starting the row two cells
    // earlier keeps it in place.
    edits.insert(1, 1, before: 0)
    edits.insert(2, 2, before: 0)
    edits.remove(at: 35)
    let second = row.symbols.baseAddress! + 1
    row.apply(&edits)
    expectSame(contents(row), reference(old, edits))
    #expect(offset(row) == 2)
    #expect(row.symbols.baseAddress! + 3 == second, "the old cell 1 stayed where it was")
  }

  @Test func removingEveryCellEmptiesTheRow() {
    var row = cells([1, 2, 3])
    var edits = RowEdits()
    for i in 0..<3 { edits.remove(at: i) }
    row.apply(&edits)
    #expect(row.count == 0 && row.isEmpty)
    row.append(9, 9)
    #expect(row.symbols.map { $0 } == [9])
  }

  @Test func outgrowingTheBufferGrowsItLikeAppending() {
    var row = cells([10, 20, 30, 40])
    #expect(row.capacity == 4)
    let old = contents(row)
    var edits = RowEdits()
    edits.insert(5, 5, before: 0)
    edits.insert(25, 25, before: 2)
    edits.insert(45, 45, before: 4)
    edits.insert(46, 46, before: 4)
    row.apply(&edits)
    expectSame(contents(row), reference(old, edits))
    #expect(row.capacity == 8)
  }

  @Test func noEditsChangeNothing() {
    var row = cells([1, 2, 3])
    var edits = RowEdits()
    row.apply(&edits)
    #expect(row.symbols.map { $0 } == [1, 2, 3])
    edits.insert(0, 0, before: 0)
    edits.removeAll()
    #expect(edits.isEmpty && edits.insertions == 0 && edits.removals == 0)
  }

  @Test func randomBatchesMatchOneEditAtATime() {
    forEachSeed(200) { seed in
      var random = SplitMix64(seed: seed)
      // Even symbols in the row, so odd ones can be inserted anywhere.
      let n = random.uniformInt(in: 0...120)
      var row = cells((0..<n).map { Int32(2 * $0) })
      if random.bernoulli(0.5) { row.reserveCapacity(n + random.uniformInt(in: 0...40), exactly: true) }
      // Some removals at the front first, so the row starts inside its buffer.
      for _ in 0..<random.uniformInt(in: 0...(n / 3)) where row.count > 1 { row.remove(at: 0) }
      let old = contents(row)
      var edits = RowEdits()
      let oldSymbols = old.map(\.0)
      for p in 0...oldSymbols.count {
        let below = p > 0 ? oldSymbols[p - 1] : -1
        let above = p < oldSymbols.count ? oldSymbols[p] : below + 2 + 2 * Int32(random.uniformInt(in: 0...3))
        // Odd symbols strictly between the neighbours, ascending.
        var next = below + 1
        while next < above && random.bernoulli(0.15) {
          edits.insert(next, Double(next), before: p)
          next += 2
        }
        if p < oldSymbols.count && random.bernoulli(0.12) { edits.remove(at: p) }
      }
      let expected = reference(old, edits)
      row.apply(&edits)
      #expect(row.count == expected.count, "seed \(seed): count")
      expectSame(contents(row), expected, "seed \(seed): cells")
      #expect(offset(row) + row.count <= row.capacity, "seed \(seed): cells within the buffer")
    }
  }

  // MARK: The merge into a long tableau row

  /// A tableau whose row `slot` (basic symbol 0, a slack) holds `symbols` (each with a
  /// coefficient), the column index noting each; `count` symbols in all.
  static func tableau(count: Int, row symbols: [Int32], using random: inout SplitMix64) -> (Tableau, Int32) {
    var tableau = Tableau()
    for _ in 0..<count { _ = tableau.makeSymbol(.slack) }
    let slot = tableau.makeRowSlot(basic: 0)
    for symbol in symbols {
      tableau.rows[Int(slot)].cells.append(symbol, random.smallInteger(in: -4...4) + 0.25)
      tableau.noteAdded(symbol, in: slot)
    }
    return (tableau, slot)
  }

  @Test func aShortExpressionMergesIntoALongRowAsOneEditAtATimeWould() {
    forEachSeed(80) { seed in
      var random = SplitMix64(seed: seed)
      let count = random.uniformInt(in: 80...400)
      let inRow = (1..<Int32(count)).filter { _ in random.bernoulli(0.5) }
      guard inRow.count >= 64 else { return }
      var (tableau, slot) = Self.tableau(count: count, row: inRow, using: &random)
      let before = contents(tableau.rows[Int(slot)].cells)
      let removing = inRow[random.uniformInt(in: 0...(inRow.count - 1))]
      // A short expression over symbols in and out of the row; some cancel a row cell.
      let scale = random.bernoulli(0.5) ? -1.0 : 2.0
      var expression: [(Int32, Double)] = []
      for symbol in 1..<Int32(count) where symbol != removing && random.bernoulli(3.0 / Double(count)) {
        let existing = before.first { $0.0 == symbol }?.1
        let value = existing.map { random.bernoulli(0.4) ? -$0 / scale : 1.5 } ?? random.smallInteger(in: -3...3) + 0.5
        expression.append((symbol, value))
      }
      guard expression.count * 16 < inRow.count else { return }
      tableau.scratchBuffers.pivotCells.removeAll()
      for (symbol, value) in expression { tableau.scratchBuffers.pivotCells.append(symbol, value) }
      tableau.mergePivotRow(into: slot, scale: scale, removing: removing)

      var expected: [Int32: Double] = [:]
      for (symbol, value) in before where symbol != removing { expected[symbol] = value }
      for (symbol, value) in expression { expected[symbol, default: 0] += scale * value }
      let kept = expected.filter { abs($0.value) >= Tableau.epsilon }.sorted { $0.key < $1.key }
      let merged = contents(tableau.rows[Int(slot)].cells)
      #expect(merged.map(\.0) == kept.map(\.key), "seed \(seed): symbols")
      expectClose(merged.map(\.1), kept.map(\.value), "seed \(seed): coefficients")
      // The column index: the row is listed under exactly the symbols it holds (the
      // removed symbol's cell was taken out by the caller's bookkeeping, not the merge).
      var rows = ContiguousArray<Int32>()
      for symbol in 1..<Int32(count) where symbol != removing {
        tableau.rowsContaining(symbol, into: &rows)
        let listed = rows.contains(slot)
        let holds = tableau.rows[Int(slot)].cells.index(of: symbol) != nil
        #expect(listed == holds, "seed \(seed): symbol \(symbol) listed \(listed), held \(holds)")
      }
    }
  }
}
