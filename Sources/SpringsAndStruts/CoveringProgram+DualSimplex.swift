/// The bounded dual simplex for ``CoveringProgram``. Rows are `Σ A x − s = e` with one
/// surplus `s >= 0` per row; the first basis is the surpluses (`s = −e`, infeasible where
/// `e > 0`) with every structural column at 0, which is dual feasible because every cost is
/// lexicographically >= 0. Each iteration takes the most infeasible basic value to the
/// bound it violates and brings in the column with the least lexicographic ratio
/// `|reduced cost| / |entry|`, so reduced costs stay of the right sign: at the end the
/// basis is optimal for every level at once.
extension CoveringProgram {

  /// Solves the program set up since ``reset(rows:groups:width:)``; values follow in
  /// `value` (and ``total(of:)``).
  /// - Complexity: O(iterations · rows · (columns + rows) · levels); iterations are
  ///   typically a few per row, capped at `50 · (rows + columns)` (then `.unsolved`).
  ///   No allocation once the buffers have grown.
  mutating func solve() -> Outcome {
    let total = columns + rows
    setUpTableau(total)
    var iterations = 0
    let limit = 50 * (rows + columns) + 50
    while let r = leavingRow() {
      iterations += 1
      if iterations > limit { return .unsolved }
      let b = Int(basic[r])
      let toLower = value[b] < 0
      guard let q = enteringColumn(row: r, toLower: toLower, total) else { return .infeasible }
      pivot(row: r, column: q, bound: toLower ? 0 : upper(of: b), total)
    }
    return hasAlternativeOptimum(total) ? .ambiguous : .optimal
  }

  private func upper(of column: Int) -> Double { column < columns ? upper[column] : .infinity }

  private mutating func setUpTableau(_ total: Int) {
    tableau.removeAll(keepingCapacity: true)
    for i in 0..<rows {
      for j in 0..<columns { tableau.append(-coefficient[i * groups + Int(groupOf[j])]) }
      for k in 0..<rows { tableau.append(k == i ? 1 : 0) }
    }
    basic.removeAll(keepingCapacity: true)
    for i in 0..<rows { basic.append(Int32(columns + i)) }
    value.removeAll(keepingCapacity: true)
    value.append(contentsOf: repeatElement(0, count: columns))
    for i in 0..<rows { value.append(-requirement[i]) }
    atUpper.removeAll(keepingCapacity: true)
    atUpper.append(contentsOf: repeatElement(false, count: total))
    // Surpluses cost nothing: their reduced costs start at 0.
    cost.removeLast(max(0, cost.count - columns * width))
    cost.append(contentsOf: repeatElement(0, count: rows * width))
  }

  /// The row whose basic value is furthest outside its bounds (the first on ties), or nil
  /// when all are within them (up to rounding).
  private func leavingRow() -> Int? {
    var best: Int?
    var worst = 0.0
    for r in 0..<rows {
      let b = Int(basic[r])
      let x = value[b]
      let violation = x < 0 ? -x : x - upper(of: b)
      if violation > 0 && !isNegligible(violation, scale: abs(x)) && violation > worst {
        worst = violation
        best = r
      }
    }
    return best
  }

