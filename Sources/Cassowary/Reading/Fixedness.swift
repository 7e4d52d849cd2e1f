import LayoutModel

// Fixedness at the optimum: a proof, for every variable at once after each change, that
// its value cannot move on the optimal face (docs/algorithm.md, "Fixedness").
extension Tableau {
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
    return valueCache.fixedness[Int(symbol)] == 1
  }

  /// Decides fixedness for every C_U basic in evaluation order, and for the C_S basics
  /// they refer to. O(symbols + C_U cells + cells of the C_S rows referred to).
  mutating func refreshFixedness() {
    // Fixedness reads the rows and the vectors as they are: held flips made first.
    if heldFlipState.heldRows > 0 {
      settleHeldFlips()
      valueCache.fixednessIsCurrent = false
    }
    materializeDeferredObjective()
    guard !valueCache.fixednessIsCurrent else { return }
    if keyOrder.staleKeyedSlots > 0 { compactKeyedSlots() }
    for s in valueCache.fixedness.indices { valueCache.fixedness[s] = 0 }
    var i = keyOrder.lowRows.count - 1
    while i >= 0 {
      decideFixedness(keyOrder.lowRows[i])
      i -= 1
    }
    for j in keyOrder.highRows.indices { decideFixedness(keyOrder.highRows[j]) }
    valueCache.fixednessIsCurrent = true
  }

  mutating func decideFixedness(_ entry: KeyedSlot) {
    let r = Int(entry.slot)
    guard rowKey[r] == entry.key else { return }
    var fixed = true
    for i in rows[r].symbols.indices where !isFixed(rows[r].symbols[i]) {
      fixed = false
      break
    }
    valueCache.fixedness[Int(rows[r].basic)] = fixed ? 1 : 2
  }

  /// Whether `symbol` is pinned on the optimal face; C_S basics are decided from their
  /// rows (parametric symbols only) and memoised, C_U basics were decided earlier in
  /// evaluation order.
  mutating func isFixed(_ symbol: Int32) -> Bool {
    let s = Int(symbol)
    let slot = rowOf[s]
    if slot < 0 { return isFixedParametric(symbol) }
    if valueCache.fixedness[s] == 0 {
      // A C_S basic (C_U basics referred to were decided before).
      var fixed = true
      for cell in rows[Int(slot)].symbols where !isFixedParametric(cell) {
        fixed = false
        break
      }
      valueCache.fixedness[s] = fixed ? 1 : 2
    }
    return valueCache.fixedness[s] == 1
  }

  func isFixedParametric(_ symbol: Int32) -> Bool {
    switch symbolKind[Int(symbol)] {
    case .dummy: return true
    case .slack, .error:
      let head = objectiveHead[Int(symbol)]
      return head >= 0 && entries[Int(head)].coefficient > 0
    case .external, .artificial, .free: return false
    }
  }
}
