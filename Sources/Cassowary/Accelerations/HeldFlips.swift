/// Acceleration: Held flips
/// Speeds up: resizes that cross views' intrinsic sizes: a flip that reaches no other row
///   is not made.
/// Relaxes: restricted rows are feasible: a row holding a flip stays infeasible and names
///   its partner; reads interpret it.
/// Settled: `settle(for:)` before structural changes, `invalidateDerived` within them, and
///   the fixedness pass make the due flips (`settleHeldFlips`).
/// Twin test: HeldFlipTests, HeldFlipColumnTests (a twin that makes every flip at once).
/// Switch: Tuning.heldFlips

import LayoutModel

// Flips held in their rows.
//
// A resize of a fill-equally stack moves every view's width, and each view whose width
// crosses its intrinsic size turns its content-size row `e = c + s + Σ dummies` negative.
// The dual simplex then exchanges the row's two errors, a pivot within the row
// (Accelerations/LocalPivots.swift): 614 of them per 1,000-view resize, ~1,220 instructions
// each and, worse, a dozen scattered loads each (the row, its buffer, two columns, two
// vectors, the queue), so that they took ~140 of the resize's ~177 µs.
//
// Such a row changes nothing else when it flips. Its one dual candidate `q` (the only
// non-dummy symbol, with a positive coefficient) is in no other restricted row, and the
// dummies keep no objective vector (Accelerations/DummyCosts.swift): the pivot only solves the
// row for `q` and moves `q`'s vector to the leaving basic. No other pivot reaches the row
// either: a dual or primal pivot substitutes its entering symbol into the rows that hold
// it, and the row holds no pivotable symbol but `q`; no ratio test of another row meets
// `q` or the basic. So the flip commutes with every pivot a constant change makes, and it
// can wait: the row stays as it is, infeasible, and names its partner (`Row.heldPartner`,
// in the row's padding: holding allocates nothing and takes no memory). `shiftConstant` holds the flips of the rows it
// turns infeasible; the dual simplex, those of the rows its own pivots or an edit's leave
// so (`dualOptimize` only ever runs for constant changes and suggestions, which change no
// row's cells but by pivots). Reads interpret a held flip: the basic's value is 0 and the
// partner's `-c/a`, what the flipped row gives. Another constant change may bring the row
// back to feasibility (the flip, and the flip back, never made). Anything that reads or
// changes the structure or the objective first makes the flips still due
// (`settleHeldFlips`, from `invalidateDerived` and the fixedness pass): the pivots the dual
// simplex would have made, on the same rows, so the basis and the vectors from then on are
// the ones it would have reached. Counters count a held flip as a pivot when it is made.
//
// A row names its partner until the flips are settled, feasible or not; the flip is due
// while the row is infeasible and the partner still parametric (a pivot on the row, made
// where holding is off, makes the partner basic and so ends the hold).
//
// A 1,000-view fill-equally resize makes no pivot with held flips, 614.5 without; the rows whose flips are due are interpreted in the
// evaluation's first pass, which walks every row slot anyway.
//
// The row may hold other symbols than dummies and its partner, so long as each is
// pivotable and in no other restricted row. `stack.nested`'s
// cells flip rows `slack = c + e + 2·s' + Σ dummies` (a compression error and an alignment
// slack beside the basic), and back the next resize by `s' = c' + ½·slack − ½·e`: 177
// pivots per 1,000-view resize, none of which a candidate-and-dummies rule would hold. Such a symbol's
// vector changes when the row flips, but nothing reads it before the flip is made: only
// a ratio test of a row holding it could (this row's), and no pivot can enter it (no other
// row offers it). Where several symbols could enter, the flip is the dual ratio test's
// choice among them, which the vectors fix until the flip is made; the shift queues such a
// row for the dual simplex, which holds it after the test (`heldFlipPartner`). A row
// whose symbols other rows share (`stack.feed`'s) still pivots: a ratio test of another
// row reads their vectors.
//
// In a bounded dual simplex this is a bound flip: the crossing changes which slope of the
// view's two-sided content-size cost applies, not the basis.
extension Tableau {

