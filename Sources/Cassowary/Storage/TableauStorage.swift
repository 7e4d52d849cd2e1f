import LayoutModel

// Symbol, row-slot and column-index bookkeeping. Nothing here pivots; the pivot code in
// CassowarySolver+Pivot.swift builds on these primitives.
extension Tableau {

  // MARK: Symbols

  /// A fresh symbol of `kind`, reusing released ids last-in first-out so ids stay dense
  /// and their order deterministic. O(1) amortized.
  mutating func makeSymbol(_ kind: SymbolKind, owner ownerIndex: Int32 = -1) -> Int32 {
    symbolIDs.liveSymbols += 1
    if let symbol = symbolIDs.freeSymbols.popLast() {
      let s = Int(symbol)
      symbolKind[s] = kind
      owner[s] = ownerIndex
      return symbol
    }
    // Outside a batch (which extends to its own bound), a sixteenth more at a time: every
    // full evaluation walks all entries, blanks included.
    if symbolIDs.symbolCount == symbolKind.count { extendSymbolArrays(to: symbolIDs.symbolCount + max(8, symbolIDs.symbolCount / 16)) }
    let s = symbolIDs.symbolCount
    symbolIDs.symbolCount += 1
    symbolKind[s] = kind
    owner[s] = ownerIndex
    return Int32(s)
  }

  /// Extends every per-symbol array to `count` entries of blank symbols (kind `.free`, on
  /// no list, every fact at its default), which `makeSymbol` then takes in order by
  /// writing two entries. Appending to the fourteen arrays one symbol at a time costs a
  /// tenth of a 10-view build's instructions; eight or more at a time, into capacity
  /// `reserveCapacity` made, a fraction of that. O(count − current count).
  mutating func extendSymbolArrays(to count: Int) {
    let extra = count - symbolKind.count
    guard extra > 0 else { return }
    symbolKind.append(contentsOf: repeatElement(.free, count: extra))
    rowOf.append(contentsOf: repeatElement(-1, count: extra))
    restrictedColumns.append(contentsOf: repeatElement([], count: extra))
    unrestrictedColumns.append(contentsOf: repeatElement([], count: extra))
    restrictedOccurrences.append(contentsOf: repeatElement(0, count: extra))
    unrestrictedOccurrences.append(contentsOf: repeatElement(0, count: extra))
    keyOrder.expansionQueued.append(contentsOf: repeatElement(false, count: extra))
    valueCache.lazyValue.append(contentsOf: repeatElement(0, count: extra))
    valueCache.fixedness.append(contentsOf: repeatElement(0, count: extra))
    owner.append(contentsOf: repeatElement(-1, count: extra))
    objectiveHead.append(contentsOf: repeatElement(-1, count: extra))
    scratchBuffers.accumulator.append(contentsOf: repeatElement(0, count: extra))
    scratchBuffers.accumulated.append(contentsOf: repeatElement(false, count: extra))
    compaction.compactionPending.append(contentsOf: repeatElement(false, count: extra))
    simplexState.infeasibleRows.reserveSymbols(count)
  }

