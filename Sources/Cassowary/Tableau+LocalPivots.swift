import LayoutModel

// Dual pivots that change one row.
//
// A resize of a fill-equally or fill-proportionally stack moves every view's width, and
// each view whose width crosses its intrinsic size exchanges the two symbols of its
// content-size row (Tableau+SharedRows.swift): the row `e = c + s + Σ` of a stretched view
// turns negative and `s` enters. That row is the only candidate row (its one pivotable
// symbol with a positive coefficient is `s`), and `s`, the row's partner, is in no other
// restricted row (its column is the negation of `e`'s, a unit column while `e` is basic).
// A 1,000-view fill-equally resize makes 614 such pivots, every one of them like that;
// fill-proportionally's 750; nested's a quarter of its 230.
//
// The generic dual pivot still ran the ratio test over the row's candidates (~220
// instructions) and walked the entering symbol's column to substitute into rows that do
// not hold it (~700). When the row has one candidate and the candidate is in no other
// restricted row, the pivot only solves the row for it and moves the objective:
// `pivotWithinRow`. And since dummies keep no vector (Tableau+DummyCosts.swift), a
// content-size row's other symbols need no update at all: the leaving error takes the
// entering one's vector, relinked. A fill-equally crossing went from ~3,300 instructions
// to ~1,500, the 1,000-view resize to 0.54× its time (Results/FINDINGS.md, twenty-third
// session). The basis reached is the one the generic pivot reaches (the ratio test of a
// single candidate chooses it), so pivot counts, cells touched and the solution are
// unchanged.
extension Tableau {

  /// The one symbol the dual ratio test could choose in the infeasible restricted row
  /// `slot` (pivotable, positive coefficient), or nil when there are none or several.
  /// O(row length). (`mutating` only so that the call does not copy the tableau.)
  mutating func soleDualCandidate(inRow slot: Int32) -> Int32? {
    let cells = rows[Int(slot)].cells
    let symbols = cells.symbols
    let coefficients = cells.coefficients
    return symbolKind.withUnsafeBufferPointer { kinds in
      var found: Int32 = -1
      for i in symbols.indices where coefficients[i] > 0 && kinds[Int(symbols[i])].isPivotable {
        if found >= 0 { return nil }
        found = symbols[i]
      }
      return found >= 0 ? found : nil
    }
  }

  /// Whether a dual pivot of `entering` on row `slot` changes no other row, and so may be
  /// made by ``pivotWithinRow(entering:slot:)``: the entering symbol is in no other
  /// restricted row, phase one is not running (its objective would need the substitution
  /// too), and no objective contribution is or would be deferred (a row of at least
  /// `deferredObjectiveMinimumRow` cells keeps the generic pivot and its deferral). O(1).
  @inline(__always)
  func pivotStaysWithinRow(entering: Int32, slot: Int32) -> Bool {
    pivotsWithinRows && restrictedOccurrences[Int(entering)] == 1 && !phaseOneActive && deferredBasic < 0
      && rows[Int(slot)].cells.count < deferredObjectiveMinimumRow
  }

  /// A dual pivot that ``pivotStaysWithinRow(entering:slot:)`` allows: row `slot` is
  /// solved for `entering`, the leaving symbol becomes parametric in it, and the objective
  /// takes the entering symbol's vector through the new row. Leaves the tableau as
  /// ``pivot(entering:slot:givingUpColumn:defersObjective:)`` would, entering's emptied
  /// column becoming the spare when there is none.
  /// - Complexity: O(row length · levels of the entering symbol's vector); allocates only
  ///   to grow the objective's entry pool or a column that had no buffer.
  mutating func pivotWithinRow(entering: Int32, slot: Int32) {
    assert(pivotStaysWithinRow(entering: entering, slot: slot), "pivotWithinRow: the pivot reaches other rows")
    let r = Int(slot)
    let e = Int(entering)
    let leaving = rows[r].basic
    work.pivots += 1
    rowLocalPivots += 1
    valuesNeedFullEvaluation = true
    if recordsPivots { undoLog.append((entering, leaving)) }

    swap(&pivotCells, &rows[r].cells)
    let newConstant = solvePivotBuffer(for: entering, basic: leaving, constant: rows[r].constant)
    rowOf[Int(leaving)] = -1
    rowOf[e] = slot
    rows[r].basic = entering
    rows[r].constant = newConstant
    noteAdded(leaving, in: slot)
    // Its one live entry was this row; the others are stale.
    restrictedOccurrences[e] = 0
    restrictedColumns[e].removeAll(keepingCapacity: true)
    if spareColumn.capacity == 0 { swap(&spareColumn, &restrictedColumns[e]) }

    if objectiveHead[e] >= 0 && !holdsCostedSymbol(pivotCells, besides: leaving) {
      // The new row's other symbols are dummies, which keep no vector
      // (Tableau+DummyCosts.swift): the leaving symbol, basic until now and so without a
      // vector, takes the entering one's scaled by its coefficient, the list moved.
      moveObjectiveVector(from: entering, to: leaving, scaledBy: pivotCells.coefficient(of: leaving))
    } else {
      substituteObjective(of: entering)
    }
    swap(&pivotCells, &rows[r].cells)
    work.cellsTouched += rows[r].cells.count
    queueIfEligible(leaving)
    flushCompactions()
  }

  /// Whether `cells` hold a symbol other than `excluded` that is not a dummy. O(cells).
  /// (`mutating` only so that the call does not copy the tableau.)
  private mutating func holdsCostedSymbol(_ cells: RowCells, besides excluded: Int32) -> Bool {
    let symbols = cells.symbols
    return symbolKind.withUnsafeBufferPointer { kinds in
      for symbol in symbols where symbol != excluded && kinds[Int(symbol)] != .dummy { return true }
      return false
    }
  }
}
