/// The cells of one tableau row (or of a scratch row): symbols ascending, each with its
/// coefficient, in one buffer this object owns.
///
/// A reference type on purpose. The tableau's rows were two `ContiguousArray`s each, held
/// in an array of rows: every write into a row went through two uniqueness checks (the
/// table's and the row's), a merge swapped the row's arrays out and back, and a row could
/// only be resized through the generic `append`/`replaceSubrange`. Enaml's build merges
/// some 455 rows of 5–10 cells, and spent more of each merge on that than on the cells.
/// Here a row's cells are written in place through the object, whose count is set
/// directly; only ``Tableau`` holds these objects and never shares one between two rows,
/// so reference semantics are safe (swapping two rows' objects exchanges their cells).
///
/// `symbols` and `coefficients` are views of the live cells: valid until the next call
/// that may reallocate (`append`, `insert`, `reserveCapacity`, `setCount`, `assign`,
/// `removeAll(keepingCapacity: false)`, `shrinkToFit`); do not hold them across one.
final class RowCells {
  private(set) var count = 0
  private(set) var capacity = 0
  /// `capacity` symbols, then (at `coefficientOffset`, 8-aligned) `capacity` doubles.
  private var storage: UnsafeMutableRawPointer?

  init() {}

  deinit { storage?.deallocate() }

  @inline(__always)
  private static func coefficientOffset(_ capacity: Int) -> Int { (capacity * 4 + 7) & ~7 }

  /// The live symbols, ascending.
  @inline(__always)
  var symbols: UnsafeMutableBufferPointer<Int32> {
    UnsafeMutableBufferPointer(start: storage?.assumingMemoryBound(to: Int32.self), count: count)
  }

  /// The live coefficients, in the order of `symbols`.
  @inline(__always)
  var coefficients: UnsafeMutableBufferPointer<Double> {
    guard let storage else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    return UnsafeMutableBufferPointer(
      start: (storage + Self.coefficientOffset(capacity)).assumingMemoryBound(to: Double.self), count: count)
  }

  @inline(__always)
  var isEmpty: Bool { count == 0 }

  /// Index of `symbol`, or nil. O(log count).
  @inline(__always)
  func index(of symbol: Int32) -> Int? { sortedIndex(of: symbol, in: symbols) }

  /// The coefficient of `symbol`, 0 when it has no cell. O(log count).
  @inline(__always)
  func coefficient(of symbol: Int32) -> Double {
    guard let i = index(of: symbol) else { return 0 }
    return coefficients[i]
  }

  /// Makes room for `minimum` cells, keeping the live ones: to exactly `minimum` when
  /// `exactly`, else to the power of two at or above it and twice the current capacity
  /// (at least 4), as arrays grow, so growth cell by cell stays amortised O(1) and a row
  /// keeps some slack for the next merge. O(count) when it reallocates.
  func reserveCapacity(_ minimum: Int, exactly: Bool = false) {
    guard minimum > capacity else { return }
    if exactly {
      reallocate(to: minimum)
    } else {
      let wanted = max(minimum, 2 * capacity, 4)
      reallocate(to: 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount))
    }
  }

  private func reallocate(to newCapacity: Int) {
    precondition(newCapacity >= count, "RowCells: capacity below the live cells")
    let newStorage: UnsafeMutableRawPointer? =
      newCapacity == 0
      ? nil
      : UnsafeMutableRawPointer.allocate(
        byteCount: Self.coefficientOffset(newCapacity) + newCapacity * 8, alignment: 8)
    if let newStorage, count > 0 {
      newStorage.copyMemory(from: storage!, byteCount: count * 4)
      (newStorage + Self.coefficientOffset(newCapacity)).copyMemory(
        from: storage! + Self.coefficientOffset(capacity), byteCount: count * 8)
    }
    storage?.deallocate()
    storage = newStorage
    capacity = newCapacity
  }

  /// Sets the number of live cells; cells past the old count are uninitialised until
  /// written through `symbols`/`coefficients`. Grows like `reserveCapacity`.
  @inline(__always)
  func setCount(_ newCount: Int) {
    if newCount > capacity { reserveCapacity(newCount) }
    count = newCount
  }

  /// Appends a cell (the caller keeps the symbols ascending). Amortised O(1).
  @inline(__always)
  func append(_ symbol: Int32, _ coefficient: Double) {
    if count == capacity { reserveCapacity(count + 1) }
    let i = count
    count += 1
    symbols[i] = symbol
    coefficients[i] = coefficient
  }

  /// Inserts a cell at `index`, shifting the ones after it. O(count − index).
  func insert(_ symbol: Int32, _ coefficient: Double, at index: Int) {
    precondition(index >= 0 && index <= count, "RowCells.insert: index out of range")
    if count == capacity { reserveCapacity(count + 1) }
    let tail = count - index
    count += 1
    let s = symbols
    let c = coefficients
    if tail > 0 {
      (s.baseAddress! + index + 1).update(from: s.baseAddress! + index, count: tail)
      (c.baseAddress! + index + 1).update(from: c.baseAddress! + index, count: tail)
    }
    s[index] = symbol
    c[index] = coefficient
  }

  /// Removes the cell at `index`, shifting the ones after it. O(count − index).
  func remove(at index: Int) {
    precondition(index >= 0 && index < count, "RowCells.remove: index out of range")
    let s = symbols
    let c = coefficients
    let tail = count - index - 1
    if tail > 0 {
      (s.baseAddress! + index).update(from: s.baseAddress! + index + 1, count: tail)
      (c.baseAddress! + index).update(from: c.baseAddress! + index + 1, count: tail)
    }
    count -= 1
  }

  /// Empties the row; keeps its buffer unless told otherwise.
  func removeAll(keepingCapacity: Bool = true) {
    count = 0
    if !keepingCapacity { reallocate(to: 0) }
  }

  /// Makes `self` hold a copy of `other`'s cells, growing like `reserveCapacity`.
  /// O(other.count).
  func assign(_ other: RowCells) {
    setCount(other.count)
    guard count > 0 else { return }
    symbols.baseAddress!.update(from: other.symbols.baseAddress!, count: count)
    coefficients.baseAddress!.update(from: other.coefficients.baseAddress!, count: count)
  }

  /// Makes `self` hold the cells of `symbols`/`coefficients` (same length).
  func assign(symbols newSymbols: some Collection<Int32>, coefficients newCoefficients: some Collection<Double>) {
    precondition(newSymbols.count == newCoefficients.count, "RowCells.assign: lengths differ")
    setCount(newSymbols.count)
    _ = symbols.initialize(from: newSymbols)
    _ = coefficients.initialize(from: newCoefficients)
  }

  /// Gives the buffer back down to exactly the live cells.
  func shrinkToFit() {
    if capacity > count { reallocate(to: count) }
  }
}
