import LayoutModel

// The lexicographic objective. Each optional priority value is a level; the objective of a
// level is the sum of its constraints' error symbols, weight 1 each. Rather than one row
// per level, each parametric symbol carries its coefficients across levels as a linked
// list sorted from the highest level down (its priority vector), with zero entries pruned.
// The sign of the first entry decides whether the symbol can improve the objective:
// negative means entering it lowers the highest level it affects, positive means it is
// locked by that level, so no lower level can trade against a higher one. Dummies, which
// never enter by choice, carry no vector: theirs is computed when one has to enter
// (Accelerations/DummyCosts.swift).
extension Tableau {

  // MARK: Levels

  /// The level of an optional priority, created on first use. O(log levels), plus
  /// O(levels) when a level is created.
  mutating func level(for priority: Double) -> Int32 {
    var low = 0
    var high = levelTable.levelsByPriority.count
    while low < high {
      let mid = (low + high) >> 1
      let p = levelTable.levelPriority[Int(levelTable.levelsByPriority[mid])]
      if p < priority { low = mid + 1 } else if p > priority { high = mid } else {
        return levelTable.levelsByPriority[mid]
      }
    }
    let level = Int32(levelTable.levelPriority.count)
    levelTable.levelPriority.append(priority)
    levelTable.levelUsers.append(0)
    levelTable.levelEntries.append(0)
    levelTable.levelsByPriority.insert(level, at: low)
    return level
  }

  /// Counts a constraint out of its level. When a level loses its last user, rounding may
  /// have left entries of magnitude above epsilon behind; they would lock symbols for
  /// lower levels, so they are purged. O(1), or O(symbols) when entries were left.
  mutating func releaseLevel(_ level: Int32) {
    materializeDeferredObjective()
    levelTable.levelUsers[Int(level)] -= 1
    if levelTable.levelUsers[Int(level)] == 0 && levelTable.levelEntries[Int(level)] > 0 { purgeObjectiveEntries(at: level) }
  }

  private mutating func purgeObjectiveEntries(at level: Int32) {
    for s in objectiveHead.indices where objectiveHead[s] >= 0 {
      let symbol = Int32(s)
      let delta = -objectiveCoefficient(of: symbol, at: level)
      if delta != 0 { addObjective(symbol, level: level, delta: delta, force: true) }
    }
  }

  // MARK: Priority vectors

  /// The symbol's objective coefficient at `level`. O(levels it has entries at).
  func objectiveCoefficient(of symbol: Int32, at level: Int32) -> Double {
    var e = objectiveHead[Int(symbol)]
    while e >= 0 {
      if entries[Int(e)].level == level { return entries[Int(e)].coefficient }
      e = entries[Int(e)].next
    }
    return 0
  }

  /// Adds `delta` to the symbol's coefficient at `level`, pruning an entry that falls
  /// below epsilon (`force` removes it whatever its size). Queues the symbol as an entering
  /// candidate when its vector now starts negative.
  /// - Complexity: O(levels the symbol has entries at).
  mutating func addObjective(_ symbol: Int32, level: Int32, delta: Double, force: Bool = false) {
    let s = Int(symbol)
    let priority = levelTable.levelPriority[Int(level)]
    var previous: Int32 = -1
    var e = objectiveHead[s]
    while e >= 0 && entries[Int(e)].priority > priority {
      previous = e
      e = entries[Int(e)].next
    }
    if e >= 0 && entries[Int(e)].level == level {
      let value = entries[Int(e)].coefficient + delta
      if force || abs(value) < Self.epsilon {
        unlinkObjectiveEntry(e, of: s, after: previous)
      } else {
        entries[Int(e)].coefficient = value
      }
    } else {
      if force || abs(delta) < Self.epsilon { return }
      linkObjectiveEntry(ObjectiveEntry(priority: priority, coefficient: delta, level: level, next: e), of: s, after: previous)
    }
    queueIfEligible(symbol)
  }

