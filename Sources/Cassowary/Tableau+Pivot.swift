import LayoutModel

extension Tableau {

  // MARK: Substitution

  /// Replaces the parametric `symbol` by the expression in `pivotSymbols`/
  /// `pivotCoefficients` plus `constant` in every row that contains it (found through the
  /// column index), in the phase-one objective and in the objective vectors, then clears
  /// its column. `skipping` is the row the expression lives in.
  /// - Complexity: O(Σ over the rows containing `symbol` of their length + expression
  ///   length), independent of the tableau's size.
  mutating func substitute(_ symbol: Int32, constant: Double, skipping: Int32) {
    let s = Int(symbol)
    let stamp = nextStamp()
    if skipping >= 0 { rowStamp[Int(skipping)] = stamp }
    // The walk mutates other columns (cells appear and cancel), never this one: the
    // expression does not contain `symbol`. Take the lists out so they can be cleared after.
    var restricted = ContiguousArray<Int32>()
    var unrestricted = ContiguousArray<Int32>()
    swap(&restricted, &restrictedColumns[s])
    swap(&unrestricted, &unrestrictedColumns[s])
    for slot in restricted.concatenated(with: unrestricted) {
      let r = Int(slot)
      if rows[r].basic < 0 || rowStamp[r] == stamp { continue }
      rowStamp[r] = stamp
      guard let i = rows[r].index(of: symbol) else { continue }
      let coefficient = rows[r].coefficients[i]
      rows[r].constant += coefficient * constant
      mergePivotRow(into: slot, scale: coefficient, removing: symbol)
      if collectsInfeasibleRows {
        let basic = rows[r].basic
        let kind = symbolKind[Int(basic)]
        if kind.isRestricted && (rows[r].constant < -Self.epsilon
          || (kind == .dummy && rows[r].constant > Self.epsilon))
        {
          infeasibleRows.insert(basic)
        }
      }
    }
    restricted.removeAll(keepingCapacity: true)
    unrestricted.removeAll(keepingCapacity: true)
    swap(&restricted, &restrictedColumns[s])
    swap(&unrestricted, &unrestrictedColumns[s])
    occurrences[s] = 0

    if phaseOneActive, let i = artificialObjective.index(of: symbol) {
      let coefficient = artificialObjective.coefficients[i]
      artificialObjective.constant += coefficient * constant
      mergeIntoArtificialObjective(scale: coefficient, removing: symbol)
    }

    var e = objectiveHead[s]
    while e >= 0 {
      let level = entryLevel[Int(e)]
      let coefficient = entryCoefficient[Int(e)]
      for j in pivotSymbols.indices {
        addObjective(pivotSymbols[j], level: level, delta: coefficient * pivotCoefficients[j])
      }
      e = entryNext[Int(e)]
    }
    clearObjective(of: symbol)
  }

  /// The phase-one objective is not a tableau row (no column entries), so it merges on
  /// its own. O(its length + expression length).
  private mutating func mergeIntoArtificialObjective(scale: Double, removing: Int32) {
    var result = Row()
    let target = artificialObjective
    var i = 0
    var j = 0
    while i < target.symbols.count || j < pivotSymbols.count {
      let a = i < target.symbols.count ? target.symbols[i] : Int32.max
      let b = j < pivotSymbols.count ? pivotSymbols[j] : Int32.max
      if a == removing {
        i += 1
      } else if a < b {
        result.symbols.append(a)
        result.coefficients.append(target.coefficients[i])
        i += 1
      } else if b < a {
        let value = scale * pivotCoefficients[j]
        if abs(value) >= Self.epsilon {
          result.symbols.append(b)
          result.coefficients.append(value)
        }
        j += 1
      } else {
        let value = target.coefficients[i] + scale * pivotCoefficients[j]
        if abs(value) >= Self.epsilon {
          result.symbols.append(a)
          result.coefficients.append(value)
        }
        i += 1
        j += 1
      }
    }
    result.constant = target.constant
    artificialObjective = result
  }

  // MARK: Pivot

  /// Exchanges the parametric `entering` with the basic symbol of row `slot`: the row is
  /// solved for `entering` and substituted everywhere else.
  /// - Complexity: O(row length + Σ lengths of the rows containing `entering`).
  mutating func pivot(entering: Int32, slot: Int32) {
    let r = Int(slot)
    let leaving = rows[r].basic
    work.pivots += 1
    if recordsPivots { undoLog.append((entering, leaving)) }

    // Take the row out so the other rows can be mutated while it is read.
    swap(&pivotSymbols, &rows[r].symbols)
    swap(&pivotCoefficients, &rows[r].coefficients)
    let constant = rows[r].constant
    guard let k = sortedIndex(of: entering, in: pivotSymbols) else {
      preconditionFailure("pivot: entering symbol not in the leaving row")
    }
    // leaving = c + a·entering + Σ → entering = -c/a + (1/a)·leaving + Σ(-aⱼ/a)
    let a = pivotCoefficients[k]
    let scale = -1 / a
    pivotSymbols.remove(at: k)
    pivotCoefficients.remove(at: k)
    for j in pivotCoefficients.indices { pivotCoefficients[j] *= scale }
    var insertAt = pivotSymbols.count
    for j in pivotSymbols.indices where pivotSymbols[j] > leaving {
      insertAt = j
      break
    }
    pivotSymbols.insert(leaving, at: insertAt)
    pivotCoefficients.insert(1 / a, at: insertAt)
    let newConstant = constant * scale
    occurrences[Int(entering)] -= 1
    rowOf[Int(leaving)] = -1
    rowOf[Int(entering)] = slot
    rows[r].basic = entering
    noteAdded(leaving, in: slot)
    rows[r].constant = newConstant

    substitute(entering, constant: newConstant, skipping: slot)

    swap(&pivotSymbols, &rows[r].symbols)
    swap(&pivotCoefficients, &rows[r].coefficients)
    work.cellsTouched += rows[r].symbols.count
    queueIfEligible(leaving)
    flushCompactions()
  }

