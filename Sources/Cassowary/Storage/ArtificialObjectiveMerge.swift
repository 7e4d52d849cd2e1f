import LayoutModel

extension Tableau {
  /// The phase-one objective is not a tableau row (no column entries), so it merges on
  /// its own: a short expression in place (binary search, memmove), a long one through
  /// the scratch buffers. O(expression length · log its length + shifts), or
  /// O(its length + expression length).
  mutating func mergeIntoArtificialObjective(scale: Double, removing: Int32) {
    if let i = simplexState.artificialObjective.cells.index(of: removing) { simplexState.artificialObjective.cells.remove(at: i) }
    let source = scratchBuffers.pivotCells
    if source.count * 16 < simplexState.artificialObjective.cells.count {
      for j in 0..<source.count {
        let symbol = source.symbols[j]
        let value = scale * source.coefficients[j]
        let target = simplexState.artificialObjective.cells
        var low = 0
        var high = target.count
        while low < high {
          let mid = (low &+ high) >> 1
          if target.symbols[mid] < symbol { low = mid &+ 1 } else { high = mid }
        }
        if low < target.count && target.symbols[low] == symbol {
          let sum = target.coefficients[low] + value
          if abs(sum) >= Self.epsilon {
            target.coefficients[low] = sum
          } else {
            simplexState.artificialObjective.cells.remove(at: low)
          }
        } else if abs(value) >= Self.epsilon {
          simplexState.artificialObjective.cells.insert(symbol, value, at: low)
        }
      }
      return
    }
    scratchBuffers.mergeCells.removeAll()
    let target = simplexState.artificialObjective.cells
    var i = 0
    var j = 0
    while i < target.count || j < source.count {
      let a = i < target.count ? target.symbols[i] : Int32.max
      let b = j < source.count ? source.symbols[j] : Int32.max
      if a < b {
        scratchBuffers.mergeCells.append(a, target.coefficients[i])
        i += 1
      } else if b < a {
        let value = scale * source.coefficients[j]
        if abs(value) >= Self.epsilon { scratchBuffers.mergeCells.append(b, value) }
        j += 1
      } else {
        let value = target.coefficients[i] + scale * source.coefficients[j]
        if abs(value) >= Self.epsilon { scratchBuffers.mergeCells.append(a, value) }
        i += 1
        j += 1
      }
    }
    simplexState.artificialObjective.cells.assign(scratchBuffers.mergeCells)
  }
}