  /// Replaces `vector`'s contents with the symbol's priority vector. O(levels it has
  /// entries at); allocates only to grow `vector`.
  func copyObjectiveVector(of symbol: Int32, into vector: inout ContiguousArray<ObjectiveEntry>) {
    vector.removeAll(keepingCapacity: true)
    var e = objectiveHead[Int(symbol)]
    while e >= 0 {
      vector.append(entries[Int(e)])
      e = entries[Int(e)].next
    }
  }

  /// Adds `scale · (basic's row)` to the objective at `level`: how an error symbol that is
  /// basic contributes, since the objective is kept in parametric symbols only.
  mutating func addObjectiveRow(ofBasic symbol: Int32, level: Int32, scale: Double) {
    let slot = Int(rowOf[Int(symbol)])
    let count = rows[slot].symbols.count
    for i in 0..<count where symbolKind[Int(rows[slot].symbols[i])] != .dummy {
      addObjective(rows[slot].symbols[i], level: level, delta: scale * rows[slot].coefficients[i])
    }
  }

  /// Adds `scale · symbol` to the objective at `level`, through its row when it is basic.
  mutating func addObjectiveTerm(_ symbol: Int32, level: Int32, scale: Double) {
    if rowOf[Int(symbol)] >= 0 {
      addObjectiveRow(ofBasic: symbol, level: level, scale: scale)
    } else {
      addObjective(symbol, level: level, delta: scale)
    }
  }

  /// Gives `source`'s vector, times `scale`, to `target`, which has none; `source` is left
  /// with none. The entries are relinked, not copied (one that scales below epsilon is
  /// freed). O(levels of the vector).
  mutating func moveObjectiveVector(from source: Int32, to target: Int32, scaledBy scale: Double) {
    assert(objectiveHead[Int(target)] < 0, "moveObjectiveVector: the target has a vector")
    let head = objectiveHead[Int(source)]
    objectiveHead[Int(target)] = head
    objectiveHead[Int(source)] = -1
    // Scaled through the pool's buffer (one uniqueness check, not one per entry); a
    // coefficient that falls below epsilon, rare, is pruned in a second walk.
    let pruning = entries.withUnsafeMutableBufferPointer { pool in
      var e = head
      var small = false
      while e >= 0 {
        let value = pool[Int(e)].coefficient * scale
        pool[Int(e)].coefficient = value
        if abs(value) < Self.epsilon { small = true }
        e = pool[Int(e)].next
      }
      return small
    }
    guard pruning else { return }
    var e = head
    var previous: Int32 = -1
    while e >= 0 {
      let next = entries[Int(e)].next
      if abs(entries[Int(e)].coefficient) < Self.epsilon {
        // Pruned as a merge would prune it.
        unlinkObjectiveEntry(e, of: Int(target), after: previous)
      } else {
        previous = e
      }
      e = next
    }
  }

  /// Frees every entry of a symbol's vector (the symbol has become basic).
  mutating func clearObjective(of symbol: Int32) {
    let s = Int(symbol)
    var e = objectiveHead[s]
    guard e >= 0 else { return }
    var last = e
    while e >= 0 {
      last = e
      levelTable.levelEntries[Int(entries[Int(e)].level)] -= 1
      entryPool.freeEntryCount += 1
      e = entries[Int(e)].next
    }
    entries[Int(last)].next = entryPool.freeEntry
    entryPool.freeEntry = objectiveHead[s]
    objectiveHead[s] = -1
  }

  // MARK: Entering candidates

  /// Queues `symbol` when its vector starts negative. Every eligible symbol has a heap
  /// entry under its current key; entries whose key went stale are skipped when popped.
  @inline(__always)
  mutating func queueIfEligible(_ symbol: Int32) {
    let s = Int(symbol)
    guard symbolKind[s].isPivotable, rowOf[s] < 0 else { return }
    let head = objectiveHead[s]
    guard head >= 0, entries[Int(head)].coefficient < 0 else { return }
    enteringCandidates.push(priority: entries[Int(head)].priority, symbol: symbol)
  }