  /// Returns a symbol that no row, column or objective entry mentions any more.
  mutating func releaseSymbol(_ symbol: Int32) {
    let s = Int(symbol)
    assert(
      rowOf[s] < 0 && restrictedOccurrences[s] == 0 && unrestrictedOccurrences[s] == 0 && objectiveHead[s] < 0,
      "releasing a live symbol")
    symbolKind[s] = .free
    owner[s] = -1
    restrictedColumns[s].removeAll(keepingCapacity: true)
    unrestrictedColumns[s].removeAll(keepingCapacity: true)
    symbolIDs.freeSymbols.append(symbol)
    symbolIDs.liveSymbols -= 1
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

  /// Grows the per-symbol and per-row arrays once for a batch that may add up to
  /// `additionalSymbols` symbols and `additionalRows` rows, and extends the per-symbol ones
  /// to that many blank symbols (`extendSymbolArrays`; the bound should be tight, since
  /// blanks left over cost every full evaluation). Left to themselves, the dozen
  /// per-symbol arrays each doubled on their own through a load: about 100 allocations for
  /// a 10-view scene. Growth stays geometric, so many small batches remain amortised O(1)
  /// per symbol. O(symbols + rows) when it grows; nothing otherwise.
  mutating func reserveCapacity(additionalSymbols: Int, additionalRows: Int) {
    // Appending grows each array's capacity geometrically (to at least twice its old
    // capacity), so this needs no reservation of its own.
    extendSymbolArrays(to: symbolIDs.symbolCount + additionalSymbols - symbolIDs.freeSymbols.count)
    let slots = rows.count + additionalRows - rowSlots.freeRowSlots.count
    if rows.capacity < slots {
      let n = max(slots, 2 * rows.capacity)
      rows.reserveCapacity(n)
      rowSlots.rowStamp.reserveCapacity(n)
      rowKey.reserveCapacity(n)
      scratchBuffers.isShrinkCandidate.reserveCapacity(n)
    }
  }

  // MARK: Row slots

  /// A free row slot for `basic`, reusing released slots (and their buffers' capacity).
  mutating func makeRowSlot(basic: Int32) -> Int32 {
    noteStructureChange()
    rowSlots.liveRows += 1
    let slot: Int32
    if let reused = rowSlots.freeRowSlots.popLast() {
      slot = reused
    } else {
      slot = Int32(rows.count)
      rows.append(Row())
      rowSlots.rowStamp.append(0)
      rowKey.append(.min)
      scratchBuffers.isShrinkCandidate.append(false)
    }
    rows[Int(slot)].basic = basic
    rowOf[Int(basic)] = slot
    return slot
  }

  /// Whether row `slot` belongs to C_U: its basic is unrestricted, so it never takes part
  /// in pivoting and is stored unreduced.
  @inline(__always)
  func isUnrestrictedRow(_ slot: Int32) -> Bool {
    !symbolKind[Int(rows[Int(slot)].basic)].isRestricted
  }

  /// Gives the C_U row `slot` its evaluation key and lists it in evaluation order: a high
  /// key (above every row) for a row that may refer to any basic, a low key (below every
  /// row) for a fully reduced row, which refers to parametric symbols only.
  mutating func registerUnrestrictedRow(_ slot: Int32, high: Bool) {
    let key: Int64
    if high {
      key = keyOrder.nextHighKey
      keyOrder.nextHighKey += 1
      keyOrder.highRows.append(KeyedSlot(slot: slot, key: key))
    } else {
      key = keyOrder.nextLowKey
      keyOrder.nextLowKey -= 1
      keyOrder.lowRows.append(KeyedSlot(slot: slot, key: key))
    }
    rowKey[Int(slot)] = key
    keyOrder.liveUnrestrictedRows += 1
  }

  /// Drops a row: its basic becomes free of any row, its cells leave the column counts.
  mutating func dropRow(_ slot: Int32) {
    noteStructureChange()
    let r = Int(slot)
    let unrestricted = isUnrestrictedRow(slot)
    if unrestricted {
      for symbol in rows[r].symbols { unrestrictedOccurrences[Int(symbol)] -= 1 }
      rowKey[r] = .min
      keyOrder.liveUnrestrictedRows -= 1
      keyOrder.staleKeyedSlots += 1
      if keyOrder.staleKeyedSlots > keyOrder.liveUnrestrictedRows + 64 { compactKeyedSlots() }
    } else {
      for symbol in rows[r].symbols { restrictedOccurrences[Int(symbol)] -= 1 }
    }
    work.cells -= rows[r].cells.count
    rowOf[Int(rows[r].basic)] = -1
    rows[r].basic = -1
    rows[r].constant = 0
    if rows[r].heldPartner >= 0 {
      rows[r].heldPartner = -1
      heldFlipState.heldRows -= 1
    }
    // A free slot keeps a small buffer for reuse, not a long row's.
    rows[r].cells.removeAll(keepingCapacity: rows[r].cells.capacity <= 256)
    rowSlots.freeRowSlots.append(slot)
    rowSlots.liveRows -= 1
  }

  /// Drops the stale entries of the evaluation-order lists. O(entries).
  mutating func compactKeyedSlots() {
    func compact(_ list: inout ContiguousArray<KeyedSlot>, _ rowKey: ContiguousArray<Int64>) {
      var write = 0
      for read in list.indices where rowKey[Int(list[read].slot)] == list[read].key {
        list[write] = list[read]
        write += 1
      }
      list.removeLast(list.count - write)
    }
    compact(&keyOrder.lowRows, rowKey)
    compact(&keyOrder.highRows, rowKey)
    keyOrder.staleKeyedSlots = 0
  }

  // MARK: Column index

  /// Records that row `slot`, whose basic symbol is already set, now contains `symbol`.
  @inline(__always)
  mutating func noteAdded(_ symbol: Int32, in slot: Int32) {
    noteAdded(symbol, in: slot, restricted: symbolKind[Int(rows[Int(slot)].basic)].isRestricted)
  }

  /// `noteAdded` for a row whose basic symbol's kind the caller has looked up. The one
  /// update is ``ColumnIndexPointers/noteAdded(_:in:restricted:)``'s, on the index taken
  /// out (which costs about what three checked array writes did).
  @inline(__always)
  mutating func noteAdded(_ symbol: Int32, in slot: Int32, restricted: Bool) {
    var index = detachColumnIndex()
    index.withPointers { $0.noteAdded(symbol, in: slot, restricted: restricted) }
    restoreColumnIndex(&index)
  }

  /// Records that row `slot` no longer contains `symbol`.
  @inline(__always)
  mutating func noteRemoved(_ symbol: Int32, in slot: Int32) {
    noteRemoved(symbol, in: slot, restricted: symbolKind[Int(rows[Int(slot)].basic)].isRestricted)
  }

  /// `noteRemoved` for a row whose basic symbol's kind the caller has looked up.
  ///
  /// Stale entries accumulate when cells cancel; the column is compacted before they
  /// dominate, but not now: mid-substitution the pivot row's cells are out of the table,
  /// and a compaction would take that row out of its symbols' columns. It is queued, and
  /// `flushCompactions` runs at safe points.
  @inline(__always)
  mutating func noteRemoved(_ symbol: Int32, in slot: Int32, restricted: Bool) {
    var index = detachColumnIndex()
    let compact = index.withPointers { $0.noteRemoved(symbol, restricted: restricted) }
    restoreColumnIndex(&index)
    if compact { queueCompaction(of: symbol) }
  }

  /// Queues the symbol's columns for compaction at the next `flushCompactions`, once.
  @inline(__always)
  mutating func queueCompaction(of symbol: Int32) {
    guard !compaction.compactionPending[Int(symbol)] else { return }
    compaction.compactionPending[Int(symbol)] = true
    compaction.pendingCompactions.append(symbol)
  }

  /// Compacts the columns queued by `noteRemoved`. Call only when every row holds its
  /// cells (between pivots).
  mutating func flushCompactions() {
    while let symbol = compaction.pendingCompactions.popLast() {
      compaction.compactionPending[Int(symbol)] = false
      compactColumn(symbol)
    }
  }

  /// Fresh stamp for deduplicating row slots during one walk. Wrapping is harmless:
  /// stamps are reset when the counter wraps.
  mutating func nextStamp() -> UInt32 {
    rowSlots.currentStamp &+= 1
    if rowSlots.currentStamp == 0 {
      for i in rowSlots.rowStamp.indices { rowSlots.rowStamp[i] = 0 }
      rowSlots.currentStamp = 1
    }
    return rowSlots.currentStamp
  }

  /// Rewrites both column lists of `symbol` in place to exactly the live row slots that
  /// contain it, each once, in the list matching the row's kind.
  /// - Complexity: O(entries · log row length); allocates nothing unless a row changed
  ///   kind (only on the removal path, whose row is dropped at once).
  mutating func compactColumn(_ symbol: Int32) {
    let s = Int(symbol)
    let stamp = nextStamp()
    scratchBuffers.movedSlots.removeAll(keepingCapacity: true)
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
        if basic < 0 || rowSlots.rowStamp[r] == stamp || rows[r].index(of: symbol) == nil { continue }
        rowSlots.rowStamp[r] = stamp
        kept += 1
        if symbolKind[Int(basic)].isRestricted == restrictedList {
          list[write] = slot
          write += 1
        } else {
          scratchBuffers.movedSlots.append(slot)
        }
      }
      list.removeLast(list.count - write)
      if restrictedList { swap(&list, &restrictedColumns[s]) } else { swap(&list, &unrestrictedColumns[s]) }
    }
    for slot in scratchBuffers.movedSlots {
      if symbolKind[Int(rows[Int(slot)].basic)].isRestricted {
        restrictedColumns[s].append(slot)
      } else {
        unrestrictedColumns[s].append(slot)
      }
    }
    assert(kept == Int(restrictedOccurrences[s]) + Int(unrestrictedOccurrences[s]), "column of \(symbol) lost a row")
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

