import LayoutModel

extension Tableau {

  // MARK: Substitution

  /// Replaces the parametric `symbol` by the expression in `pivotSymbols`/
  /// `pivotCoefficients` plus `constant` in every restricted (C_S) row that contains it
  /// (found through the column index), in the phase-one objective and in the objective
  /// vectors, then clears its restricted column. Unrestricted (C_U) rows keep referring to
  /// `symbol` by name: they are evaluated, not reduced. `skipping` is the row the
  /// expression lives in.
  /// - Complexity: O(Σ over the C_S rows containing `symbol` of their length + expression
  ///   length), independent of the tableau's size.
  /// `defersObjective` (a dual pivot of a constant change, `leaving` its leaving symbol)
  /// lets the objective's part be deferred (Accelerations/DeferredObjective.swift).
  mutating func substitute(
    _ symbol: Int32, constant: Double, skipping: Int32, defersObjective: Bool = false, leaving: Int32 = -1
  ) {
    let s = Int(symbol)
    let stamp = nextStamp()
    if skipping >= 0 { rowSlots.rowStamp[Int(skipping)] = stamp }
    // The walk mutates other columns (cells appear and cancel), never this one: the
    // expression does not contain `symbol`. Take the list out so it can be cleared after.
    var restricted = ContiguousArray<Int32>()
    swap(&restricted, &restrictedColumns[s])
    for slot in restricted {
      let r = Int(slot)
      // A stale entry may name a slot reused by a C_U row: skip it by kind.
      if rows[r].basic < 0 || rowSlots.rowStamp[r] == stamp || isUnrestrictedRow(slot) { continue }
      rowSlots.rowStamp[r] = stamp
      guard let i = rows[r].index(of: symbol) else { continue }
      let coefficient = rows[r].coefficients[i]
      rows[r].constant += coefficient * constant
      mergePivotRow(into: slot, scale: coefficient, removing: symbol)
      restrictedOccurrences[s] -= 1
      if simplexState.collectsInfeasibleRows {
        let basic = rows[r].basic
        let kind = symbolKind[Int(basic)]
        if kind.isRestricted && (rows[r].constant < -Self.epsilon
          || (kind == .dummy && rows[r].constant > Self.epsilon))
        {
          simplexState.infeasibleRows.insert(basic)
        }
      }
    }
    restricted.removeAll(keepingCapacity: true)
    swap(&restricted, &restrictedColumns[s])
    assert(restrictedOccurrences[s] == 0, "substitute: a restricted row kept \(symbol)")

    if simplexState.phaseOneActive, let i = simplexState.artificialObjective.index(of: symbol) {
      let coefficient = simplexState.artificialObjective.coefficients[i]
      simplexState.artificialObjective.constant += coefficient * constant
      mergeIntoArtificialObjective(scale: coefficient, removing: symbol)
    }

    if defersObjective && (deferredObjectiveState.deferredBasic >= 0 || scratchBuffers.pivotCells.count >= deferredObjectiveState.deferredObjectiveMinimumRow),
      deferObjective(entering: symbol, leaving: leaving)
    {
      return
    }
    substituteObjective(of: symbol)
  }

  /// Replaces `symbol`, now basic in the row held in `scratchBuffers.pivotCells`, by that row in the
  /// objective: each symbol j of the row gains `a_j` times its vector, which is freed.
  /// O(row length · levels).
  mutating func substituteObjective(of symbol: Int32) {
    guard objectiveHead[Int(symbol)] >= 0 else { return }
    // Taken out of `self` so the loop reads it as a plain argument.
    var vector = ContiguousArray<ObjectiveEntry>()
    swap(&vector, &entryPool.substitutedVector)
    copyObjectiveVector(of: symbol, into: &vector)
    addObjectiveVector(vector, scaledBy: scratchBuffers.pivotCells)
    swap(&vector, &entryPool.substitutedVector)
    clearObjective(of: symbol)
  }

