import LayoutModel

// Values and the derived state behind them. Values are computed, not stored: 0 for a
// parametric symbol, the row constant for a C_S basic, a C_U basic's row evaluated in key
// order (docs/algorithm.md, "Data structures"). The cache is invalidated by every change
// and rebuilt once, on the next read.
extension Tableau {
  /// Marks the values and fixedness derived from the tableau stale; every mutating entry
  /// point calls it before changing anything, so it first makes the held flips that are
  /// due (Accelerations/HeldFlips.swift): what follows sees the basis they reach.
  @inline(__always)
  mutating func invalidateDerived() {
    if heldFlipState.heldRows > 0 { settleHeldFlips() }
    noteStructureChange()
    valueCache.valuesAreCurrent = false
    incrementalState.valuesNeedFullEvaluation = true
    valueCache.fixednessIsCurrent = false
    programState.programIsCurrent = false
    programState.fullEvaluationsSinceStructuralChange = 0
  }

  /// `invalidateDerived` for a change that may only move row constants in place
  /// (`shiftConstant` lists the rows); a pivot on the way sets the full evaluation.
  @inline(__always)
  mutating func invalidateDerivedForConstants() {
    valueCache.valuesAreCurrent = false
    valueCache.fixednessIsCurrent = false
  }

  /// Notes that row `slot`'s constant moved, for the next evaluation. O(1), no allocation:
  /// past the reserved capacity the next evaluation is a full one.
  @inline(__always)
  mutating func noteConstantMoved(_ slot: Int32) {
    Self.noteConstantMoved(slot, in: &incrementalState.movedConstantSlots, overflow: &incrementalState.valuesNeedFullEvaluation)
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
    return valueCache.lazyValue[Int(symbol)]
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
      valueCache.lazyValue.withUnsafeBufferPointer { values in
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
    guard !valueCache.valuesAreCurrent else { return }
    if incrementalState.valuesNeedFullEvaluation || !tuning.incrementalEvaluation || valueCache.lazyValue.count != symbolKind.count {
      if keyOrder.staleKeyedSlots > 0 { compactKeyedSlots() }
      if !programState.programIsCurrent {
        // Built at the second evaluation of a structure (the first of a resize, say); room
        // for it made at the first (a build or a structural change, which allocate anyway),
        // so that a resize allocates nothing.
        if programState.fullEvaluationsSinceStructuralChange > 0 {
          if tuning.evaluationProgram { buildEvaluationProgram() }
        } else {
          if tuning.evaluationProgram { reserveProgramCapacity() }
          reserveShiftColumns()
        }
      }
      programState.fullEvaluationsSinceStructuralChange += 1
      var values = ContiguousArray<Double>()
      swap(&values, &valueCache.lazyValue)
      incrementalState.rowsEvaluatedByLastRefresh =
        programState.programIsCurrent ? evaluateProgram(into: &values) : evaluateUnrestrictedRows(into: &values)
      swap(&values, &valueCache.lazyValue)
      // Room for the next incremental evaluations, reserved here (after a structural
      // change) so that a constant edit allocates nothing.
      incrementalState.movedConstantSlots.removeAll(keepingCapacity: true)
      incrementalState.movedConstantSlots.reserveCapacity(256)
      if incrementalState.valueQueuedSlot.count < rows.count {
        incrementalState.valueQueuedSlot.append(contentsOf: repeatElement(false, count: rows.count - incrementalState.valueQueuedSlot.count))
      }
      incrementalState.valueHeap.reserveCapacity(rows.count)
      incrementalState.valuesNeedFullEvaluation = false
    } else if let evaluated = reevaluateDownstreamOfMovedConstants(budget: max(32, rowSlots.liveRows / 32)) {
      incrementalState.rowsEvaluatedByLastRefresh = evaluated
    } else {
      // Much of the tableau is downstream (a resize of a deep hierarchy moves every frame):
      // a heap step and a column walk per row cost about ten times the full pass's
      // sequential sweep (a 1,000-view tree's resize took 300-400 µs walking every row,
      // 100-200 µs giving up after an eighth, 55-65 µs after a thirty-second, same run).
      incrementalState.valuesNeedFullEvaluation = true
      refreshValues()
      return
    }
    valueCache.valuesAreCurrent = true
  }

  /// Writes every symbol's value into `values` (indexed by symbol, as many as there are
  /// symbols): 0 for a parametric symbol, its row's constant for a C_S basic, and for a C_U
  /// basic what its row gives, walking the C_U rows in evaluation order, so that the basics
  /// a row refers to have their values when it is reached. Returns the number of C_U rows
  /// evaluated.
  ///
  /// The first pass fills in what needs no walk, so each cell of the walk is one load and
  /// one multiply-add: deciding per cell whether the symbol is parametric, C_S or C_U
  /// costs three dependent loads and a branch (2.6 M instructions per evaluation on a
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
            var i = keyOrder.lowRows.count - 1
            while i >= 0 {
              evaluate(keyOrder.lowRows[i])
              i -= 1
            }
            for entry in keyOrder.highRows { evaluate(entry) }
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
  func writeParametricAndRestrictedValues(into values: inout ContiguousArray<Double>) {
    rowKey.withUnsafeBufferPointer { rowKey in
      rows.withUnsafeBufferPointer { rows in
        values.withUnsafeMutableBufferPointer { values in
          // Blank symbols (past `symbolIDs.symbolCount`) are never written: they hold 0 already.
          UnsafeMutableBufferPointer(rebasing: values[..<symbolIDs.symbolCount]).update(repeating: 0)
          if heldFlipState.heldRows > 0 {
            // Some rows hold flips (Accelerations/HeldFlips.swift): the values a due flip gives.
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

  func contains(_ id: ConstraintID) -> Bool {
    id.index < constraintTable.constraintTags.count && constraintTable.constraintTags[id.index].isPresent
  }

  func hasEditVariable(_ variable: VariableID) -> Bool {
    variable.index < constraintTable.editTags.count && constraintTable.editTags[variable.index].isPresent
  }

  func constraint(_ id: ConstraintID) -> Constraint? {
    guard contains(id) else { return nil }
    return constraintTable.definitions[id.index]
  }

  var counters: SolverCounters {
    var c = work
    c.rows = rowSlots.liveRows
    c.symbols = symbolIDs.liveSymbols
    return c
  }
}

/// Values and fixedness, derived and recomputed once after a change (Reading/). Held by ``Tableau`` as `valueCache`.
struct ValueCache {
  /// Value of every symbol (0 parametric, a C_S basic's constant, a C_U basic's row
  /// evaluated), valid while `valueCache.valuesAreCurrent`.
  var lazyValue: ContiguousArray<Double> = []
  var valuesAreCurrent = false
  /// Per symbol: 0 unknown, 1 fixed at the optimum, 2 not proven; valid while
  /// `valueCache.fixednessIsCurrent`.
  var fixedness: ContiguousArray<UInt8> = []
  var fixednessIsCurrent = false
}