  /// The nonbasic column that keeps every reduced cost of the right sign when row r's
  /// basic value is taken to its violated bound: least `|d_j| / |T_rj|` lexicographically;
  /// on ties the larger `|T_rj|` (steadier), then the lower index. Nil when no column can
  /// move that value the right way (the rows cannot be covered).
  private mutating func enteringColumn(row r: Int, toLower: Bool, _ total: Int) -> Int? {
    var best: Int?
    var bestEntry = 0.0
    if bestRatio.count < width { bestRatio.append(contentsOf: repeatElement(0, count: width - bestRatio.count)) }
    if ratio.count < width { ratio.append(contentsOf: repeatElement(0, count: width - ratio.count)) }
    for j in 0..<total where !isBasic(j) {
      let entry = tableau[r * total + j]
      guard !isNegligible(entry) else { continue }
      // The basic value rises (to leave at 0) when x_j rises with a negative entry or
      // falls (from its upper bound) with a positive one; the reverse to leave at upper.
      let rises = atUpper[j] ? entry > 0 : entry < 0
      guard rises == toLower else { continue }
      if !atUpper[j] && upper(of: j) <= 0 { continue }
      // |d_j| as a vector: d_j is lexicographically >= 0 at a lower bound and <= 0 at an
      // upper one, so the sign is the whole vector's, not each level's.
      let scale = (atUpper[j] ? -1 : 1) / abs(entry)
      for l in 0..<width { ratio[l] = cost[j * width + l] * scale }
      let order = best == nil ? -1 : compareScratch()
      if order < 0 || (order == 0 && abs(entry) > bestEntry && !isNegligible(abs(entry) - bestEntry, scale: bestEntry)) {
        best = j
        bestEntry = abs(entry)
        for l in 0..<width { bestRatio[l] = ratio[l] }
      }
    }
    return best
  }

  /// `ratio` against `bestRatio`: −1, 0 or 1, lexicographically with the arena's tolerance.
  private func compareScratch() -> Int {
    for l in 0..<width {
      let (x, y) = (ratio[l], bestRatio[l])
      if abs(x - y) > 1e-9 * max(1, abs(x), abs(y)) { return x < y ? -1 : 1 }
    }
    return 0
  }

  private func isBasic(_ j: Int) -> Bool {
    for r in 0..<rows where Int(basic[r]) == j { return true }
    return false
  }

  /// Column q enters at row r: moves it until row r's basic value sits at `bound`, then
  /// pivots the tableau and the reduced costs. O(rows · total · levels).
  private mutating func pivot(row r: Int, column q: Int, bound: Double, _ total: Int) {
    let leaving = Int(basic[r])
    let entry = tableau[r * total + q]
    let step = (value[leaving] - bound) / entry
    value[q] += step
    for i in 0..<rows { value[Int(basic[i])] -= tableau[i * total + q] * step }
    value[leaving] = bound
    atUpper[leaving] = bound != 0
    atUpper[q] = false

    for j in 0..<total { tableau[r * total + j] /= entry }
    for i in 0..<rows where i != r {
      let factor = tableau[i * total + q]
      guard factor != 0 else { continue }
      for j in 0..<total { tableau[i * total + j] -= factor * tableau[r * total + j] }
    }
    for l in 0..<width {
      let d = cost[q * width + l]
      guard d != 0 else { continue }
      for j in 0..<total { cost[j * width + l] -= d * tableau[r * total + j] }
    }
    basic[r] = Int32(q)
  }

  /// Whether another optimum gives different group totals: some nonbasic column with a
  /// zero reduced cost (all levels) can move, and moving it changes a group's total. A
  /// degenerate move (a step of 0) is counted too: the face of optima may still leave the
  /// vertex after a pivot, and refusing is the safe answer. O(rows · total · levels).
  private mutating func hasAlternativeOptimum(_ total: Int) -> Bool {
    if groupChange.count < groups { groupChange.append(contentsOf: repeatElement(0, count: groups - groupChange.count)) }
    for j in 0..<total where !isBasic(j) {
      var isZero = true
      for l in 0..<width where !isNegligible(cost[j * width + l]) { isZero = false }
      guard isZero else { continue }
      let direction: Double = atUpper[j] ? -1 : 1
      if !atUpper[j] && upper(of: j) <= 0 { continue }
      for g in 0..<groups { groupChange[g] = 0 }
      if j < columns { groupChange[Int(groupOf[j])] += direction }
      for i in 0..<rows where Int(basic[i]) < columns {
        groupChange[Int(groupOf[Int(basic[i])])] -= tableau[i * total + j] * direction
      }
      for g in 0..<groups where !isNegligible(groupChange[g]) { return true }
    }
    return false
  }
}