  /// Replaces `symbol`, which is about to leave the system, by the expression in
  /// `pivotSymbols`/`pivotCoefficients` plus `constant` in every C_U row that refers to it
  /// directly, then clears its unrestricted column. The caller guarantees the expression
  /// keeps references acyclic and in evaluation order (it refers to parametric symbols,
  /// C_S basics, or C_U basics with keys below those of every row that mentions `symbol`).
  /// - Complexity: O(Σ over those rows of their length + expression length).
  mutating func substituteIntoUnrestrictedRows(_ symbol: Int32, constant: Double) {
    noteStructureChange()
    let s = Int(symbol)
    let stamp = nextStamp()
    var unrestricted = ContiguousArray<Int32>()
    swap(&unrestricted, &unrestrictedColumns[s])
    for slot in unrestricted {
      let r = Int(slot)
      if rows[r].basic < 0 || rowSlots.rowStamp[r] == stamp || !isUnrestrictedRow(slot) { continue }
      rowSlots.rowStamp[r] = stamp
      guard let i = rows[r].index(of: symbol) else { continue }
      let coefficient = rows[r].coefficients[i]
      rows[r].constant += coefficient * constant
      mergePivotRow(into: slot, scale: coefficient, removing: symbol)
      unrestrictedOccurrences[s] -= 1
    }
    unrestricted.removeAll(keepingCapacity: true)
    swap(&unrestricted, &unrestrictedColumns[s])
    assert(unrestrictedOccurrences[s] == 0, "substituteIntoUnrestrictedRows: a row kept \(symbol)")
    flushCompactions()
  }

  // MARK: Pivot

  /// Solves the row held in the pivot buffers, `basic = constant + a·symbol + Σ`, for
  /// `symbol`: the buffers become `(1/a)·basic + Σ(-aⱼ/a)`, still sorted by symbol, and the
  /// new constant `-constant/a` is returned. Shared by pivots and by taking a marker's row
  /// out on removal.
  /// - Complexity: O(row length).
  mutating func solvePivotBuffer(for symbol: Int32, basic: Int32, constant: Double) -> Double {
    guard let k = scratchBuffers.pivotCells.index(of: symbol) else {
      preconditionFailure("solvePivotBuffer: symbol \(symbol) is not in the row of \(basic)")
    }
    let a = scratchBuffers.pivotCells.coefficients[k]
    let scale = -1 / a
    scratchBuffers.pivotCells.remove(at: k)
    let coefficients = scratchBuffers.pivotCells.coefficients
    for j in coefficients.indices { coefficients[j] *= scale }
    var insertAt = scratchBuffers.pivotCells.count
    let symbols = scratchBuffers.pivotCells.symbols
    for j in symbols.indices where symbols[j] > basic {
      insertAt = j
      break
    }
    scratchBuffers.pivotCells.insert(basic, 1 / a, at: insertAt)
    return constant * scale
  }

  /// Exchanges the parametric `entering` with the basic symbol of row `slot`: the row is
  /// solved for `entering` and substituted everywhere else. `givingUpColumn` (the dual
  /// simplex's pivots) makes the entering symbol's emptied restricted column the spare
  /// when there is none (see `spareColumn`); `defersObjective` (the dual simplex of a
  /// constant change) lets a long row's objective update be deferred.
  /// - Complexity: O(row length + Σ lengths of the rows containing `entering`).
  mutating func pivot(entering: Int32, slot: Int32, givingUpColumn: Bool = false, defersObjective: Bool = false) {
    let r = Int(slot)
    let leaving = rows[r].basic
    // A deferred contribution survives only a dual pivot of a constant change on its own
    // row (Accelerations/DeferredObjective.swift).
    if deferredObjectiveState.deferredBasic >= 0 && !(defersObjective && deferredObjectiveState.deferredBasic == leaving) { materializeDeferredObjective() }
    if symbolKind[Int(entering)] == .dummy { loadDummyVector(entering) }
    work.pivots += 1
    noteRestrictedCellsChange()
    incrementalState.valuesNeedFullEvaluation = true
    if simplexState.recordsPivots { simplexState.undoLog.append((entering, leaving)) }

    // Take the row out so the other rows can be mutated while it is read.
    swap(&scratchBuffers.pivotCells, &rows[r].cells)
    let constant = rows[r].constant
    let newConstant = solvePivotBuffer(for: entering, basic: leaving, constant: constant)
    restrictedOccurrences[Int(entering)] -= 1
    rowOf[Int(leaving)] = -1
    rowOf[Int(entering)] = slot
    rows[r].basic = entering
    noteAdded(leaving, in: slot)
    rows[r].constant = newConstant

    substitute(entering, constant: newConstant, skipping: slot, defersObjective: defersObjective, leaving: leaving)
    // The entering symbol is in no C_S row now: its emptied column can be the spare, for
    // the next symbol that needs one (ColumnIndexPointers.provideColumn).
    if givingUpColumn && spareColumn.capacity == 0 { swap(&spareColumn, &restrictedColumns[Int(entering)]) }

    swap(&scratchBuffers.pivotCells, &rows[r].cells)
    work.cellsTouched += rows[r].cells.count
    queueIfEligible(leaving)
    flushCompactions()
  }