  /// ``heldFlipCell(of:in:kinds:occurrences:)``'s answer for a row that could hold its
  /// flip but has several candidates: the ratio test chooses (``heldFlipPartner(ofRow:)``).
  static let heldFlipNeedsRatioTest = -2

  /// The cell of the symbol whose entry would flip row `basic = c + Σ cells` without
  /// reaching any other row; ``heldFlipNeedsRatioTest`` when several symbols could enter;
  /// -1 when the flip would reach other rows or nothing can enter. The row can hold its
  /// flip when `basic` is a slack or an error and every cell is a dummy or a pivotable
  /// symbol in no other restricted row, at least one of them with a positive coefficient
  /// (a candidate). O(row length), no allocation.
  @inline(__always)
  static func heldFlipCell(
    of basic: Int32, in cells: RowCells, kinds: UnsafeBufferPointer<SymbolKind>, occurrences: UnsafeBufferPointer<Int32>
  ) -> Int {
    guard kinds[Int(basic)].isPivotable else { return -1 }
    let symbols = cells.symbols
    let coefficients = cells.coefficients
    var found = -1
    for i in symbols.indices {
      let symbol = Int(symbols[i])
      let kind = kinds[symbol]
      if kind == .dummy { continue }
      if !kind.isPivotable || occurrences[symbol] != 1 { return -1 }
      if coefficients[i] > 0 { found = found == -1 ? i : heldFlipNeedsRatioTest }
    }
    return found
  }

  /// The partner whose entry would flip row `slot` without reaching any other row (see
  /// ``heldFlipCell(of:in:kinds:occurrences:)``; never the row whose objective
  /// contribution is deferred), or -1. Among several candidates, the dual ratio test's
  /// choice (``dualRatioWinner(in:kinds:heads:pool:)``): the one ``dualEnteringSymbol(inRow:lookAhead:)``
  /// makes with or without its look-ahead, since no candidate is in another restricted row.
  /// O(row length · levels per candidate).
  func heldFlipPartner(ofRow slot: Int32) -> Int32 {
    let basic = rows[Int(slot)].basic
    guard basic >= 0, basic != deferredObjectiveState.deferredBasic else { return -1 }
    let cells = rows[Int(slot)].cells
    return symbolKind.withUnsafeBufferPointer { kinds in
      let cell = restrictedOccurrences.withUnsafeBufferPointer { occurrences in
        Self.heldFlipCell(of: basic, in: cells, kinds: kinds, occurrences: occurrences)
      }
      if cell >= 0 { return cells.symbols[cell] }
      guard cell == Self.heldFlipNeedsRatioTest else { return -1 }
      return objectiveHead.withUnsafeBufferPointer { heads in
        entries.withUnsafeBufferPointer { pool in Self.dualRatioWinner(in: cells, kinds: kinds, heads: heads, pool: pool).symbol }
      }
    }
  }

  /// Holds the flip of infeasible row `slot` if it can be held; returns whether it is held
  /// (now or already). O(row length).
  mutating func holdFlipIfPossible(ofRow slot: Int32) -> Bool {
    let r = Int(slot)
    let held = rows[r].heldPartner
    if held >= 0 && rowOf[Int(held)] < 0 { return true }
    let partner = heldFlipPartner(ofRow: slot)
    guard partner >= 0 else { return false }
    if held < 0 {
      heldFlipState.heldRows += 1
      heldFlipState.heldFlipCount += 1
    }
    rows[r].heldPartner = partner
    incrementalState.valuesNeedFullEvaluation = true
    return true
  }

  /// `-1/a`, `a` the partner's coefficient in row `r`: what the flip multiplies the row's
  /// constant by. O(log row length).
  @inline(__always)
  func heldFlipScale(ofRow r: Int, partner: Int32) -> Double {
    -1 / rows[r].coefficient(of: partner)
  }

  /// Whether row `r` holds a flip that is due: it names a partner, still parametric, and
  /// its constant is below -epsilon. O(1).
  @inline(__always)
  func holdsDueFlip(_ r: Int) -> Bool {
    let partner = rows[r].heldPartner
    return partner >= 0 && rows[r].basic >= 0 && rowOf[Int(partner)] < 0 && rows[r].constant < -Self.epsilon
  }

