import Testing
import TestSupport

@testable import SpringsAndStruts

/// The cost arena's sparse slope vectors against dense vectors computed directly, and the
/// slope order of ``CostArena/sortedCandidates()`` against a plain stable sort.
struct CostArenaTests {
  /// −1, 0 or 1: lexicographic, level 0 first, each level within the arena's tolerance.
  private func denseCompare(_ a: [Double], _ b: [Double]) -> Int {
    for (x, y) in zip(a, b) {
      let c = compareEntries(x, y)
      if c != 0 { return c }
    }
    return 0
  }

  private func dense(_ arena: CostArena, _ v: Int32) -> [Double] {
    var result = [Double](repeating: 0, count: arena.width)
    for e in arena.entries(of: v) { result[Int(arena.entryLevel[e])] += arena.entryValue[e] }
    return result
  }

  /// A random vector made the ways a layout makes them: one entry, a scaled copy, or a sum
  /// of earlier ones through the accumulator. Small integer values, so comparisons are exact.
  private func randomVector(_ arena: inout CostArena, _ made: [Int32], _ random: inout SplitMix64) -> Int32 {
    let width = arena.width
    switch random.next() % 4 {
    case 0, 1:
      return arena.vector(Double(Int(random.next() % 5)) - 2, level: Int(random.next() % UInt64(width)))
    case 2 where !made.isEmpty:
      return arena.scaled(made[Int(random.next() % UInt64(made.count))], by: Double(Int(random.next() % 3)) - 1)
    default:
      arena.clearAccumulator()
      for _ in 0..<(1 + random.next() % 3) where !made.isEmpty {
        arena.accumulate(Double(Int(random.next() % 3)) - 1, made[Int(random.next() % UInt64(made.count))])
      }
      return arena.accumulatedVector()
    }
  }

  @Test func sparseVectorsCompareAsDenseOnes() {
    forEachSeed(100) { seed in
      var random = SplitMix64(seed: seed)
      var arena = CostArena()
      arena.reset(levels: 1 + Int(random.next() % 6))
      var made: [Int32] = [arena.zero]
      for _ in 0..<30 { made.append(randomVector(&arena, made, &random)) }
      for a in made {
        #expect(arena.sign(a) == denseCompare(dense(arena, a), dense(arena, arena.zero)), "seed \(seed)")
        for b in made {
          #expect(arena.compare(a, b) == denseCompare(dense(arena, a), dense(arena, b)), "seed \(seed): \(a) vs \(b)")
        }
      }
      // The accumulator against the same sum done densely.
      arena.clearAccumulator()
      var sum = [Double](repeating: 0, count: arena.width)
      for _ in 0..<5 {
        let (v, scale) = (made[Int(random.next() % UInt64(made.count))], Double(Int(random.next() % 5)) - 2)
        arena.accumulate(scale, v)
        for (l, x) in dense(arena, v).enumerated() { sum[l] += scale * x }
      }
      for b in made {
        #expect(arena.compareAccumulated(with: b) == denseCompare(sum, dense(arena, b)), "seed \(seed)")
      }
      let stored = arena.accumulatedVector()
      #expect(dense(arena, stored) == sum, "seed \(seed)")
      #expect(arena.entries(of: stored).allSatisfy { arena.entryValue[$0] != 0 }, "seed \(seed): a zero entry is stored")
    }
  }

  @Test func unitVectorsAreMadeOncePerPass() {
    var arena = CostArena()
    arena.reset(levels: 4)
    let up = arena.vector(1, level: 2)
    #expect(arena.vector(1, level: 2) == up)
    #expect(arena.vector(-1, level: 2) != up)
    #expect(arena.vector(-1, level: 2) == arena.vector(-1, level: 2))
    #expect(arena.vector(3, level: 2) != arena.vector(3, level: 2), "only ±1 are shared")
    #expect(arena.vector(0, level: 1) == arena.zero)
    arena.reset(levels: 4)
    let again = arena.vector(1, level: 2)
    #expect(again == up && arena.entries(of: again).count == 1, "a reset forgets them, and the ids start over")
  }

  /// Items of random convex-looking costs, pieces of random slopes: the order must be the
  /// stable order by slope of the candidates as generated (item by item, piece by piece).
  @Test func candidatesComeInSlopeOrder() {
    forEachSeed(100) { seed in
      var random = SplitMix64(seed: seed)
      var arena = CostArena()
      arena.reset(levels: 1 + Int(random.next() % 5))
      var made: [Int32] = [arena.zero]
      for _ in 0..<12 { made.append(randomVector(&arena, made, &random)) }
      arena.beginItems()
      var slopes: [Int32] = []
      for _ in 0..<(1 + random.next() % 20) {
        let first = arena.nextPiece
        let count = 1 + Int(random.next() % 3)
        for p in 0..<count {
          let slope = made[Int(random.next() % UInt64(made.count))]
          arena.appendPiece(start: p == 0 ? 0 : Double(p), vector: slope)
          slopes.append(slope)
        }
        arena.addItem(Cost(first: first, count: Int32(count), lower: 0, upper: Double(count), soft: nil, failure: nil))
      }
      arena.sortedCandidates()
      let expected = slopes.indices.sorted { a, b in
        let c = arena.compare(slopes[a], slopes[b])
        return c < 0 || (c == 0 && a < b)
      }
      #expect(arena.order.map(Int.init) == expected, "seed \(seed)")
    }
  }

  /// Two slopes whose buckets disagree with the comparison: an entry within the tolerance
  /// of zero gives `a` a positive leading entry, yet `a` and `b` tie at that level and `a`
  /// is the lower at the next. The boundary check must catch it and sort the list whole.
  @Test func aToleranceTieAcrossBucketsIsSortedWhole() {
    var arena = CostArena()
    arena.reset(levels: 3)
    arena.clearAccumulator()
    arena.accumulate(1.5e-9, arena.vector(1, level: 0))
    arena.accumulate(-1, arena.vector(1, level: 1))
    let a = arena.accumulatedVector()
    arena.clearAccumulator()
    arena.accumulate(0.7e-9, arena.vector(1, level: 0))
    arena.accumulate(1, arena.vector(1, level: 2))
    let b = arena.accumulatedVector()
    #expect(arena.compare(a, b) < 0)
    #expect(arena.leadingEntry(a)?.level == 0 && arena.leadingEntry(b)?.level == 2)
    arena.beginItems()
    for slope in [b, a] {
      let first = arena.nextPiece
      arena.appendPiece(start: 0, vector: slope)
      arena.addItem(Cost(first: first, count: 1, lower: 0, upper: 1, soft: nil, failure: nil))
    }
    arena.sortedCandidates()
    #expect(arena.order == [1, 0])
  }
}
