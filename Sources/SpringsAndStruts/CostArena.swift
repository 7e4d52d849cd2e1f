import Scene

/// Flat storage for the ``Cost``s of one layout: piece starts, piece slope vectors (sparse
/// over the ``PriorityLevels``, highest level first) and scratch for combining them. A
/// layout resets it and appends; nothing is freed piecemeal, and once the buffers have
/// grown to a scene's needs nothing is allocated.
///
/// Slopes are compared lexicographically (highest level first): no amount of cost at a
/// lower priority outweighs any at a higher one, exactly as the constraint backends rank
/// priorities. Coefficients within a level are compared with a relative tolerance of
/// 1e-9, so slopes that are equal up to rounding tie (and a tie that leaves a choice is
/// an ambiguity the backend refuses). The vector operations are in CostArena+Vectors.
struct CostArena {
  /// Levels a vector ranges over.
  private(set) var width = 1
  /// Slope vectors, sparse: vector `v`'s entries are `vectorStart[v] ..< vectorStart[v + 1]`
  /// of `entryLevel` (ascending: the highest priority first) and `entryValue` (none exactly
  /// 0). Most slopes have one or two entries of the dozen or more levels a scene has: a
  /// 10,000-view fill stack's pass wrote 10.1 MB of dense vectors over 14 levels, and now
  /// writes 0.88 MB.
  var vectorStart: [Int32] = []
  var entryLevel: [Int32] = []
  var entryValue: [Double] = []
  /// Dense scratch for vectors being summed: banks of `width` levels (CostArena+Vectors).
  var accumulator: [Double] = []
  /// The ±1 vectors at each level made in this pass, `2 · level` (−1) and `2 · level + 1`
  /// (+1), or −1: every view's content cost uses them, and they need be stored only once.
  var unitVectors: [Int32] = []
  /// Piece `p` starts at `starts[p]` (−∞ for a left ray) and has slope `vectorOf[p]`.
  private(set) var starts: [Double] = []
  private(set) var vectorOf: [Int32] = []
  /// The zero vector (a flat piece).
  private(set) var zero: Int32 = 0

  // Scratch for sums and allocations; see CostArena+Sum and CostArena+Allocation.
  var terms: [CostTerm] = []
  var items: [Cost] = []
  /// Results of ``allocate(total:owner:axis:)``, one per item.
  var values: [Double] = []
  var eventX: [Double] = []
  var eventTerm: [Int32] = []
  var eventPiece: [Int32] = []
  var order: [Int32] = []
  /// Per candidate: its bucket in ``sortedCandidates()``; per bucket: where it ends in `order`.
  var candidateKey: [Int32] = []
  var bucketEnd: [Int32] = []
  var mergeScratch = MergeScratch()
  var candidateItem: [Int32] = []
  var candidatePiece: [Int32] = []
  var candidateStart: [Double] = []
  var candidateEnd: [Double] = []

  /// Forgets every cost; vectors range over `levels` levels from now on. O(levels).
  mutating func reset(levels: Int) {
    width = max(1, levels)
    vectorStart.removeAll(keepingCapacity: true)
    vectorStart.append(0)
    entryLevel.removeAll(keepingCapacity: true)
    entryValue.removeAll(keepingCapacity: true)
    accumulator.removeAll(keepingCapacity: true)
    accumulator.append(contentsOf: repeatElement(0, count: 2 * width))
    unitVectors.removeAll(keepingCapacity: true)
    unitVectors.append(contentsOf: repeatElement(-1, count: 2 * width))
    starts.removeAll(keepingCapacity: true)
    vectorOf.removeAll(keepingCapacity: true)
    zero = endVector()
  }

  // MARK: Pieces

  /// Where piece `p` of `cost` starts (the first at `lower`).
  @inline(__always)
  func start(_ p: Int, of cost: Cost) -> Double { p == Int(cost.first) ? cost.lower : starts[p] }

  /// Where piece `p` of `cost` ends (the last at `upper`).
  @inline(__always)
  func end(_ p: Int, of cost: Cost) -> Double { p + 1 < Int(cost.first + cost.count) ? starts[p + 1] : cost.upper }

  @inline(__always)
  func pieces(of cost: Cost) -> Range<Int> { Int(cost.first)..<Int(cost.first + cost.count) }

  mutating func appendPiece(start: Double, vector: Int32) {
    starts.append(start)
    vectorOf.append(vector)
  }

  /// Index the next appended piece will get.
  var nextPiece: Int32 { Int32(starts.count) }

  // MARK: Building blocks

  /// Zero cost on `[lower, upper]` (the whole line by default).
  mutating func flat(lower: Double = -.infinity, upper: Double = .infinity) -> Cost {
    let first = nextPiece
    appendPiece(start: lower, vector: zero)
    return Cost(first: first, count: 1, lower: lower, upper: upper, soft: nil, failure: nil)
  }

  /// `weightBelow · (t − x)⁺ + weightAbove · (x − t)⁺` at one level: hugging toward a
  /// target (stack hugging at 0.75 toward 0), the fill tie-break at 0.5, text-width
  /// disambiguation at 759.
  mutating func kink(at t: Double, level: Int, below weightBelow: Double, above weightAbove: Double) -> Cost {
    let left = vector(-weightBelow, level: level)
    let right = vector(weightAbove, level: level)
    let first = nextPiece
    appendPiece(start: -.infinity, vector: left)
    appendPiece(start: t, vector: right)
    return Cost(first: first, count: 2, lower: -.infinity, upper: .infinity, soft: nil, failure: nil)
  }

