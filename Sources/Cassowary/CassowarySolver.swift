import LayoutModel

/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001) with strictly
/// lexicographic priorities.
///
/// The tableau is kept in basic feasible solved form: every row expresses one basic
/// symbol in terms of parametric (non-basic) symbols, restricted rows have non-negative
/// constants, and after every public call the objective is optimal, so values are read
/// straight from row constants in O(1).
///
/// Design (docs/cassowary.md has the long form):
/// * Rows are sorted sparse parallel arrays (`Int32` symbols, `Double` coefficients);
///   symbols, variables and constraints are dense integer ids with their facts in arrays.
///   A column index (rows per symbol) lets a substitution touch only the rows that contain
///   the symbol instead of scanning the tableau.
/// * Priorities are levels, not weights. Each parametric symbol carries its objective
///   coefficients as a short *priority vector* sorted from the highest level down, with
///   zeros pruned; a symbol may enter when the first entry of its vector is negative. A heap
///   ordered by (level, symbol id) yields the entering symbol: Bland's rule, level by level,
///   so pivoting is deterministic and cannot cycle.
/// * Constant changes and edit suggestions shift the constraint's marker (marker plus
///   delta) and restore feasibility with the dual simplex.
/// * A failing call is rolled back exactly: the pivots it made are undone in reverse.
///
/// Not thread-safe: one solver belongs to one thread at a time.
public final class CassowarySolver: LinearSolver {
  public static let backendName = "cassowary"

  var tableau: Tableau

  /// A solver running the accelerations `tuning` switches on (all by default; `.core`
  /// for the core alone, docs/accelerations.md). O(1).
  public init(tuning: Tuning = .default) { tableau = Tableau(tuning: tuning) }

  /// The accelerations this solver runs.
  public var tuning: Tuning { tableau.tuning }

  // MARK: Changing the system

