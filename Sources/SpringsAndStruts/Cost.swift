import Scene

/// A convex piecewise-linear cost of one size, stored in a ``CostArena``: pieces
/// `first ..< first + count`, each from its start to the next one's (the last to `upper`),
/// with a lexicographic slope vector. The domain is `[lower, upper]`: a finite bound is a
/// required constraint (a priority-1000 hugging or compression resistance, or a stack's
/// fixed part).
///
/// A *soft* lower bound marks a truncation: the cost is only known from `lower` up (an
/// `equalCentering` stack is only computed where its views fit). Whoever settles a size at
/// a soft bound must prove the true optimum lies there, using ``SoftBound/slope``, or refuse.
struct Cost {
  var first: Int32
  var count: Int32
  var lower: Double
  var upper: Double
  var soft: SoftBound?
  /// Set when the cost could not be computed exactly (then nothing else is meaningful);
  /// whoever consults it refuses with this.
  var failure: Refusal?

  static func failed(_ refusal: Refusal) -> Cost {
    Cost(first: 0, count: 0, lower: -.infinity, upper: .infinity, soft: nil, failure: refusal)
  }

  var isPoint: Bool { lower == upper }
}

/// What is known of a cost below its soft lower bound.
struct SoftBound {
  /// A slope vector at least as large as the true left slope at the bound, or -1 when
  /// nothing is known (the bound can never be proved optimal).
  var slope: Int32
  /// The refusal to give when the bound cannot be proved.
  var refusal: Refusal
}

/// One term of a sum: `cost(scale · x + offset)`, `scale >= 0`.
struct CostTerm {
  var cost: Cost
  var scale: Double
  var offset: Double
}

/// Closeness for positions and sizes inside the backend: far tighter than
/// `Tolerance.comparison`, so decisions (at a bound, at a breakpoint) are only made on
/// values that are equal up to rounding.
@inline(__always)
func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
  if a == b { return true }
  guard a.isFinite && b.isFinite else { return false }
  return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}
