/// Acceleration: Local pivots
/// Speeds up: dual pivots of constant changes whose one candidate is in no other restricted
///   row (fill stacks' content-size rows).
/// Relaxes: nothing between calls: the pivot reaches the basis the general pivot reaches,
///   without its ratio test and column walk.
/// Settled: — (no relaxed state).
/// Twin test: LocalPivotTests (a twin with the switch off).
/// Switch: Tuning.localPivots

import LayoutModel

// Dual pivots that change one row.
//
// A resize of a fill-equally or fill-proportionally stack moves every view's width, and
// each view whose width crosses its intrinsic size exchanges the two symbols of its
// content-size row (Accelerations/SharedRows.swift): the row `e = c + s + Σ` of a stretched view
// turns negative and `s` enters. That row is the only candidate row (its one pivotable
// symbol with a positive coefficient is `s`), and `s`, the row's partner, is in no other
// restricted row (its column is the negation of `e`'s, a unit column while `e` is basic).
// A 1,000-view fill-equally resize makes 614 such pivots, every one of them like that;
// fill-proportionally's 750; nested's a quarter of its 230.
//
// The generic dual pivot runs the ratio test over the row's candidates (~220
// instructions) and walked the entering symbol's column to substitute into rows that do
// not hold it (~700). When the row has one candidate and the candidate is in no other
// restricted row, the pivot only solves the row for it and moves the objective:
// `pivotWithinRow`. And since dummies keep no vector (Accelerations/DummyCosts.swift), a
// content-size row's other symbols need no update at all: the leaving error takes the
// entering one's vector, relinked. The row keeps its length, so it is solved in place. A
// fill-equally crossing takes ~1,220 instructions of dual simplex instead of ~3,300, the
// 1,000-view resize 0.51× its time. The basis reached is the one the generic pivot
// reaches (the ratio test of a single candidate chooses it), so pivot counts, cells
// touched and the solution are unchanged.
//
// With held flips on, a constant change does not make such flips at all when the row
// reaches no other row: they wait in their rows (Accelerations/HeldFlips.swift), and this
// pivot makes them when something needs the basis.
extension Tableau {

  /// The one symbol the dual ratio test could choose in the infeasible restricted row
  /// `slot` (pivotable, positive coefficient), or nil when there are none or several.
  /// O(row length). (`mutating` only so that the call does not copy the tableau.)
  mutating func soleDualCandidate(inRow slot: Int32) -> Int32? {
    symbolKind.withUnsafeBufferPointer { kinds in
      let cells = rows[Int(slot)].cells
      let symbols = cells.symbols
      let coefficients = cells.coefficients
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
  /// `deferredObjectiveState.deferredObjectiveMinimumRow` cells keeps the generic pivot and its deferral). O(1).
  @inline(__always)
  func pivotStaysWithinRow(entering: Int32, slot: Int32) -> Bool {
    localPivotState.pivotsWithinRows && restrictedOccurrences[Int(entering)] == 1 && !simplexState.phaseOneActive && deferredObjectiveState.deferredBasic < 0
      && rows[Int(slot)].cells.count < deferredObjectiveState.deferredObjectiveMinimumRow
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
    noteRestrictedCellsChange()
    localPivotState.rowLocalPivots += 1
    incrementalState.valuesNeedFullEvaluation = true
    if simplexState.recordsPivots { simplexState.undoLog.append((entering, leaving)) }

    // The row keeps its length (entering's cell becomes leaving's), so it is solved in
    // place, through its buffer (reference semantics, Storage/RowCells.swift).
    let cells = rows[r].cells
    let (scale, costed) = Self.solveInPlace(cells, for: entering, basic: leaving, kinds: symbolKind)
    rowOf[Int(leaving)] = -1
    rowOf[e] = slot
    rows[r].basic = entering
    rows[r].constant *= scale
    // Entering's one live entry was this row (the others are stale); leaving's column
    // gains it.
    var columns = detachColumnIndex()
    columns.withPointers { pointers in
      pointers.restrictedOccurrences[e] = 0
      pointers.restrictedColumns[e].removeAll(keepingCapacity: true)
      if pointers.spareColumn.pointee.capacity == 0 { swap(&pointers.spareColumn.pointee, &pointers.restrictedColumns[e]) }
      pointers.noteAdded(leaving, in: slot, restricted: true)
    }
    restoreColumnIndex(&columns)

    if objectiveHead[e] >= 0 && !costed {
      // The new row's other symbols are dummies, which keep no vector
      // (Accelerations/DummyCosts.swift): the leaving symbol, basic until now and so without a
      // vector, takes the entering one's times its coefficient there (1/a = -scale), the
      // list moved.
      moveObjectiveVector(from: entering, to: leaving, scaledBy: -scale)
    } else if objectiveHead[e] >= 0 {
      swap(&scratchBuffers.pivotCells, &rows[r].cells)
      substituteObjective(of: entering)
      swap(&scratchBuffers.pivotCells, &rows[r].cells)
    }
    work.cellsTouched += cells.count
    queueIfEligible(leaving)
    flushCompactions()
  }

  /// Solves `basic = c + a·symbol + Σ aⱼ·xⱼ` (the cells, `basic` not among them) for
  /// `symbol` in place: the cells become `(1/a)·basic + Σ(-aⱼ/a)·xⱼ`, still ascending, and
  /// the caller multiplies the constant by the returned `scale`, -1/a. Also returns whether
  /// a symbol other than `basic` is not a dummy (whether the objective update reaches one).
  /// O(cells), no allocation.
  private static func solveInPlace(
    _ cells: RowCells, for symbol: Int32, basic: Int32, kinds: ContiguousArray<SymbolKind>
  ) -> (scale: Double, costed: Bool) {
    let symbols = cells.symbols
    let coefficients = cells.coefficients
    guard var k = sortedIndex(of: symbol, in: symbols) else {
      preconditionFailure("solveInPlace: symbol \(symbol) is not in the row of \(basic)")
    }
    let a = coefficients[k]
    let scale = -1 / a
    var costed = false
    kinds.withUnsafeBufferPointer { kinds in
      for j in coefficients.indices {
        coefficients[j] *= scale
        if j != k && kinds[Int(symbols[j])] != .dummy { costed = true }
      }
    }
    // `basic` takes `symbol`'s cell, moved along to keep the order.
    while k + 1 < symbols.count && symbols[k + 1] < basic {
      symbols[k] = symbols[k + 1]
      coefficients[k] = coefficients[k + 1]
      k += 1
    }
    while k > 0 && symbols[k - 1] > basic {
      symbols[k] = symbols[k - 1]
      coefficients[k] = coefficients[k - 1]
      k -= 1
    }
    symbols[k] = basic
    coefficients[k] = 1 / a
    return (scale, costed)
  }
}

/// Local pivots (Accelerations/LocalPivots.swift). Held by ``Tableau`` as `localPivotState`.
struct LocalPivotState {
  /// Whether the dual simplex may pivot within a row (Accelerations/LocalPivots.swift; tests
  /// turn it off for a twin that always pivots the general way), and how many such pivots
  /// it has made (deterministic, for tests).
  var pivotsWithinRows = true
  var rowLocalPivots = 0
}