  /// Adds a constraint and re-optimizes.
  ///
  /// The constraint's row is built with every basic variable substituted, then solved for
  /// a subject: an unrestricted variable if the row has one (the one occurring in the
  /// fewest rows, which limits fill-in), else its own new slack or error; failing that,
  /// phase one with an artificial variable decides feasibility.
  /// - Complexity: O(row length + Σ lengths of the rows the subject occurs in) plus the
  ///   pivots of re-optimization.
  /// - Throws: `duplicateConstraint`, `invalidPriority`, `nonFiniteCoefficient`,
  ///   `nonFiniteConstant`, or `unsatisfiable` naming the present required constraints it
  ///   conflicts with; the solver is then exactly as before the call.
  public func add(_ constraint: Constraint) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.add(constraint)
  }

  /// Adds constraints in order, then re-optimizes once (see `add(_:)` for each row). In a
  /// bulk batch (at least as many constraints as the solver has rows, and at least 256:
  /// shorter chains gain little and can cost phase one more pivots) the required rows
  /// that would need phase one enter after the others, shortest first: they close chains,
  /// and entered early they were substituted into every later row of the chain.
  /// - Complexity: the rows' entry as in `add(_:)`, plus one optimisation.
  /// - Throws: as `add(_:)`, for the first constraint that cannot be added after those
  ///   entered before it (its `conflicts` may name constraints of the batch); validation
  ///   errors come in the batch's order. The constraints of the batch are then removed
  ///   again, and the solver holds what it held before.
  public func add(contentsOf constraints: [Constraint]) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.add(contentsOf: constraints)
  }

  /// Removes a constraint and re-optimizes: its errors leave the objective, its marker is
  /// made basic on the row that keeps every restricted row feasible, and that row is
  /// dropped.
  /// - Complexity: one pivot's substitution plus the pivots of re-optimization.
  /// - Throws: `unknownConstraint`.
  public func remove(_ id: ConstraintID) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.remove(id)
  }

  /// Removes constraints as `remove(_:)` does, then re-optimizes once.
  /// - Complexity: each marker's pivot as in `remove(_:)`, plus one optimisation;
  ///   allocates nothing beyond what the pivots grow.
  /// - Throws: `unknownConstraint` for the first id absent or named twice; nothing is
  ///   removed then.
  public func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.remove(contentsOf: ids)
  }

  /// Removes `ids`, then adds `constraints`, re-optimising once. An addition that repeats
  /// a removed constraint unchanged (expression, constant, relation, priority) takes over
  /// its rows and symbols under the new id instead of the removal pivoting them out and
  /// the addition entering them again (Tableau+Replace.swift): a rebuild, or a stack that
  /// regenerates its constraints, keeps what did not change.
  /// - Complexity: O(1) per renamed pair; O(terms) per other constraint for the pairing,
  ///   plus `remove(contentsOf:)` and `add(contentsOf:)` of the rest.
  /// - Throws: `unknownConstraint` for the first id absent or named twice (nothing
  ///   changes); else as `add(contentsOf:)`, with the removals made and none of
  ///   `constraints` present.
  public func replace(removing ids: [ConstraintID], adding constraints: [Constraint]) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.replace(removing: ids, adding: constraints)
  }

  /// Replaces a constraint's constant in place: its marker absorbs the change and the dual
  /// simplex restores feasibility.
  ///
  /// An optional inequality that shares a row (docs/cassowary.md, "Shared rows") holds
  /// its new constant until every member of the row has one: members moved together (a
  /// content size's hugging and compression resistance) then shift the row in place.
  /// The next read or other call applies what is still held: a member whose partners did
  /// not follow moves to a row of its own. A member alone whose new constant matches
  /// another row joins it.
  /// - Complexity: O(rows containing the marker) plus the dual pivots; O(members) for a
  ///   held constant; a move between rows costs a removal and an add.
  /// - Throws: `unknownConstraint`, `nonFiniteConstant`, or `unsatisfiable` when the
  ///   required constraints cannot hold with the new constant (the old one stays).
  public func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    try tableau.setConstant(constant, of: id)
  }

  /// Moves an optional constraint to another optional priority in place: its errors move
  /// between objective levels and the primal simplex re-optimizes.
  /// - Complexity: O(error rows) plus the pivots of re-optimization.
  /// - Throws: `unknownConstraint`, `invalidPriority`, `requiredPriorityChange`.
  public func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.setPriority(priority, of: id)
  }

  /// Makes `variable` an edit variable: the optional constraint `variable == value` at
  /// `priority`, holding it at its current value until the first suggestion.
  /// - Complexity: that of adding one constraint.
  /// - Throws: `duplicateEditVariable`, `invalidEditPriority`, `requiredEditPriority`.
  public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.addEditVariable(variable, priority: priority)
  }

  /// - Complexity: that of removing one constraint.
  /// - Throws: `unknownEditVariable`.
  public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.removeEditVariable(variable)
  }

  /// Suggests a value for an edit variable: shifts the edit's marker by the change and
  /// restores feasibility with the dual simplex. A suggestion that moves nothing across a
  /// bound costs no pivot.
  /// - Complexity: O(rows containing the edit's marker) plus the dual pivots.
  /// - Throws: `unknownEditVariable`, `nonFiniteSuggestion`.
  public func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    try tableau.applyHeldConstants()
    try tableau.suggestValue(value, for: variable)
  }

  /// Every public mutation leaves the tableau optimal, except new constants held for a
  /// shared row (see `setConstant`), which this applies, as every read does.
  /// - Throws: `internalInconsistency` on a solver bug only.
  public func solve() throws(SolverError) { try tableau.applyHeldConstants() }

  /// An independent solver in this one's state: the same constraints, edit variables,
  /// basis and values, so that both go on from here as this one would (a layout keeps one
  /// to return to: ConstraintLayout+Parking.swift in Scene). Its `pivots` and
  /// `cellsTouched` start at 0: they count the copy's own work.
  /// - Complexity: O(rows + cells), one allocation per row; the other arrays are copied by
  ///   whichever solver writes them first.
  public func copy() -> CassowarySolver {
    let copy = CassowarySolver(tuning: tuning)
    copy.tableau = tableau.independentCopy()
    copy.tableau.work.pivots = 0
    copy.tableau.work.cellsTouched = 0
    return copy
  }

  // MARK: Reading

  /// The variable's value: 0 when parametric, else computed from its row and the rows it
  /// refers to. The rows of unrestricted basics are evaluated together, once after each
  /// change (O(their cells)), so reads are O(1) amortised.
  public func value(of variable: VariableID) -> Double {
    tableau.applyHeldConstantsForReading()
    return tableau.value(of: variable)
  }

  /// Writes the values of variables `0 ..< buffer.count` into `buffer`. O(n), no allocation.
  public func writeValues(into buffer: UnsafeMutableBufferPointer<Double>) {
    tableau.applyHeldConstantsForReading()
    tableau.writeValues(into: buffer)
  }

  /// True when the variable's row refers only to symbols pinned on the optimal face:
  /// dummies, restricted parametric symbols whose priority vector starts positive (entering
  /// one would cost at some level), and basics fixed by the same rule. Parametric variables
  /// and rows with a free or zero-cost symbol are not proven fixed. O(1) amortised: decided
  /// for every variable at once after each change.
  public func isFixedAtOptimum(_ variable: VariableID) -> Bool {
    tableau.applyHeldConstantsForReading()
    return tableau.isFixedAtOptimum(variable)
  }

  public func contains(_ id: ConstraintID) -> Bool { tableau.contains(id) }

  public func hasEditVariable(_ variable: VariableID) -> Bool { tableau.hasEditVariable(variable) }

  /// The present constraint with this id, with its current constant and priority.
  public func constraint(_ id: ConstraintID) -> Constraint? {
    tableau.applyHeldConstantsForReading()
    return tableau.constraint(id)
  }

  public var counters: SolverCounters {
    tableau.applyHeldConstantsForReading()
    return tableau.counters
  }

  /// Every broken tableau invariant, described; empty when the tableau is sound (see
  /// `Tableau.invariantViolations`).
  /// - Complexity: O(cells + symbols + objective entries + Σ constraint terms).
  public func invariantViolations() -> [String] {
    tableau.applyHeldConstantsForReading()
    return tableau.invariantViolations()
  }

  /// Whether this build checks tableau invariants after every operation
  /// (`LAYOUTBENCH_INTERNAL_CHECKS`: debug builds, and so `swift test`).
  public static var checksInvariants: Bool { Tableau.checksInvariants }
}

