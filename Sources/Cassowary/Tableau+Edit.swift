import LayoutModel

extension Tableau {

  // MARK: Edit variables

  /// The engine behind `CassowarySolver.addEditVariable`; see its documentation.
  mutating func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    materializeDeferredObjective()
    invalidateDerived()
    guard priority.isValid else { throw .invalidEditPriority(variable, priority.value) }
    guard !priority.isRequired else { throw .requiredEditPriority(variable) }
    guard !hasEditVariable(variable) else { throw .duplicateEditVariable(variable) }
    if variable.index >= editTags.count {
      editTags.append(contentsOf: repeatElement(ConstraintTag(), count: variable.index + 1 - editTags.count))
    }
    let current = value(of: variable)
    invalidateDerived()
    let tag = try enter(
      LinearExpression([Term(variable, 1)], constant: -current), relation: .equal,
      priority: priority, owner: Self.editOwner(of: variable))
    editTags[variable.index] = tag
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.removeEditVariable`; see its documentation.
  mutating func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    materializeDeferredObjective()
    invalidateDerived()
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    let tag = editTags[variable.index]
    editTags[variable.index] = ConstraintTag()
    removeFromTableau(tag)
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.suggestValue`; see its documentation.
  mutating func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    invalidateDerivedForConstants()
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
    var tag = editTags[variable.index]
    collectsInfeasibleRows = true
    shiftConstant(&tag, to: -value)
    editTags[variable.index] = tag
    let stuck = try dualOptimize()
    collectsInfeasibleRows = false
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
    let index = Int32(id.index)
    if tuning.heldConstants, constraintTags[id.index].costSymbol >= 0, rowSharer(of: index) >= 0,
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
    var tag = constraintTags[id.index]
    if tag.costSymbol >= 0, constant != tag.constant, let definition = definitions[id.index] {
      var moved = definition
      moved.expression.constant = constant
      let index = Int32(id.index)
      if rowSharer(of: index) >= 0 || sharedRowHost(for: moved.expression, excluding: index) != nil {
        // A member of a shared row leaves it for a row of its own or one that has its new
        // constant; a member alone joins such a row, so members that move one after the
        // other share a row again. (Members that move together are held and shift their
        // row in place instead, Tableau+PendingConstants.swift: this is for a member whose
        // partners did not follow, or a row of more than `pendingRingLimit`.)
        try moveToAnotherRow(moved)
        return
      }
    }
    let old = tag.constant
    beginUndoLog()
    collectsInfeasibleRows = true
    shiftConstant(&tag, to: constant)
    let stuck = try dualOptimize()
    collectsInfeasibleRows = false
    if let stuck {
      // The stuck row says `basic = negative constant + non-positive terms` (or a dummy
      // forced off zero): the constraints whose markers it mentions cannot all hold.
      let slot = Int(rowOf[Int(stuck)])
      let conflicts = requiredOwners(of: rows[slot].symbols, excluding: tag.marker, extra: stuck == tag.marker ? -1 : stuck)
      rollBackPivots()
      shiftConstant(&tag, to: old)
      infeasibleRows.removeAll()
      constraintTags[id.index] = tag
      try optimize()
      checkInvariants()
      throw .unsatisfiable(id, conflicts: conflicts)
    }
    endUndoLog()
    constraintTags[id.index] = tag
    definitions[id.index]?.expression.constant = constant
    try optimize()
    checkInvariants()
  }

  /// The engine behind `CassowarySolver.setPriority`; see its documentation.
  mutating func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    materializeDeferredObjective()
    invalidateDerived()
    guard contains(id) else { throw .unknownConstraint(id) }
    guard priority.isValid else { throw .invalidPriority(id, priority.value) }
    var tag = constraintTags[id.index]
    let isRequired = tag.level < 0
    if isRequired != priority.isRequired { throw .requiredPriorityChange(id) }
    if isRequired || levelPriority[Int(tag.level)] == priority.value { return }
    let newLevel = level(for: priority.value)
    levelUsers[Int(newLevel)] += 1
    addCostTerms(of: tag, level: tag.level, sign: -1)
    addCostTerms(of: tag, level: newLevel, sign: 1)
    releaseLevel(tag.level)
    tag.level = newLevel
    constraintTags[id.index] = tag
    definitions[id.index]?.priority = priority
    try optimize()
    checkInvariants()
  }

  /// Changes the constant of an entered constraint to `constant` by shifting its marker by
  /// δ/μ: the marker's row constant moves if it is basic, and so does that of every row
  /// containing it by name (C_S rows when it is parametric, C_U rows either way; C_U rows
  /// that refer to those rows pick the change up when evaluated). Rows pushed infeasible
  /// are queued for the dual simplex when collecting, or their flips held
  /// (Tableau+HeldFlips.swift).
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
      rowStamp[Int(markerSlot)] = stamp
    }
    // A resize of a 1,000-view stack moves ~1,000 rows here. Indexing `rows` and
    // `rowStamp` in place paid uniqueness checks and retains on every row (~140
    // instructions a row). Everything the walk writes is taken out of `self` and walked
    // through plain pointers; the closures touch no `self` (one that did copied the whole
    // tableau per row), and what they change is in `walk` and `plan`, not captured one
    // variable at a time (a local function capturing them cost dynamic exclusivity checks).
    let restricted = restrictedColumns[Int(marker)]
    let unrestricted = unrestrictedColumns[Int(marker)]
    // A row turned infeasible whose flip reaches no other row holds it
    // (Tableau+HeldFlips.swift) instead of going to the dual simplex; one that already
    // holds it (its cells unchanged, since no pivot reaches it) goes on holding it.
    var walk = ConstantShiftWalk(
      shift: shift, collecting: collectsInfeasibleRows, holding: holdsFlips && !phaseOneActive && collectsInfeasibleRows,
      unheld: deferredBasic, overflow: valuesNeedFullEvaluation)
    // The marker's remembered column (Tableau+ShiftColumns.swift): each half is read when
    // valid, else walked and, when it fits, written down.
    let entry = shiftColumnEntry(for: marker, length: restricted.count + unrestricted.count)
    var plan = beginShift(entry: entry)
    var table = ContiguousArray<Row>()
    var stamps = ContiguousArray<UInt32>()
    swap(&table, &rows)
    swap(&stamps, &rowStamp)
    swap(&walk.moved, &movedConstantSlots)
    swap(&walk.infeasible, &infeasibleRows)
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
    swap(&stamps, &rowStamp)
    swap(&walk.moved, &movedConstantSlots)
    swap(&walk.infeasible, &infeasibleRows)
    endShift(entry: entry, plan: &plan)
    // A flip that comes due or stops being due changes two values at once (the basic's and
    // its partner's), as the pivot it stands for would: the whole evaluation runs again, as
    // after that pivot (walking downstream of the moved rows first, and giving up, cost a
    // 10-view fill-equally resize 1.45× its time).
    valuesNeedFullEvaluation = walk.overflow || walk.newlyHeld > 0 || walk.crossings > 0
    heldRows += walk.newlyHeld
    heldFlipCount += walk.newlyHeld
  }

  @inline(__always)
  private mutating func queueIfInfeasible(_ slot: Int32) {
    guard collectsInfeasibleRows else { return }
    let r = Int(slot)
    let basic = rows[r].basic
    let kind = symbolKind[Int(basic)]
    let constant = rows[r].constant
    if kind == .dummy ? abs(constant) > Self.epsilon : (kind.isRestricted && constant < -Self.epsilon) {
      infeasibleRows.insert(basic)
    }
  }
}

