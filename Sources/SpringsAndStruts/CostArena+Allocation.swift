import Scene

/// Resource allocation with separable convex costs: sizes `x_i` with a fixed total
/// minimising `Σ cost_i(x_i)` lexicographically. With piecewise-linear costs the optimum
/// is greedy (water-filling): every piece of every cost is an item of some length at its
/// slope; raising the common marginal price λ fills the items in slope order, and the
/// total decides where λ stops. The same sweep read as a function of the total is the
/// infimal convolution of the costs (a stack's cost as a function of its size).
///
/// Ties: when λ stops inside a group of equal-slope items from two pieces or more, the
/// split among them is free: the optimum is not unique (the constraint backends report
/// ambiguity and may return any split), so the allocation refuses.
extension CostArena {

  /// Starts a list of items for `allocate` or `convolve`.
  mutating func beginItems() { items.removeAll(keepingCapacity: true) }

  mutating func addItem(_ cost: Cost) { items.append(cost) }

  /// Every piece of positive length, sorted by slope (ties by item, then position).
  ///
  /// The pieces are first dealt into buckets by their slope's sign and first non-zero level
  /// (``leadingKey(_:)``), in slope order, keeping their order within a bucket; then each
  /// bucket is merge-sorted. A stack's views enter in order and their slopes at equal
  /// priorities differ only in the index tie-break, which follows that order, so most
  /// buckets are one run already: a 1,000-view fill stack's 2,000 pieces took 37,787 vector
  /// comparisons in a heap sort, and now take 1,999.
  /// - Complexity: O(P · levels) when every bucket is in order, O(P log P · levels) at
  ///   worst; no allocation once the buffers have grown.
  mutating func sortedCandidates() {
    candidateItem.removeAll(keepingCapacity: true)
    candidatePiece.removeAll(keepingCapacity: true)
    candidateStart.removeAll(keepingCapacity: true)
    candidateEnd.removeAll(keepingCapacity: true)
    for (i, cost) in items.enumerated() {
      for p in pieces(of: cost) {
        let (s, e) = (start(p, of: cost), end(p, of: cost))
        guard e > s && !nearlyEqual(s, e) else { continue }
        candidateItem.append(Int32(i))
        candidatePiece.append(Int32(p))
        candidateStart.append(s)
        candidateEnd.append(e)
      }
    }
    let count = candidateItem.count
    let keyCount = 2 * width + 1
    bucketEnd.removeAll(keepingCapacity: true)
    bucketEnd.append(contentsOf: repeatElement(0, count: keyCount))
    candidateKey.removeAll(keepingCapacity: true)
    for c in 0..<count {
      let key = leadingKey(vectorOf[Int(candidatePiece[c])])
      candidateKey.append(Int32(key))
      bucketEnd[key] += 1
    }
    // Counts to starts (each bucket's write cursor), then the cursors end at the ends.
    var total: Int32 = 0
    for k in 0..<keyCount { (bucketEnd[k], total) = (total, total + bucketEnd[k]) }
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: repeatElement(0, count: count))
    for c in 0..<count {
      let k = Int(candidateKey[c])
      order[Int(bucketEnd[k])] = Int32(c)
      bucketEnd[k] += 1
    }
    // Capture the arrays, not self: `order` is being sorted in place.
    let before = { [vectorStart, entryLevel, entryValue, vectorOf, candidatePiece] (a: Int32, b: Int32) -> Bool in
      let c = compareVectors(
        vectorStart, entryLevel, entryValue, vectorOf[Int(candidatePiece[Int(a)])], vectorOf[Int(candidatePiece[Int(b)])])
      return c < 0 || (c == 0 && a < b)
    }
    var low = 0
    for k in 0..<keyCount {
      let high = Int(bucketEnd[k])
      naturalMergeSort(&order, low..<high, &mergeScratch, by: before)
      low = high
    }
    // Neighbours across a bucket boundary are in order unless entries within the
    // tolerance of zero made two buckets' slopes tie: then sort the list as one.
    for i in 1..<max(1, count) where candidateKey[Int(order[i])] != candidateKey[Int(order[i - 1])] {
      if before(order[i], order[i - 1]) {
        naturalMergeSort(&order, 0..<count, &mergeScratch, by: before)
        break
      }
    }
  }

  /// The bucket of ``sortedCandidates()`` for vector `v`, numbered in slope order: a
  /// negative first non-zero entry at level l is bucket l (the higher the level, the lower
  /// the slope), the zero vector is `width`, a positive one at level l is `2 · width − l`.
  /// Zero means within the tolerance of ``compareEntries(_:_:)``. O(entries).
  private func leadingKey(_ v: Int32) -> Int {
    guard let (level, sign) = leadingEntry(v) else { return width }
    return sign < 0 ? level : 2 * width - level
  }

  /// The end of the group of equal slopes starting at sorted position `g`.
  private func groupEnd(from g: Int) -> Int {
    let slope = vectorOf[Int(candidatePiece[Int(order[g])])]
    var h = g + 1
    while h < order.count, compare(vectorOf[Int(candidatePiece[Int(order[h])])], slope) == 0 { h += 1 }
    return h
  }

  private func groupSlope(_ g: Int) -> Int32 { vectorOf[Int(candidatePiece[Int(order[g])])] }

  /// Position bookkeeping of the sweep: finite positions summed, infinite ones counted.
  private struct Total {
    var finite = 0.0
    var belowAll = 0
    var aboveAll = 0
    var value: Double { aboveAll > 0 ? .infinity : belowAll > 0 ? -.infinity : finite }

    mutating func move(from old: Double, to new: Double) {
      if old == -.infinity { belowAll -= 1 } else if old == .infinity { aboveAll -= 1 } else { finite -= old }
      if new == -.infinity { belowAll += 1 } else if new == .infinity { aboveAll += 1 } else { finite += new }
    }
  }

  /// Splits `total` among the items, writing each one's size to `values`. Refuses (returns
  /// the refusal) when the items' required bounds cannot meet the total (a conflict), when
  /// the split is not unique, or when an item ends at a soft bound it cannot prove.
  /// - Complexity: that of ``sortedCandidates()`` for P pieces, then O(P · levels); no
  ///   allocation once grown.
  mutating func allocate(total: Double, owner: ViewIndex, axis: Axis) -> Refusal? {
    for item in items { if let failure = item.failure { return failure } }
    sortedCandidates()
    values.removeAll(keepingCapacity: true)
    var sum = Total()
    for item in items {
      values.append(item.lower)
      sum.move(from: 0, to: item.lower)
    }
    let conflict = Refusal(view: owner, reason: .conflict(axis))
    // The price once settled: the slope of the group λ stopped in, or at a boundary the
    // next group's (the largest valid price); nil for +∞.
    var price: Int32?
    var settled = false
    if sum.belowAll == 0 {
      if total < sum.finite && !nearlyEqual(total, sum.finite) {
        // Below a soft bound the true costs are unknown, not infeasible.
        return items.first { $0.soft != nil }?.soft?.refusal ?? conflict
      }
      if nearlyEqual(total, sum.finite) {
        settled = true
        price = order.isEmpty ? nil : groupSlope(0)
      }
    }
    var g = 0
    while !settled && g < order.count {
      let h = groupEnd(from: g)
      for k in g..<h {
        let c = Int(order[k])
        let i = Int(candidateItem[c])
        sum.move(from: values[i], to: candidateEnd[c])
        values[i] = candidateEnd[c]
      }
      let after = sum.value
      if after >= total || nearlyEqual(after, total) {
        settled = true
        if nearlyEqual(after, total) {
          price = h < order.count ? groupSlope(h) : nil
        } else {
          guard h - g == 1 else { return Refusal(view: owner, reason: .ambiguous(axis)) }
          // One piece moves; every other item is fixed and finite here.
          let i = Int(candidateItem[Int(order[g])])
          var others = 0.0
          for j in values.indices where j != i { others += values[j] }
          values[i] = total - others
          price = groupSlope(g)
        }
      }
      g = h
    }
    guard settled else { return conflict }
    for (i, item) in items.enumerated() where !provedAtSoftBound(item, values[i], price: price) {
      return item.soft?.refusal ?? conflict
    }
    return nil
  }

  /// The infimal convolution of the items: the least total cost as a function of their
  /// total. The complexity of ``sortedCandidates()``, then O(P · levels).
  ///
  /// Items with a soft lower bound (known only from there up) make the convolution known
  /// only where each of them lies above that bound: below the summed bounds when no item
  /// has a left ray; with left rays, from the first piece along which the last of them
  /// leaves its bound (``softTruncation``).
  mutating func convolve(owner: ViewIndex, axis: Axis) -> Cost {
    for item in items { if let failure = item.failure { return .failed(failure) } }
    sortedCandidates()
    values.removeAll(keepingCapacity: true)
    var sum = Total()
    var soft: SoftBound?
    var atSoftBound = 0
    for item in items {
      values.append(item.lower)
      sum.move(from: 0, to: item.lower)
      if let bound = item.soft, item.lower.isFinite {
        atSoftBound += 1
        // Below the summed bounds the cheapest item to shrink sets the slope.
        if let current = soft {
          if current.slope < 0 || bound.slope < 0 {
            soft = SoftBound(slope: -1, refusal: current.refusal)
          } else if compare(bound.slope, current.slope) > 0 {
            soft = bound
          }
        } else {
          soft = bound
        }
      }
    }
    // Moves candidate `c`'s item to the candidate's end, counting the soft-bounded items
    // that leave their bound.
    func advance(_ c: Int, _ sum: inout Total, _ atSoftBound: inout Int) {
      let i = Int(candidateItem[c])
      if items[i].soft != nil, items[i].lower.isFinite, values[i] == items[i].lower { atSoftBound -= 1 }
      sum.move(from: values[i], to: candidateEnd[c])
      values[i] = candidateEnd[c]
    }
    let first = nextPiece
    var lower = sum.value
    var g = 0
    let hasLeftRay = sum.belowAll > 0
    // With a left ray: the piece from which no soft-bounded item is at its bound.
    var exactFrom: Int32? = nil
    if hasLeftRay {
      // Groups up to the one that releases the last left ray make the convolution's left
      // ray, at the largest left-ray slope.
      while g < order.count {
        let h = groupEnd(from: g)
        for k in g..<h { advance(Int(order[k]), &sum, &atSoftBound) }
        let slope = groupSlope(g)
        g = h
        if sum.belowAll == 0 {
          appendPiece(start: -.infinity, vector: slope)
          break
        }
      }
      lower = -.infinity
      if atSoftBound == 0 { exactFrom = first }
    } else if order.isEmpty {
      appendPiece(start: lower, vector: zero)
    }
    while g < order.count && sum.value < .infinity {
      let h = groupEnd(from: g)
      appendPiece(start: sum.value, vector: groupSlope(g))
      for k in g..<h { advance(Int(order[k]), &sum, &atSoftBound) }
      if hasLeftRay && exactFrom == nil && atSoftBound == 0 { exactFrom = nextPiece - 1 }
      g = h
    }
    if nextPiece == first { appendPiece(start: lower, vector: zero) }
    guard hasLeftRay else {
      return Cost(first: first, count: nextPiece - first, lower: lower, upper: sum.value, soft: soft, failure: nil)
    }
    guard let bound = soft else {
      return Cost(first: first, count: nextPiece - first, lower: lower, upper: sum.value, soft: nil, failure: nil)
    }
    return softTruncation(first: first, exactFrom: exactFrom, upper: sum.value, bound: bound)
  }

  /// A convolution with a left ray whose soft-bounded items stay at their bounds up to
  /// piece `exactFrom` (nil: along every piece): there they might shrink at an unknown
  /// cost, so the convolution is known only from that piece's start, a soft bound whose
  /// slope bounds the true left slope by the larger of the piece before (every other item's
  /// marginal there) and the items' own bounds (`bound`, −1 when one is unknown).
  private mutating func softTruncation(first: Int32, exactFrom: Int32?, upper: Double, bound: SoftBound) -> Cost {
    guard let exactFrom else { return .failed(bound.refusal) }
    if exactFrom == first {
      return Cost(first: first, count: nextPiece - first, lower: -.infinity, upper: upper, soft: nil, failure: nil)
    }
    var slope: Int32 = -1
    if bound.slope >= 0 {
      let before = vectorOf[Int(exactFrom) - 1]
      slope = compare(before, bound.slope) > 0 ? before : bound.slope
    }
    return Cost(
      first: exactFrom, count: nextPiece - exactFrom, lower: starts[Int(exactFrom)], upper: upper,
      soft: SoftBound(slope: slope, refusal: bound.refusal), failure: nil)
  }
}