  /// The eligible symbol at the highest level with the lowest id, or nil when the
  /// objective is optimal. Amortized O(log heap) per queued change.
  mutating func nextEnteringSymbol() -> Int32? {
    // A queued candidate is judged by its true vector.
    if deferredObjectiveState.deferredBasic >= 0 && !enteringCandidates.isEmpty { materializeDeferredObjective() }
    while let (priority, symbol) = enteringCandidates.pop() {
      let s = Int(symbol)
      guard symbolKind[s].isPivotable, rowOf[s] < 0 else { continue }
      let head = objectiveHead[s]
      guard head >= 0, entries[Int(head)].coefficient < 0 else { continue }
      guard entries[Int(head)].priority == priority else { continue }
      return symbol
    }
    return nil
  }

  /// Compares the dual ratios `vector(a) / ca` and `vector(b) / cb` lexicographically from
  /// the highest level down; differences within epsilon are ties at that level.
  /// Returns a negative number, 0 or a positive number. Static over the heads and the
  /// entry pool, so that a caller in a mutating walk does not pass (and so copy) the whole
  /// tableau per call, as an instance method did: ~100 instructions of copying per call.
  /// O(levels of both vectors).
  static func compareDualRatios(
    _ a: Int32, _ ca: Double, _ b: Int32, _ cb: Double,
    heads: UnsafeBufferPointer<Int32>, pool: UnsafeBufferPointer<ObjectiveEntry>
  ) -> Int {
    var ea = heads[Int(a)]
    var eb = heads[Int(b)]
    while ea >= 0 || eb >= 0 {
      let pa = ea >= 0 ? pool[Int(ea)].priority : -Double.infinity
      let pb = eb >= 0 ? pool[Int(eb)].priority : -Double.infinity
      var ra = 0.0
      var rb = 0.0
      if pa >= pb {
        ra = pool[Int(ea)].coefficient / ca
        ea = pool[Int(ea)].next
      }
      if pb >= pa {
        rb = pool[Int(eb)].coefficient / cb
        eb = pool[Int(eb)].next
      }
      if ra < rb - epsilon { return -1 }
      if ra > rb + epsilon { return 1 }
    }
    return 0
  }

  /// ``compareDualRatios(_:_:_:_:heads:pool:)`` decided by the two vectors' first entries
  /// alone (priority, and coefficient over the row's), or nil when that needs the rest of
  /// the vectors: the first level at which the ratios differ by more than epsilon decides,
  /// and a vector with no entry at a level has ratio 0 there. O(1).
  @inline(__always)
  static func dualOrderByFirstEntries(
    _ priorityA: Double, _ ratioA: Double, _ priorityB: Double, _ ratioB: Double
  ) -> Int? {
    if priorityA == priorityB {
      if ratioA < ratioB - epsilon { return -1 }
      if ratioA > ratioB + epsilon { return 1 }
      return nil
    }
    // At the higher of the two first levels the other vector's ratio is 0.
    let (ra, rb) = priorityA > priorityB ? (ratioA, 0.0) : (0.0, ratioB)
    if ra < rb - epsilon { return -1 }
    if ra > rb + epsilon { return 1 }
    return nil
  }

  /// The first entry of a symbol's vector divided by `coefficient`: (priority, ratio), or
  /// (-∞, 0) for an empty vector. O(1).
  @inline(__always)
  static func firstDualRatio(
    of symbol: Int32, _ coefficient: Double,
    heads: UnsafeBufferPointer<Int32>, pool: UnsafeBufferPointer<ObjectiveEntry>
  ) -> (priority: Double, ratio: Double) {
    let head = heads[Int(symbol)]
    guard head >= 0 else { return (-.infinity, 0) }
    return (pool[Int(head)].priority, pool[Int(head)].coefficient / coefficient)
  }
}

/// The objective levels. Held by ``Tableau`` as `levelTable`.
struct ObjectiveLevels {
  /// Priority value of each level; levels are created on first use and kept for reuse.
  var levelPriority: ContiguousArray<Double> = []
  /// Present constraints and edits at each level.
  var levelUsers: ContiguousArray<Int32> = []
  /// Objective entries currently at each level.
  var levelEntries: ContiguousArray<Int32> = []
  /// Level ids sorted by priority ascending, for lookup by binary search.
  var levelsByPriority: ContiguousArray<Int32> = []
}
