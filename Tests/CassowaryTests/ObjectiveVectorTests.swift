import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// The objective's priority vectors as a pivot updates and compares them: the update of a
/// whole pivot row in one walk (`addObjectiveVector(_:scaledBy:)`) against the reference
/// of one `addObjective` per cell and level, and the dual ratio test's shortcut on first
/// entries against the full lexicographic comparison, and the lists themselves against
/// a plain model.
@Suite struct ObjectiveVectorTests {
  static let priorities: [Double] = [1, 250, 500, 750, 999]

  /// A tableau of `count` error and slack symbols whose vectors hold random entries at
  /// the levels of `priorities`, some of them negative (so some symbols are eligible to
  /// enter).
  static func randomTableau(symbols count: Int, using random: inout SplitMix64) -> Tableau {
    var tableau = Tableau()
    for _ in 0..<count {
      _ = tableau.makeSymbol(random.bernoulli(0.5) ? .error : .slack)
    }
    let levels = priorities.map { tableau.level(for: $0) }
    for s in 0..<count {
      for level in levels where random.bernoulli(0.4) {
        tableau.addObjective(Int32(s), level: level, delta: random.smallInteger(in: -3...5))
      }
    }
    return tableau
  }

  /// Each symbol's coefficient at each level, symbol-major.
  static func coefficients(of tableau: Tableau, symbols count: Int) -> [Double] {
    let levels = priorities.map { p in Int32(tableau.levelTable.levelPriority.firstIndex(of: p)!) }
    return (0..<count).flatMap { s in levels.map { tableau.objectiveCoefficient(of: Int32(s), at: $0) } }
  }

  /// The tableau's invariant violations but optimality: these tableaux are built by
  /// hand, with negative first entries and no optimisation.
  static func storageViolations(_ tableau: Tableau) -> [String] {
    tableau.invariantViolations().filter { !$0.hasPrefix("not optimal") }
  }

  /// The entering candidates each tableau yields, in order, until it has none.
  static func drainCandidates(_ tableau: inout Tableau) -> [Int32] {
    var order: [Int32] = []
    while let symbol = tableau.nextEnteringSymbol() { order.append(symbol) }
    return order
  }

