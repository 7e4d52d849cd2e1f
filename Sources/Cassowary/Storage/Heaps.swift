/// A binary min-heap of entering candidates ordered by (priority descending, symbol
/// ascending): the highest objective level first, then the lowest id — Bland's rule
/// applied level by level. Storage is reused, so steady-state use allocates nothing.
///
/// A symbol is queued at most once per priority: `queuedAt` remembers the priority of its
/// latest entry, and a push at that same priority is dropped. Without this, a pivot on a
/// long row re-queues every symbol of the row, and the stale entries grew the heap by the
/// row's length per pivot (quadratic memory on a 4,000-view stack scene).
struct EnteringHeap {
  private var priorities: ContiguousArray<Double> = []
  private var symbols: ContiguousArray<Int32> = []
  private var queuedAt: ContiguousArray<Double> = []

  var isEmpty: Bool { symbols.isEmpty }
  var count: Int { symbols.count }

  @inline(__always)
  private func precedes(_ i: Int, _ j: Int) -> Bool {
    let pi = priorities[i]
    let pj = priorities[j]
    return pi > pj || (pi == pj && symbols[i] < symbols[j])
  }

  private mutating func swapAt(_ i: Int, _ j: Int) {
    priorities.swapAt(i, j)
    symbols.swapAt(i, j)
  }

  /// O(log n); O(1) when the symbol is already queued at this priority. Not inlined: it
  /// runs for the few symbols that become eligible, and inlined into the objective
  /// update's loop over a pivot row it grew that loop by 200 instructions (register spills
  /// and uniqueness checks on every cell: 2–3 % more instructions on resizes of hundreds
  /// of pivots).
  @inline(never)
  mutating func push(priority: Double, symbol: Int32) {
    let s = Int(symbol)
    if s >= queuedAt.count { queuedAt.append(contentsOf: repeatElement(.nan, count: s + 1 - queuedAt.count)) }
    if queuedAt[s] == priority { return }
    queuedAt[s] = priority
    priorities.append(priority)
    symbols.append(symbol)
    var child = symbols.count - 1
    while child > 0 {
      let parent = (child - 1) >> 1
      if !precedes(child, parent) { break }
      swapAt(child, parent)
      child = parent
    }
  }

  /// O(log n).
  mutating func pop() -> (priority: Double, symbol: Int32)? {
    guard let lastSymbol = symbols.last else { return nil }
    let top = (priorities[0], symbols[0])
    if queuedAt[Int(top.1)] == top.0 { queuedAt[Int(top.1)] = .nan }
    let lastPriority = priorities[priorities.count - 1]
    priorities.removeLast()
    symbols.removeLast()
    if symbols.isEmpty { return top }
    priorities[0] = lastPriority
    symbols[0] = lastSymbol
    var parent = 0
    let n = symbols.count
    while true {
      let left = 2 * parent + 1
      if left >= n { break }
      var best = left
      if left + 1 < n && precedes(left + 1, left) { best = left + 1 }
      if !precedes(best, parent) { break }
      swapAt(best, parent)
      parent = best
    }
    return top
  }

  mutating func removeAll() {
    for symbol in symbols { queuedAt[Int(symbol)] = .nan }
    priorities.removeAll(keepingCapacity: true)
    symbols.removeAll(keepingCapacity: true)
  }
}

/// A binary min-heap of symbol ids with membership flags, for the dual simplex's queue of
/// infeasible rows: the smallest basic id leaves first (Bland's rule for the dual).
struct SymbolQueue {
  private var items: ContiguousArray<Int32> = []
  private var queued: ContiguousArray<Bool> = []

  var isEmpty: Bool { items.isEmpty }

  /// Grows the membership flags to cover `count` symbols.
  mutating func reserveSymbols(_ count: Int) {
    if queued.count < count { queued.append(contentsOf: repeatElement(false, count: count - queued.count)) }
  }

  /// O(log n); a symbol already queued is not queued twice. The sift runs on the heap's
  /// buffer: through the array, each step's reads and swap checked the array's uniqueness
  /// and bounds, and a resize of a 1,000-view nested stack (230 dual pivots) spent 13 % of
  /// its instructions in this queue.
  mutating func insert(_ symbol: Int32) {
    let s = Int(symbol)
    if queued[s] { return }
    queued[s] = true
    items.append(symbol)
    items.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) >> 1
        if heap[child] >= heap[parent] { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }
  }

  /// O(log n), on the heap's buffer (see ``insert(_:)``).
  mutating func popMin() -> Int32? {
    guard let last = items.popLast() else { return nil }
    var top = last
    items.withUnsafeMutableBufferPointer { heap in
      let n = heap.count
      guard n > 0 else { return }
      top = heap[0]
      // Sift the last item down from the root.
      var parent = 0
      while true {
        let left = 2 * parent + 1
        if left >= n { break }
        var best = left
        if left + 1 < n && heap[left + 1] < heap[left] { best = left + 1 }
        if heap[best] >= last { break }
        heap[parent] = heap[best]
        parent = best
      }
      heap[parent] = last
    }
    queued[Int(top)] = false
    return top
  }

  mutating func removeAll() {
    for item in items { queued[Int(item)] = false }
    items.removeAll(keepingCapacity: true)
  }
}

/// A binary max-heap of symbols keyed by the evaluation key of their C_U row: the full
/// reduction of a new row expands the basic with the highest key first, so that no row
/// still to be expanded can mention it again (rows refer only to lower keys), and each
/// basic is expanded once. Storage is reused.
struct KeyedSymbolHeap {
  private var keys: ContiguousArray<Int64> = []
  private var symbols: ContiguousArray<Int32> = []

  var isEmpty: Bool { symbols.isEmpty }

  /// Room for `count` entries, so pushes up to that many allocate nothing.
  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    symbols.reserveCapacity(count)
  }

  /// O(log n).
  mutating func push(key: Int64, symbol: Int32) {
    keys.append(key)
    symbols.append(symbol)
    var child = keys.count - 1
    while child > 0 {
      let parent = (child - 1) >> 1
      if keys[child] <= keys[parent] { break }
      keys.swapAt(child, parent)
      symbols.swapAt(child, parent)
      child = parent
    }
  }

  /// The symbol with the highest key. O(log n).
  mutating func popMax() -> Int32? {
    guard let lastSymbol = symbols.last else { return nil }
    let top = symbols[0]
    let lastKey = keys[keys.count - 1]
    keys.removeLast()
    symbols.removeLast()
    if symbols.isEmpty { return top }
    keys[0] = lastKey
    symbols[0] = lastSymbol
    var parent = 0
    let n = symbols.count
    while true {
      let left = 2 * parent + 1
      if left >= n { break }
      var best = left
      if left + 1 < n && keys[left + 1] > keys[left] { best = left + 1 }
      if keys[best] <= keys[parent] { break }
      keys.swapAt(best, parent)
      symbols.swapAt(best, parent)
      parent = best
    }
    return top
  }
}