  /// `rows[slot] += scale · scratchBuffers.pivotCells` with `removing` taken out of the row first (the
  /// caller has already folded its contribution into the constant). A linear merge of two
  /// sorted lists into scratch, copied back so the row keeps its own buffer and capacity
  /// (it grows only when the merged row outgrows it). Cells that cancel below epsilon are
  /// dropped, and the column index is updated as cells appear or cancel.
  ///
  /// On ``RowCells`` a merge reads and writes the three buffers directly: with rows as
  /// arrays, a merge of rows of 5–10 cells (enaml's build) spends most of its instructions
  /// around the cells (uniqueness checks and retains of the arrays nested in the tableau,
  /// the row's arrays swapped out and back, a generic copy back). Merging in place, in the
  /// row's buffer grown by the pivot row's length, gives rows more capacity and 9 % more
  /// allocations, and is no faster.
  /// - Complexity: O(row length + pivot row length).
  mutating func mergePivotRow(into slot: Int32, scale: Double, removing: Int32) {
    let r = Int(slot)
    let n = rows[r].cells.count
    let m = scratchBuffers.pivotCells.count
    if m * 16 < n {
      mergeShortPivotRow(into: slot, scale: scale, removing: removing)
      return
    }
    // Room for the worst case, so the loop writes through pointers without checks.
    scratchBuffers.mergeCells.setCount(n + m)
    let restricted = symbolKind[Int(rows[r].basic)].isRestricted
    // Views read straight from the rows, not from copies of them: a copy of a row's cells
    // retains its buffer (and releases it after), three such pairs per merge.
    let outSymbols = scratchBuffers.mergeCells.symbols
    let outCoefficients = scratchBuffers.mergeCells.coefficients
    let targetSymbols = rows[r].cells.symbols
    let targetCoefficients = rows[r].cells.coefficients
    let sourceSymbols = scratchBuffers.pivotCells.symbols
    let sourceCoefficients = scratchBuffers.pivotCells.coefficients
    var count = 0
    var index = detachColumnIndex()
    index.withPointers { columns in
      var i = 0
      var j = 0
      while i < n || j < m {
        let a = i < n ? targetSymbols[i] : Int32.max
        let b = j < m ? sourceSymbols[j] : Int32.max
        if a == removing {
          i += 1
        } else if a < b {
          outSymbols[count] = a
          outCoefficients[count] = targetCoefficients[i]
          count += 1
          i += 1
        } else if b < a {
          let value = scale * sourceCoefficients[j]
          if abs(value) >= Self.epsilon {
            outSymbols[count] = b
            outCoefficients[count] = value
            count += 1
            columns.noteAdded(b, in: slot, restricted: restricted)
          }
          j += 1
        } else {
          let value = targetCoefficients[i] + scale * sourceCoefficients[j]
          if abs(value) >= Self.epsilon {
            outSymbols[count] = a
            outCoefficients[count] = value
            count += 1
          } else if columns.noteRemoved(a, restricted: restricted) {
            queueCompaction(of: a)
          }
          i += 1
          j += 1
        }
      }
    }
    restoreColumnIndex(&index)
    scratchBuffers.mergeCells.setCount(count)
    rows[r].cells.assign(symbols: scratchBuffers.mergeCells.symbols, coefficients: scratchBuffers.mergeCells.coefficients)
    noteShrinkage(slot)
    work.cells += count - n
    work.cellsTouched += count
  }

