import LayoutModel

// The priority vectors' entry pool walked through pointers: the merge a pivot makes into
// every vector of the pivot row (Core/Objective.swift, docs/algorithm.md "Objective
// levels"), and the links and unlinks of single entries.
extension Tableau {
  /// Adds `c · vector` (a priority vector, as ``copyObjectiveVector(of:into:)`` gives) to
  /// the vector of each symbol of `cells`, `c` its coefficient there: what a pivot does to
  /// the objective, `cells` the entering symbol's new row. Each symbol's list and `vector`
  /// are both sorted by priority descending, so one merged walk per symbol replaces one
  /// walk per level (a pivot on a 3,000-cell row whose entering symbol has entries at
  /// three levels walked 9,000 lists), and a symbol whose vector now starts negative is
  /// queued once.
  ///
  /// One call for the whole row, not one per symbol: a dual pivot of a 1,000-view fill
  /// stack's resize runs on its ~3,000-cell closing row, and the per-symbol call paid ~210
  /// instructions a cell in set-up (the pool's, counts' and heads' uniqueness checks, the
  /// free-list top-up, the queue test through `self`), a third of the resize.
  /// - Complexity: O(Σ over the cells of the levels of both vectors). Allocates only to
  ///   grow the entry pool (the free list is topped up before each run of cells so that
  ///   the walk never appends).
  mutating func addObjectiveVector(_ vector: ContiguousArray<ObjectiveEntry>, scaledBy cells: RowCells) {
    let width = vector.count
    let n = cells.count
    guard width > 0, n > 0 else { return }
    var heads = ContiguousArray<Int32>()
    var counts = ContiguousArray<Int32>()
    var candidates = EnteringHeap()
    swap(&heads, &objectiveHead)
    swap(&counts, &levelTable.levelEntries)
    swap(&candidates, &enteringCandidates)
    var j = 0
    while j < n {
      // A cell links at most `width` entries: with that many free, the walk runs on the
      // pool's buffer until the free list runs short, then tops it up (as many entries as
      // a call per cell would have added, no more) and goes on.
      while entryPool.freeEntryCount < width {
        entries.append(ObjectiveEntry(priority: 0, coefficient: 0, level: 0, next: entryPool.freeEntry))
        entryPool.freeEntry = Int32(entries.count - 1)
        entryPool.freeEntryCount += 1
      }
      let available = entryPool.freeEntryCount
      var free = entryPool.freeEntry
      var freed = 0
      var k = j
      entries.withUnsafeMutableBufferPointer { pool in
        counts.withUnsafeMutableBufferPointer { levels in
          heads.withUnsafeMutableBufferPointer { heads in
            symbolKind.withUnsafeBufferPointer { kinds in
              rowOf.withUnsafeBufferPointer { rowOf in
                vector.withUnsafeBufferPointer { vector in
                  let symbols = cells.symbols
                  let coefficients = cells.coefficients
                  while k < n && available + freed >= width {
                    let s = Int(symbols[k])
                    // Dummies keep no vector (Accelerations/DummyCosts.swift).
                    if kinds[s] == .dummy {
                      k += 1
                      continue
                    }
                    let scale = coefficients[k]
                    var head = heads[s]
                    var previous: Int32 = -1
                    var e = head
                    for term in vector {
                      let delta = scale * term.coefficient
                      while e >= 0 && pool[Int(e)].priority > term.priority {
                        previous = e
                        e = pool[Int(e)].next
                      }
                      if e >= 0 && pool[Int(e)].level == term.level {
                        let value = pool[Int(e)].coefficient + delta
                        let next = pool[Int(e)].next
                        if abs(value) < Self.epsilon {
                          levels[Int(term.level)] -= 1
                          if previous >= 0 { pool[Int(previous)].next = next } else { head = next }
                          pool[Int(e)].next = free
                          free = e
                          freed += 1
                        } else {
                          pool[Int(e)].coefficient = value
                          previous = e
                        }
                        e = next
                      } else if abs(delta) >= Self.epsilon {
                        levels[Int(term.level)] += 1
                        let index = free
                        free = pool[Int(index)].next
                        freed -= 1
                        pool[Int(index)] = ObjectiveEntry(
                          priority: term.priority, coefficient: delta, level: term.level, next: e)
                        if previous >= 0 { pool[Int(previous)].next = index } else { head = index }
                        previous = index
                      }
                    }
                    heads[s] = head
                    // `queueIfEligible`, on the buffers.
                    if head >= 0, pool[Int(head)].coefficient < 0, kinds[s].isPivotable, rowOf[s] < 0 {
                      candidates.push(priority: pool[Int(head)].priority, symbol: Int32(s))
                    }
                    k += 1
                  }
                }
              }
            }
          }
        }
      }
      entryPool.freeEntry = free
      entryPool.freeEntryCount += freed
      j = k
    }
    swap(&heads, &objectiveHead)
    swap(&counts, &levelTable.levelEntries)
    swap(&candidates, &enteringCandidates)
  }

  /// Stores `entry` (whose `next` is already set) in a free slot or a new one and links it
  /// after `previous` (-1: at the head of `s`'s list). Returns its index. O(1) amortized.
  @discardableResult @inline(__always)
  mutating func linkObjectiveEntry(_ entry: ObjectiveEntry, of s: Int, after previous: Int32) -> Int32 {
    levelTable.levelEntries[Int(entry.level)] += 1
    let index: Int32
    if entryPool.freeEntry >= 0 {
      index = entryPool.freeEntry
      entryPool.freeEntry = entries[Int(index)].next
      entryPool.freeEntryCount -= 1
      entries[Int(index)] = entry
    } else {
      index = Int32(entries.count)
      entries.append(entry)
    }
    if previous >= 0 { entries[Int(previous)].next = index } else { objectiveHead[s] = index }
    return index
  }

  /// Unlinks entry `e`, which follows `previous` (-1: the head) in `s`'s list, and frees it.
  @inline(__always)
  mutating func unlinkObjectiveEntry(_ e: Int32, of s: Int, after previous: Int32) {
    levelTable.levelEntries[Int(entries[Int(e)].level)] -= 1
    let next = entries[Int(e)].next
    if previous >= 0 { entries[Int(previous)].next = next } else { objectiveHead[s] = next }
    entries[Int(e)].next = entryPool.freeEntry
    entryPool.freeEntry = e
    entryPool.freeEntryCount += 1
  }
}

/// The free list of the objective entry pool, and the vector a pivot substitutes. Held by ``Tableau`` as `entryPool`.
struct EntryPoolState {
  var freeEntry: Int32 = -1
  /// The length of the free list from `entryPool.freeEntry`.
  var freeEntryCount = 0
  /// Scratch for the priority vector of the symbol a pivot is substituting, while it is
  /// merged into the vectors of the pivot row's symbols (Core/Pivot.swift).
  var substitutedVector: ContiguousArray<ObjectiveEntry> = []
}
