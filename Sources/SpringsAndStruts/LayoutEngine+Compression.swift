import Scene

/// equalCentering with too little room (docs/springs-and-struts.md). With n views, m = n − 1
/// gaps and centre distance δ = (C − s₁/2 − sₙ/2) / m, gap i keeps its minimum gᵢ when
/// `m·gᵢ + (m/2)(sᵢ + sᵢ₊₁) + s₁/2 + sₙ/2 <= C`. From the views' own optima s⁰ (which break
/// some of these rows on this canvas), shrinking view j by dⱼ >= 0 lowers row i's left side
/// by `Σⱼ Aᵢⱼ dⱼ`, every `Aᵢⱼ >= 0`; growing a view never helps a row and costs more. So the
/// layout is the covering program: least `Σ shrinking costs` with `A d >= e`, e the rows'
/// excess at s⁰ — a ``CoveringProgram`` whose columns are the pieces of each view's cost
/// left of its optimum.
extension LayoutEngine {

  /// Writes the compressed sizes into `mainSize` (holding the views' own optima).
  /// - Complexity: that of ``CoveringProgram/solve()``, with one row per broken gap and one
  ///   column per cost piece the views could shrink through. No allocation once grown.
  /// - Throws: `.conflict` when the views' required lower bounds cannot fit the canvas,
  ///   `.ambiguous` when the optimum is not unique, a view's own soft-bound refusal when the
  ///   answer reaches a bound below which its cost is not known, and `.compression` for
  ///   gaps between baselines (sizes then enter rows with both signs: not a covering
  ///   program) or a program that does not settle.
  mutating func compressEqualCentering(_ s: ViewIndex, _ axis: Axis, canvas: Double) throws(Refusal) {
    let n = visible.count
    let m = n - 1
    for j in 0..<n
    where chain.startCoefficient[j] != 1 || chain.startOffset[j] != 0 || chain.endCoefficient[j] != 0
      || chain.endOffset[j] != 0
    {
      throw Refusal(view: s, reason: .compression)
    }
    // Only the rows s⁰ breaks: shrinking can only relieve the others.
    var rows = 0
    for i in 0..<m where excess(ofGap: i, m, canvas: canvas) > 0 { rows += 1 }
    covering.reset(rows: rows, groups: n, width: levels.count)
    var row = 0
    for i in 0..<m {
      let e = excess(ofGap: i, m, canvas: canvas)
      guard e > 0 else { continue }
      covering.requirement[row] = e
      for j in 0..<n {
        var a = 0.0
        if j == i || j == i + 1 { a += Double(m) / 2 }
        if j == 0 || j == n - 1 { a += 0.5 }
        covering.setCoefficient(row: row, group: j, a)
      }
      row += 1
    }
    for j in 0..<n { addShrinkColumns(of: j, axis) }

    switch covering.solve() {
    case .optimal: break
    case .infeasible: throw softRefusal(axis) ?? Refusal(view: s, reason: .conflict(axis))
    case .ambiguous: throw Refusal(view: s, reason: .ambiguous(axis))
    case .unsolved: throw Refusal(view: s, reason: .compression)
    }
    for j in 0..<n {
      mainSize[j] -= covering.total(of: j)
      // Below a soft bound the view's true cost is unknown, so an answer there is unproved.
      let c = costs[Self.slot(visible[j], axis)]
      if let bound = c.soft, nearlyEqual(mainSize[j], c.lower) { throw bound.refusal }
    }
  }

  /// How far row i (gap i's minimum) is broken at the sizes in `mainSize`: `m · step + s₁/2
  /// + sₙ/2 − C`, 0 or less when it holds (up to rounding). O(1).
  private func excess(ofGap i: Int, _ m: Int, canvas: Double) -> Double {
    let need = Double(m) * equalCenteringStep(after: i) + mainSize[0] / 2 + mainSize[m] / 2
    return nearlyEqual(need, canvas) ? 0 : need - canvas
  }

  /// One column per piece of view j's cost left of its optimum `mainSize[j]`: the length
  /// it can shrink through at that slope, costing the slope's negation (>= 0: left of the
  /// optimum every slope is negative). The first piece ends at the cost's lower bound,
  /// possibly −∞. O(pieces · levels).
  private mutating func addShrinkColumns(of j: Int, _ axis: Axis) {
    let c = costs[Self.slot(visible[j], axis)]
    let optimum = mainSize[j]
    for p in arena.pieces(of: c).reversed() {
      let start = arena.start(p, of: c)
      guard start < optimum && !nearlyEqual(start, optimum) else { continue }
      let length = min(arena.end(p, of: c), optimum) - start
      guard length > 0 && !isNegligible(length, scale: abs(optimum)) else { continue }
      let column = covering.addColumn(group: j, upper: length)
      for e in arena.entries(of: arena.vectorOf[p]) {
        covering.setCost(column: column, level: Int(arena.entryLevel[e]), -arena.entryValue[e])
      }
    }
  }

  /// The refusal of the first view whose cost is truncated by a soft lower bound: with the
  /// truncation, "cannot fit" may only mean "not known below the bound".
  private func softRefusal(_ axis: Axis) -> Refusal? {
    for v in visible { if let bound = costs[Self.slot(v, axis)].soft { return bound.refusal } }
    return nil
  }
}