  @Test func aRowUpdateMatchesOneUpdatePerCellAndLevel() {
    forEachSeed(60) { seed in
      var random = SplitMix64(seed: seed)
      let count = random.uniformInt(in: 2...80)
      var batched = Self.randomTableau(symbols: count, using: &random)
      var reference = batched
      // The entering symbol's vector, and a row over a random subset of the others; some
      // of its coefficients cancel a target's entry exactly, so entries are freed too.
      let entering = Int32(random.uniformInt(in: 0...(count - 1)))
      var vector = ContiguousArray<ObjectiveEntry>()
      batched.copyObjectiveVector(of: entering, into: &vector)
      var row = RowCells()
      for s in 0..<Int32(count) where s != entering && random.bernoulli(0.6) {
        var scale = random.smallInteger(in: -4...4)
        if scale == 0 { scale = 0.5 }
        if let first = vector.first, random.bernoulli(0.2) {
          let existing = batched.objectiveCoefficient(of: s, at: first.level)
          if existing != 0 { scale = -existing / first.coefficient }
        }
        row.append(s, scale)
      }
      batched.addObjectiveVector(vector, scaledBy: row)
      for j in 0..<row.count {
        for term in vector {
          reference.addObjective(row.symbols[j], level: term.level, delta: row.coefficients[j] * term.coefficient)
        }
      }
      expectClose(
        Self.coefficients(of: batched, symbols: count), Self.coefficients(of: reference, symbols: count),
        "seed \(seed): coefficients after the row update")
      #expect(batched.levelTable.levelEntries == reference.levelTable.levelEntries, "seed \(seed): entries per level")
      #expect(
        batched.entries.count - batched.entryPool.freeEntryCount == reference.entries.count - reference.entryPool.freeEntryCount,
        "seed \(seed): live entries")
      #expect(Self.drainCandidates(&batched) == Self.drainCandidates(&reference), "seed \(seed): entering candidates")
    }
  }

  @Test func aRowUpdateTopsUpAnEmptyFreeListAsItGoes() {
    // No free entries at the start, a row of 200 symbols without entries at the vector's
    // levels: the walk must stop and top the free list up as it goes, and link every
    // entry exactly once.
    var tableau = Tableau()
    for _ in 0..<201 { _ = tableau.makeSymbol(.error) }
    let high = tableau.level(for: 750)
    let low = tableau.level(for: 250)
    tableau.addObjective(0, level: high, delta: 2)
    tableau.addObjective(0, level: low, delta: -1)
    #expect(tableau.entryPool.freeEntryCount == 0)
    var vector = ContiguousArray<ObjectiveEntry>()
    tableau.copyObjectiveVector(of: 0, into: &vector)
    var row = RowCells()
    for s in 1...200 { row.append(Int32(s), Double(s)) }
    tableau.addObjectiveVector(vector, scaledBy: row)
    #expect(tableau.levelTable.levelEntries[Int(high)] == 201 && tableau.levelTable.levelEntries[Int(low)] == 201)
    #expect(tableau.entries.count - tableau.entryPool.freeEntryCount == 402)
    for s in 1...200 {
      expectClose(tableau.objectiveCoefficient(of: Int32(s), at: high), 2 * Double(s))
      expectClose(tableau.objectiveCoefficient(of: Int32(s), at: low), -Double(s))
    }
    // Every symbol of the row now starts positive (locked at 750): none is a candidate.
    #expect(Self.drainCandidates(&tableau) == [])
  }

  /// A symbol's vector as the model holds it: level → coefficient. The model test drives
  /// single adds (some cancelling an entry exactly, some forced), row updates and clears
  /// in random order, and checks every vector, the per-level counts and the tableau's
  /// storage invariants (list order, no entry below epsilon, the free list) after each.
  typealias ModelVector = [Int32: Double]

  @Test func theStorageMatchesAPlainModelThroughAddsMergesAndClears() {
    forEachSeed(40) { seed in
      var random = SplitMix64(seed: seed)
      let count = random.uniformInt(in: 2...24)
      var tableau = Tableau()
      for _ in 0..<count { _ = tableau.makeSymbol(.error) }
      let levels = Self.priorities.map { tableau.level(for: $0) }
      var model = [ModelVector](repeating: [:], count: count)
      for step in 0..<120 {
        let s = Int32(random.uniformInt(in: 0...(count - 1)))
        switch random.uniformInt(in: 0...9) {
        case 0...5:
          let level = levels[random.uniformInt(in: 0...(levels.count - 1))]
          let existing = model[Int(s)][level] ?? 0
          // Now and then exactly the entry's negation, so that it is pruned.
          let delta = existing != 0 && random.bernoulli(0.25) ? -existing : random.smallInteger(in: -3...3)
          tableau.addObjective(s, level: level, delta: delta)
          let value = existing + delta
          model[Int(s)][level] = abs(value) < Tableau.epsilon ? nil : value
        case 6:
          let level = levels[random.uniformInt(in: 0...(levels.count - 1))]
          tableau.addObjective(s, level: level, delta: 0, force: true)
          model[Int(s)][level] = nil
        case 7:
          tableau.clearObjective(of: s)
          model[Int(s)] = [:]
        default:
          var vector = ContiguousArray<ObjectiveEntry>()
          tableau.copyObjectiveVector(of: s, into: &vector)
          var row = RowCells()
          for t in 0..<Int32(count) where t != s && random.bernoulli(0.5) {
            let scale = random.smallInteger(in: -2...2)
            row.append(t, scale == 0 ? 0.5 : scale)
          }
          tableau.addObjectiveVector(vector, scaledBy: row)
          for j in 0..<row.count {
            let t = Int(row.symbols[j])
            for term in vector {
              let delta = row.coefficients[j] * term.coefficient
              let existing = model[t][term.level]
              if let existing {
                let value = existing + delta
                model[t][term.level] = abs(value) < Tableau.epsilon ? nil : value
              } else if abs(delta) >= Tableau.epsilon {
                model[t][term.level] = delta
              }
            }
          }
        }
        for t in 0..<count {
          var vector = ContiguousArray<ObjectiveEntry>()
          tableau.copyObjectiveVector(of: Int32(t), into: &vector)
          let expected = model[t].sorted { tableau.levelTable.levelPriority[Int($0.key)] > tableau.levelTable.levelPriority[Int($1.key)] }
          #expect(vector.map(\.level) == expected.map(\.key), "seed \(seed), step \(step): levels of \(t)")
          expectClose(
            vector.map(\.coefficient), expected.map(\.value), "seed \(seed), step \(step): coefficients of \(t)")
        }
        let perLevel = levels.map { level in Int32(model.filter { $0[level] != nil }.count) }
        #expect(levels.map { tableau.levelTable.levelEntries[Int($0)] } == perLevel, "seed \(seed), step \(step): entries per level")
        let violations = Self.storageViolations(tableau)
        #expect(violations == [], "seed \(seed), step \(step)")
        if !violations.isEmpty { return }
      }
    }
  }

  @Test func firstEntriesDecideOnlyWhatTheFullComparisonDecides() {
    forEachSeed(60) { seed in
      var random = SplitMix64(seed: seed)
      let count = random.uniformInt(in: 2...40)
      let tableau = Self.randomTableau(symbols: count, using: &random)
      var decided = 0
      tableau.objectiveHead.withUnsafeBufferPointer { heads in
        tableau.entries.withUnsafeBufferPointer { pool in
          for a in 0..<Int32(count) {
            for b in 0..<Int32(count) where a != b {
              // Small positive row coefficients, some equal, so that first-level ties occur.
              let ca = random.smallInteger(in: 1...3)
              let cb = random.smallInteger(in: 1...3)
              let full = Tableau.compareDualRatios(a, ca, b, cb, heads: heads, pool: pool)
              let first = Tableau.firstDualRatio(of: a, ca, heads: heads, pool: pool)
              let other = Tableau.firstDualRatio(of: b, cb, heads: heads, pool: pool)
              guard let shortcut = Tableau.dualOrderByFirstEntries(first.priority, first.ratio, other.priority, other.ratio)
              else { continue }
              decided += 1
              #expect(shortcut.signum() == full.signum(), "seed \(seed): symbols \(a), \(b)")
            }
          }
        }
      }
      #expect(decided > 0, "seed \(seed): the shortcut decided no pair")
    }
  }

  @Test func anEmptyVectorRanksByTheOthersFirstEntry() {
    var tableau = Tableau()
    for _ in 0..<3 { _ = tableau.makeSymbol(.error) }
    tableau.addObjective(1, level: tableau.level(for: 500), delta: 2)
    tableau.addObjective(2, level: tableau.level(for: 500), delta: 1e-3)
    tableau.objectiveHead.withUnsafeBufferPointer { heads in
      tableau.entries.withUnsafeBufferPointer { pool in
        let empty = Tableau.firstDualRatio(of: 0, 1, heads: heads, pool: pool)
        let positive = Tableau.firstDualRatio(of: 1, 1, heads: heads, pool: pool)
        // 1e-3 over a coefficient of 1e6: a ratio under epsilon.
        let tiny = Tableau.firstDualRatio(of: 2, 1e6, heads: heads, pool: pool)
        #expect(empty.priority == -.infinity && empty.ratio == 0)
        // Symbol 0 costs nothing anywhere: it ranks before a symbol that costs at 500.
        #expect(Tableau.dualOrderByFirstEntries(empty.priority, empty.ratio, positive.priority, positive.ratio) == -1)
        #expect(Tableau.dualOrderByFirstEntries(positive.priority, positive.ratio, empty.priority, empty.ratio) == 1)
        // Two empty vectors, or a ratio within epsilon of the other's 0: not decided here.
        #expect(Tableau.dualOrderByFirstEntries(empty.priority, empty.ratio, empty.priority, empty.ratio) == nil)
        #expect(Tableau.dualOrderByFirstEntries(tiny.priority, tiny.ratio, empty.priority, empty.ratio) == nil)
      }
    }
  }
}
