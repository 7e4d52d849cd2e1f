/// The cells of one tableau row (or of a scratch row): symbols ascending, each with its
/// coefficient, in one tail-allocated buffer (a header with the count, the capacity and
/// the offset at which the live cells start, the coefficients, then the symbols). A
/// removal or insertion shifts the cells on its shorter side: a long row that loses its
/// oldest symbols one pivot at a time moves its start instead of its whole tail.
///
/// Not an array, on purpose. With two `ContiguousArray`s per row, held in an array of
/// rows, every write into a row goes through two uniqueness checks (the table's and the
/// row's), a merge swaps the row's arrays out and back, and a row can only be resized
/// through the generic `append`/`replaceSubrange`. Enaml's build merges some 455 rows of
/// 5–10 cells, and would spend more of each merge on that than on the cells.
/// Here cells are written in place through the buffer and the count is set directly.
///
/// The buffer has reference semantics: copies of a `RowCells` share it, and nothing copies
/// on write. Only ``Tableau`` holds these, each row its own (swapping two rows' cells
/// exchanges their buffers), so that is safe. (A class owning a separate allocation would
/// add one more pointer to follow per row: a full evaluation over every row 1.2–2× slower.)
///
/// `symbols` and `coefficients` are views of the live cells: valid until the next
/// mutating call, which may reallocate; do not hold them across one.
struct RowCells {
  /// Nil for a row that never had a cell (no allocation).
  private(set) var buffer: RowBuffer?

  init() {}

  @inline(__always)
  var count: Int { buffer?.headerPointer.pointee.count ?? 0 }

  @inline(__always)
  var capacity: Int { buffer?.headerPointer.pointee.capacity ?? 0 }

  @inline(__always)
  var isEmpty: Bool { count == 0 }

  /// The live symbols, ascending.
  @inline(__always)
  var symbols: UnsafeMutableBufferPointer<Int32> {
    guard let buffer else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    let header = buffer.headerPointer
    return UnsafeMutableBufferPointer(start: buffer.symbolBase + header.pointee.offset, count: header.pointee.count)
  }

