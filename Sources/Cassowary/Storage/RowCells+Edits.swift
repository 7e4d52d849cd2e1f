extension RowCells {
  /// Applies a batch of edits (see ``RowEdits``) in one pass over the row. Between two
  /// edits the old cells form a run that moves, as a whole, by the insertions less the
  /// removals before it, plus how far the row's start moves in its buffer; the start is
  /// chosen, within the room the buffer has at either end, so that the most cells stay
  /// where they are. Runs moving towards the front are moved front to back, then those
  /// moving towards the end back to front, so no run overwrites one not yet moved; then
  /// the new cells are written into the gaps. Grows the buffer first when the cells
  /// outgrow it (like ``reserveCapacity(_:exactly:)``).
  /// - Complexity: O(edits + cells that move), at most O(edits + count), against
  ///   O(edits · count) for one ``insert(_:_:at:)`` or ``remove(at:)`` per edit.
  mutating func apply(_ edits: inout RowEdits) {
    let k = edits.count
    guard k > 0 else { return }
    let n = count
    let insertions = edits.insertions
    let removals = edits.removals
    let newCount = n + insertions - removals
    precondition(newCount >= 0, "RowCells.apply: more removals than cells")
    if newCount == 0 {
      removeAll()
      return
    }
    if newCount > capacity { reserveCapacity(newCount) }
    let header = buffer!.headerPointer
    let offset = header.pointee.offset
    let list = edits.edits
    let shift = Self.bestShift(
      for: list, count: n, insertions: insertions, removals: removals,
      lowest: -offset, highest: header.pointee.capacity - newCount - offset, weights: &edits.weights)

    let s = buffer!.symbolBase + offset
    let c = buffer!.coefficientBase + offset
    // Runs that move towards the front, front to back.
    var start = 0
    var net = 0
    for e in 0...k {
      let end = e < k ? Int(list[e].position) : n
      let displacement = shift + net
      if displacement < 0 && end > start {
        (s + start + displacement).update(from: s + start, count: end - start)
        (c + start + displacement).update(from: c + start, count: end - start)
      }
      guard e < k else { break }
      if list[e].isInsertion {
        net += 1
        start = end
      } else {
        net -= 1
        start = end + 1
      }
    }
    // Runs that move towards the end, back to front (`net` is now the total).
    var end = n
    for e in stride(from: k, through: 0, by: -1) {
      let runStart = e == 0 ? 0 : Int(list[e - 1].position) + (list[e - 1].isInsertion ? 0 : 1)
      let displacement = shift + net
      if displacement > 0 && end > runStart {
        (s + runStart + displacement).update(from: s + runStart, count: end - runStart)
        (c + runStart + displacement).update(from: c + runStart, count: end - runStart)
      }
      guard e > 0 else { break }
      end = Int(list[e - 1].position)
      net -= list[e - 1].isInsertion ? 1 : -1
    }
    // The new cells, each at its old position plus the net displacement before it.
    let t = s + shift
    let u = c + shift
    net = 0
    for e in 0..<k {
      if list[e].isInsertion {
        let at = Int(list[e].position) + net
        t[at] = list[e].symbol
        u[at] = list[e].coefficient
        net += 1
      } else {
        net -= 1
      }
    }
    header.pointee.offset = offset + shift
    header.pointee.count = newCount
  }

  /// How far the row's start should move in its buffer (between `lowest` and `highest`)
  /// for `edits` to leave the most cells in place: a run whose net displacement is `d`
  /// stays put when the start moves by −d, so the displacement shared by the most cells
  /// wins. O(edits).
  private static func bestShift(
    for edits: UnsafeBufferPointer<RowEdit>, count n: Int, insertions: Int, removals: Int,
    lowest: Int, highest: Int, weights: inout ContiguousArray<Int>
  ) -> Int {
    // Net displacements run from −removals to +insertions.
    let span = insertions + removals + 1
    if weights.count < span {
      weights.append(contentsOf: repeatElement(0, count: span - weights.count))
    }
    return weights.withUnsafeMutableBufferPointer { weights in
      for i in 0..<span { weights[i] = 0 }
      var start = 0
      var net = 0
      for edit in edits {
        let p = Int(edit.position)
        weights[net + removals] += p - start
        if edit.isInsertion {
          net += 1
          start = p
        } else {
          net -= 1
          start = p + 1
        }
      }
      weights[net + removals] += n - start
      var best = min(max(0, lowest), highest)
      var bestWeight = -1
      for d in -removals...insertions where -d >= lowest && -d <= highest {
        if weights[d + removals] > bestWeight {
          bestWeight = weights[d + removals]
          best = -d
        }
      }
      return best
    }
  }
}