  /// A view's own content-size cost (docs/scene-semantics.md): `size <= t @hugging` and
  /// `size >= t @compressionResistance`; a priority of 1000 makes that side a bound.
  mutating func content(intrinsic t: Double?, hugging: Double, compressionResistance: Double, levels: PriorityLevels) -> Cost {
    guard let t else { return flat() }
    let lower = compressionResistance >= 1000 ? t : -.infinity
    let upper = hugging >= 1000 ? t : .infinity
    let first = nextPiece
    if lower == -.infinity {
      let left = vector(-1, level: levels.index(of: compressionResistance))
      appendPiece(start: lower, vector: left)
    }
    if upper == .infinity {
      let right = vector(1, level: levels.index(of: hugging))
      appendPiece(start: t, vector: right)
    }
    if lower == upper { appendPiece(start: t, vector: zero) }
    return Cost(first: first, count: nextPiece - first, lower: lower, upper: upper, soft: nil, failure: nil)
  }

  /// `cost` on `[max(lower, x), upper]`, the new bound hard. O(pieces).
  mutating func restrictedBelow(_ cost: Cost, to x: Double, owner: ViewIndex, axis: Axis) -> Cost {
    guard cost.failure == nil else { return cost }
    if x <= cost.lower && !(nearlyEqual(x, cost.lower) && cost.soft != nil) { return cost }
    if x > cost.upper {
      if nearlyEqual(x, cost.upper) { return restrictedBelow(cost, to: cost.upper, owner: owner, axis: axis) }
      return .failed(Refusal(view: owner, reason: .conflict(axis)))
    }
    let first = nextPiece
    var started = false
    for p in pieces(of: cost) where end(p, of: cost) > x || p + 1 == Int(cost.first + cost.count) {
      appendPiece(start: started ? starts[p] : x, vector: vectorOf[p])
      started = true
    }
    return Cost(first: first, count: nextPiece - first, lower: x, upper: cost.upper, soft: nil, failure: nil)
  }

  /// `min over s <= x of cost(s)`: the cost up to its minimum, flat after. O(pieces).
  mutating func envelope(_ cost: Cost) -> Cost {
    guard cost.failure == nil else { return cost }
    let first = nextPiece
    var flattened = false
    for p in pieces(of: cost) {
      if sign(vectorOf[p]) < 0 {
        appendPiece(start: start(p, of: cost), vector: vectorOf[p])
      } else {
        appendPiece(start: start(p, of: cost), vector: zero)
        flattened = true
        break
      }
    }
    if !flattened && cost.upper < .infinity { appendPiece(start: cost.upper, vector: zero) }
    var soft = cost.soft
    if let bound = cost.soft {
      // Left of the bound the envelope's slope is min(true slope, 0) <= min(bound, 0).
      soft?.slope = bound.slope < 0 || sign(bound.slope) > 0 ? zero : bound.slope
    }
    return Cost(first: first, count: nextPiece - first, lower: cost.lower, upper: .infinity, soft: soft, failure: nil)
  }

  // MARK: Queries

  /// The interval of minimisers (equal ends when unique). O(pieces · levels).
  func minimizers(of cost: Cost) -> (low: Double, high: Double) {
    for p in pieces(of: cost) {
      let s = sign(vectorOf[p])
      if s > 0 { return (start(p, of: cost), start(p, of: cost)) }
      if s == 0 { return (start(p, of: cost), end(p, of: cost)) }
    }
    return (cost.upper, cost.upper)
  }

  /// The size minimising `cost` subject to `size <= bound` (an alignment keeping a view
  /// inside its canvas), or why there is no single answer. O(pieces · levels).
  func boundedMinimizer(of cost: Cost, atMost bound: Double, owner: ViewIndex, axis: Axis) -> Result<Double, Refusal> {
    if let failure = cost.failure { return .failure(failure) }
    if bound < cost.lower && !nearlyEqual(bound, cost.lower) {
      return .failure(cost.soft?.refusal ?? Refusal(view: owner, reason: .conflict(axis)))
    }
    let (low, high) = minimizers(of: cost)
    let size: Double
    if bound < low || nearlyEqual(bound, low) {
      size = max(cost.lower, min(bound, low))
    } else if low.isFinite && nearlyEqual(low, high) {
      size = low
    } else {
      return .failure(Refusal(view: owner, reason: .ambiguous(axis)))
    }
    guard size.isFinite else { return .failure(Refusal(view: owner, reason: .ambiguous(axis))) }
    return provedAtSoftBound(cost, size, price: zero) ? .success(size) : .failure(cost.soft?.refusal ?? Refusal(view: owner, reason: .ambiguous(axis)))
  }

  /// The unique minimiser of `cost`, or why there is none.
  func minimizer(of cost: Cost, owner: ViewIndex, axis: Axis) -> Result<Double, Refusal> {
    boundedMinimizer(of: cost, atMost: .infinity, owner: owner, axis: axis)
  }

  /// Whether a size at `cost`'s soft lower bound is optimal for the true cost at the
  /// given price (the multiplier of the problem it was settled in): the true left slope,
  /// at most the bound's slope, must lie strictly below the price. True when the size is
  /// not at a soft bound.
  func provedAtSoftBound(_ cost: Cost, _ size: Double, price: Int32?) -> Bool {
    guard let bound = cost.soft, nearlyEqual(size, cost.lower) else { return true }
    guard bound.slope >= 0 else { return false }
    guard let price else { return true }
    return compare(bound.slope, price) < 0
  }

  /// The slope just left of `x` inside the domain (nil at or below the lower bound).
  func slope(leftOf x: Double, in cost: Cost) -> Int32? {
    if x <= cost.lower || nearlyEqual(x, cost.lower) { return nil }
    var result: Int32?
    for p in pieces(of: cost) {
      let s = start(p, of: cost)
      if s < x && !nearlyEqual(s, x) { result = vectorOf[p] } else { break }
    }
    return result
  }
}
