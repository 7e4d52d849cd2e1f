import LayoutModel
import Testing
import TestSupport

@testable import Scene

/// `TableRows`, a table's heights and tops: after any sequence of height changes the tops
/// are the heights summed in row order, the rows found in view are those the spec's test
/// picks out of every row, and the rows to write again start at the first change.
@Suite struct TableRowsTests {
  private func rows(_ count: Int) -> [ViewIndex] { (0..<count).map { ViewIndex($0 + 2) } }

  /// A height drawn to include what tables meet: the estimate's neighbours, zero, and
  /// fractions that do not add exactly in binary.
  private func height(_ rng: inout SplitMix64) -> Double? {
    switch rng.uniformInt(in: 0...5) {
    case 0: nil
    case 1: 0
    case 2: rng.smallInteger(in: 1...400)
    default: rng.uniformDouble(in: 0..<300)
    }
  }

  /// The tops as formats.md 2.1 defines them: each row's y the sum of the heights before
  /// it, added one by one.
  private func naiveTops(_ heights: [Double]) -> [Double] {
    var tops = [0.0]
    var y = 0.0
    for h in heights {
      y += h
      tops.append(y)
    }
    return tops
  }

  @Test func topsFollowEveryHeightChangeAsTheSumInRowOrder() {
    forEachSeed(40) { seed in
      var rng = SplitMix64(seed: seed)
      let count = rng.uniformInt(in: 0...60)
      let estimate = rng.uniformDouble(in: 0..<250)
      var table = TableRows(table: ViewIndex(1))
      var heights = (0..<count).map { _ in height(&rng) }
      let list = rows(count)
      table.reset(rows: list, estimate: estimate) { heights[$0.index - 2] }
      for _ in 0..<(count == 0 ? 1 : 3 * count) {
        if count > 0 {
          let k = rng.uniformInt(in: 0...(count - 1))
          heights[k] = height(&rng)
          table.setHeight(k, heights[k])
        }
        guard rng.bernoulli(0.4) else { continue }
        table.refreshTops()
        let expected = naiveTops(heights.map { $0 ?? estimate })
        expectClose(table.tops, expected, "seed \(seed)")
        // The frames document holds these sums as written, so they must be the same
        // additions in the same order, not merely close.
        #expect(table.tops.map(\.bitPattern) == expected.map(\.bitPattern), "seed \(seed)")
        expectClose(table.contentHeight, expected[count])
      }
    }
  }

  @Test func theRowsInViewAreThoseTheSpecsTestPicksOutOfEveryRow() {
    forEachSeed(40) { seed in
      var rng = SplitMix64(seed: seed)
      let count = rng.uniformInt(in: 0...40)
      var table = TableRows(table: ViewIndex(1))
      let allowsNegative = rng.bernoulli(0.25)
      let heights = (0..<count).map { _ in allowsNegative && rng.bernoulli(0.2) ? -rng.uniformDouble(in: 0..<50) : height(&rng) }
      table.reset(rows: rows(count), estimate: 44) { heights[$0.index - 2] }
      table.refreshTops()
      let tops = table.tops
      for _ in 0..<20 {
        let offset = rng.uniformDouble(in: -100..<(max(table.contentHeight, 0) + 100))
        let visibleHeight = rng.bernoulli(0.1) ? 0 : rng.uniformDouble(in: 0..<900)
        var found: [Int] = []
        table.appendVisible(offset: offset, visibleHeight: visibleHeight, into: &found)
        let expected = (0..<count).filter { tops[$0] < offset + visibleHeight && tops[$0 + 1] > offset }
        #expect(found == expected, "seed \(seed), offset \(offset), height \(visibleHeight)")
      }
    }
  }

  @Test func rowsToWriteStartAtTheFirstHeightThatChanged() {
    var table = TableRows(table: ViewIndex(1))
    table.reset(rows: rows(10), estimate: 44) { _ in nil }
    #expect(table.firstUnwritten == 0)
    table.markWritten()
    #expect(table.firstUnwritten == 10)
    table.setHeight(6, 44)  // the estimate again: nothing moves
    #expect(table.firstUnwritten == 10)
    table.setHeight(6, 80.5)
    table.setHeight(8, 12)
    #expect(table.firstUnwritten == 6)
    table.refreshTops()
    expectClose(table.tops[7], 6 * 44 + 80.5)
    table.markWritten()
    table.setHeight(3, nil)  // already the estimate
    #expect(table.firstUnwritten == 10)
  }

  @Test func aRowListIsRecognisedByItsStorageAndEstimate() {
    var table = TableRows(table: ViewIndex(1))
    var list = rows(5)
    table.reset(rows: list, estimate: 44) { _ in nil }
    #expect(table.holds(list, estimate: 44))
    #expect(!table.holds(list, estimate: 45))
    list.append(ViewIndex(40))
    #expect(!table.holds(list, estimate: 44))
    list.removeLast()
    // The same elements in other storage are taken as another list: the check is O(1).
    #expect(!table.holds(list, estimate: 44))
    #expect(table.holds([], estimate: 44) == false)
  }
}