extension Tableau {
  /// Marks the values and fixedness derived from the tableau stale; every mutating entry
  /// point calls it before changing anything, so it first makes the held flips that are
  /// due (Tableau+HeldFlips.swift): what follows sees the basis they reach.
  @inline(__always)
  mutating func invalidateDerived() {
    if heldRows > 0 { settleHeldFlips() }
    noteStructureChange()
    valuesAreCurrent = false
    valuesNeedFullEvaluation = true
    fixednessIsCurrent = false
    programIsCurrent = false
    fullEvaluationsSinceStructuralChange = 0
  }

  /// `invalidateDerived` for a change that may only move row constants in place
  /// (`shiftConstant` lists the rows); a pivot on the way sets the full evaluation.
  @inline(__always)
  mutating func invalidateDerivedForConstants() {
    valuesAreCurrent = false
    fixednessIsCurrent = false
  }

  /// Notes that row `slot`'s constant moved, for the next evaluation. O(1), no allocation:
  /// past the reserved capacity the next evaluation is a full one.
  @inline(__always)
  mutating func noteConstantMoved(_ slot: Int32) {
    Self.noteConstantMoved(slot, in: &movedConstantSlots, overflow: &valuesNeedFullEvaluation)
  }

  /// `noteConstantMoved` on the list and flag taken out of the tableau (by a walk that
  /// holds its arrays).
  @inline(__always)
  static func noteConstantMoved(_ slot: Int32, in moved: inout ContiguousArray<Int32>, overflow: inout Bool) {
    guard !overflow else { return }
    if moved.count == moved.capacity {
      overflow = true
    } else {
      moved.append(slot)
    }
  }

  /// A variable's value: 0 when parametric; a basic variable is always unrestricted, so
  /// its row is a C_U row, evaluated with all of them once after each change.
  /// O(1) amortised.
  mutating func value(of variable: VariableID) -> Double {
    let v = variable.index
    guard v < variableSymbol.count else { return 0 }
    let symbol = variableSymbol[v]
    guard symbol >= 0 else { return 0 }
    let slot = rowOf[Int(symbol)]
    guard slot >= 0 else { return 0 }
    guard isUnrestrictedRow(slot) else { return rows[Int(slot)].constant }
    refreshValues()
    return lazyValue[Int(symbol)]
  }

