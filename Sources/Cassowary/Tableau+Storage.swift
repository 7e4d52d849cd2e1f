import LayoutModel

// Symbol, row-slot and column-index bookkeeping. Nothing here pivots; the pivot code in
// CassowarySolver+Pivot.swift builds on these primitives.
extension Tableau {

  // MARK: Symbols

  /// A fresh symbol of `kind`, reusing released ids last-in first-out so ids stay dense
  /// and their order deterministic. O(1) amortized.
  mutating func makeSymbol(_ kind: SymbolKind, owner ownerIndex: Int32 = -1) -> Int32 {
    liveSymbols += 1
    if let symbol = freeSymbols.popLast() {
      let s = Int(symbol)
      symbolKind[s] = kind
      owner[s] = ownerIndex
      return symbol
    }
    let symbol = Int32(symbolKind.count)
    symbolKind.append(kind)
    rowOf.append(-1)
    restrictedColumns.append([])
    unrestrictedColumns.append([])
    occurrences.append(0)
    owner.append(ownerIndex)
    objectiveHead.append(-1)
    accumulator.append(0)
    accumulated.append(false)
    compactionPending.append(false)
    infeasibleRows.reserveSymbols(symbolKind.count)
    return symbol
  }

  /// Returns a symbol that no row, column or objective entry mentions any more.
  mutating func releaseSymbol(_ symbol: Int32) {
    let s = Int(symbol)
    assert(rowOf[s] < 0 && occurrences[s] == 0 && objectiveHead[s] < 0, "releasing a live symbol")
    symbolKind[s] = .free
    owner[s] = -1
    restrictedColumns[s].removeAll(keepingCapacity: true)
    unrestrictedColumns[s].removeAll(keepingCapacity: true)
    freeSymbols.append(symbol)
    liveSymbols -= 1
  }

  /// The external symbol of a variable, created on first use.
  mutating func symbol(for variable: VariableID) -> Int32 {
    let v = variable.index
    if v >= variableSymbol.count {
      variableSymbol.append(contentsOf: repeatElement(-1, count: v + 1 - variableSymbol.count))
    }
    if variableSymbol[v] < 0 { variableSymbol[v] = makeSymbol(.external) }
    return variableSymbol[v]
  }

  // MARK: Row slots

  /// A free row slot for `basic`, reusing released slots (and their buffers' capacity).
  mutating func makeRowSlot(basic: Int32) -> Int32 {
    liveRows += 1
    let slot: Int32
    if let reused = freeRowSlots.popLast() {
      slot = reused
    } else {
      slot = Int32(rows.count)
      rows.append(Row())
      rowStamp.append(0)
    }
    rows[Int(slot)].basic = basic
    rowOf[Int(basic)] = slot
    return slot
  }

  /// Drops a row: its basic becomes free of any row, its cells leave the column counts.
  mutating func dropRow(_ slot: Int32) {
    let r = Int(slot)
    for symbol in rows[r].symbols { occurrences[Int(symbol)] -= 1 }
    work.cells -= rows[r].symbols.count
    rowOf[Int(rows[r].basic)] = -1
    rows[r].basic = -1
    rows[r].constant = 0
    rows[r].symbols.removeAll(keepingCapacity: true)
    rows[r].coefficients.removeAll(keepingCapacity: true)
    freeRowSlots.append(slot)
    liveRows -= 1
  }

  // MARK: Column index

  /// Records that row `slot`, whose basic symbol is already set, now contains `symbol`.
  @inline(__always)
  mutating func noteAdded(_ symbol: Int32, in slot: Int32) {
    let s = Int(symbol)
    if symbolKind[Int(rows[Int(slot)].basic)].isRestricted {
      restrictedColumns[s].append(slot)
    } else {
      unrestrictedColumns[s].append(slot)
    }
    occurrences[s] += 1
  }

  @inline(__always)
  mutating func noteRemoved(_ symbol: Int32) {
    let s = Int(symbol)
    occurrences[s] -= 1
    // Stale entries accumulate when cells cancel; compact before they dominate. Not now:
    // mid-substitution the pivot row's cells are out of the table, and a compaction would
    // take that row out of its symbols' columns. `flushCompactions` runs at safe points.
    let entries = restrictedColumns[s].count + unrestrictedColumns[s].count
    if entries > 4 * Int(occurrences[s]) + 64 && !compactionPending[s] {
      compactionPending[s] = true
      pendingCompactions.append(symbol)
    }
  }

  /// Compacts the columns queued by `noteRemoved`. Call only when every row holds its
  /// cells (between pivots).
  mutating func flushCompactions() {
    while let symbol = pendingCompactions.popLast() {
      compactionPending[Int(symbol)] = false
      compactColumn(symbol)
    }
  }

  /// Fresh stamp for deduplicating row slots during one walk. Wrapping is harmless:
  /// stamps are reset when the counter wraps.
  mutating func nextStamp() -> UInt32 {
    currentStamp &+= 1
    if currentStamp == 0 {
      for i in rowStamp.indices { rowStamp[i] = 0 }
      currentStamp = 1
    }
    return currentStamp
  }

