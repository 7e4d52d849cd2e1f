import Scene

extension CostArena {

  /// Starts a sum: `addTerm` its terms, then `sum`.
  mutating func beginSum() { terms.removeAll(keepingCapacity: true) }

  /// Adds `cost(scale · x + offset)` to the sum being built; `scale >= 0`.
  mutating func addTerm(_ cost: Cost, scale: Double = 1, offset: Double = 0) {
    terms.append(CostTerm(cost: cost, scale: scale, offset: offset))
  }

  /// The sum of the terms added since `beginSum`, as a function of x: domains intersect,
  /// slopes add. A term with scale 0 is a constant whose argument must lie in its domain.
  /// An empty domain is a conflict of `owner`'s required sizes along `axis` (or, when a
  /// soft bound causes it, that bound's refusal).
  /// - Complexity: O(P log P + P · levels) for P pieces in all (O(P · levels) when the
  ///   terms' breakpoints come in few ascending runs); no allocation once grown.
  mutating func sum(owner: ViewIndex, axis: Axis) -> Cost {
    let conflict = Refusal(view: owner, reason: .conflict(axis))
    var lower = -Double.infinity
    var upper = Double.infinity
    var lowerIsHard = false
    var softRefusal: Refusal?
    for term in terms {
      if let failure = term.cost.failure { return .failed(failure) }
      let cost = term.cost
      if term.scale == 0 {
        if term.offset < cost.lower && !nearlyEqual(term.offset, cost.lower) {
          return .failed(cost.soft?.refusal ?? conflict)
        }
        if term.offset > cost.upper && !nearlyEqual(term.offset, cost.upper) { return .failed(conflict) }
        continue
      }
      let low = (cost.lower - term.offset) / term.scale
      let high = (cost.upper - term.offset) / term.scale
      if low > lower && !nearlyEqual(low, lower) {
        lower = low
        lowerIsHard = cost.soft == nil
        softRefusal = cost.soft?.refusal
      } else if nearlyEqual(low, lower) && low.isFinite {
        lower = max(lower, low)
        if cost.soft == nil { lowerIsHard = true } else if softRefusal == nil { softRefusal = cost.soft?.refusal }
      }
      upper = min(upper, high)
    }
    if lower > upper {
      guard nearlyEqual(lower, upper) else { return .failed(lowerIsHard ? conflict : softRefusal ?? conflict) }
      upper = lower
    }

    // Slope changes of every term, in the order of x.
    eventX.removeAll(keepingCapacity: true)
    eventTerm.removeAll(keepingCapacity: true)
    eventPiece.removeAll(keepingCapacity: true)
    // The running slope, in accumulator bank 0.
    clearAccumulator()
    for (t, term) in terms.enumerated() where term.scale > 0 {
      accumulate(term.scale, vectorOf[Int(term.cost.first)])
      for p in pieces(of: term.cost).dropFirst() {
        eventX.append((starts[p] - term.offset) / term.scale)
        eventTerm.append(Int32(t))
        eventPiece.append(Int32(p))
      }
    }
    order.removeAll(keepingCapacity: true)
    for e in eventX.indices { order.append(Int32(e)) }
    naturalMergeSort(&order, 0..<order.count, &mergeScratch) { [eventX] a, b in
      eventX[Int(a)] < eventX[Int(b)] || (eventX[Int(a)] == eventX[Int(b)] && a < b)
    }

    var next = 0
    func apply(_ e: Int32) {
      let term = terms[Int(eventTerm[Int(e)])]
      let p = eventPiece[Int(e)]
      accumulate(term.scale, vectorOf[Int(p)])
      accumulate(-term.scale, vectorOf[Int(p) - 1])
    }
    // Slopes just left of the lower bound, for a soft bound's slope.
    while next < order.count, eventX[Int(order[next])] < lower, !nearlyEqual(eventX[Int(order[next])], lower) {
      apply(order[next])
      next += 1
    }
    var soft: SoftBound?
    if lower.isFinite && !lowerIsHard, let refusal = softRefusal {
      soft = softBoundOfSum(lower: lower, refusal: refusal)
    }
    while next < order.count, eventX[Int(order[next])] <= lower || nearlyEqual(eventX[Int(order[next])], lower) {
      apply(order[next])
      next += 1
    }
    let first = nextPiece
    var current = accumulatedVector()
    appendPiece(start: lower, vector: current)
    if lower < upper {
      while next < order.count {
        let x = eventX[Int(order[next])]
        if x >= upper || nearlyEqual(x, upper) { break }
        while next < order.count, nearlyEqual(eventX[Int(order[next])], x) {
          apply(order[next])
          next += 1
        }
        if compareAccumulated(with: current) != 0 {
          current = accumulatedVector()
          appendPiece(start: x, vector: current)
        }
      }
    }
    terms.removeAll(keepingCapacity: true)
    return Cost(first: first, count: nextPiece - first, lower: lower, upper: upper, soft: soft, failure: nil)
  }

  /// The slope bound of a sum whose lower bound is soft: the other terms' slopes left of
  /// it plus the bounding terms' own soft slopes (each bounds its true left slope).
  /// The running slope is accumulator bank 0; bank 1 is scratch.
  private mutating func softBoundOfSum(lower: Double, refusal: Refusal) -> SoftBound {
    copyAccumulator()
    for term in terms where term.scale > 0 {
      let low = (term.cost.lower - term.offset) / term.scale
      guard nearlyEqual(low, lower), let bound = term.cost.soft else { continue }
      guard bound.slope >= 0 else { return SoftBound(slope: -1, refusal: refusal) }
      accumulate(-term.scale, vectorOf[Int(term.cost.first)], bank: 1)
      accumulate(term.scale, bound.slope, bank: 1)
    }
    return SoftBound(slope: accumulatedVector(bank: 1), refusal: refusal)
  }
}
