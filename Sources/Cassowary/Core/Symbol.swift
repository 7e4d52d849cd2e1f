/// What a tableau symbol stands for. Symbols are dense `Int32` ids; per-symbol facts live
/// in the solver's arrays indexed by id.
enum SymbolKind: UInt8 {
  /// A user variable: unrestricted in sign.
  case external
  /// The slack of an inequality (>= 0); the marker of a required inequality.
  case slack
  /// An error variable of an optional constraint (>= 0), weighted in the objective.
  case error
  /// The marker of a required equality: must stay 0, never enters the basis.
  case dummy
  /// The phase-one variable of an add that found no subject (>= 0, then removed).
  case artificial
  /// A released id waiting on the free list.
  case free

  /// Restricted symbols must stay non-negative (dummies: zero).
  @inline(__always)
  var isRestricted: Bool { self != .external && self != .free }

  /// Symbols the simplex may bring into the basis.
  @inline(__always)
  var isPivotable: Bool { self == .slack || self == .error }
}

/// How one constraint (user constraint or edit) lives in the tableau.
///
/// The constraint `expr + constant RELATION 0` is entered as the row
/// `expr + constant + μ·marker (+ error terms) = 0`. Because the marker occurs in no other
/// original row, changing the constant by δ is the same as shifting the marker by δ/μ,
/// which is how ``CassowarySolver/setConstant(_:of:)`` and edit suggestions update the
/// tableau in place (the marker-plus-delta rule of the paper and of NSISEngine).
struct ConstraintTag {
  // The 8-byte fields first, then the 4-byte ones, then the flag: 64 bytes, where
  // declaration order with the fields interleaved padded it to 72 (80 with the
  // fingerprint).
  /// μ: the marker's coefficient in the entered row, before any sign normalisation.
  var markerCoefficient: Double = 0
  /// The constraint's current constant.
  var constant: Double = 0
  /// An optional inequality's violation is `costScale · costSymbol`: the symbol its errors
  /// put in the objective, `other` for a row of its own, either `marker` or `other` for a
  /// row it shares with other optional inequalities on the same expression
  /// (Accelerations/SharedRows.swift). -1 for equalities, whose errors are `marker` and `other`.
  var costScale: Double = 1
  /// A hash of the terms and relation of a constraint `replace` may rename (a required
  /// constraint or an optional equality), set when it enters: with `constant`, what its
  /// rename table is keyed by, so that building the table reads no definition
  /// (Accelerations/Renaming.swift). 0 for other constraints.
  var shapeFingerprint: UInt64 = 0
  /// Slack (inequality), dummy (required equality) or positive error (optional equality).
  var marker: Int32 = -1
  /// The error paired with the marker (optional constraints only), else -1.
  var other: Int32 = -1
  /// Objective level of an optional constraint, -1 for a required one.
  var level: Int32 = -1
  /// See `costScale`.
  var costSymbol: Int32 = -1
  /// An optional inequality's neighbours in the ring of the constraints sharing its row
  /// (itself when alone), and its place in `Tableau.softInequalitiesByVariable`; else -1.
  var nextSharer: Int32 = -1
  var previousSharer: Int32 = -1
  var sharingListPosition: Int32 = -1
  var isPresent = false
}

/// One tableau row: `basic = constant + Σ coefficients[i] · symbols[i]`, symbols sorted
/// ascending and all parametric (non-basic). A free slot has `basic == -1`. The cells live
/// in a ``RowCells`` buffer of the row's own (see there for why not arrays).
struct Row {
  var basic: Int32 = -1
  /// The symbol that enters when this row's held flip is made, or -1
  /// (Accelerations/HeldFlips.swift). In the padding after `basic`: rows stay 24 bytes.
  var heldPartner: Int32 = -1
  var constant: Double = 0
  var cells = RowCells()

  /// The live symbols (a view; see ``RowCells`` for how long it stays valid).
  @inline(__always)
  var symbols: UnsafeMutableBufferPointer<Int32> { cells.symbols }

  /// The live coefficients, in the order of `symbols` (a view, as `symbols`).
  @inline(__always)
  var coefficients: UnsafeMutableBufferPointer<Double> { cells.coefficients }

  /// Index of `symbol` in `symbols`, or nil. O(log n).
  @inline(__always)
  func index(of symbol: Int32) -> Int? { cells.index(of: symbol) }

  @inline(__always)
  func coefficient(of symbol: Int32) -> Double { cells.coefficient(of: symbol) }
}

/// A C_U row slot with the evaluation key it had when listed.
struct KeyedSlot {
  var slot: Int32
  var key: Int64
}

/// Index of `symbol` in an ascending array, or nil. O(log n).
@inline(__always)
func sortedIndex(of symbol: Int32, in symbols: ContiguousArray<Int32>) -> Int? {
  symbols.withUnsafeBufferPointer { sortedIndex(of: symbol, in: $0) }
}

/// Index of `symbol` in an ascending buffer, or nil. O(log n).
@inline(__always)
func sortedIndex(of symbol: Int32, in buffer: UnsafeMutableBufferPointer<Int32>) -> Int? {
  sortedIndex(of: symbol, in: UnsafeBufferPointer(buffer))
}

/// Index of `symbol` in an ascending buffer, or nil. O(log n).
@inline(__always)
func sortedIndex(of symbol: Int32, in buffer: UnsafeBufferPointer<Int32>) -> Int? {
  var low = 0
  var high = buffer.count
  while low < high {
    let mid = (low &+ high) >> 1
    let value = buffer[mid]
    if value < symbol { low = mid &+ 1 } else if value > symbol { high = mid } else { return mid }
  }
  return nil
}

extension ContiguousArray where Element == Int32 {
  /// The elements of `self` followed by those of `other`, without copying either.
  @inline(__always)
  func concatenated(with other: ContiguousArray<Int32>) -> ConcatenatedSlots {
    ConcatenatedSlots(first: self, second: other)
  }
}

/// Two slot lists walked one after the other (a column's restricted and unrestricted
/// parts), allocation-free.
struct ConcatenatedSlots: Sequence {
  let first: ContiguousArray<Int32>
  let second: ContiguousArray<Int32>

  struct Iterator: IteratorProtocol {
    let first: ContiguousArray<Int32>
    let second: ContiguousArray<Int32>
    var index = 0

    @inline(__always)
    mutating func next() -> Int32? {
      if index < first.count {
        defer { index += 1 }
        return first[index]
      }
      let j = index - first.count
      guard j < second.count else { return nil }
      index += 1
      return second[j]
    }
  }

  func makeIterator() -> Iterator { Iterator(first: first, second: second) }
}