  /// Installs a new row `0 = constant + Σ (pivotSymbols, pivotCoefficients)` by solving
  /// it for `subject` (parametric) and substituting it into the C_S rows and the
  /// objective. Returns the slot.
  ///
  /// An unrestricted subject makes a C_U row: C_S rows and the objective never contain an
  /// unrestricted symbol, so nothing is substituted, and C_U rows that refer to the
  /// subject keep doing so. `unreduced` says the row may refer to basic symbols (its
  /// subject is then referenced by no row, so it takes a key above all); otherwise it
  /// refers to parametric symbols only and takes a key below all.
  /// - Complexity: O(row length), plus for a restricted subject the C_S rows containing it.
  mutating func installRow(constant: Double, subject: Int32, unreduced: Bool = false) -> Int32 {
    materializeDeferredObjective()
    if symbolKind[Int(subject)] == .dummy { loadDummyVector(subject) }
    guard let k = scratchBuffers.pivotCells.index(of: subject) else {
      preconditionFailure("installRow: subject not in the row")
    }
    let scale = -1 / scratchBuffers.pivotCells.coefficients[k]
    scratchBuffers.pivotCells.remove(at: k)
    let coefficients = scratchBuffers.pivotCells.coefficients
    for j in coefficients.indices { coefficients[j] *= scale }
    let newConstant = constant * scale
    let slot = makeRowSlot(basic: subject)
    rows[Int(slot)].constant = newConstant
    if symbolKind[Int(subject)].isRestricted {
      substitute(subject, constant: newConstant, skipping: slot)
    } else {
      registerUnrestrictedRow(slot, high: unreduced)
    }
    noteAdded(contentsOf: pivotSymbols, in: slot)
    swap(&scratchBuffers.pivotCells, &rows[Int(slot)].cells)
    work.cells += rows[Int(slot)].cells.count
    work.cellsTouched += rows[Int(slot)].cells.count
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
      if basic < 0 || rowSlots.rowStamp[r] == stamp { continue }
      rowSlots.rowStamp[r] = stamp
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
    let cells = rows[Int(slot)].cells
    let symbols = cells.symbols
    let coefficients = cells.coefficients
    let (best, bestCoefficient, tied) = objectiveHead.withUnsafeBufferPointer { heads in
      entries.withUnsafeBufferPointer { pool in
        symbolKind.withUnsafeBufferPointer { kinds in
          Self.dualRatioWinner(in: cells, kinds: kinds, heads: heads, pool: pool)
        }
      }
    }
    guard best >= 0 else { return nil }
    guard lookAhead, tied > 1 else { return best }

    let infeasibility = -rows[Int(slot)].constant
    var choice = best
    var fewestBlocked = Int.max
    var fewestOccurrences = Int32.max
    for i in symbols.indices {
      let symbol = symbols[i]
      let coefficient = coefficients[i]
      guard coefficient > 0, symbolKind[Int(symbol)].isPivotable, isDualTie(symbol, coefficient, best, bestCoefficient)
      else { continue }
      let blocked = rowsDrivenInfeasible(by: symbol, rising: infeasibility / coefficient, except: slot)
      // Then the candidate in the fewest rows: the pivot substitutes it into each of them.
      let count = restrictedOccurrences[Int(symbol)]
      if blocked < fewestBlocked || (blocked == fewestBlocked && count < fewestOccurrences) {
        fewestBlocked = blocked
        fewestOccurrences = count
        choice = symbol
      }
    }
    return choice
  }