  /// `value(of:)` for variables `0 ..< buffer.count`, written into `buffer`: the rows are
  /// evaluated once, then one pass over plain buffers. Reading through `value(of:)` one
  /// variable at a time paid an exclusivity check of the solver's tableau and a staleness
  /// test per variable: 3.3 M instructions for the 4,000 variables of a 1,000-view scene.
  /// Current values hold every symbol's (0 parametric, a C_S basic's constant, a C_U
  /// basic's evaluation; the invariant checks compare them), so each variable is one read.
  /// O(n + C_U cells when stale), no allocation.
  mutating func writeValues(into buffer: UnsafeMutableBufferPointer<Double>) {
    refreshValues()
    variableSymbol.withUnsafeBufferPointer { symbols in
      lazyValue.withUnsafeBufferPointer { values in
        for i in buffer.indices {
          let symbol = i < symbols.count ? Int(symbols[i]) : -1
          buffer[i] = symbol >= 0 ? values[symbol] : 0
        }
      }
    }
  }

  /// Brings the values up to date after a change: after row constants moved in place,
  /// only the rows downstream of them; otherwise every C_U row.
  /// - Complexity: O(symbols + C_U cells) for a full evaluation; after moved constants,
  ///   O(Σ (cells + log rows) over the C_U rows whose inputs changed). No allocation
  ///   unless the tableau grew since the last full evaluation.
  mutating func refreshValues() {
    guard !valuesAreCurrent else { return }
    if valuesNeedFullEvaluation || !tuning.incrementalEvaluation || lazyValue.count != symbolKind.count {
      if staleKeyedSlots > 0 { compactKeyedSlots() }
      if !programIsCurrent {
        // Built at the second evaluation of a structure (the first of a resize, say); room
        // for it made at the first (a build or a structural change, which allocate anyway),
        // so that a resize allocates nothing.
        if fullEvaluationsSinceStructuralChange > 0 {
          if tuning.evaluationProgram { buildEvaluationProgram() }
        } else {
          if tuning.evaluationProgram { reserveProgramCapacity() }
          reserveShiftColumns()
        }
      }
      fullEvaluationsSinceStructuralChange += 1
      var values = ContiguousArray<Double>()
      swap(&values, &lazyValue)
      rowsEvaluatedByLastRefresh =
        programIsCurrent ? evaluateProgram(into: &values) : evaluateUnrestrictedRows(into: &values)
      swap(&values, &lazyValue)
      // Room for the next incremental evaluations, reserved here (after a structural
      // change) so that a constant edit allocates nothing.
      movedConstantSlots.removeAll(keepingCapacity: true)
      movedConstantSlots.reserveCapacity(256)
      if valueQueuedSlot.count < rows.count {
        valueQueuedSlot.append(contentsOf: repeatElement(false, count: rows.count - valueQueuedSlot.count))
      }
      valueHeap.reserveCapacity(rows.count)
      valuesNeedFullEvaluation = false
    } else if let evaluated = reevaluateDownstreamOfMovedConstants(budget: max(32, liveRows / 32)) {
      rowsEvaluatedByLastRefresh = evaluated
    } else {
      // Much of the tableau is downstream (a resize of a deep hierarchy moves every frame):
      // a heap step and a column walk per row cost about ten times the full pass's
      // sequential sweep (a 1,000-view tree's resize took 300-400 µs walking every row,
      // 100-200 µs giving up after an eighth, 55-65 µs after a thirty-second, same run).
      valuesNeedFullEvaluation = true
      refreshValues()
      return
    }
    valuesAreCurrent = true
  }

