import LayoutModel

extension Tableau {

  /// Runs ``invariantViolations()`` after an operation and stops on the first broken
  /// invariant. Compiled in only with `LAYOUTBENCH_INTERNAL_CHECKS` (debug builds, and so
  /// `swift test`); release builds pay nothing.
  @inline(__always)
  func checkInvariants() {
    #if LAYOUTBENCH_INTERNAL_CHECKS
      if skipsInvariantChecks { return }
      let violations = invariantViolations()
      precondition(violations.isEmpty, "Cassowary invariants broken:\n" + violations.joined(separator: "\n"))
    #endif
  }

  /// Whether this build checks invariants after every operation.
  static var checksInvariants: Bool {
    #if LAYOUTBENCH_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Every broken tableau invariant, described; empty when the tableau is sound.
  /// Checks: rows sorted and non-zero; C_S rows (restricted basic) feasible and free of
  /// basic and unrestricted symbols, i.e. reduced over parametric restricted symbols; C_U
  /// rows (unrestricted basic) free of artificial symbols, referring only to C_U basics
  /// with lower evaluation keys (acyclic, in evaluation order) and listed once in the
  /// evaluation order; exact occurrence counts and complete column lists; objective
  /// vectors sorted, non-zero and on parametric pivotable symbols; optimality (no symbol may
  /// enter); markers of present constraints accounted for and released symbols unused;
  /// cached values equal to a fresh evaluation; required constraints satisfied by the
  /// values; no batch counts left over; remembered marker columns that are valid listing
  /// exactly the rows and coefficients (Accelerations/ShiftColumns.swift).
  /// - Complexity: O(cells + symbols + objective entries + Σ constraint terms).
  func invariantViolations() -> [String] {
    if deferredObjectiveState.deferredBasic >= 0 {
      // The invariants hold of the true vectors: check a copy with the contribution
      // written out (a copy shares the rows' buffers, which writing it out only reads).
      var problems: [String] = []
      let slot = Int(rowOf[Int(deferredObjectiveState.deferredBasic)])
      if slot < 0 || !symbolKind[Int(deferredObjectiveState.deferredBasic)].isRestricted {
        return ["deferred objective on symbol \(deferredObjectiveState.deferredBasic), not the basic of a C_S row"]
      }
      var last = Double.infinity
      var e = deferredObjectiveState.deferredHead
      var length = 0
      while e >= 0 && length <= levelTable.levelPriority.count {
        let term = entries[Int(e)]
        if term.priority >= last { problems.append("deferred objective vector not descending by level") }
        if abs(term.coefficient) < Self.epsilon { problems.append("deferred objective vector has a zero entry") }
        if levelTable.levelPriority[Int(term.level)] != term.priority { problems.append("deferred objective entry at level \(term.level) has the wrong priority") }
        last = term.priority
        length += 1
        e = term.next
      }
      if deferredObjectiveState.deferredHead < 0 || length > levelTable.levelPriority.count { problems.append("deferred objective list of \(length) entries") }
      var written = self
      written.materializeDeferredObjective()
      return problems + written.invariantViolations()
    }
    if heldFlipState.heldRows > 0 {
      // The invariants hold of the basis the held flips reach (Accelerations/HeldFlips.swift):
      // check the listing, then a copy with the flips made (its own row buffers: a flip
      // writes its row in place), whose values must be the ones read here.
      var problems = heldFlipViolations() + shiftColumnViolations()
      var settled = independentCopy()
      settled.settleHeldFlips()
      if valueCache.valuesAreCurrent {
        let held = valueCache.lazyValue
        settled.valueCache.valuesAreCurrent = false
        settled.incrementalState.valuesNeedFullEvaluation = true
        settled.refreshValues()
        for s in 0..<min(held.count, settled.valueCache.lazyValue.count) where abs(held[s] - settled.valueCache.lazyValue[s]) > 1e-9 * max(1, abs(held[s])) {
          problems.append("symbol \(s): value \(held[s]) with flips held, \(settled.valueCache.lazyValue[s]) with them made")
        }
      }
      return problems + settled.invariantViolations()
    }
    var problems = shiftColumnViolations()
    var countedRestricted = ContiguousArray<Int32>(repeating: 0, count: symbolKind.count)
    var countedUnrestricted = ContiguousArray<Int32>(repeating: 0, count: symbolKind.count)
    var cells = 0
    var active = 0
    var unrestrictedRows = 0
    for r in rows.indices where rows[r].basic >= 0 {
      active += 1
      let row = rows[r]
      let basic = Int(row.basic)
      if rowOf[basic] != Int32(r) { problems.append("row \(r): basic \(basic) maps to slot \(rowOf[basic])") }
      let kind = symbolKind[basic]
      if kind == .free { problems.append("row \(r): basic symbol \(basic) is released") }
      if kind == .dummy ? abs(row.constant) > 1e-6 : (kind.isRestricted && row.constant < -1e-6) {
        problems.append("row \(r): restricted basic \(basic) (\(kind)) infeasible, constant \(row.constant)")
      }
      if kind.isRestricted {
        if rowKey[r] != .min { problems.append("row \(r): restricted row has evaluation key \(rowKey[r])") }
      } else {
        unrestrictedRows += 1
        if rowKey[r] == .min { problems.append("row \(r): unrestricted row has no evaluation key") }
      }
      cells += row.symbols.count
      for i in row.symbols.indices {
        let s = Int(row.symbols[i])
        if i > 0 && row.symbols[i - 1] >= row.symbols[i] { problems.append("row \(r): symbols not strictly ascending") }
        if abs(row.coefficients[i]) < Self.epsilon { problems.append("row \(r): near-zero cell for \(s)") }
        if symbolKind[s] == .free { problems.append("row \(r): contains released symbol \(s)") }
        if kind.isRestricted {
          if rowOf[s] >= 0 { problems.append("row \(r): restricted row contains basic symbol \(s)") }
          if symbolKind[s] == .external {
            problems.append("row \(r): restricted row contains unrestricted symbol \(s)")
          }
          countedRestricted[s] += 1
        } else {
          if symbolKind[s] == .artificial { problems.append("row \(r): unrestricted row contains artificial \(s)") }
          if s == basic { problems.append("row \(r): refers to its own basic") }
          let slot = rowOf[s]
          if slot >= 0 && !symbolKind[s].isRestricted && rowKey[Int(slot)] >= rowKey[r] {
            problems.append("row \(r) (key \(rowKey[r])): refers to basic \(s) of a row with key \(rowKey[Int(slot)])")
          }
          countedUnrestricted[s] += 1
        }
        let column = kind.isRestricted ? restrictedColumns[s] : unrestrictedColumns[s]
        if !column.contains(Int32(r)) { problems.append("column \(s) misses row \(r)") }
      }
    }
    if active != rowSlots.liveRows { problems.append("live rows \(rowSlots.liveRows), found \(active)") }
    if unrestrictedRows != keyOrder.liveUnrestrictedRows {
      problems.append("live unrestricted rows \(keyOrder.liveUnrestrictedRows), found \(unrestrictedRows)")
    }
    if cells != work.cells { problems.append("cell count \(work.cells), found \(cells)") }
    for s in symbolKind.indices {
      if countedRestricted[s] != restrictedOccurrences[s] {
        problems.append("symbol \(s): restricted occurrences \(restrictedOccurrences[s]), found \(countedRestricted[s])")
      }
      if countedUnrestricted[s] != unrestrictedOccurrences[s] {
        problems.append("symbol \(s): unrestricted occurrences \(unrestrictedOccurrences[s]), found \(countedUnrestricted[s])")
      }
    }

    // Evaluation order: every live C_U row listed exactly once, keys ascending.
    var listed = ContiguousArray<Int32>(repeating: 0, count: rows.count)
    var lastKey = Int64.min
    var orderBroken = false
    for entry in Array(keyOrder.lowRows.reversed()) + Array(keyOrder.highRows) where rowKey[Int(entry.slot)] == entry.key {
      listed[Int(entry.slot)] += 1
      if entry.key <= lastKey { orderBroken = true }
      lastKey = entry.key
    }
    if orderBroken { problems.append("evaluation order not ascending by key") }
    for r in rows.indices where rows[r].basic >= 0 && !symbolKind[Int(rows[r].basic)].isRestricted && listed[r] != 1 {
      problems.append("row \(r): listed \(listed[r]) times in the evaluation order")
    }
    // A current evaluation program is the rows as they are now, flattened in order.
    if programState.programIsCurrent {
      var (slots, basics, ends) = (ContiguousArray<Int32>(), ContiguousArray<Int32>(), ContiguousArray<Int32>())
      var (symbols, coefficients) = (ContiguousArray<Int32>(), ContiguousArray<Double>())
      for entry in Array(keyOrder.lowRows.reversed()) + Array(keyOrder.highRows) where rowKey[Int(entry.slot)] == entry.key {
        let r = Int(entry.slot)
        slots.append(entry.slot)
        basics.append(rows[r].basic)
        symbols.append(contentsOf: rows[r].symbols)
        coefficients.append(contentsOf: rows[r].coefficients)
        ends.append(Int32(symbols.count))
      }
      if slots != programState.programSlot || basics != programState.programBasic || ends != programState.programEnd || symbols != programState.programSymbol
        || coefficients != programState.programCoefficient
      {
        problems.append("the evaluation program is marked current but differs from the C_U rows")
      }
    }
    var fresh = ContiguousArray<Double>(repeating: 0, count: symbolKind.count)
    let evaluated = evaluateUnrestrictedRows(into: &fresh)
    if evaluated != unrestrictedRows { problems.append("evaluated \(evaluated) unrestricted rows of \(unrestrictedRows)") }
    // Current values hold every symbol's, parametric and C_S too (`writeValues` reads them).
    if valueCache.valuesAreCurrent {
      for s in fresh.indices where symbolKind[s] != .free && valueCache.lazyValue[s] != fresh[s] {
        problems.append("cached value of \(s) is \(valueCache.lazyValue[s]), evaluates to \(fresh[s])")
      }
    }

    for s in objectiveHead.indices where objectiveHead[s] >= 0 {
      if rowOf[s] >= 0 { problems.append("objective mentions basic symbol \(s)") }
      if symbolKind[s] == .external || symbolKind[s] == .free || symbolKind[s] == .dummy {
        problems.append("objective mentions \(symbolKind[s]) symbol \(s)")
      }
      var e = objectiveHead[s]
      var last = Double.infinity
      while e >= 0 {
        let p = entries[Int(e)].priority
        if p >= last { problems.append("objective vector of \(s) not descending by level") }
        if abs(entries[Int(e)].coefficient) < Self.epsilon { problems.append("objective vector of \(s) has a zero entry") }
        last = p
        e = entries[Int(e)].next
      }
      if symbolKind[s].isPivotable && rowOf[s] < 0 && entries[Int(objectiveHead[s])].coefficient < -1e-7 {
        problems.append("not optimal: symbol \(s) could enter (coefficient \(entries[Int(objectiveHead[s])].coefficient))")
      }
    }

    var entriesPerLevel = ContiguousArray<Int32>(repeating: 0, count: levelTable.levelEntries.count)
    for s in objectiveHead.indices {
      var e = objectiveHead[s]
      while e >= 0 {
        entriesPerLevel[Int(entries[Int(e)].level)] += 1
        e = entries[Int(e)].next
      }
    }
    if entriesPerLevel != levelTable.levelEntries { problems.append("level entry counts \(levelTable.levelEntries), found \(entriesPerLevel)") }
    var freeCount = 0
    var free = entryPool.freeEntry
    while free >= 0 && freeCount <= entries.count {
      freeCount += 1
      free = entries[Int(free)].next
    }
    if freeCount != entryPool.freeEntryCount { problems.append("free objective entries \(entryPool.freeEntryCount), found \(freeCount)") }

    func checkTag(_ tag: ConstraintTag, _ what: String) {
      for symbol in [tag.marker, tag.other] where symbol >= 0 {
        if symbolKind[Int(symbol)] == .free { problems.append("\(what): symbol \(symbol) was released") }
      }
      if tag.level >= 0 && levelTable.levelUsers[Int(tag.level)] <= 0 { problems.append("\(what): level has no users") }
      if tag.costSymbol >= 0 && tag.costSymbol != tag.marker && tag.costSymbol != tag.other {
        problems.append("\(what): cost symbol \(tag.costSymbol) is neither its marker nor its error")
      }
    }
    for i in constraintTable.constraintTags.indices where constraintTable.constraintTags[i].isPresent { checkTag(constraintTable.constraintTags[i], "constraint \(i)") }
    // Optional inequalities sharing a row form a ring of members with that row's marker.
    for i in constraintTable.constraintTags.indices where constraintTable.constraintTags[i].isPresent && constraintTable.constraintTags[i].costSymbol >= 0 {
      let next = Int(constraintTable.constraintTags[i].nextSharer)
      if next < 0 || !constraintTable.constraintTags[next].isPresent || constraintTable.constraintTags[next].marker != constraintTable.constraintTags[i].marker
        || constraintTable.constraintTags[next].previousSharer != Int32(i)
      {
        problems.append("constraint \(i): ring of the members of its row broken at \(next)")
      }
      guard let expression = constraintTable.definitions[i]?.expression else { continue }
      let key = Self.sharingKey(of: expression)
      let position = Int(constraintTable.constraintTags[i].sharingListPosition)
      if key >= 0 && (key >= sharedRowState.softInequalitiesByVariable.count || position < 0
        || position >= sharedRowState.softInequalitiesByVariable[key].count || sharedRowState.softInequalitiesByVariable[key][position] != Int32(i))
      {
        problems.append("constraint \(i): not at its place \(position) in the sharing index")
      }
    }
    // A held constant belongs to a present optional inequality (alone in its row only
    // while held constants are being applied, its partners having moved), and is counted.
    var held = 0
    for i in pendingConstantState.pendingConstants.indices where !pendingConstantState.pendingConstants[i].isNaN {
      held += 1
      let tag = constraintTable.constraintTags[i]
      if !tag.isPresent || tag.costSymbol < 0 {
        problems.append("constraint \(i): holds a constant but is not a present optional inequality")
      }
      if !pendingConstantState.pendingMembers.contains(Int32(i)) { problems.append("constraint \(i): holds a constant it is not listed for") }
    }
    if held != pendingConstantState.heldConstants { problems.append("\(held) constants held, \(pendingConstantState.heldConstants) counted") }
    for i in constraintTable.editTags.indices where constraintTable.editTags[i].isPresent { checkTag(constraintTable.editTags[i], "edit \(i)") }
    for symbol in symbolIDs.freeSymbols {
      let s = Int(symbol)
      if symbolKind[s] != .free || rowOf[s] >= 0 || restrictedOccurrences[s] != 0 || unrestrictedOccurrences[s] != 0
        || objectiveHead[s] >= 0
      {
        problems.append("released symbol \(s) still in use")
      }
    }

    for i in constraintTable.definitions.indices {
      guard constraintTable.constraintTags[i].isPresent, let definition = constraintTable.definitions[i], definition.priority.isRequired else { continue }
      let value = { (v: VariableID) -> Double in
        let v = v.index
        guard v < variableSymbol.count, variableSymbol[v] >= 0 else { return 0 }
        let symbol = Int(variableSymbol[v])
        let slot = rowOf[symbol]
        return slot < 0 ? 0 : fresh[symbol]
      }
      let violation = definition.violation(value)
      let scale = definition.expression.magnitude(value)
      if !Tolerance.residual.isZero(violation, scale: scale) {
        problems.append("required constraint \(i) violated by \(violation)")
      }
    }
    // Between batches the per-variable counts are all 0: a batch entered whole takes off
    // what it counted, and a failed one clears the rest (Core/Add.swift).
    if let v = batchState.batchMentions.firstIndex(where: { $0 != 0 }) {
      problems.append("variable \(v): \(batchState.batchMentions[v]) batch mentions left over")
    }
    return problems
  }
}
