import Testing
import TestSupport

@testable import SpringsAndStruts

/// `naturalMergeSort`: the order of a stable sort, on lists of every shape the layout
/// makes (sorted, a few runs, reversed, random with many ties).
struct SortingTests {
  /// The indices `0 ..< keys.count` in the order a stable sort by key gives.
  private func stableOrder(_ keys: [Int]) -> [Int32] {
    keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map(Int32.init)
  }

  private func sorted(_ keys: [Int], range: Range<Int>? = nil) -> [Int32] {
    var order = keys.indices.map(Int32.init)
    var scratch = MergeScratch()
    naturalMergeSort(&order, range ?? 0..<keys.count, &scratch) { keys[Int($0)] < keys[Int($1)] }
    return order
  }

  @Test func sortsEveryShapeStably() {
    forEachSeed(200) { seed in
      var random = SplitMix64(seed: seed)
      let trial = Int(seed % 5)
      let count = Int(random.next() % 300)
      var keys: [Int]
      switch trial {
      case 0: keys = (0..<count).map { $0 }
      case 1: keys = (0..<count).map { -$0 }
      case 2: keys = (0..<count).map { _ in Int(random.next() % 7) }
      case 3:
        // A few ascending runs one after another, each from its own start.
        let length = max(1, count / (1 + Int(random.next() % 4)))
        keys = (0..<count).map { i in ((i / length) * 37) % 100 + i % length }
      default: keys = (0..<count).map { _ in Int(random.next() % 1000) }
      }
      #expect(sorted(keys) == stableOrder(keys), "seed \(seed), keys \(keys)")
    }
  }

  @Test func sortsOnlyTheRangeGiven() {
    let keys = [9, 8, 7, 3, 1, 2, 0, -1]
    let order = sorted(keys, range: 3..<6)
    #expect(order == [0, 1, 2, 4, 5, 3, 6, 7])
  }

  @Test func emptyAndSingleListsAreLeftAsTheyAre() {
    #expect(sorted([]) == [])
    #expect(sorted([5]) == [0])
    #expect(sorted([5, 5, 5]) == [0, 1, 2])
  }

  @Test func scratchIsReusedAcrossSorts() {
    var scratch = MergeScratch()
    var order: [Int32] = [3, 2, 1, 0]
    naturalMergeSort(&order, 0..<4, &scratch) { $0 < $1 }
    let grown = scratch.buffer.count
    var again: [Int32] = [1, 0, 3, 2]
    naturalMergeSort(&again, 0..<4, &scratch) { $0 < $1 }
    #expect(order == [0, 1, 2, 3] && again == [0, 1, 2, 3])
    #expect(scratch.buffer.count == grown)
  }
}