  /// Re-evaluates what the moved constants change: a C_S basic takes its row's new
  /// constant; a C_U row is re-evaluated when its constant moved or a symbol it refers to
  /// changed value, in ascending key order (a row refers only to lower keys, so its inputs
  /// are final when it is reached). The formula and its order are those of the full
  /// evaluation, so the values are the same to the bit. Returns the C_U rows evaluated,
  /// or nil, with the walk abandoned, once more than `budget` rows were evaluated: the
  /// caller then evaluates everything (which overwrites every value the walk wrote).
  private mutating func reevaluateDownstreamOfMovedConstants(budget: Int) -> Int? {
    for slot in movedConstantSlots {
      let r = Int(slot)
      let basic = rows[r].basic
      guard basic >= 0 else { continue }
      if rowKey[r] == .min {
        var constant = rows[r].constant
        let partner = rows[r].heldPartner
        if partner >= 0 && rowOf[Int(partner)] < 0 {
          // A row holding a flip: its basic and partner take what the flip gives when it
          // is due, the row's constant and 0 when it is not.
          let due = constant < -Self.epsilon
          let partnerValue = due ? constant * heldFlipScale(ofRow: r, partner: partner) : 0
          if due { constant = 0 }
          if lazyValue[Int(partner)] != partnerValue {
            lazyValue[Int(partner)] = partnerValue
            queueReferrers(of: partner)
          }
        }
        if lazyValue[Int(basic)] != constant {
          lazyValue[Int(basic)] = constant
          queueReferrers(of: basic)
        }
      } else {
        queueForValue(slot)
      }
    }
    movedConstantSlots.removeAll(keepingCapacity: true)
    var evaluated = 0
    while let slot = valueHeap.popMax() {
      let r = Int(slot)
      valueQueuedSlot[r] = false
      let basic = rows[r].basic
      guard basic >= 0, rowKey[r] != .min else { continue }
      var total = rows[r].constant
      let symbols = rows[r].symbols
      let coefficients = rows[r].coefficients
      lazyValue.withUnsafeBufferPointer { values in
        for i in symbols.indices { total += coefficients[i] * values[Int(symbols[i])] }
      }
      evaluated += 1
      if evaluated > budget {
        while let queued = valueHeap.popMax() { valueQueuedSlot[Int(queued)] = false }
        return nil
      }
      if total != lazyValue[Int(basic)] {
        lazyValue[Int(basic)] = total
        queueReferrers(of: basic)
      }
    }
    return evaluated
  }

  /// Queues the C_U rows that may refer to `symbol` (stale entries are harmless: such a
  /// row is re-evaluated to the value it has).
  private mutating func queueReferrers(of symbol: Int32) {
    for slot in unrestrictedColumns[Int(symbol)] { queueForValue(slot) }
  }

  @inline(__always)
  private mutating func queueForValue(_ slot: Int32) {
    let r = Int(slot)
    guard !valueQueuedSlot[r], rows[r].basic >= 0, rowKey[r] != .min else { return }
    valueQueuedSlot[r] = true
    // The heap pops the highest key first: negated, the lowest.
    valueHeap.push(key: -rowKey[r], symbol: slot)
  }

  /// Writes every symbol's value into `values` (indexed by symbol, as many as there are
  /// symbols): 0 for a parametric symbol, its row's constant for a C_S basic, and for a C_U
  /// basic what its row gives, walking the C_U rows in evaluation order, so that the basics
  /// a row refers to have their values when it is reached. Returns the number of C_U rows
  /// evaluated.
  ///
  /// The first pass fills in what needs no walk, so each cell of the walk is one load and
  /// one multiply-add: deciding per cell whether the symbol was parametric, C_S or C_U
  /// cost three dependent loads and a branch (2.6 M instructions per evaluation on a
  /// 1,000-view churn scene, its 170 k C_U cells).
  /// - Complexity: O(symbols + C_U cells + listed slots), no allocation.
  func evaluateUnrestrictedRows(into values: inout ContiguousArray<Double>) -> Int {
    precondition(values.count == symbolKind.count, "one value per symbol")
    var evaluated = 0
    writeParametricAndRestrictedValues(into: &values)
    rowOf.withUnsafeBufferPointer { rowOf in
      rowKey.withUnsafeBufferPointer { rowKey in
        rows.withUnsafeBufferPointer { rows in
          values.withUnsafeMutableBufferPointer { values in
            func evaluate(_ entry: KeyedSlot) {
              let r = Int(entry.slot)
              guard rowKey[r] == entry.key else { return }
              var total = rows[r].constant
              let symbols = rows[r].symbols
              let coefficients = rows[r].coefficients
              for i in symbols.indices { total += coefficients[i] * values[Int(symbols[i])] }
              values[Int(rows[r].basic)] = total
              evaluated += 1
            }
            var i = lowRows.count - 1
            while i >= 0 {
              evaluate(lowRows[i])
              i -= 1
            }
            for entry in highRows { evaluate(entry) }
          }
        }
      }
    }
    return evaluated
  }

