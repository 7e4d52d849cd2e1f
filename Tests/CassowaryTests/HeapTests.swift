import Testing
import TestSupport

@testable import Cassowary

/// The solver's priority queues against a sorted reference: `SymbolQueue` (the dual
/// simplex's infeasible rows, lowest symbol first, each queued once).
@Suite struct HeapTests {
  @Test func aSymbolQueuePopsInAscendingOrderOnceEach() {
    forEachSeed(100) { seed in
      var random = SplitMix64(seed: seed)
      let symbols = random.uniformInt(in: 1...300)
      var queue = SymbolQueue()
      queue.reserveSymbols(symbols)
      var reference = Set<Int32>()
      var popped: [Int32] = []
      var expected: [Int32] = []
      // Inserts (some repeated) interleaved with pops.
      for _ in 0..<random.uniformInt(in: 0...600) {
        if random.bernoulli(0.7) {
          let symbol = Int32(random.uniformInt(in: 0...(symbols - 1)))
          queue.insert(symbol)
          reference.insert(symbol)
        } else {
          let next = reference.min()
          if let next { reference.remove(next) }
          expected.append(next ?? -1)
          popped.append(queue.popMin() ?? -1)
        }
      }
      while let next = reference.min() {
        reference.remove(next)
        expected.append(next)
        popped.append(queue.popMin() ?? -1)
      }
      #expect(popped == expected, "seed \(seed)")
      #expect(queue.isEmpty && queue.popMin() == nil, "seed \(seed)")
    }
  }

  @Test func removeAllForgetsTheQueuedSymbols() {
    var queue = SymbolQueue()
    queue.reserveSymbols(8)
    for symbol in [5, 3, 7] as [Int32] { queue.insert(symbol) }
    queue.removeAll()
    #expect(queue.isEmpty)
    queue.insert(3)
    queue.insert(3)
    #expect(queue.popMin() == 3 && queue.popMin() == nil)
  }
}
