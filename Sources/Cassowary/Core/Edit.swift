import LayoutModel

extension Tableau {

  // MARK: Edit variables

  /// The engine behind `CassowarySolver.addEditVariable`; see its documentation.
  mutating func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    invalidateDerived()
    guard priority.isValid else { throw .invalidEditPriority(variable, priority.value) }
    guard !priority.isRequired else { throw .requiredEditPriority(variable) }
    guard !hasEditVariable(variable) else { throw .duplicateEditVariable(variable) }
    if variable.index >= constraintTable.editTags.count {
      constraintTable.editTags.append(contentsOf: repeatElement(ConstraintTag(), count: variable.index + 1 - constraintTable.editTags.count))
    }
    let current = value(of: variable)
    invalidateDerived()
    let tag = try enter(
      LinearExpression([Term(variable, 1)], constant: -current), relation: .equal,
      priority: priority, owner: Self.editOwner(of: variable))
    constraintTable.editTags[variable.index] = tag
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.removeEditVariable`; see its documentation.
  mutating func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    invalidateDerived()
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    let tag = constraintTable.editTags[variable.index]
    constraintTable.editTags[variable.index] = ConstraintTag()
    removeFromTableau(tag)
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.suggestValue`; see its documentation.
  mutating func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    invalidateDerivedForConstants()
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
    if let error = AccuracyContract.violation(suggestion: value, for: variable) { throw error }
    if let error = magnitudes.admit(suggestion: value, for: variable) { throw error }
    var tag = constraintTable.editTags[variable.index]
    simplexState.collectsInfeasibleRows = true
    shiftConstant(&tag, to: -value)
    constraintTable.editTags[variable.index] = tag
    let stuck = try dualOptimize()
    simplexState.collectsInfeasibleRows = false
    if let stuck {
      throw .internalInconsistency("dual simplex found no entering symbol for row of symbol \(stuck) after a suggestion")
    }
    try optimize()
    checkInvariants()
  }

  // MARK: In-place changes

  /// The engine behind `CassowarySolver.setConstant`; see its documentation.
  mutating func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    guard contains(id) else { throw .unknownConstraint(id) }
    guard constant.isFinite else { throw .nonFiniteConstant(id) }
    if let error = AccuracyContract.violation(constant: constant, of: id) { throw error }
    if let error = magnitudes.admit(constant: constant, of: id) { throw error }
    let index = Int32(id.index)
    if tuning.heldConstants, constraintTable.constraintTags[id.index].costSymbol >= 0, rowSharer(of: index) >= 0,
      try holdConstant(constant, of: index)
    {
      return
    }
    try applyHeldConstants()
    try setConstantNow(constant, of: id)
  }

  /// `setConstant` now, for a present constraint and a finite constant: in place, or a
  /// move between shared rows. The caller has applied the held constants (or is applying
  /// them).
  mutating func setConstantNow(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    invalidateDerivedForConstants()
    var tag = constraintTable.constraintTags[id.index]
    if tag.costSymbol >= 0, constant != tag.constant, let definition = constraintTable.definitions[id.index] {
      var moved = definition
      moved.expression.constant = constant
      let index = Int32(id.index)
      if rowSharer(of: index) >= 0 || sharedRowHost(for: moved.expression, excluding: index) != nil {
        // A member of a shared row leaves it for a row of its own or one that has its new
        // constant; a member alone joins such a row, so members that move one after the
        // other share a row again. (Members that move together are held and shift their
        // row in place instead, Accelerations/PendingConstants.swift: this is for a member whose
        // partners did not follow, or a row of more than `pendingRingLimit`.)
        try moveToAnotherRow(moved)
        return
      }
    }
    let old = tag.constant
    beginUndoLog()
    simplexState.collectsInfeasibleRows = true
    shiftConstant(&tag, to: constant)
    let stuck = try dualOptimize()
    simplexState.collectsInfeasibleRows = false
    if let stuck {
      // The stuck row says `basic = negative constant + non-positive terms` (or a dummy
      // forced off zero): the constraints whose markers it mentions cannot all hold.
      let slot = Int(rowOf[Int(stuck)])
      let conflicts = requiredOwners(of: rows[slot].symbols, excluding: tag.marker, extra: stuck == tag.marker ? -1 : stuck)
      rollBackPivots()
      shiftConstant(&tag, to: old)
      simplexState.infeasibleRows.removeAll()
      constraintTable.constraintTags[id.index] = tag
      try optimize()
      checkInvariants()
      throw .unsatisfiable(id, conflicts: conflicts)
    }
    endUndoLog()
    constraintTable.constraintTags[id.index] = tag
    constraintTable.definitions[id.index]?.expression.constant = constant
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.setPriority`; see its documentation.
  mutating func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    invalidateDerived()
    guard contains(id) else { throw .unknownConstraint(id) }
    guard priority.isValid else { throw .invalidPriority(id, priority.value) }
    var tag = constraintTable.constraintTags[id.index]
    let isRequired = tag.level < 0
    if isRequired != priority.isRequired { throw .requiredPriorityChange(id) }
    if isRequired || levelTable.levelPriority[Int(tag.level)] == priority.value { return }
    let newLevel = level(for: priority.value)
    levelTable.levelUsers[Int(newLevel)] += 1
    addCostTerms(of: tag, level: tag.level, sign: -1)
    addCostTerms(of: tag, level: newLevel, sign: 1)
    releaseLevel(tag.level)
    tag.level = newLevel
    constraintTable.constraintTags[id.index] = tag
    constraintTable.definitions[id.index]?.priority = priority
    try optimize()
    checkInvariants()
  }

  /// Changes the constant of an entered constraint to `constant` by shifting its marker by
  /// δ/μ: the marker's row constant moves if it is basic, and so does that of every row
  /// containing it by name (C_S rows when it is parametric, C_U rows either way; C_U rows
  /// that refer to those rows pick the change up when evaluated). Rows pushed infeasible
  /// are queued for the dual simplex when collecting, or their flips held
  /// (Accelerations/HeldFlips.swift).
  /// - Complexity: O(rows containing the marker).
  mutating func shiftConstant(_ tag: inout ConstraintTag, to constant: Double) {
    let delta = constant - tag.constant
    tag.constant = constant
    if delta == 0 { return }
    let shift = delta / tag.markerCoefficient
    let marker = tag.marker
    let markerSlot = rowOf[Int(marker)]
    let stamp = nextStamp()
    if markerSlot >= 0 {
      rows[Int(markerSlot)].constant -= shift
      noteConstantMoved(markerSlot)
      queueIfInfeasible(markerSlot)
      rowSlots.rowStamp[Int(markerSlot)] = stamp
    }
    // A resize of a 1,000-view stack moves ~1,000 rows here. Indexing `rows` and
    // `rowSlots.rowStamp` in place paid uniqueness checks and retains on every row (~140
    // instructions a row). Everything the walk writes is taken out of `self` and walked
    // through plain pointers; the closures touch no `self` (one that did copied the whole
    // tableau per row), and what they change is in `walk` and `plan`, not captured one
    // variable at a time (a local function capturing them cost dynamic exclusivity checks).
    let restricted = restrictedColumns[Int(marker)]
    let unrestricted = unrestrictedColumns[Int(marker)]
    // A row turned infeasible whose flip reaches no other row holds it
    // (Accelerations/HeldFlips.swift) instead of going to the dual simplex; one that already
    // holds it (its cells unchanged, since no pivot reaches it) goes on holding it.
    var walk = ConstantShiftWalk(
      shift: shift, collecting: simplexState.collectsInfeasibleRows, holding: heldFlipState.holdsFlips && !simplexState.phaseOneActive && simplexState.collectsInfeasibleRows,
      unheld: deferredObjectiveState.deferredBasic, overflow: incrementalState.valuesNeedFullEvaluation)
    // The marker's remembered column (Accelerations/ShiftColumns.swift): each half is read when
    // valid, else walked and, when it fits, written down.
    let entry = shiftColumnEntry(for: marker, length: restricted.count + unrestricted.count)
    var plan = beginShift(entry: entry)
    var table = ContiguousArray<Row>()
    var stamps = ContiguousArray<UInt32>()
    swap(&table, &rows)
    swap(&stamps, &rowSlots.rowStamp)
    swap(&walk.moved, &incrementalState.movedConstantSlots)
    swap(&walk.infeasible, &simplexState.infeasibleRows)
    table.withUnsafeMutableBufferPointer { table in
      stamps.withUnsafeMutableBufferPointer { stamps in
        symbolKind.withUnsafeBufferPointer { kinds in
          rowOf.withUnsafeBufferPointer { basicRow in
            restrictedOccurrences.withUnsafeBufferPointer { occurrences in
              if plan.restrictedKnown {
                plan.restrictedCells.withUnsafeBufferPointer { cells in
                  for cell in cells {
                    walk.shiftRestricted(
                      Int(cell.slot), by: cell.coefficient, table: table, kinds: kinds, basicRow: basicRow, occurrences: occurrences)
                  }
                }
              } else {
                restricted.withUnsafeBufferPointer { slots in
                  for slot in slots {
                    let r = Int(slot)
                    let basic = table[r].basic
                    // A stale entry for a slot now holding a C_U row: the other column
                    // lists that row (and the stamp must not keep it from that walk).
                    if basic < 0 || !kinds[Int(basic)].isRestricted || stamps[r] == stamp { continue }
                    stamps[r] = stamp
                    guard let i = sortedIndex(of: marker, in: table[r].symbols) else { continue }
                    let coefficient = table[r].coefficients[i]
                    plan.writeRestricted(slot, coefficient)
                    walk.shiftRestricted(r, by: coefficient, table: table, kinds: kinds, basicRow: basicRow, occurrences: occurrences)
                  }
                }
              }
              // C_U rows only move: their basics are unrestricted and hold no flips.
              if plan.unrestrictedKnown {
                plan.unrestrictedCells.withUnsafeBufferPointer { cells in
                  for cell in cells { walk.shiftUnrestricted(cell.slot, by: cell.coefficient, table: table) }
                }
              } else {
                unrestricted.withUnsafeBufferPointer { slots in
                  for slot in slots {
                    let r = Int(slot)
                    let basic = table[r].basic
                    if basic < 0 || kinds[Int(basic)].isRestricted || stamps[r] == stamp { continue }
                    stamps[r] = stamp
                    guard let i = sortedIndex(of: marker, in: table[r].symbols) else { continue }
                    let coefficient = table[r].coefficients[i]
                    plan.writeUnrestricted(slot, coefficient)
                    walk.shiftUnrestricted(slot, by: coefficient, table: table)
                  }
                }
              }
            }
          }
        }
      }
    }
    swap(&table, &rows)
    swap(&stamps, &rowSlots.rowStamp)
    swap(&walk.moved, &incrementalState.movedConstantSlots)
    swap(&walk.infeasible, &simplexState.infeasibleRows)
    endShift(entry: entry, plan: &plan)
    // A flip that comes due or stops being due changes two values at once (the basic's and
    // its partner's), as the pivot it stands for would: the whole evaluation runs again, as
    // after that pivot (walking downstream of the moved rows first, and giving up, cost a
    // 10-view fill-equally resize 1.45× its time).
    incrementalState.valuesNeedFullEvaluation = walk.overflow || walk.newlyHeld > 0 || walk.crossings > 0
    heldFlipState.heldRows += walk.newlyHeld
    heldFlipState.heldFlipCount += walk.newlyHeld
  }

  @inline(__always)
  private mutating func queueIfInfeasible(_ slot: Int32) {
    guard simplexState.collectsInfeasibleRows else { return }
    let r = Int(slot)
    let basic = rows[r].basic
    let kind = symbolKind[Int(basic)]
    let constant = rows[r].constant
    if kind == .dummy ? abs(constant) > Self.epsilon : (kind.isRestricted && constant < -Self.epsilon) {
      simplexState.infeasibleRows.insert(basic)
    }
  }
}