  /// The first pass of an evaluation: 0 for every symbol, then its row's constant for
  /// each C_S basic (C_U basics are written by the walk that follows): a fill of zeros and
  /// a pass over the rows, not a lookup of every symbol's row. O(symbols + row slots), no
  /// allocation.
  private func writeParametricAndRestrictedValues(into values: inout ContiguousArray<Double>) {
    rowKey.withUnsafeBufferPointer { rowKey in
      rows.withUnsafeBufferPointer { rows in
        values.withUnsafeMutableBufferPointer { values in
          // Blank symbols (past `symbolCount`) are never written: they hold 0 already.
          UnsafeMutableBufferPointer(rebasing: values[..<symbolCount]).update(repeating: 0)
          if heldRows > 0 {
            // Some rows hold flips (Tableau+HeldFlips.swift): the values a due flip gives.
            writeRestrictedValuesHoldingFlips(rows: rows, rowKey: rowKey, into: values)
            return
          }
          for r in rows.indices {
            let basic = Int(rows[r].basic)
            if basic >= 0 && rowKey[r] == .min { values[basic] = rows[r].constant }
          }
        }
      }
    }
  }

  // MARK: The evaluation program

  /// Flattens the live C_U rows, in evaluation order, into the program arrays. A resize of
  /// a 1,000-view stack evaluates its 4,000 C_U rows of ~3 cells each; walking them through
  /// the row table paid ~50 instructions of overhead per row (its two buffers reached
  /// through the table, the key compared with the list's), ~200 k of the ~500 k of the
  /// whole resize. O(C_U cells + listed slots); allocates only to grow its arrays.
  mutating func buildEvaluationProgram() {
    if staleKeyedSlots > 0 { compactKeyedSlots() }
    programSlot.removeAll(keepingCapacity: true)
    programBasic.removeAll(keepingCapacity: true)
    programEnd.removeAll(keepingCapacity: true)
    programSymbol.removeAll(keepingCapacity: true)
    programCoefficient.removeAll(keepingCapacity: true)
    var i = lowRows.count - 1
    while i >= 0 {
      appendToProgram(lowRows[i])
      i -= 1
    }
    for entry in highRows { appendToProgram(entry) }
    programIsCurrent = true
  }

  /// Grows the program's arrays, when the C_U rows have outgrown them, to twice what the
  /// rows need now: a structure that changes back and forth (a size-class swap, hiding)
  /// then finds room for its larger states too. O(listed slots).
  mutating func reserveProgramCapacity() {
    var (count, cells) = (0, 0)
    for entry in lowRows where rowKey[Int(entry.slot)] == entry.key {
      count += 1
      cells += rows[Int(entry.slot)].symbols.count
    }
    for entry in highRows where rowKey[Int(entry.slot)] == entry.key {
      count += 1
      cells += rows[Int(entry.slot)].symbols.count
    }
    if programSlot.capacity < count {
      programSlot.reserveCapacity(2 * count)
      programBasic.reserveCapacity(2 * count)
      programEnd.reserveCapacity(2 * count)
    }
    if programSymbol.capacity < cells {
      programSymbol.reserveCapacity(2 * cells)
      programCoefficient.reserveCapacity(2 * cells)
    }
  }

  private mutating func appendToProgram(_ entry: KeyedSlot) {
    let r = Int(entry.slot)
    guard rowKey[r] == entry.key else { return }
    programSlot.append(entry.slot)
    programBasic.append(rows[r].basic)
    programSymbol.append(contentsOf: rows[r].symbols)
    programCoefficient.append(contentsOf: rows[r].coefficients)
    programEnd.append(Int32(programSymbol.count))
  }

