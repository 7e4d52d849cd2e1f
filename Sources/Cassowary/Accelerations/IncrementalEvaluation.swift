/// Acceleration: Incremental evaluation
/// Speeds up: reads after constant changes and suggestions: only the rows downstream of the
///   moved constants are evaluated.
/// Relaxes: nothing between calls: the cached values are exact after each read.
/// Settled: any pivot or structural change forces the full pass (`invalidateDerived`).
/// Twin test: the invariant checks compare cached values with a fresh evaluation after
///   every operation.
/// Switch: Tuning.incrementalEvaluation

import LayoutModel

extension Tableau {
  /// Re-evaluates what the moved constants change: a C_S basic takes its row's new
  /// constant; a C_U row is re-evaluated when its constant moved or a symbol it refers to
  /// changed value, in ascending key order (a row refers only to lower keys, so its inputs
  /// are final when it is reached). The formula and its order are those of the full
  /// evaluation, so the values are the same to the bit. Returns the C_U rows evaluated,
  /// or nil, with the walk abandoned, once more than `budget` rows were evaluated: the
  /// caller then evaluates everything (which overwrites every value the walk wrote).
  mutating func reevaluateDownstreamOfMovedConstants(budget: Int) -> Int? {
    for slot in incrementalState.movedConstantSlots {
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
          if valueCache.lazyValue[Int(partner)] != partnerValue {
            valueCache.lazyValue[Int(partner)] = partnerValue
            queueReferrers(of: partner)
          }
        }
        if valueCache.lazyValue[Int(basic)] != constant {
          valueCache.lazyValue[Int(basic)] = constant
          queueReferrers(of: basic)
        }
      } else {
        queueForValue(slot)
      }
    }
    incrementalState.movedConstantSlots.removeAll(keepingCapacity: true)
    var evaluated = 0
    while let slot = incrementalState.valueHeap.popMax() {
      let r = Int(slot)
      incrementalState.valueQueuedSlot[r] = false
      let basic = rows[r].basic
      guard basic >= 0, rowKey[r] != .min else { continue }
      var total = rows[r].constant
      let symbols = rows[r].symbols
      let coefficients = rows[r].coefficients
      valueCache.lazyValue.withUnsafeBufferPointer { values in
        for i in symbols.indices { total += coefficients[i] * values[Int(symbols[i])] }
      }
      evaluated += 1
      if evaluated > budget {
        while let queued = incrementalState.valueHeap.popMax() { incrementalState.valueQueuedSlot[Int(queued)] = false }
        return nil
      }
      if total != valueCache.lazyValue[Int(basic)] {
        valueCache.lazyValue[Int(basic)] = total
        queueReferrers(of: basic)
      }
    }
    return evaluated
  }

  /// Queues the C_U rows that may refer to `symbol` (stale entries are harmless: such a
  /// row is re-evaluated to the value it has).
  mutating func queueReferrers(of symbol: Int32) {
    for slot in unrestrictedColumns[Int(symbol)] { queueForValue(slot) }
  }

  @inline(__always)
  mutating func queueForValue(_ slot: Int32) {
    let r = Int(slot)
    guard !incrementalState.valueQueuedSlot[r], rows[r].basic >= 0, rowKey[r] != .min else { return }
    incrementalState.valueQueuedSlot[r] = true
    // The heap pops the highest key first: negated, the lowest.
    incrementalState.valueHeap.push(key: -rowKey[r], symbol: slot)
  }
}

/// Evaluation downstream of moved constants (Accelerations/IncrementalEvaluation.swift). Held by ``Tableau`` as `incrementalState`.
struct IncrementalEvaluationState {
  /// False while the only changes since the last evaluation are row constants moved in
  /// place (`setConstant`, `suggestValue` without a pivot), listed in `incrementalState.movedConstantSlots`:
  /// the next evaluation then re-evaluates only the rows downstream of those. Anything
  /// else, and more moved rows than the list's reserved capacity, sets it.
  var valuesNeedFullEvaluation = true
  var movedConstantSlots: ContiguousArray<Int32> = []
  /// Per row slot: queued in `incrementalState.valueHeap` (C_U rows to re-evaluate, lowest key first).
  var valueQueuedSlot: ContiguousArray<Bool> = []
  var valueHeap = KeyedSymbolHeap()
  /// C_U rows the last evaluation walked: all of them, or those downstream of moved
  /// constants (deterministic, for tests).
  var rowsEvaluatedByLastRefresh = 0
}