  /// The live coefficients, in the order of `symbols`.
  @inline(__always)
  var coefficients: UnsafeMutableBufferPointer<Double> {
    guard let buffer else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    let header = buffer.headerPointer
    return UnsafeMutableBufferPointer(start: buffer.coefficientBase + header.pointee.offset, count: header.pointee.count)
  }

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
  mutating func reserveCapacity(_ minimum: Int, exactly: Bool = false) {
    guard minimum > capacity else { return }
    if exactly {
      reallocate(to: minimum)
    } else {
      let wanted = max(minimum, 2 * capacity, 4)
      reallocate(to: 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount))
    }
  }

  private mutating func reallocate(to newCapacity: Int) {
    let live = count
    precondition(newCapacity >= live, "RowCells: capacity below the live cells")
    guard newCapacity > 0 else {
      buffer = nil
      return
    }
    let fresh = RowBuffer.make(capacity: newCapacity, count: live)
    if let buffer, live > 0 {
      let offset = buffer.headerPointer.pointee.offset
      fresh.symbolBase.update(from: buffer.symbolBase + offset, count: live)
      fresh.coefficientBase.update(from: buffer.coefficientBase + offset, count: live)
    }
    buffer = fresh
  }

  /// Sets the number of live cells; cells past the old count hold whatever the buffer
  /// held until written through `symbols`/`coefficients`. Grows like `reserveCapacity`.
  @inline(__always)
  mutating func setCount(_ newCount: Int) {
    if newCount > capacity { reserveCapacity(newCount) }
    if let buffer {
      let header = buffer.headerPointer
      if header.pointee.offset + newCount <= header.pointee.capacity {
        header.pointee.count = newCount
        return
      }
    } else {
      return
    }
    makeTailRoom(for: newCount)
  }

  /// Cells removed at the front left the live ones further in, and the tail has no room
  /// for `newCount`: slide them back if the buffer is at most half full, else grow (sliding
  /// a full buffer at every insertion at the tail, a long row losing cells at the front
  /// and gaining them at the back, would cost the row's length each time). Then sets the
  /// count. Amortised O(1) per cell.
  private mutating func makeTailRoom(for newCount: Int) {
    let capacity = self.capacity
    if 2 * newCount <= capacity {
      slideToFront(buffer!)
    } else {
      reallocate(to: 2 * capacity)
    }
    buffer!.headerPointer.pointee.count = newCount
  }

  /// Moves the live cells to the start of the buffer. O(count).
  private func slideToFront(_ buffer: RowBuffer) {
    let header = buffer.headerPointer
    let offset = header.pointee.offset
    guard offset > 0 else { return }
    let live = header.pointee.count
    if live > 0 {
      buffer.symbolBase.update(from: buffer.symbolBase + offset, count: live)
      buffer.coefficientBase.update(from: buffer.coefficientBase + offset, count: live)
    }
    header.pointee.offset = 0
  }

  /// Appends a cell (the caller keeps the symbols ascending). Amortised O(1).
  @inline(__always)
  mutating func append(_ symbol: Int32, _ coefficient: Double) {
    let i = count
    setCount(i + 1)
    symbols[i] = symbol
    coefficients[i] = coefficient
  }

  /// Inserts a cell at `index`, shifting the ones after it, or those before it into room
  /// left at the front by removals when fewer. O(min(index, count − index)) then.
  mutating func insert(_ symbol: Int32, _ coefficient: Double, at index: Int) {
    let tail = count - index
    precondition(index >= 0 && tail >= 0, "RowCells.insert: index out of range")
    if index < tail, let buffer, buffer.headerPointer.pointee.offset > 0 {
      // Room before the row (cells removed at the front): the cells before `index` move
      // down one into it.
      let header = buffer.headerPointer
      header.pointee.offset -= 1
      header.pointee.count += 1
      let s = symbols.baseAddress!
      let c = coefficients.baseAddress!
      if index > 0 {
        s.update(from: s + 1, count: index)
        c.update(from: c + 1, count: index)
      }
      s[index] = symbol
      c[index] = coefficient
      return
    }
    setCount(count + 1)
    let s = symbols.baseAddress!
    let c = coefficients.baseAddress!
    if tail > 0 {
      (s + index + 1).update(from: s + index, count: tail)
      (c + index + 1).update(from: c + index, count: tail)
    }
    s[index] = symbol
    c[index] = coefficient
  }

  /// Removes the cell at `index`, shifting the ones after it, or those before it when
  /// fewer (the row then starts one cell later in its buffer). O(min(index, count − index)).
  mutating func remove(at index: Int) {
    let tail = count - index - 1
    precondition(index >= 0 && tail >= 0, "RowCells.remove: index out of range")
    let s = symbols.baseAddress!
    let c = coefficients.baseAddress!
    if index < tail, let buffer {
      // Nearer the front: the cells before it move up one and the row starts one later
      // (a long row that loses its oldest symbols one pivot at a time shifted its whole
      // tail each time).
      if index > 0 {
        (s + 1).update(from: s, count: index)
        (c + 1).update(from: c, count: index)
      }
      let header = buffer.headerPointer
      header.pointee.offset += 1
      header.pointee.count -= 1
      return
    }
    if tail > 0 {
      (s + index).update(from: s + index + 1, count: tail)
      (c + index).update(from: c + index + 1, count: tail)
    }
    setCount(count - 1)
  }

  /// Empties the row; keeps its buffer unless told otherwise.
  mutating func removeAll(keepingCapacity: Bool = true) {
    if keepingCapacity {
      if let buffer {
        buffer.headerPointer.pointee.offset = 0
        buffer.headerPointer.pointee.count = 0
      }
    } else {
      buffer = nil
    }
  }

  /// Makes `self` hold a copy of `other`'s cells, growing like `reserveCapacity`.
  /// O(other.count).
  mutating func assign(_ other: RowCells) {
    assign(symbols: other.symbols, coefficients: other.coefficients)
  }

  /// ``assign(_:)`` from views of another row's cells (which must not be this row's):
  /// passing the views, not the row, spares a retain and release of its buffer per call,
  /// which a merge's copy-back paid. O(count).
  @inline(__always)
  mutating func assign(symbols sourceSymbols: UnsafeMutableBufferPointer<Int32>, coefficients sourceCoefficients: UnsafeMutableBufferPointer<Double>) {
    let n = sourceSymbols.count
    // The old cells are overwritten: none need keeping where they are.
    if let buffer { buffer.headerPointer.pointee.offset = 0 }
    setCount(n)
    guard n > 0 else { return }
    symbols.baseAddress!.update(from: sourceSymbols.baseAddress!, count: n)
    coefficients.baseAddress!.update(from: sourceCoefficients.baseAddress!, count: n)
  }

  /// Gives the buffer back down to exactly the live cells.
  mutating func shrinkToFit() {
    if capacity > count { reallocate(to: count) }
  }
}

