/// Slope vectors: sparse lists of (level, value), levels ascending, made once and never
/// changed. Sums are built in a dense accumulator over the levels and stored when done.
extension CostArena {

  /// Ends the vector whose entries were appended since the last one ended; returns it.
  /// O(1).
  mutating func endVector() -> Int32 {
    vectorStart.append(Int32(entryLevel.count))
    return Int32(vectorStart.count - 2)
  }

  /// The entries of vector `v` in `entryLevel` and `entryValue`. O(1).
  @inline(__always)
  func entries(of v: Int32) -> Range<Int> { Int(vectorStart[Int(v)])..<Int(vectorStart[Int(v) + 1]) }

  /// The vector with `value` at `level` and nothing else (the zero vector for 0); the ±1
  /// vectors are made once per pass. O(1).
  mutating func vector(_ value: Double, level: Int) -> Int32 {
    guard value != 0 else { return zero }
    let unit = value == 1 ? 2 * level + 1 : value == -1 ? 2 * level : -1
    if unit >= 0, unitVectors[unit] >= 0 { return unitVectors[unit] }
    entryLevel.append(Int32(level))
    entryValue.append(value)
    let v = endVector()
    if unit >= 0 { unitVectors[unit] = v }
    return v
  }

  /// `scale · v`. O(entries).
  mutating func scaled(_ v: Int32, by scale: Double) -> Int32 {
    guard scale != 0 else { return zero }
    for e in entries(of: v) {
      entryLevel.append(entryLevel[e])
      entryValue.append(scale * entryValue[e])
    }
    return endVector()
  }

  // MARK: The accumulator

  /// Sets accumulator `bank` (0 or 1) to zero. O(levels).
  mutating func clearAccumulator(bank: Int = 0) {
    let base = bank * width
    for l in 0..<width { accumulator[base + l] = 0 }
  }

  /// Copies bank 0 into bank 1. O(levels).
  mutating func copyAccumulator() {
    for l in 0..<width { accumulator[width + l] = accumulator[l] }
  }

  /// Accumulator `bank` `+= scale · v`. O(entries).
  mutating func accumulate(_ scale: Double, _ v: Int32, bank: Int = 0) {
    guard scale != 0 else { return }
    let base = bank * width
    for e in entries(of: v) { accumulator[base + Int(entryLevel[e])] += scale * entryValue[e] }
  }

  /// Stores accumulator `bank` as a vector. O(levels).
  mutating func accumulatedVector(bank: Int = 0) -> Int32 {
    let base = bank * width
    for l in 0..<width where accumulator[base + l] != 0 {
      entryLevel.append(Int32(l))
      entryValue.append(accumulator[base + l])
    }
    return endVector()
  }

  /// ``compare(_:_:)`` of accumulator bank 0 with vector `v`. O(levels).
  func compareAccumulated(with v: Int32) -> Int {
    var e = Int(vectorStart[Int(v)])
    let end = Int(vectorStart[Int(v) + 1])
    for l in 0..<width {
      let x = accumulator[l]
      var y = 0.0
      if e < end && Int(entryLevel[e]) == l {
        y = entryValue[e]
        e += 1
      }
      let c = compareEntries(x, y)
      if c != 0 { return c }
    }
    return 0
  }

  // MARK: Comparisons

  /// −1, 0 or 1 as `a` is lexicographically below, equal to (within tolerance) or above `b`.
  /// O(entries).
  func compare(_ a: Int32, _ b: Int32) -> Int { compareVectors(vectorStart, entryLevel, entryValue, a, b) }

  /// The sign of a vector's first non-negligible entry. O(entries).
  func sign(_ v: Int32) -> Int {
    for e in entries(of: v) {
      let c = compareEntries(entryValue[e], 0)
      if c != 0 { return c }
    }
    return 0
  }

  /// The lexicographically smaller of two vectors (`a` when they tie).
  func minimum(_ a: Int32, _ b: Int32) -> Int32 { compare(b, a) < 0 ? b : a }

  /// The level of `v`'s first non-negligible entry and that entry's sign, or nil for a
  /// vector that is zero within the tolerance. O(entries).
  func leadingEntry(_ v: Int32) -> (level: Int, sign: Int)? {
    for e in entries(of: v) {
      let c = compareEntries(entryValue[e], 0)
      if c != 0 { return (Int(entryLevel[e]), c) }
    }
    return nil
  }
}

/// −1, 0 or 1 as `x` is below, equal to (within a relative 1e-9) or above `y`.
@inline(__always)
func compareEntries(_ x: Double, _ y: Double) -> Int {
  if x == y { return 0 }
  return abs(x - y) > 1e-9 * max(1, abs(x), abs(y)) ? (x < y ? -1 : 1) : 0
}

/// −1, 0 or 1 as vector `a` is lexicographically below, equal to (level by level, within
/// ``compareEntries(_:_:)``) or above vector `b`, the vectors stored as in ``CostArena``.
/// A free function over the arrays, so that a sort's comparator can capture them and not
/// the arena it sorts a buffer of. O(entries of both).
@inline(__always)
func compareVectors(_ start: [Int32], _ level: [Int32], _ value: [Double], _ a: Int32, _ b: Int32) -> Int {
  var (i, iEnd) = (Int(start[Int(a)]), Int(start[Int(a) + 1]))
  var (j, jEnd) = (Int(start[Int(b)]), Int(start[Int(b) + 1]))
  while i < iEnd || j < jEnd {
    let li = i < iEnd ? level[i] : Int32.max
    let lj = j < jEnd ? level[j] : Int32.max
    var (x, y) = (0.0, 0.0)
    if li <= lj {
      x = value[i]
      i += 1
    }
    if lj <= li {
      y = value[j]
      j += 1
    }
    let c = compareEntries(x, y)
    if c != 0 { return c }
  }
  return 0
}