  /// Rows keep their capacity so that steady state allocates nothing, but when fill-in
  /// moves through many rows (a pivot substitutes a long row into short ones, which shrink
  /// again later), every row that was ever long would keep its peak: 1.9 GiB on a
  /// 4,000-view stack scene. A row far below its capacity is remembered with its excess;
  /// when the remembered excess outgrows the tableau (twice its cells), the rows still
  /// oversized get tight buffers. A few rows that oscillate (a resize of a chain) stay
  /// under the budget and are never reallocated.
  @inline(__always)
  mutating func noteShrinkage(_ slot: Int32) {
    let r = Int(slot)
    let cells = rows[r].cells
    let excess = cells.capacity - cells.count
    guard excess > 4 * cells.count + 256, !scratchBuffers.isShrinkCandidate[r] else { return }
    scratchBuffers.isShrinkCandidate[r] = true
    scratchBuffers.shrinkCandidates.append(slot)
    scratchBuffers.shrinkableExcess += excess
    if scratchBuffers.shrinkableExcess > 2 * work.cells + 65_536 { releaseExcessCapacity() }
  }

  mutating func releaseExcessCapacity() {
    for slot in scratchBuffers.shrinkCandidates {
      let r = Int(slot)
      scratchBuffers.isShrinkCandidate[r] = false
      guard rows[r].cells.capacity > 4 * rows[r].cells.count + 256 else { continue }
      rows[r].cells.shrinkToFit()
    }
    scratchBuffers.shrinkCandidates.removeAll(keepingCapacity: true)
    scratchBuffers.shrinkableExcess = 0
  }