/// `RowCells`'s count and capacity, and where the live cells start: after removals near
/// the front, `offset` cells in (`offset + count <= capacity`). Stored as 32-bit integers
/// so that the three fit where two `Int`s did: a larger header moved small rows' buffers
/// up a size class (a 10,000-view deep tree took 11 % more memory).
struct RowBufferHeader {
  private var storedCount: Int32
  private var storedCapacity: Int32
  private var storedOffset: Int32 = 0

  init(count: Int, capacity: Int) {
    precondition(capacity <= Int(Int32.max), "RowCells: more cells than 32-bit counts hold")
    storedCount = Int32(count)
    storedCapacity = Int32(capacity)
  }

  var count: Int {
    @inline(__always) get { Int(storedCount) }
    @inline(__always) set { storedCount = Int32(truncatingIfNeeded: newValue) }
  }

  var capacity: Int {
    @inline(__always) get { Int(storedCapacity) }
  }

  var offset: Int {
    @inline(__always) get { Int(storedOffset) }
    @inline(__always) set { storedOffset = Int32(truncatingIfNeeded: newValue) }
  }
}

/// The allocation behind a ``RowCells``: the header, then `capacity` coefficients, then
/// `capacity` symbols (so both stay aligned with no padding computed per access).
final class RowBuffer: ManagedBuffer<RowBufferHeader, Double> {
  /// A buffer for `capacity` cells (> 0) with `count` of them counted live.
  static func make(capacity: Int, count: Int) -> RowBuffer {
    // Doubles for the coefficients, and half as many again for the 4-byte symbols.
    let elements = capacity + (capacity + 1) / 2
    let made = unsafeDowncast(
      create(minimumCapacity: elements) { _ in RowBufferHeader(count: count, capacity: capacity) }, to: RowBuffer.self)
    // The symbols' part of the element memory holds Int32s from here on.
    made.withUnsafeMutablePointerToElements { elements in
      _ = UnsafeMutableRawPointer(elements + capacity).bindMemory(to: Int32.self, capacity: capacity)
    }
    return made
  }

  // Through pointers, not `header`: a class's stored property is checked for exclusive
  // access at run time on every use (that doubled the build's instructions).
  @inline(__always)
  var headerPointer: UnsafeMutablePointer<RowBufferHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  @inline(__always)
  var coefficientBase: UnsafeMutablePointer<Double> {
    withUnsafeMutablePointerToElements { $0 }
  }

  @inline(__always)
  var symbolBase: UnsafeMutablePointer<Int32> {
    withUnsafeMutablePointers { header, elements in
      UnsafeMutableRawPointer(elements + header.pointee.capacity).assumingMemoryBound(to: Int32.self)
    }
  }
}
