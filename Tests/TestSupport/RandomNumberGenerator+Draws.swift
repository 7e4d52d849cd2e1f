/// Draws built only on `next()`, so that a seeded generator gives the same values on every
/// platform and Swift release (the standard library's `Int.random(in:using:)` makes no such
/// promise about its algorithm). Every draw is O(1) expected, except `choose` on a
/// non-random-access collection, which is O(n).
extension RandomNumberGenerator {
  /// A uniform integer in `range`, without modulo bias (Lemire's multiply-and-reject).
  public mutating func uniformInt(in range: ClosedRange<Int>) -> Int {
    // The span fits in UInt64 even for the full Int range, where it wraps to 0.
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    if span == 0 { return Int(truncatingIfNeeded: next()) }
    var product = next().multipliedFullWidth(by: span)
    if product.low < span {
      // Reject the few low words that would make some results more likely than others.
      let threshold = (0 &- span) % span
      while product.low < threshold {
        product = next().multipliedFullWidth(by: span)
      }
    }
    return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
  }

  /// A uniform double in [0, 1) with 53 random bits.
  public mutating func unitDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform double in `range` (lower bound included, upper excluded).
  public mutating func uniformDouble(in range: Range<Double>) -> Double {
    precondition(
      range.lowerBound.isFinite && range.upperBound.isFinite,
      "uniformDouble needs a finite range, got \(range)")
    let value = range.lowerBound + unitDouble() * (range.upperBound - range.lowerBound)
    // Rounding can land exactly on the excluded upper bound.
    return value < range.upperBound ? value : range.upperBound.nextDown
  }

  /// A uniform integer in `range` as an exactly representable `Double`, for coefficients
  /// and constants whose arithmetic should stay exact.
  public mutating func smallInteger(in range: ClosedRange<Int>) -> Double {
    precondition(
      range.lowerBound >= -(1 << 52) && range.upperBound <= 1 << 52,
      "smallInteger range \(range) is not exactly representable as Double")
    return Double(uniformInt(in: range))
  }

  /// `true` with probability `probability` (clamped to [0, 1]): 0 never, 1 always.
  public mutating func bernoulli(_ probability: Double) -> Bool {
    unitDouble() < probability
  }

  /// A uniform element of `collection`, or nil when it is empty.
  public mutating func choose<C: Collection>(_ collection: C) -> C.Element? {
    if collection.isEmpty { return nil }
    let offset = uniformInt(in: 0...(collection.count - 1))
    return collection[collection.index(collection.startIndex, offsetBy: offset)]
  }

  /// An index drawn with probability proportional to `weights[i]`; zero weights are never
  /// drawn. Nil when no weight is positive. O(weights).
  public mutating func weightedIndex(_ weights: [Double]) -> Int? {
    let total = weights.reduce(0) { $0 + max(0, $1) }
    guard total > 0 else { return nil }
    var remaining = unitDouble() * total
    var lastPositive: Int?
    for (index, weight) in weights.enumerated() where weight > 0 {
      if remaining < weight { return index }
      remaining -= weight
      lastPositive = index
    }
    // Accumulated rounding can leave `remaining` a hair above the last weight.
    return lastPositive
  }
}