  /// `mergePivotRow` for a short expression into a long row (a pivot on a chain touches
  /// the one long row of the chain with a few cells): each cell is found by binary search
  /// and updated in place, and the cells that appear or cancel are collected as edits that
  /// ``RowCells/apply(_:)`` makes in one pass, moving each run of cells between two edits
  /// once. (One shift per edit, even with the removed symbol's cell kept as a hole for the
  /// first new cell to fill, moves tens of thousands of cells per substitution on a
  /// 10,000-view feed's closing row of ~16,000 cells, into which most of its 12,000 pivots
  /// substitute a 5–32-cell row with edits spread across it: memmove would be 65 % of that
  /// build's instructions.)
  /// - Complexity: O(expression length · log row length + cells moved), the moves at most
  ///   the row once.
  private mutating func mergeShortPivotRow(into slot: Int32, scale: Double, removing: Int32) {
    let r = Int(slot)
    let n = rows[r].cells.count
    let m = scratchBuffers.pivotCells.count
    let restricted = symbolKind[Int(rows[r].basic)].isRestricted
    // Views read straight from the rows, not from copies (a copy retains the buffer).
    let symbols = rows[r].cells.symbols
    let coefficients = rows[r].cells.coefficients
    let sourceSymbols = scratchBuffers.pivotCells.symbols
    let sourceCoefficients = scratchBuffers.pivotCells.coefficients
    scratchBuffers.rowEdits.removeAll(reservingCapacity: m + 1)
    // The removed symbol's cell, placed among the edits in index order.
    var hole = rows[r].cells.index(of: removing) ?? Int.max
    var index = detachColumnIndex()
    index.withPointers { columns in
      var low = 0
      for j in 0..<m {
        let symbol = sourceSymbols[j]
        let value = scale * sourceCoefficients[j]
        // Source symbols ascend, so each search starts where the last one ended.
        var high = n
        while low < high {
          let mid = (low &+ high) >> 1
          if symbols[mid] < symbol { low = mid &+ 1 } else { high = mid }
        }
        if low < n && symbols[low] == symbol {
          let sum = coefficients[low] + value
          if abs(sum) >= Self.epsilon {
            coefficients[low] = sum
            continue
          }
          if hole < low {
            scratchBuffers.rowEdits.remove(at: hole)
            hole = Int.max
          }
          scratchBuffers.rowEdits.remove(at: low)
          if columns.noteRemoved(symbol, restricted: restricted) { queueCompaction(of: symbol) }
        } else if abs(value) >= Self.epsilon {
          if hole < low {
            scratchBuffers.rowEdits.remove(at: hole)
            hole = Int.max
          }
          scratchBuffers.rowEdits.insert(symbol, value, before: low)
          columns.noteAdded(symbol, in: slot, restricted: restricted)
        }
      }
    }
    restoreColumnIndex(&index)
    if hole != Int.max { scratchBuffers.rowEdits.remove(at: hole) }
    rows[r].cells.apply(&scratchBuffers.rowEdits)
    work.cells += rows[r].cells.count - n
    work.cellsTouched += m
  }

  /// Removes one symbol's cell from a row (no substitution). O(row length).
  mutating func removeCell(_ symbol: Int32, fromRow slot: Int32) {
    noteStructureChange()
    let r = Int(slot)
    guard let i = rows[r].index(of: symbol) else { return }
    rows[r].cells.remove(at: i)
    noteRemoved(symbol, in: slot)
    work.cells -= 1
  }

  // MARK: Building rows from expressions

  /// Adds `scale · symbol` to the accumulator.
  @inline(__always)
  mutating func accumulate(_ symbol: Int32, _ value: Double) {
    let s = Int(symbol)
    if !scratchBuffers.accumulated[s] {
      scratchBuffers.accumulated[s] = true
      scratchBuffers.touchedSymbols.append(symbol)
    }
    scratchBuffers.accumulator[s] += value
  }

  /// Moves the accumulated cells, sorted and without near-zero ones, into
  /// `pivotSymbols`/`pivotCoefficients`, and clears the accumulator.
  /// O(k log k) in the number of touched symbols.
  mutating func gatherAccumulated() {
    scratchBuffers.touchedSymbols.sort()
    scratchBuffers.pivotCells.removeAll()
    // The buffer is often empty here (the last row took it): one reservation, of the
    // power of two appending would have reached, not the exact size (an exact capacity
    // left later merges into the row no slack, and change steps allocated more).
    scratchBuffers.pivotCells.reserveCapacity(scratchBuffers.touchedSymbols.count)
    for symbol in scratchBuffers.touchedSymbols {
      let s = Int(symbol)
      let value = scratchBuffers.accumulator[s]
      scratchBuffers.accumulator[s] = 0
      scratchBuffers.accumulated[s] = false
      if abs(value) >= Self.epsilon { scratchBuffers.pivotCells.append(symbol, value) }
    }
    scratchBuffers.touchedSymbols.removeAll(keepingCapacity: true)
  }
}