  /// The dual ratio test's scan of a row: among its pivotable symbols with a positive
  /// coefficient, the first (lowest id) whose objective vector divided by that coefficient
  /// is lexicographically smallest; -1 when there is none. Also returns its coefficient and
  /// how many candidates tie with it. Candidates are ranked by the first entries of their
  /// vectors where that decides (`dualOrderByFirstEntries`), by whole vectors where it does
  /// not. O(row length · levels per symbol), no allocation.
  static func dualRatioWinner(
    in cells: RowCells, kinds: UnsafeBufferPointer<SymbolKind>, heads: UnsafeBufferPointer<Int32>,
    pool: UnsafeBufferPointer<ObjectiveEntry>
  ) -> (symbol: Int32, coefficient: Double, tied: Int) {
    let symbols = cells.symbols
    let coefficients = cells.coefficients
    var best: Int32 = -1
    var bestCoefficient = 0.0
    var tied = 0
    var bestFirst = (priority: 0.0, ratio: 0.0)
    for i in symbols.indices {
      let symbol = symbols[i]
      let coefficient = coefficients[i]
      guard coefficient > 0, kinds[Int(symbol)].isPivotable else { continue }
      let first = firstDualRatio(of: symbol, coefficient, heads: heads, pool: pool)
      if best < 0 {
        (best, bestCoefficient, bestFirst, tied) = (symbol, coefficient, first, 1)
        continue
      }
      let order =
        dualOrderByFirstEntries(first.priority, first.ratio, bestFirst.priority, bestFirst.ratio)
        ?? compareDualRatios(symbol, coefficient, best, bestCoefficient, heads: heads, pool: pool)
      if order < 0 {
        (best, bestCoefficient, bestFirst, tied) = (symbol, coefficient, first, 1)
      } else if order == 0 {
        tied += 1
      }
    }
    return (best, bestCoefficient, tied)
  }

  /// Whether `vector(a) / ca` and `vector(b) / cb` tie at every level. O(levels).
  @inline(__always)
  private func isDualTie(_ a: Int32, _ ca: Double, _ b: Int32, _ cb: Double) -> Bool {
    objectiveHead.withUnsafeBufferPointer { heads in
      entries.withUnsafeBufferPointer { pool in
        let first = Self.firstDualRatio(of: a, ca, heads: heads, pool: pool)
        let bestFirst = Self.firstDualRatio(of: b, cb, heads: heads, pool: pool)
        let order =
          Self.dualOrderByFirstEntries(first.priority, first.ratio, bestFirst.priority, bestFirst.ratio)
          ?? Self.compareDualRatios(a, ca, b, cb, heads: heads, pool: pool)
        return order == 0
      }
    }
  }

  /// How many restricted rows other than `except` would turn infeasible if the parametric
  /// `symbol` rose by `amount`. O(restricted rows containing it · log row length).
  private mutating func rowsDrivenInfeasible(by symbol: Int32, rising amount: Double, except: Int32) -> Int {
    let stamp = nextStamp()
    rowSlots.rowStamp[Int(except)] = stamp
    var count = 0
    for slot in restrictedColumns[Int(symbol)] {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowSlots.rowStamp[r] == stamp { continue }
      rowSlots.rowStamp[r] = stamp
      let kind = symbolKind[Int(basic)]
      guard kind.isRestricted else { continue }
      let coefficient = rows[r].coefficient(of: symbol)
      if coefficient == 0 { continue }
      let after = rows[r].constant + coefficient * amount
      if kind == .dummy ? abs(after) > Self.epsilon : after < -Self.epsilon { count += 1 }
    }
    return count
  }