  /// Rewrites both column lists of `symbol` in place to exactly the live row slots that
  /// contain it, each once, in the list matching the row's kind.
  /// - Complexity: O(entries · log row length); allocates nothing unless a row changed
  ///   kind (only on the removal path, whose row is dropped at once).
  mutating func compactColumn(_ symbol: Int32) {
    let s = Int(symbol)
    let stamp = nextStamp()
    movedSlots.removeAll(keepingCapacity: true)
    var kept = 0
    for pass in 0..<2 {
      let restrictedList = pass == 0
      var list = ContiguousArray<Int32>()
      if restrictedList { swap(&list, &restrictedColumns[s]) } else { swap(&list, &unrestrictedColumns[s]) }
      var write = 0
      for read in list.indices {
        let slot = list[read]
        let r = Int(slot)
        let basic = rows[r].basic
        if basic < 0 || rowStamp[r] == stamp || rows[r].index(of: symbol) == nil { continue }
        rowStamp[r] = stamp
        kept += 1
        if symbolKind[Int(basic)].isRestricted == restrictedList {
          list[write] = slot
          write += 1
        } else {
          movedSlots.append(slot)
        }
      }
      list.removeLast(list.count - write)
      if restrictedList { swap(&list, &restrictedColumns[s]) } else { swap(&list, &unrestrictedColumns[s]) }
    }
    for slot in movedSlots {
      if symbolKind[Int(rows[Int(slot)].basic)].isRestricted {
        restrictedColumns[s].append(slot)
      } else {
        unrestrictedColumns[s].append(slot)
      }
    }
    assert(kept == Int(occurrences[s]), "column of \(symbol) lost a row")
  }

  /// The live rows containing `symbol`, deduplicated; also compacts its columns. Fills
  /// `into`, which the caller owns and reuses.
  mutating func rowsContaining(_ symbol: Int32, into result: inout ContiguousArray<Int32>) {
    compactColumn(symbol)
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: restrictedColumns[Int(symbol)])
    result.append(contentsOf: unrestrictedColumns[Int(symbol)])
  }

  // MARK: Row arithmetic

  /// `rows[slot] += scale · (pivotSymbols, pivotCoefficients)` with `removing` taken out
  /// of the row first (the caller has already folded its contribution into the constant).
  /// A linear merge of two sorted lists into scratch, copied back so the row keeps its own
  /// buffer and capacity. Cells that cancel below epsilon are dropped.
  /// - Complexity: O(row length + pivot row length).
  mutating func mergePivotRow(into slot: Int32, scale: Double, removing: Int32) {
    let r = Int(slot)
    mergeSymbols.removeAll(keepingCapacity: true)
    mergeCoefficients.removeAll(keepingCapacity: true)
    let oldCount = rows[r].symbols.count
    rows[r].symbols.withUnsafeBufferPointer { targetSymbols in
      rows[r].coefficients.withUnsafeBufferPointer { targetCoefficients in
        pivotSymbols.withUnsafeBufferPointer { sourceSymbols in
          pivotCoefficients.withUnsafeBufferPointer { sourceCoefficients in
            var i = 0
            var j = 0
            let n = targetSymbols.count
            let m = sourceSymbols.count
            while i < n || j < m {
              let a = i < n ? targetSymbols[i] : Int32.max
              let b = j < m ? sourceSymbols[j] : Int32.max
              if a == removing {
                i += 1
              } else if a < b {
                mergeSymbols.append(a)
                mergeCoefficients.append(targetCoefficients[i])
                i += 1
              } else if b < a {
                let value = scale * sourceCoefficients[j]
                if abs(value) >= Self.epsilon {
                  mergeSymbols.append(b)
                  mergeCoefficients.append(value)
                  noteAdded(b, in: slot)
                }
                j += 1
              } else {
                let value = targetCoefficients[i] + scale * sourceCoefficients[j]
                if abs(value) >= Self.epsilon {
                  mergeSymbols.append(a)
                  mergeCoefficients.append(value)
                } else {
                  noteRemoved(a)
                }
                i += 1
                j += 1
              }
            }
          }
        }
      }
    }
    rows[r].symbols.removeAll(keepingCapacity: true)
    rows[r].symbols.append(contentsOf: mergeSymbols)
    rows[r].coefficients.removeAll(keepingCapacity: true)
    rows[r].coefficients.append(contentsOf: mergeCoefficients)
    work.cells += mergeSymbols.count - oldCount
    work.cellsTouched += mergeSymbols.count
  }

  /// Removes one symbol's cell from a row (no substitution). O(row length).
  mutating func removeCell(_ symbol: Int32, fromRow slot: Int32) {
    let r = Int(slot)
    guard let i = rows[r].index(of: symbol) else { return }
    rows[r].symbols.remove(at: i)
    rows[r].coefficients.remove(at: i)
    noteRemoved(symbol)
    work.cells -= 1
  }

  // MARK: Building rows from expressions

  /// Adds `scale · symbol` to the accumulator.
  @inline(__always)
  mutating func accumulate(_ symbol: Int32, _ value: Double) {
    let s = Int(symbol)
    if !accumulated[s] {
      accumulated[s] = true
      touchedSymbols.append(symbol)
    }
    accumulator[s] += value
  }

  /// Moves the accumulated cells, sorted and without near-zero ones, into
  /// `pivotSymbols`/`pivotCoefficients`, and clears the accumulator.
  /// O(k log k) in the number of touched symbols.
  mutating func gatherAccumulated() {
    touchedSymbols.sort()
    pivotSymbols.removeAll(keepingCapacity: true)
    pivotCoefficients.removeAll(keepingCapacity: true)
    for symbol in touchedSymbols {
      let s = Int(symbol)
      let value = accumulator[s]
      accumulator[s] = 0
      accumulated[s] = false
      if abs(value) >= Self.epsilon {
        pivotSymbols.append(symbol)
        pivotCoefficients.append(value)
      }
    }
    touchedSymbols.removeAll(keepingCapacity: true)
  }
}
