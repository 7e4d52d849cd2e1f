import LayoutModel

extension Tableau {

  /// The engine behind `CassowarySolver.remove`; see its documentation.
  mutating func remove(_ id: ConstraintID) throws(SolverError) {
    guard contains(id) else { throw .unknownConstraint(id) }
    let tag = constraintTags[id.index]
    constraintTags[id.index] = ConstraintTag()
    definitions[id.index] = nil
    removeFromTableau(tag)
    try optimize()
    checkInvariants()
  }

  /// Takes a present constraint's rows, errors and symbols out of the tableau. Does not
  /// re-optimize.
  mutating func removeFromTableau(_ tag: ConstraintTag) {
    if tag.level >= 0 {
      for error in errorSymbols(of: tag) { addObjectiveTerm(error, level: tag.level, scale: -1) }
      releaseLevel(tag.level)
    }
    let marker = tag.marker
    if rowOf[Int(marker)] < 0, let slot = markerLeavingRow(marker) {
      pivot(entering: marker, slot: slot)
    }
    // A marker that is neither basic nor in any row belongs to a constraint the others
    // already imply: there is nothing to drop.
    if rowOf[Int(marker)] >= 0 { dropRow(rowOf[Int(marker)]) }
    for symbol in [marker, tag.other] where symbol >= 0 {
      // The paired error's column is the negated marker column, so once the marker's row
      // is gone the error occurs nowhere; the invariant checker verifies this.
      clearObjective(of: symbol)
      releaseSymbol(symbol)
    }
  }

  /// The row on which the parametric `marker` should enter so that dropping the row keeps
  /// the tableau feasible. First a row whose basic is a dummy: a dummy must stay exactly 0,
  /// and pivoting on its own row (constant 0) moves no other constant, while pivoting
  /// elsewhere would shift it off zero. (Such a row is a redundant equality that was implied
  /// through this constraint; it now stands on its own.) Then kiwi's three tiers: a
  /// restricted row where it has a negative coefficient with the smallest
  /// `constant / -coefficient`; else a restricted row with the smallest
  /// `constant / coefficient`; else an unrestricted row. Ties go to the lowest basic id.
  /// - Complexity: O(rows containing the marker · log row length).
  mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
    let stamp = nextStamp()
    var dummy: (slot: Int32, basic: Int32) = (-1, .max)
    var first: (slot: Int32, ratio: Double, basic: Int32) = (-1, .infinity, .max)
    var second: (slot: Int32, ratio: Double, basic: Int32) = (-1, .infinity, .max)
    var third: (slot: Int32, basic: Int32) = (-1, .max)
    for slot in restrictedColumns[Int(marker)].concatenated(with: unrestrictedColumns[Int(marker)]) {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowStamp[r] == stamp { continue }
      rowStamp[r] = stamp
      let coefficient = rows[r].coefficient(of: marker)
      if coefficient == 0 { continue }
      let kind = symbolKind[Int(basic)]
      if kind == .dummy {
        if basic < dummy.basic { dummy = (slot, basic) }
      } else if !kind.isRestricted {
        if basic < third.basic { third = (slot, basic) }
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