  // MARK: Optimisation

  /// A bound on pivots per optimisation, so a numerical failure surfaces as an error
  /// instead of a hang. Bland's rule terminates in exact arithmetic.
  var pivotLimit: Int { 50 * (rowSlots.liveRows + symbolIDs.liveSymbols) + 10_000 }

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
    let lookAheadPivots = rowSlots.liveRows + 16
    while let basic = simplexState.infeasibleRows.popMin() {
      let slot = rowOf[Int(basic)]
      guard slot >= 0 else { continue }
      let constant = rows[Int(slot)].constant
      if symbolKind[Int(basic)] == .dummy {
        if abs(constant) <= Self.epsilon { continue }
        simplexState.infeasibleRows.removeAll()
        return basic
      }
      if constant >= -Self.epsilon { continue }
      // A row whose flip reaches no other row waits (Accelerations/HeldFlips.swift).
      if heldFlipState.holdsFlips && !simplexState.phaseOneActive && holdFlipIfPossible(ofRow: slot) { continue }
      // A row with one candidate needs no ratio test, and when that candidate is in no
      // other row the pivot changes this row alone (Accelerations/LocalPivots.swift).
      if let entering = soleDualCandidate(inRow: slot), pivotStaysWithinRow(entering: entering, slot: slot) {
        pivotWithinRow(entering: entering, slot: slot)
      } else {
        // The ratio test of the deferred row may read the stored vectors; another row's
        // needs the true ones (Accelerations/DeferredObjective.swift).
        if deferredObjectiveState.deferredBasic >= 0 && deferredObjectiveState.deferredBasic != basic { materializeDeferredObjective() }
        guard let entering = dualEnteringSymbol(inRow: slot, lookAhead: pivots < lookAheadPivots) else {
          simplexState.infeasibleRows.removeAll()
          return basic
        }
        pivot(entering: entering, slot: slot, givingUpColumn: true, defersObjective: true)
      }
      pivots += 1
      if pivots > pivotLimit {
        simplexState.infeasibleRows.removeAll()
        throw .internalInconsistency("dual simplex exceeded \(pivotLimit) pivots")
      }
    }
    return nil
  }

  // MARK: Rollback

  mutating func beginUndoLog() {
    simplexState.undoLog.removeAll(keepingCapacity: true)
    simplexState.recordsPivots = true
  }

  mutating func endUndoLog() {
    simplexState.recordsPivots = false
    simplexState.undoLog.removeAll(keepingCapacity: true)
  }

  /// Undoes the logged pivots in reverse: each pivot is inverted by pivoting the leaving
  /// symbol back in on the row its entering symbol now owns, which restores the basis and
  /// so the tableau (up to rounding).
  mutating func rollBackPivots() {
    simplexState.recordsPivots = false
    let collects = simplexState.collectsInfeasibleRows
    simplexState.collectsInfeasibleRows = false
    for (entering, leaving) in simplexState.undoLog.reversed() {
      pivot(entering: leaving, slot: rowOf[Int(entering)])
    }
    simplexState.collectsInfeasibleRows = collects
    simplexState.undoLog.removeAll(keepingCapacity: true)
  }
}

/// The dual simplex's queue, phase one, and the undo log of a failing call. Held by ``Tableau`` as `simplexState`.
struct SimplexState {
  var infeasibleRows = SymbolQueue()
  var collectsInfeasibleRows = false
  /// Phase-one objective (minimise the artificial symbol); `basic` is unused.
  var artificialObjective = Row()
  var phaseOneActive = false
  /// Pivots made since `beginUndoLog()`, as (entering, leaving) pairs.
  var undoLog: [(entering: Int32, leaving: Int32)] = []
  var recordsPivots = false
}