/// One constant shift's walk (``Tableau/shiftConstant(_:to:)``): what it changes, taken
/// out of the tableau, and the change to each row.
struct ConstantShiftWalk {
  let shift: Double
  let collecting: Bool
  let holding: Bool
  /// The basic whose objective contribution is deferred: its row never holds a flip.
  let unheld: Int32
  var overflow: Bool
  var moved = ContiguousArray<Int32>()
  var infeasible = SymbolQueue()
  var newlyHeld = 0
  var crossings = 0

  init(shift: Double, collecting: Bool, holding: Bool, unheld: Int32, overflow: Bool) {
    self.shift = shift
    self.collecting = collecting
    self.holding = holding
    self.unheld = unheld
    self.overflow = overflow
  }

  /// Moves C_S row `r`, whose marker coefficient is `coefficient`; queues it for the dual
  /// simplex if that leaves it infeasible, or holds its flip (Tableau+HeldFlips.swift).
  /// O(1), or O(row length) for a row newly infeasible.
  @inline(__always)
  mutating func shiftRestricted(
    _ r: Int, by coefficient: Double, table: UnsafeMutableBufferPointer<Row>, kinds: UnsafeBufferPointer<SymbolKind>,
    basicRow: UnsafeBufferPointer<Int32>, occurrences: UnsafeBufferPointer<Int32>
  ) {
    let epsilon = Tableau.epsilon
    let before = table[r].constant
    let constant = before + coefficient * shift
    table[r].constant = constant
    Tableau.noteConstantMoved(Int32(r), in: &moved, overflow: &overflow)
    let partner = table[r].heldPartner
    if partner >= 0 && (before < -epsilon) != (constant < -epsilon) && basicRow[Int(partner)] < 0 {
      crossings += 1
    }
    guard collecting else { return }
    let basic = table[r].basic
    if kinds[Int(basic)] == .dummy {
      if abs(constant) > epsilon { infeasible.insert(basic) }
    } else if constant < -epsilon {
      if holding && partner >= 0 && basicRow[Int(partner)] < 0 { return }
      let cell =
        holding && basic != unheld
        ? Tableau.heldFlipCell(of: basic, in: table[r].cells, kinds: kinds, occurrences: occurrences) : -1
      if cell >= 0 {
        if partner < 0 { newlyHeld += 1 }
        table[r].heldPartner = table[r].symbols[cell]
      } else {
        // Including a row with several candidates: the dual simplex holds it after its
        // ratio test, which needs the objective (`holdFlipIfPossible`).
        infeasible.insert(basic)
      }
    }
  }

  /// Moves C_U row `slot`: only its constant changes. O(1).
  @inline(__always)
  mutating func shiftUnrestricted(_ slot: Int32, by coefficient: Double, table: UnsafeMutableBufferPointer<Row>) {
    table[Int(slot)].constant += coefficient * shift
    Tableau.noteConstantMoved(slot, in: &moved, overflow: &overflow)
  }
}
