/// A batch of edits to one row, in the row's cell order: new cells inserted before an old
/// cell's index, and old cells removed. A merge into a long row collects them, and
/// ``RowCells/apply(_:)`` then moves each run of cells between two edits once, instead of
/// shifting the row's tail (or head) once per edit.
///
/// Why: a 10,000-view feed's closing row holds ~16,000 cells, and most of its 12,000
/// pivots substitute a 5–32-cell row into it, bringing in and taking out cells spread
/// across it; one shift per edit moved tens of thousands of cells per substitution where
/// one pass moves at most the row once.
///
/// The tableau keeps one as scratch: after its first long merges it allocates nothing.
/// Edits are written through a buffer it owns alone (not arrays: an append to a
/// `ContiguousArray` checks uniqueness every time, and three of them per edit are a
/// visible share of a merge).
struct RowEdits {
  private var buffer: RowEditBuffer?
  private(set) var count = 0
  private(set) var insertions = 0
  private(set) var removals = 0
  /// Cells per net displacement, indexed by displacement + removals (``RowCells/apply(_:)``).
  var weights: ContiguousArray<Int> = []

  init() {}

  @inline(__always)
  var isEmpty: Bool { count == 0 }

  /// The edits, in order; valid until the next mutating call.
  @inline(__always)
  var edits: UnsafeBufferPointer<RowEdit> {
    guard let buffer else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: buffer.elements, count: count)
  }

  /// Forgets the edits and makes room for `minimum` of them, keeping the storage.
  /// O(1) unless it grows.
  @inline(__always)
  mutating func removeAll(reservingCapacity minimum: Int = 0) {
    count = 0
    insertions = 0
    removals = 0
    if minimum > (buffer?.editCapacity ?? 0) {
      buffer = RowEditBuffer.make(capacity: max(minimum, 2 * (buffer?.editCapacity ?? 0), 16))
    }
  }

  /// Records a new cell that goes before the old cell at `index`. The caller keeps the
  /// order (see ``RowEdit/position``). Amortised O(1).
  @inline(__always)
  mutating func insert(_ symbol: Int32, _ coefficient: Double, before index: Int) {
    assert(symbol >= 0, "RowEdits.insert: symbols are not negative")
    assert(count == 0 || edits[count - 1].position < index || (edits[count - 1].position == index && edits[count - 1].symbol >= 0),
           "RowEdits.insert: edits out of order")
    append(RowEdit(position: Int32(truncatingIfNeeded: index), symbol: symbol, coefficient: coefficient))
    insertions += 1
  }

  /// Records the removal of the old cell at `index`. The caller keeps the order (see
  /// ``RowEdit/position``). Amortised O(1).
  @inline(__always)
  mutating func remove(at index: Int) {
    assert(count == 0 || edits[count - 1].position < index || (edits[count - 1].position == index && edits[count - 1].symbol >= 0),
           "RowEdits.remove: edits out of order")
    append(RowEdit(position: Int32(truncatingIfNeeded: index), symbol: -1, coefficient: 0))
    removals += 1
  }

  @inline(__always)
  private mutating func append(_ edit: RowEdit) {
    if count == (buffer?.editCapacity ?? 0) { grow() }
    buffer.unsafelyUnwrapped.elements[count] = edit
    count += 1
  }

  private mutating func grow() {
    let fresh = RowEditBuffer.make(capacity: max(2 * count, 16))
    if let buffer { fresh.elements.update(from: buffer.elements, count: count) }
    buffer = fresh
  }
}

/// One edit of a ``RowEdits`` batch.
struct RowEdit {
  /// The old cell index: the new cell goes before it (an insertion; the row's count for
  /// the end), or it is the cell removed. Nondecreasing along a batch, and at one index
  /// the insertions come before the removal.
  var position: Int32
  /// The inserted symbol, or -1 for a removal.
  var symbol: Int32
  /// The inserted coefficient (0 for a removal).
  var coefficient: Double

  @inline(__always)
  var isInsertion: Bool { symbol >= 0 }
}

/// The storage behind a ``RowEdits``: its capacity, then the edits (trivial values, so
/// nothing is deinitialized).
final class RowEditBuffer: ManagedBuffer<Int, RowEdit> {
  static func make(capacity: Int) -> RowEditBuffer {
    unsafeDowncast(create(minimumCapacity: capacity) { _ in capacity }, to: RowEditBuffer.self)
  }

  // Through pointers: a class's stored property is checked for exclusive access at run
  // time on every use.
  @inline(__always)
  var editCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

  @inline(__always)
  var elements: UnsafeMutablePointer<RowEdit> { withUnsafeMutablePointerToElements { $0 } }
}
