import LayoutModel

extension Tableau {

  /// The engine behind `CassowarySolver.remove`; see its documentation.
  mutating func remove(_ id: ConstraintID) throws(SolverError) {
    invalidateDerived()
    guard contains(id) else { throw .unknownConstraint(id) }
    withdraw(id)
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.remove(contentsOf:)`: every id is checked, every
  /// constraint withdrawn, then one optimisation. Withdrawing keeps the tableau feasible
  /// (each marker leaves on a row chosen by the ratio test), which is all the next
  /// withdrawal needs; optimality is restored once at the end. Re-optimising after each
  /// removal walked the optimum through every intermediate system: a size-class swap of
  /// 1,332 constraints at 1,000 views spent most of its time there.
  mutating func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    var marked = 0
    defer { unmarkRemovals(ids.prefix(marked)) }
    try markRemovals(ids, counting: &marked)
    guard !ids.isEmpty else { return }
    invalidateDerived()
    for id in ids { withdraw(id) }
    try optimize()
    checkInvariants()
  }

  /// Puts `removalMark` on each of `ids` in `constraintTable.batchMarks`, counting them in `marked` as it
  /// goes; the caller unmarks that many (`unmarkRemovals`) when done, after a throw too.
  /// O(ids).
  /// - Throws: `unknownConstraint` for the first id absent or named twice.
  mutating func markRemovals(_ ids: [ConstraintID], counting marked: inout Int) throws(SolverError) {
    for id in ids {
      guard contains(id), constraintTable.batchMarks[id.index] & Self.removalMark == 0 else { throw .unknownConstraint(id) }
      constraintTable.batchMarks[id.index] |= Self.removalMark
      marked += 1
    }
  }

  /// Clears every mark of `ids` in `constraintTable.batchMarks`. O(ids).
  mutating func unmarkRemovals(_ ids: ArraySlice<ConstraintID>) {
    for id in ids { constraintTable.batchMarks[id.index] = 0 }
  }

  /// Takes the present constraint `id` out of the tableau and forgets it. Does not
  /// re-optimize.
  mutating func withdraw(_ id: ConstraintID) {
    let tag = constraintTable.constraintTags[id.index]
    var sharer: Int32 = -1
    if tag.costSymbol >= 0, let expression = constraintTable.definitions[id.index]?.expression {
      sharer = rowSharer(of: Int32(id.index))
      unindexSoftInequality(Int32(id.index), expression: expression)
    }
    constraintTable.constraintTags[id.index] = ConstraintTag()
    constraintTable.definitions[id.index] = nil
    if sharer >= 0 {
      leaveSharedRow(tag, index: Int32(id.index), sharer: sharer)
    } else {
      removeFromTableau(tag)
    }
  }

  /// Takes a present constraint's rows, errors and symbols out of the tableau. Does not
  /// re-optimize.
  mutating func removeFromTableau(_ tag: ConstraintTag) {
    if tag.level >= 0 {
      addCostTerms(of: tag, level: tag.level, sign: -1)
      releaseLevel(tag.level)
    }
    let marker = tag.marker
    if rowOf[Int(marker)] < 0, let slot = markerLeavingRow(marker) {
      if isUnrestrictedRow(slot) {
        // Only C_U rows mention the marker. Solve the chosen one for it and drop it (its
        // basic becomes parametric; rows referring to that basic stay correct), then
        // replace the marker in the other C_U rows that mention it: they all have higher
        // keys, so the references they gain keep the evaluation order.
        clearObjective(of: marker)
        takeRowSolved(slot, for: marker)
        substituteIntoUnrestrictedRows(marker, constant: scratchBuffers.pivotConstant)
        releasePivotBuffers()
      } else {
        pivot(entering: marker, slot: slot)
      }
    }
    // The marker is now basic in a C_S row, or in no row: a marker that is neither basic
    // nor in any row belongs to a constraint the others already imply.
    let markerSlot = rowOf[Int(marker)]
    if markerSlot >= 0 {
      // C_U rows may still refer to the marker by name: give them its expression (which
      // refers to parametric symbols only) before the row goes.
      let r = Int(markerSlot)
      scratchBuffers.pivotCells.assign(rows[r].cells)
      let constant = rows[r].constant
      dropRow(markerSlot)
      substituteIntoUnrestrictedRows(marker, constant: constant)
      releasePivotBuffers()
    }
    for symbol in [marker, tag.other] where symbol >= 0 {
      // The paired error's column is the negated marker column, so once the marker's row
      // is gone the error occurs nowhere; the invariant checker verifies this.
      clearObjective(of: symbol)
      releaseSymbol(symbol)
    }
  }

  /// Moves row `slot` (basic b = c + a·symbol + Σ) out of the tableau into the pivot
  /// buffers solved for `symbol`: symbol = -c/a + (1/a)·b + Σ(-aⱼ/a); the constant goes
  /// to `scratchBuffers.pivotConstant`. The slot is freed and b becomes parametric.
  /// - Complexity: O(row length).
  mutating func takeRowSolved(_ slot: Int32, for symbol: Int32) {
    let r = Int(slot)
    let basic = rows[r].basic
    scratchBuffers.pivotCells.assign(rows[r].cells)
    let constant = rows[r].constant
    dropRow(slot)
    scratchBuffers.pivotConstant = solvePivotBuffer(for: symbol, basic: basic, constant: constant)
  }

  mutating func releasePivotBuffers() {
    scratchBuffers.pivotCells.removeAll()
  }

  /// The row on which the parametric `marker` should enter so that dropping the row keeps
  /// the tableau feasible. First a row whose basic is a dummy: a dummy must stay exactly 0,
  /// and pivoting on its own row (constant 0) moves no other constant, while pivoting
  /// elsewhere would shift it off zero. (Such a row is a redundant equality that was implied
  /// through this constraint; it now stands on its own.) Then kiwi's three tiers: a
  /// restricted row where it has a negative coefficient with the smallest
  /// `constant / -coefficient`; else a restricted row with the smallest
  /// `constant / coefficient` (ties to the lowest basic id); else the C_U row with the
  /// lowest evaluation key, so that the rows the marker is then replaced in (all with
  /// higher keys) may take over its references.
  /// - Complexity: O(rows containing the marker · log row length).
  mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
    let stamp = nextStamp()
    var dummy: (slot: Int32, basic: Int32) = (-1, .max)
    var first: (slot: Int32, ratio: Double, basic: Int32) = (-1, .infinity, .max)
    var second: (slot: Int32, ratio: Double, basic: Int32) = (-1, .infinity, .max)
    var third: (slot: Int32, key: Int64) = (-1, .max)
    for slot in restrictedColumns[Int(marker)].concatenated(with: unrestrictedColumns[Int(marker)]) {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowSlots.rowStamp[r] == stamp { continue }
      rowSlots.rowStamp[r] = stamp
      let coefficient = rows[r].coefficient(of: marker)
      if coefficient == 0 { continue }
      let kind = symbolKind[Int(basic)]
      if kind == .dummy {
        if basic < dummy.basic { dummy = (slot, basic) }
      } else if !kind.isRestricted {
        if rowKey[r] < third.key { third = (slot, rowKey[r]) }
      } else if coefficient < 0 {
        let ratio = -rows[r].constant / coefficient
        if ratio < first.ratio || (ratio == first.ratio && basic < first.basic) { first = (slot, ratio, basic) }
      } else {
        let ratio = rows[r].constant / coefficient
        if ratio < second.ratio || (ratio == second.ratio && basic < second.basic) { second = (slot, ratio, basic) }
      }
    }
    if dummy.slot >= 0 { return dummy.slot }
    if first.slot >= 0 { return first.slot }
    if second.slot >= 0 { return second.slot }
    if third.slot >= 0 { return third.slot }
    return nil
  }
}
