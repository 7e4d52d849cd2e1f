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
  /// O(P log P · levels).
  private mutating func sortedCandidates() {
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
    order.removeAll(keepingCapacity: true)
    for c in candidateItem.indices { order.append(Int32(c)) }
    // Capture the arrays, not self: `order` is being sorted in place.
    heapSort(&order) { [vectors, vectorOf, candidatePiece, width] a, b in
      let c = compareVectors(
        vectors, width, vectorOf[Int(candidatePiece[Int(a)])], vectorOf[Int(candidatePiece[Int(b)])])
      return c < 0 || (c == 0 && a < b)
    }
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
  /// - Complexity: O(P log P · levels) for P pieces; no allocation once grown.
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
  /// total. O(P log P · levels).
  mutating func convolve(owner: ViewIndex, axis: Axis) -> Cost {
    for item in items { if let failure = item.failure { return .failed(failure) } }
    sortedCandidates()
    values.removeAll(keepingCapacity: true)
    var sum = Total()
    var soft: SoftBound?
    for item in items {
      values.append(item.lower)
      sum.move(from: 0, to: item.lower)
      if let bound = item.soft, item.lower.isFinite {
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
    let first = nextPiece
    var lower = sum.value
    var g = 0
    if sum.belowAll > 0 {
      // Groups up to the one that releases the last left ray make the convolution's left
      // ray, at the largest left-ray slope.
      while g < order.count {
        let h = groupEnd(from: g)
        for k in g..<h {
          let c = Int(order[k])
          let i = Int(candidateItem[c])
          sum.move(from: values[i], to: candidateEnd[c])
          values[i] = candidateEnd[c]
        }
        let slope = groupSlope(g)
        g = h
        if sum.belowAll == 0 {
          appendPiece(start: -.infinity, vector: slope)
          break
        }
      }
      lower = -.infinity
      soft = nil
    } else if order.isEmpty {
      appendPiece(start: lower, vector: zero)
    }
    while g < order.count && sum.value < .infinity {
      let h = groupEnd(from: g)
      appendPiece(start: sum.value, vector: groupSlope(g))
      for k in g..<h {
        let c = Int(order[k])
        let i = Int(candidateItem[c])
        sum.move(from: values[i], to: candidateEnd[c])
        values[i] = candidateEnd[c]
      }
      g = h
    }
    if nextPiece == first { appendPiece(start: lower, vector: zero) }
    return Cost(first: first, count: nextPiece - first, lower: lower, upper: sum.value, soft: soft, failure: nil)
  }
}