  /// Installs a new row `0 = constant + Σ (pivotSymbols, pivotCoefficients)` by solving
  /// it for `subject` (parametric) and substituting it everywhere. Returns the slot.
  mutating func installRow(constant: Double, subject: Int32) -> Int32 {
    guard let k = sortedIndex(of: subject, in: pivotSymbols) else {
      preconditionFailure("installRow: subject not in the row")
    }
    let scale = -1 / pivotCoefficients[k]
    pivotSymbols.remove(at: k)
    pivotCoefficients.remove(at: k)
    for j in pivotCoefficients.indices { pivotCoefficients[j] *= scale }
    let newConstant = constant * scale
    let slot = makeRowSlot(basic: subject)
    rows[Int(slot)].constant = newConstant
    substitute(subject, constant: newConstant, skipping: slot)
    for symbol in pivotSymbols { noteAdded(symbol, in: slot) }
    swap(&pivotSymbols, &rows[Int(slot)].symbols)
    swap(&pivotCoefficients, &rows[Int(slot)].coefficients)
    work.cells += rows[Int(slot)].symbols.count
    work.cellsTouched += rows[Int(slot)].symbols.count
    flushCompactions()
    return slot
  }

  // MARK: Ratio tests

  /// The restricted row that limits `entering` first as it grows from zero: minimum
  /// `constant / -coefficient` over rows where it has a negative coefficient, ties to the
  /// lowest basic id (Bland). A row whose basic is a dummy limits it at once whatever the
  /// sign, since a dummy must stay exactly 0. Nil when nothing limits it.
  /// - Complexity: O(rows containing `entering` · log row length).
  mutating func primalLeavingRow(for entering: Int32) -> Int32? {
    let stamp = nextStamp()
    var best: Int32 = -1
    var bestRatio = Double.infinity
    var bestBasic = Int32.max
    for slot in restrictedColumns[Int(entering)] {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowStamp[r] == stamp { continue }
      rowStamp[r] = stamp
      let kind = symbolKind[Int(basic)]
      guard kind.isRestricted else { continue }
      let coefficient = rows[r].coefficient(of: entering)
      let ratio: Double
      if kind == .dummy {
        guard coefficient != 0 else { continue }
        ratio = 0
      } else {
        guard coefficient < 0 else { continue }
        ratio = rows[r].constant / -coefficient
      }
      if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
        best = slot
        bestRatio = ratio
        bestBasic = basic
      }
    }
    return best >= 0 ? best : nil
  }

  /// The dual simplex's entering rule for the infeasible row `slot`: among the pivotable
  /// symbols with a positive coefficient, the one whose objective vector divided by that
  /// coefficient is lexicographically smallest, which keeps every level optimal.
  ///
  /// Ties are common in layout (every view of a stack at its intrinsic size gives equal
  /// ratios) and so are degenerate rows (constraints exactly met, basic at zero). A tied
  /// candidate whose increase drives such a row negative only moves the infeasibility
  /// one row further, and along a chain of n views that costs n pivots. With `lookAhead`,
  /// ties go to the candidate that makes the fewest other restricted rows infeasible, then
  /// to the one in the fewest rows (least substitution work), then to the lowest id;
  /// without it, straight to the lowest id (Bland's rule, which cannot cycle — the caller
  /// falls back to it after a bounded number of pivots).
  /// - Complexity: O(row length · levels per symbol), plus with `lookAhead` the restricted
  ///   rows of the tied candidates.
  mutating func dualEnteringSymbol(inRow slot: Int32, lookAhead: Bool) -> Int32? {
    let r = Int(slot)
    var best: Int32 = -1
    var bestCoefficient = 0.0
    var tied = 0
    for i in rows[r].symbols.indices {
      let symbol = rows[r].symbols[i]
      let coefficient = rows[r].coefficients[i]
      guard coefficient > 0, symbolKind[Int(symbol)].isPivotable else { continue }
      if best < 0 {
        best = symbol
        bestCoefficient = coefficient
        tied = 1
        continue
      }
      let order = compareDualRatios(symbol, coefficient, best, bestCoefficient)
      if order < 0 {
        best = symbol
        bestCoefficient = coefficient
        tied = 1
      } else if order == 0 {
        tied += 1
      }
    }
    guard best >= 0 else { return nil }
    guard lookAhead, tied > 1 else { return best }

    let infeasibility = -rows[r].constant
    var choice = best
    var fewestBlocked = Int.max
    var fewestOccurrences = Int32.max
    for i in rows[r].symbols.indices {
      let symbol = rows[r].symbols[i]
      let coefficient = rows[r].coefficients[i]
      guard coefficient > 0, symbolKind[Int(symbol)].isPivotable,
        compareDualRatios(symbol, coefficient, best, bestCoefficient) == 0
      else { continue }
      let blocked = rowsDrivenInfeasible(by: symbol, rising: infeasibility / coefficient, except: slot)
      // Then the candidate in the fewest rows: the pivot substitutes it into each of them.
      let count = occurrences[Int(symbol)]
      if blocked < fewestBlocked || (blocked == fewestBlocked && count < fewestOccurrences) {
        fewestBlocked = blocked
        fewestOccurrences = count
        choice = symbol
      }
    }
    return choice
  }

  /// How many restricted rows other than `except` would turn infeasible if the parametric
  /// `symbol` rose by `amount`. O(restricted rows containing it · log row length).
  private mutating func rowsDrivenInfeasible(by symbol: Int32, rising amount: Double, except: Int32) -> Int {
    let stamp = nextStamp()
    rowStamp[Int(except)] = stamp
    var count = 0
    for slot in restrictedColumns[Int(symbol)] {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowStamp[r] == stamp { continue }
      rowStamp[r] = stamp
      let coefficient = rows[r].coefficient(of: symbol)
      if coefficient == 0 { continue }
      let kind = symbolKind[Int(basic)]
      let after = rows[r].constant + coefficient * amount
      if kind == .dummy ? abs(after) > Self.epsilon : after < -Self.epsilon { count += 1 }
    }
    return count
  }

  // MARK: Optimisation

  /// A bound on pivots per optimisation, so a numerical failure surfaces as an error
  /// instead of a hang. Bland's rule terminates in exact arithmetic.
  var pivotLimit: Int { 50 * (liveRows + liveSymbols) + 10_000 }

  /// Primal simplex on the lexicographic objective until no symbol can enter.
  /// - Throws: `internalInconsistency` when the objective is unbounded (impossible in
  ///   exact arithmetic: every level is a sum of non-negative errors) or the pivot bound
  ///   is hit.
  mutating func optimize() throws(SolverError) {
    var pivots = 0
    while let entering = nextEnteringSymbol() {
      guard let slot = primalLeavingRow(for: entering) else {
        enteringCandidates.removeAll()
        throw .internalInconsistency("objective unbounded entering symbol \(entering)")
      }
      pivot(entering: entering, slot: slot)
      pivots += 1
      if pivots > pivotLimit {
        enteringCandidates.removeAll()
        throw .internalInconsistency("primal simplex exceeded \(pivotLimit) pivots")
      }
    }
  }

  /// Dual simplex over the queued infeasible rows, lowest basic id first.
  /// Returns nil on success, or the basic symbol of a row that no pivot can make feasible:
  /// that row is a certificate that the required constraints conflict.
  mutating func dualOptimize() throws(SolverError) -> Int32? {
    var pivots = 0
    let lookAheadPivots = liveRows + 16
    while let basic = infeasibleRows.popMin() {
      let slot = rowOf[Int(basic)]
      guard slot >= 0 else { continue }
      let constant = rows[Int(slot)].constant
      if symbolKind[Int(basic)] == .dummy {
        if abs(constant) <= Self.epsilon { continue }
        infeasibleRows.removeAll()
        return basic
      }
      if constant >= -Self.epsilon { continue }
      guard let entering = dualEnteringSymbol(inRow: slot, lookAhead: pivots < lookAheadPivots) else {
        infeasibleRows.removeAll()
        return basic
      }
      pivot(entering: entering, slot: slot)
      pivots += 1
      if pivots > pivotLimit {
        infeasibleRows.removeAll()
        throw .internalInconsistency("dual simplex exceeded \(pivotLimit) pivots")
      }
    }
    return nil
  }

  // MARK: Rollback

  mutating func beginUndoLog() {
    undoLog.removeAll(keepingCapacity: true)
    recordsPivots = true
  }

  mutating func endUndoLog() {
    recordsPivots = false
    undoLog.removeAll(keepingCapacity: true)
  }

  /// Undoes the logged pivots in reverse: each pivot is inverted by pivoting the leaving
  /// symbol back in on the row its entering symbol now owns, which restores the basis and
  /// so the tableau (up to rounding).
  mutating func rollBackPivots() {
    recordsPivots = false
    let collects = collectsInfeasibleRows
    collectsInfeasibleRows = false
    for (entering, leaving) in undoLog.reversed() {
      pivot(entering: leaving, slot: rowOf[Int(entering)])
    }
    collectsInfeasibleRows = collects
    undoLog.removeAll(keepingCapacity: true)
  }
}