  /// ``evaluateUnrestrictedRows(into:)`` through the program: the same cells in the same
  /// order with the same arithmetic, so the same values to the bit (the invariant checks
  /// compare them). Returns the C_U rows evaluated.
  /// - Complexity: O(symbols + C_U cells), no allocation.
  func evaluateProgram(into values: inout ContiguousArray<Double>) -> Int {
    precondition(values.count == symbolKind.count && programIsCurrent, "one value per symbol, a current program")
    writeParametricAndRestrictedValues(into: &values)
    rows.withUnsafeBufferPointer { rows in
      programSlot.withUnsafeBufferPointer { slots in
        programBasic.withUnsafeBufferPointer { basics in
          programEnd.withUnsafeBufferPointer { ends in
            programSymbol.withUnsafeBufferPointer { symbols in
              programCoefficient.withUnsafeBufferPointer { coefficients in
                values.withUnsafeMutableBufferPointer { values in
                  var start = 0
                  for k in slots.indices {
                    var total = rows[Int(slots[k])].constant
                    let end = Int(ends[k])
                    for i in start..<end { total += coefficients[i] * values[Int(symbols[i])] }
                    values[Int(basics[k])] = total
                    start = end
                  }
                }
              }
            }
          }
        }
      }
    }
    return programSlot.count
  }

  /// True when the variable is basic and its value cannot move on the optimal face: its
  /// row refers only to dummies, to restricted parametric symbols whose priority vector
  /// starts positive (entering one would cost at some level), and to basics that are
  /// fixed by the same rule. A proof; false means unproven. O(1) amortised: fixedness of
  /// every C_U basic is computed once after each change.
  mutating func isFixedAtOptimum(_ variable: VariableID) -> Bool {
    let v = variable.index
    guard v < variableSymbol.count, variableSymbol[v] >= 0 else { return false }
    let symbol = variableSymbol[v]
    guard rowOf[Int(symbol)] >= 0 else { return false }
    refreshFixedness()
    return fixedness[Int(symbol)] == 1
  }

  /// Decides fixedness for every C_U basic in evaluation order, and for the C_S basics
  /// they refer to. O(symbols + C_U cells + cells of the C_S rows referred to).
  mutating func refreshFixedness() {
    // Fixedness reads the rows and the vectors as they are: held flips made first.
    if heldRows > 0 {
      settleHeldFlips()
      fixednessIsCurrent = false
    }
    materializeDeferredObjective()
    guard !fixednessIsCurrent else { return }
    if staleKeyedSlots > 0 { compactKeyedSlots() }
    for s in fixedness.indices { fixedness[s] = 0 }
    var i = lowRows.count - 1
    while i >= 0 {
      decideFixedness(lowRows[i])
      i -= 1
    }
    for j in highRows.indices { decideFixedness(highRows[j]) }
    fixednessIsCurrent = true
  }

  private mutating func decideFixedness(_ entry: KeyedSlot) {
    let r = Int(entry.slot)
    guard rowKey[r] == entry.key else { return }
    var fixed = true
    for i in rows[r].symbols.indices where !isFixed(rows[r].symbols[i]) {
      fixed = false
      break
    }
    fixedness[Int(rows[r].basic)] = fixed ? 1 : 2
  }

  /// Whether `symbol` is pinned on the optimal face; C_S basics are decided from their
  /// rows (parametric symbols only) and memoised, C_U basics were decided earlier in
  /// evaluation order.
  private mutating func isFixed(_ symbol: Int32) -> Bool {
    let s = Int(symbol)
    let slot = rowOf[s]
    if slot < 0 { return isFixedParametric(symbol) }
    if fixedness[s] == 0 {
      // A C_S basic (C_U basics referred to were decided before).
      var fixed = true
      for cell in rows[Int(slot)].symbols where !isFixedParametric(cell) {
        fixed = false
        break
      }
      fixedness[s] = fixed ? 1 : 2
    }
    return fixedness[s] == 1
  }

  private func isFixedParametric(_ symbol: Int32) -> Bool {
    switch symbolKind[Int(symbol)] {
    case .dummy: return true
    case .slack, .error:
      let head = objectiveHead[Int(symbol)]
      return head >= 0 && entries[Int(head)].coefficient > 0
    case .external, .artificial, .free: return false
    }
  }

  func contains(_ id: ConstraintID) -> Bool {
    id.index < constraintTags.count && constraintTags[id.index].isPresent
  }

  func hasEditVariable(_ variable: VariableID) -> Bool {
    variable.index < editTags.count && editTags[variable.index].isPresent
  }

  func constraint(_ id: ConstraintID) -> Constraint? {
    guard contains(id) else { return nil }
    return definitions[id.index]
  }

  var counters: SolverCounters {
    var c = work
    c.rows = liveRows
    c.symbols = liveSymbols
    return c
  }
}
