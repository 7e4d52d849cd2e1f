import LayoutModel

extension Tableau {

  /// The engine behind `CassowarySolver.add`; see its documentation.
  mutating func add(_ constraint: Constraint) throws(SolverError) {
    invalidateDerived()
    try enterConstraint(constraint)
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.add(contentsOf:)`: every row enters first, then
  /// one optimisation. Re-optimising after each add would move the optimum through every
  /// intermediate system: a fill-equally stack pays about 120 pivots per view that way,
  /// because each new size preference re-balances the ones before it. Entering keeps the
  /// tableau feasible (each row gets a feasible subject or goes through phase one, which
  /// needs feasibility only), so a single primal simplex at the end is enough.
  ///
  /// A bulk batch (at least as many constraints as the tableau has rows: a build, a
  /// rebuild) sets aside the required rows that find no subject and would need phase one,
  /// and enters them after the rest, shortest first (by their length when first reduced).
  /// Such a row closes a chain (a stack's last gap, the sizes of a fill-equally stack), so
  /// it is long, and phase one's pivot substitutes it into every row holding the entering
  /// symbol; entered early, each later row of the chain met it again, and closing n views
  /// cost O(n³) cells (a 1,000-view fill-equally stack: 933 M cells touched, 5.8 s).
  /// Entered last, the chain's short rows are in place and the long row pivots once
  /// (5.8 M cells). A small batch into a large tableau keeps its order: re-reducing a
  /// set-aside row costs its length again, and the rows already present dominate. So
  /// does a batch of fewer than `setAsideState.setAsideMinimumBatch` (256) constraints: its chains are
  /// short, so the cells a set-aside saves are few, while entering late can cost phase
  /// one more pivots (kiwi's 109-constraint enaml form: 70 pivots in order, 92 set aside,
  /// 1.15× the time; 10-view stacks: a few hundred cells either way, up to 7 more
  /// pivots). From about 500 constraints (100-view stacks) the set-aside touches 4–16×
  /// fewer cells where chains close.
  /// On a failure the constraints this call entered are removed again, so the solver
  /// holds what it held before (at an optimum, possibly another vertex of the same face).
  mutating func add(contentsOf batch: [Constraint]) throws(SolverError) {
    invalidateDerived()
    try enterBatch(batch)
  }

  /// Enters every row of `batch` (but those `replace` renamed, `isRenamedInBatch`),
  /// phase-one rows of a bulk batch last, and optimises once. On a failure the constraints it
  /// entered are withdrawn again, the tableau re-optimised and the error rethrown.
  mutating func enterBatch(_ batch: [Constraint]) throws(SolverError) {
    // Entering a constraint takes its mentions off, so a batch entered whole leaves every
    // count at 0; only a failure part-way needs `clearBatchMentions` (a pass of its own
    // over the batch's terms, cold again on a 1,000-constraint batch).
    countBatchMentions(batch)
    batchState.enteredBatchIndices.removeAll(keepingCapacity: true)
    do {
      var entering = batch.count
      if renamingState.skipsRenamed {
        for i in batch.indices where isRenamedInBatch(Self.id(at: i, of: batch)) { entering -= 1 }
      }
      setAsideState.begin(entering: entering, liveRows: rowSlots.liveRows)
      for i in batch.indices {
        if isRenamedInBatch(Self.id(at: i, of: batch)) { continue }
        let constraint = batch[i]
        for term in constraint.expression.terms where term.coefficient != 0 {
          batchState.batchMentions[term.variable.index] -= 1
        }
        // An id repeated within the batch is present by its second occurrence, so
        // `validate` rejects it like one present before the call.
        if try enterConstraint(constraint) {
          batchState.enteredBatchIndices.append(Int32(i))
        } else {
          setAsideState.setAside(batchIndex: i)
        }
      }
      for row in setAsideState.end() {
        try enterConstraint(batch[Int(row.batchIndex)])
        batchState.enteredBatchIndices.append(row.batchIndex)
      }
      try optimize()
    } catch {
      _ = setAsideState.end()
      clearBatchMentions(batch)
      for i in batchState.enteredBatchIndices.reversed() where contains(batch[Int(i)].id) {
        withdraw(batch[Int(i)].id)
      }
      try optimize()
      checkInvariants()
      throw error
    }
    checkInvariants()
  }

  /// Counts, per variable, the constraints of `batch` that mention it, into
  /// `batchState.batchMentions`; `add(contentsOf:)` takes each constraint's own mentions off before
  /// entering it, so the count is then the mentions still to come. O(batch terms).
  /// Also grows the tableau's arrays once for the batch: each constraint brings a row and
  /// its marker, an optional one an error too, plus the variables it is the first to
  /// mention and one artificial symbol (released after each use); and the arrays indexed
  /// by constraint id, to the batch's highest (grown one constraint at a time, they
  /// doubled 5 times in a 10-view grid's build and 12 times at 1,000 views, three
  /// allocations each).
  private mutating func countBatchMentions(_ batch: [Constraint]) {
    var highestVariable = -1
    var highestID = -1
    var markers = 1
    for i in batch.indices {
      let id = Self.id(at: i, of: batch)
      highestID = max(highestID, id.index)
      if isRenamedInBatch(id) { continue }
      markers += batch[i].priority.isRequired ? 1 : 2
      for term in batch[i].expression.terms where term.coefficient != 0 {
        highestVariable = max(highestVariable, term.variable.index)
      }
    }
    if highestVariable >= batchState.batchMentions.count {
      batchState.batchMentions.append(contentsOf: repeatElement(0, count: highestVariable + 1 - batchState.batchMentions.count))
    }
    for i in batch.indices where !isRenamedInBatch(Self.id(at: i, of: batch)) {
      for term in batch[i].expression.terms where term.coefficient != 0 { batchState.batchMentions[term.variable.index] += 1 }
    }
    let newVariables = max(0, highestVariable + 1 - variableSymbol.count)
    reserveCapacity(additionalSymbols: markers + newVariables, additionalRows: batch.count)
    if highestID >= 0 { growConstraintArrays(toHold: ConstraintID(highestID)) }
  }

  /// Zeroes what `countBatchMentions` counted and entering has not taken off yet (after a
  /// failure), so single adds see no mentions to come. O(batch terms).
  private mutating func clearBatchMentions(_ batch: [Constraint]) {
    for i in batch.indices where !isRenamedInBatch(Self.id(at: i, of: batch)) {
      for term in batch[i].expression.terms where term.coefficient != 0 { batchState.batchMentions[term.variable.index] = 0 }
    }
  }

  /// Validates `constraint` and enters its row, without optimising. Returns false when the
  /// row was set aside for phase one at the end of a bulk batch (`setAsideState.defersPhaseOne`): the
  /// tableau is then as before the call.
  /// - Throws: as `add`; the tableau is then as before the call.
  @discardableResult
  mutating func enterConstraint(_ constraint: Constraint) throws(SolverError) -> Bool {
    try validate(constraint)
    let id = constraint.id
    growConstraintArrays(toHold: id)
    let index = Int32(id.index)
    var tag: ConstraintTag
    var host: Int32 = -1
    if !constraint.priority.isRequired, constraint.relation != .equal, let joined = joinSharedRow(constraint) {
      (tag, host) = joined
    } else {
      tag = try enter(constraint.expression, relation: constraint.relation, priority: constraint.priority, owner: index)
      if !tag.isPresent { return false }
      if tag.costSymbol < 0 { tag.shapeFingerprint = Self.shapeFingerprint(of: constraint) }
    }
    constraintTable.constraintTags[id.index] = tag
    constraintTable.definitions[id.index] = constraint
    if tag.costSymbol >= 0 { indexSoftInequality(index, expression: constraint.expression, host: host) }
    return true
  }

  /// Grows the arrays indexed by constraint id to hold `id`. Amortised O(1).
  mutating func growConstraintArrays(toHold id: ConstraintID) {
    guard id.index >= constraintTable.constraintTags.count else { return }
    let grow = id.index + 1 - constraintTable.constraintTags.count
    if constraintTable.constraintTags.capacity < id.index + 1 {
      // Geometric, and all three at once (each grew alone, one id at a time).
      let n = max(id.index + 1, 2 * constraintTable.constraintTags.capacity)
      constraintTable.constraintTags.reserveCapacity(n)
      constraintTable.definitions.reserveCapacity(n)
      constraintTable.batchMarks.reserveCapacity(n)
    }
    constraintTable.constraintTags.append(contentsOf: repeatElement(ConstraintTag(), count: grow))
    constraintTable.definitions.append(contentsOf: repeatElement(nil, count: grow))
    constraintTable.batchMarks.append(contentsOf: repeatElement(0, count: grow))
  }

  mutating func validate(_ constraint: Constraint) throws(SolverError) {
    if contains(constraint.id) { throw .duplicateConstraint(constraint.id) }
    if let error = constraint.validationError() { throw error }
    if let error = magnitudes.admit(constraint) { throw error }
  }

  /// Enters `expression RELATION 0` into the tableau and returns its tag. Does not
  /// re-optimize. `owner` is the user constraint index, or `editOwner(of:)` for an edit.
  /// - Throws: `unsatisfiable` (state unchanged).
  mutating func enter(
    _ expression: LinearExpression, relation: Relation, priority: Priority, owner: Int32
  ) throws(SolverError) -> ConstraintTag {
    var tag = ConstraintTag()
    tag.isPresent = true
    tag.constant = expression.constant

    // The row `expression + μ·marker (+ errors) = 0`, first as written (basic variables
    // kept by name).
    var constant = expression.constant
    for term in expression.terms where term.coefficient != 0 {
      accumulate(symbol(for: term.variable), term.coefficient)
    }

    let optional = !priority.isRequired
    if optional {
      tag.level = level(for: priority.value)
      levelTable.levelUsers[Int(tag.level)] += 1
    }
    switch relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      // expr <= 0  ⇔  expr + slack = 0; optional: expr + slack - error = 0.
      let sign: Double = relation == .lessThanOrEqual ? 1 : -1
      tag.marker = makeSymbol(.slack, owner: owner)
      tag.markerCoefficient = sign
      accumulate(tag.marker, sign)
      if optional {
        tag.other = makeSymbol(.error, owner: owner)
        accumulate(tag.other, -sign)
        tag.costSymbol = tag.other
      }
    case .equal:
      if optional {
        // expr = e⁺ - e⁻
        tag.marker = makeSymbol(.error, owner: owner)
        tag.other = makeSymbol(.error, owner: owner)
        tag.markerCoefficient = -1
        accumulate(tag.marker, -1)
        accumulate(tag.other, 1)
      } else {
        tag.marker = makeSymbol(.dummy, owner: owner)
        tag.markerCoefficient = 1
        accumulate(tag.marker, 1)
      }
    }
    // An unrestricted parametric variable that no row refers to (a brand-new variable,
    // typically) can be the subject of the row as written: nothing refers to it, so no
    // cycle can form and no row needs its expression. Otherwise the row is fully reduced.
    let unreducedSubject = unreferencedUnrestrictedSymbol(of: expression)
    if unreducedSubject < 0 { reduceAccumulated(constant: &constant) }
    gatherAccumulated()
    // Feasibility needs constant >= 0. At exactly zero either sign is feasible; then orient
    // the row so its slack can be the subject: the slack becomes basic at zero and the
    // error rests parametric at zero. With the error basic instead, the row sits on a bound
    // that any later move of the constraint's expression violates, and the dual simplex
    // would have to repair it one row at a time (a stack of n views took n pivots per
    // resize that way).
    var flip = constant < 0
    if abs(constant) <= Self.epsilon, symbolKind[Int(tag.marker)] == .slack,
      let i = sortedIndex(of: tag.marker, in: pivotSymbols)
    {
      flip = pivotCoefficients[i] > 0
    }
    if flip {
      constant = -constant
      for i in pivotCoefficients.indices { pivotCoefficients[i] = -pivotCoefficients[i] }
    }

    // The new errors enter the objective before a subject is chosen, so that a subject
    // which is one of them is substituted out of the objective like any other.
    if optional {
      addCostTerms(of: tag, level: tag.level, sign: 1)
    }

    if unreducedSubject >= 0 {
      _ = installRow(constant: constant, subject: unreducedSubject, unreduced: true)
      return tag
    }
    if let subject = chooseSubject(tag) {
      // Fully reduced: an unrestricted subject's row refers to parametric symbols only.
      _ = installRow(constant: constant, subject: subject)
      return tag
    }
    if pivotSymbols.allSatisfy({ symbolKind[Int($0)] == .dummy }) {
      if constant <= feasibilityEpsilon {
        // Redundant: the other required equalities already imply it.
        _ = installRow(constant: constant, subject: tag.marker)
        return tag
      }
      let conflicts = requiredOwners(of: pivotSymbols, excluding: tag.marker)
      discardUnenteredTag(tag)
      throw unsatisfiable(owner: owner, conflicts: conflicts)
    }
    if setAsideState.defersPhaseOne {
      // Set aside: the caller enters it again after the rest of its batch.
      setAsideState.deferredRowLength = pivotSymbols.count
      discardUnenteredTag(tag)
      return ConstraintTag()
    }
    if let conflicts = try addWithArtificialVariable(constant: constant) {
      releaseSymbol(tag.marker)
      throw unsatisfiable(owner: owner, conflicts: conflicts)
    }
    return tag
  }

  /// Only required constraints can be unsatisfiable, and only user constraints are
  /// required (edits are optional), so an owner is always a user constraint here.
  private mutating func unsatisfiable(owner: Int32, conflicts: [ConstraintID]) -> SolverError {
    owner >= 0
      ? .unsatisfiable(ConstraintID(owner), conflicts: conflicts)
      : .internalInconsistency("an edit constraint was reported unsatisfiable")
  }

  /// Among the variables of a row as written, an unrestricted parametric one that no row
  /// refers to, or -1. (C_S rows and the objective never contain unrestricted symbols, so
  /// "no row" means no C_U row.) The one that the rest of the batch mentions least: once
  /// basic, every later constraint that mentions it refers to its row, and a constraint
  /// left with no such variable must be fully reduced. In a stack's gap
  /// `top[i+1] == top[i] + height[i] + 12` that is `top[i+1]` (mentioned by the next gap
  /// only), not `height[i]` (mentioned by each of the row's own constraints); making the
  /// height basic left every position parametric, and the rows that later had to solve
  /// for positions carried the whole chain before them (O(n²) cells for a form of n rows).
  /// Ties, and single adds (no batch), go to the lowest symbol id: the variable the
  /// constraint's terms meet first.
  /// - Complexity: O(row). Inlined: called out of line from `enter`, a mutating method,
  /// it is handed a copy of the whole tableau (~110 instructions of copying per add).
  @inline(__always)
  private func unreferencedUnrestrictedSymbol(of expression: LinearExpression) -> Int32 {
    var best: Int32 = -1
    var bestMentions = Int32.max
    for term in expression.terms where term.coefficient != 0 {
      let symbol = variableSymbol[term.variable.index]
      let s = Int(symbol)
      guard symbolKind[s] == .external, rowOf[s] < 0, unrestrictedOccurrences[s] == 0,
        abs(scratchBuffers.accumulator[s]) >= Self.epsilon
      else { continue }
      let v = term.variable.index
      let mentions = v < batchState.batchMentions.count ? batchState.batchMentions[v] : 0
      if mentions < bestMentions || (mentions == bestMentions && symbol < best) {
        best = symbol
        bestMentions = mentions
      }
    }
    return best
  }

  /// Fully reduces the accumulated row: every basic symbol is replaced by its row, C_U
  /// basics expanded transitively. The C_U basics go through a max-heap on their rows'
  /// evaluation keys, so each is expanded once, after everything that refers to it (a row
  /// refers only to lower keys), and without recursion (chains are 10,000 deep). C_S rows
  /// refer to parametric symbols only, so C_S basics are replaced last, in one step each.
  /// - Complexity: O(Σ lengths of the rows expanded · log heap).
  private mutating func reduceAccumulated(constant: inout Double) {
    for symbol in scratchBuffers.touchedSymbols { queueForExpansion(symbol) }
    while let symbol = keyOrder.expansionHeap.popMax() {
      let s = Int(symbol)
      keyOrder.expansionQueued[s] = false
      let coefficient = scratchBuffers.accumulator[s]
      scratchBuffers.accumulator[s] = 0
      if abs(coefficient) < Self.epsilon { continue }
      let r = Int(rowOf[s])
      constant += coefficient * rows[r].constant
      work.cellsTouched += rows[r].symbols.count
      for i in rows[r].symbols.indices {
        let cell = rows[r].symbols[i]
        accumulate(cell, coefficient * rows[r].coefficients[i])
        queueForExpansion(cell)
      }
    }
    // C_S basics: their rows hold parametric restricted symbols only, so the walk meets no
    // new basic (the array may grow while it is walked).
    var i = 0
    while i < scratchBuffers.touchedSymbols.count {
      let s = Int(scratchBuffers.touchedSymbols[i])
      i += 1
      guard rowOf[s] >= 0 else { continue }
      let coefficient = scratchBuffers.accumulator[s]
      scratchBuffers.accumulator[s] = 0
      if abs(coefficient) < Self.epsilon { continue }
      let r = Int(rowOf[s])
      constant += coefficient * rows[r].constant
      work.cellsTouched += rows[r].symbols.count
      for j in rows[r].symbols.indices {
        accumulate(rows[r].symbols[j], coefficient * rows[r].coefficients[j])
      }
    }
  }

  @inline(__always)
  private mutating func queueForExpansion(_ symbol: Int32) {
    let s = Int(symbol)
    let slot = rowOf[s]
    guard slot >= 0, !keyOrder.expansionQueued[s], isUnrestrictedRow(slot) else { return }
    keyOrder.expansionQueued[s] = true
    keyOrder.expansionHeap.push(key: rowKey[Int(slot)], symbol: symbol)
  }

  /// The subject for a new fully reduced row held in `pivotSymbols`: the unrestricted
  /// symbol occurring in the fewest rows (ties to the lowest id); otherwise the
  /// constraint's own slack or error if its coefficient is negative, which keeps the row
  /// feasible (constant >= 0).
  private mutating func chooseSubject(_ tag: ConstraintTag) -> Int32? {
    var best: Int32 = -1
    var bestCount = Int32.max
    for symbol in pivotSymbols where symbolKind[Int(symbol)] == .external {
      let count = unrestrictedOccurrences[Int(symbol)]
      if count < bestCount {
        best = symbol
        bestCount = count
      }
    }
    if best >= 0 { return best }
    for candidate in [tag.marker, tag.other] where candidate >= 0 {
      guard symbolKind[Int(candidate)].isPivotable,
        let i = sortedIndex(of: candidate, in: pivotSymbols), pivotCoefficients[i] < 0
      else { continue }
      return candidate
    }
    return nil
  }

  /// Releases the symbols of a constraint whose row never entered the tableau.
  private mutating func discardUnenteredTag(_ tag: ConstraintTag) {
    for symbol in [tag.marker, tag.other] where symbol >= 0 {
      clearObjective(of: symbol)
      releaseSymbol(symbol)
    }
    if tag.level >= 0 { releaseLevel(tag.level) }
  }

  /// Phase one for a row held in `pivotSymbols` with `constant >= 0` and no usable
  /// subject: make an artificial symbol basic for it and minimise that symbol. Returns nil
  /// on success (the row is in the tableau, the artificial symbol gone), or the conflicting
  /// required constraints after restoring the tableau exactly.
  private mutating func addWithArtificialVariable(constant: Double) throws(SolverError) -> [ConstraintID]? {
    let artificial = makeSymbol(.artificial)
    let slot = makeRowSlot(basic: artificial)
    rows[Int(slot)].constant = constant
    noteAdded(contentsOf: pivotSymbols, in: slot)
    work.cells += pivotSymbols.count
    simplexState.artificialObjective.constant = constant
    simplexState.artificialObjective.cells.assign(scratchBuffers.pivotCells)
    swap(&scratchBuffers.pivotCells, &rows[Int(slot)].cells)

    simplexState.phaseOneActive = true
    beginUndoLog()
    var pivots = 0
    // Past this many pivots the choice falls back to Bland's rule, which cannot cycle.
    let fewestRowsPivots = rowSlots.liveRows + 16
    while let entering = phaseOneEnteringSymbol(fewestRows: pivots < fewestRowsPivots) {
      guard let leaving = primalLeavingRow(for: entering) else {
        throw .internalInconsistency("phase one unbounded entering symbol \(entering)")
      }
      pivot(entering: entering, slot: leaving)
      pivots += 1
      if pivots > pivotLimit { throw .internalInconsistency("phase one exceeded \(pivotLimit) pivots") }
    }
    simplexState.phaseOneActive = false

    if simplexState.artificialObjective.constant > feasibilityEpsilon {
      // The phase-one objective is a combination of the new row and present rows with
      // non-negative reduced costs and a positive constant: the constraints whose markers
      // carry a multiplier in it cannot hold together.
      let conflicts = requiredOwners(of: simplexState.artificialObjective.symbols, excluding: -1)
      rollBackPivots()
      dropRow(rowOf[Int(artificial)])
      clearObjective(of: artificial)
      releaseSymbol(artificial)
      try optimize()
      return conflicts
    }
    endUndoLog()

    let artificialSlot = rowOf[Int(artificial)]
    if artificialSlot >= 0 {
      // Basic at zero: pivot any slack or error in, or drop the row if it has none.
      let r = Int(artificialSlot)
      if let entering = rows[r].symbols.first(where: { symbolKind[Int($0)].isPivotable }) {
        pivot(entering: entering, slot: artificialSlot)
      } else {
        dropRow(artificialSlot)
      }
    }
    var slots = ContiguousArray<Int32>()
    rowsContaining(artificial, into: &slots)
    for slot in slots { removeCell(artificial, fromRow: slot) }
    clearObjective(of: artificial)
    releaseSymbol(artificial)
    return nil
  }

  /// A slack or error with a negative coefficient in the phase-one objective: with
  /// `fewestRows`, the one in the fewest restricted rows (ties to the lowest id), else the
  /// lowest id (Bland's rule). The phase-one row is typically a closing constraint fully
  /// reduced along a chain, O(n) long, and the pivot substitutes it into every row that
  /// holds the entering symbol: the lowest id took symbols of the chain's first views,
  /// which sit in many rows, and spread the long row into all of them (an equal-centering
  /// stack of 100 views made 1,896 pivots and touched 4.0 M cells to build; choosing by
  /// fewest rows, Markowitz's criterion for fill-in, 316 pivots and 0.32 M cells).
  /// Any symbol with a negative coefficient lowers the phase-one objective or keeps it,
  /// so the answer is the same; only Bland's rule is proven not to cycle on degenerate
  /// pivots, which is why the caller falls back to it after a bound.
  /// - Complexity: O(phase-one objective length).
  private mutating func phaseOneEnteringSymbol(fewestRows: Bool) -> Int32? {
    var best: Int32 = -1
    var bestCount = Int32.max
    for i in simplexState.artificialObjective.symbols.indices {
      let symbol = simplexState.artificialObjective.symbols[i]
      guard simplexState.artificialObjective.coefficients[i] < 0 && symbolKind[Int(symbol)].isPivotable else { continue }
      if !fewestRows { return symbol }
      let count = restrictedOccurrences[Int(symbol)]
      if count < bestCount {
        best = symbol
        bestCount = count
      }
    }
    return best >= 0 ? best : nil
  }

  /// The present required constraints owning any of `symbols` (plus `extra` when >= 0),
  /// sorted, each once.
  mutating func requiredOwners(of symbols: UnsafeMutableBufferPointer<Int32>, excluding: Int32, extra: Int32 = -1) -> [ConstraintID] {
    scratchBuffers.conflictScratch.removeAll(keepingCapacity: true)
    func consider(_ symbol: Int32) {
      guard symbol >= 0, symbol != excluding else { return }
      let o = owner[Int(symbol)]
      guard o >= 0, constraintTable.constraintTags[Int(o)].isPresent, constraintTable.constraintTags[Int(o)].level < 0 else { return }
      scratchBuffers.conflictScratch.append(ConstraintID(o))
    }
    for symbol in symbols { consider(symbol) }
    consider(extra)
    scratchBuffers.conflictScratch.sort()
    var result: [ConstraintID] = []
    for id in scratchBuffers.conflictScratch where result.last != id { result.append(id) }
    return result
  }
}

/// A batch call's scratch. Held by ``Tableau`` as `batchState`.
struct BatchState {
  /// During `add(contentsOf:)`: how many constraints of the batch after the one being
  /// entered mention each variable (the unreduced subject's tie-break); 0 otherwise.
  var batchMentions: ContiguousArray<Int32> = []
  /// The batch indices `add(contentsOf:)` has entered, in order, to withdraw on failure.
  var enteredBatchIndices: ContiguousArray<Int32> = []
}