  /// Whether some row holds a due flip. O(row slots).
  var hasDueFlips: Bool { heldFlipState.heldRows > 0 && rows.indices.contains { holdsDueFlip($0) } }

  /// Makes every held flip that is due, in row-slot order, and clears every row's
  /// partner: the pivots the dual simplex would have made (within their rows, or the
  /// general way where a test turned that off), after writing out any deferred objective.
  /// - Complexity: O(row slots + Σ due rows' lengths · vector levels); nothing when no row
  ///   holds a flip.
  mutating func settleHeldFlips() {
    guard heldFlipState.heldRows > 0 else { return }
    materializeDeferredObjective()
    for r in rows.indices where rows[r].heldPartner >= 0 {
      let due = holdsDueFlip(r)
      let partner = rows[r].heldPartner
      rows[r].heldPartner = -1
      guard due else { continue }
      if pivotStaysWithinRow(entering: partner, slot: Int32(r)) {
        pivotWithinRow(entering: partner, slot: Int32(r))
      } else {
        pivot(entering: partner, slot: Int32(r))
      }
      heldFlipState.settledFlipCount += 1
    }
    heldFlipState.heldRows = 0
  }

  /// The restricted half of an evaluation's first pass (CassowarySolver.swift,
  /// `writeParametricAndRestrictedValues`) while rows hold flips: each C_S basic takes its
  /// row's constant, except that a due flip gives its basic 0 and its partner
  /// `constant · (-1/a)` (the partner is parametric, so no other row writes it). One pass
  /// over the row table, as without held flips, plus a search of each due row for its
  /// partner's coefficient (the row was just shifted: its cells are warm).
  /// O(row slots + due rows · log row length).
  func writeRestrictedValuesHoldingFlips(
    rows: UnsafeBufferPointer<Row>, rowKey: UnsafeBufferPointer<Int64>, into values: UnsafeMutableBufferPointer<Double>
  ) {
    let epsilon = Self.epsilon
    rowOf.withUnsafeBufferPointer { rowOf in
      for r in rows.indices {
        let basic = Int(rows[r].basic)
        guard basic >= 0 && rowKey[r] == .min else { continue }
        let constant = rows[r].constant
        let partner = rows[r].heldPartner
        if partner >= 0 && constant < -epsilon && rowOf[Int(partner)] < 0,
          let i = sortedIndex(of: partner, in: rows[r].symbols)
        {
          values[basic] = 0
          values[Int(partner)] = constant * (-1 / rows[r].coefficients[i])
        } else {
          values[basic] = constant
        }
      }
    }
  }

  /// What is wrong with the held flips: a count that is not the number of rows naming a
  /// partner, a partner named by a free slot or a C_U row, or a due flip whose row could no
  /// longer hold it (another non-dummy symbol, a partner in another restricted row).
  /// O(row slots + due rows' lengths).
  func heldFlipViolations() -> [String] {
    var problems: [String] = []
    var naming = 0
    for r in rows.indices where rows[r].heldPartner >= 0 {
      naming += 1
      let basic = rows[r].basic
      if basic < 0 || !symbolKind[Int(basic)].isRestricted {
        problems.append("row \(r) (basic \(basic)) names partner \(rows[r].heldPartner) but is free or C_U")
        continue
      }
      guard holdsDueFlip(r) else { continue }
      let partner = rows[r].heldPartner
      if heldFlipPartner(ofRow: Int32(r)) != partner {
        problems.append("row \(r): its due flip to \(partner) could no longer be held")
      }
    }
    if naming != heldFlipState.heldRows { problems.append("\(naming) rows name a held partner, \(heldFlipState.heldRows) counted") }
    return problems
  }
}

/// Held flips (Accelerations/HeldFlips.swift). Held by ``Tableau`` as `heldFlipState`.
struct HeldFlipState {
  /// Flips left in their infeasible rows until something needs them made
  /// (Accelerations/HeldFlips.swift; each such row names its partner, `Row.heldPartner`): how
  /// many rows name one, whether flips are held (tests turn it off for a twin that makes
  /// them at once), and how many were held and how many of those later made
  /// (deterministic, for tests).
  var heldRows = 0
  var holdsFlips = true
  var heldFlipCount = 0
  var settledFlipCount = 0
}
