/// Acceleration: Evaluation program
/// Speeds up: full evaluations over an unchanged structure (resizes): the C_U rows
///   flattened into five arrays.
/// Relaxes: nothing the core reads: a copy of the C_U rows in evaluation order.
/// Settled: a structural change (`invalidateDerived`) drops it; constants are read from the
///   rows.
/// Twin test: the invariant checks compare a current program with the C_U rows flattened
///   now.
/// Switch: Tuning.evaluationProgram

import LayoutModel

extension Tableau {
  /// Flattens the live C_U rows, in evaluation order, into the program arrays. A resize of
  /// a 1,000-view stack evaluates its 4,000 C_U rows of ~3 cells each; walking them through
  /// the row table paid ~50 instructions of overhead per row (its two buffers reached
  /// through the table, the key compared with the list's), ~200 k of the ~500 k of the
  /// whole resize. O(C_U cells + listed slots); allocates only to grow its arrays.
  mutating func buildEvaluationProgram() {
    if keyOrder.staleKeyedSlots > 0 { compactKeyedSlots() }
    programState.programSlot.removeAll(keepingCapacity: true)
    programState.programBasic.removeAll(keepingCapacity: true)
    programState.programEnd.removeAll(keepingCapacity: true)
    programState.programSymbol.removeAll(keepingCapacity: true)
    programState.programCoefficient.removeAll(keepingCapacity: true)
    var i = keyOrder.lowRows.count - 1
    while i >= 0 {
      appendToProgram(keyOrder.lowRows[i])
      i -= 1
    }
    for entry in keyOrder.highRows { appendToProgram(entry) }
    programState.programIsCurrent = true
  }

  /// Grows the program's arrays, when the C_U rows have outgrown them, to twice what the
  /// rows need now: a structure that changes back and forth (a size-class swap, hiding)
  /// then finds room for its larger states too. O(listed slots).
  mutating func reserveProgramCapacity() {
    var (count, cells) = (0, 0)
    for entry in keyOrder.lowRows where rowKey[Int(entry.slot)] == entry.key {
      count += 1
      cells += rows[Int(entry.slot)].symbols.count
    }
    for entry in keyOrder.highRows where rowKey[Int(entry.slot)] == entry.key {
      count += 1
      cells += rows[Int(entry.slot)].symbols.count
    }
    if programState.programSlot.capacity < count {
      programState.programSlot.reserveCapacity(2 * count)
      programState.programBasic.reserveCapacity(2 * count)
      programState.programEnd.reserveCapacity(2 * count)
    }
    if programState.programSymbol.capacity < cells {
      programState.programSymbol.reserveCapacity(2 * cells)
      programState.programCoefficient.reserveCapacity(2 * cells)
    }
  }

  mutating func appendToProgram(_ entry: KeyedSlot) {
    let r = Int(entry.slot)
    guard rowKey[r] == entry.key else { return }
    programState.programSlot.append(entry.slot)
    programState.programBasic.append(rows[r].basic)
    programState.programSymbol.append(contentsOf: rows[r].symbols)
    programState.programCoefficient.append(contentsOf: rows[r].coefficients)
    programState.programEnd.append(Int32(programState.programSymbol.count))
  }

  /// ``evaluateUnrestrictedRows(into:)`` through the program: the same cells in the same
  /// order with the same arithmetic, so the same values to the bit (the invariant checks
  /// compare them). Returns the C_U rows evaluated.
  /// - Complexity: O(symbols + C_U cells), no allocation.
  func evaluateProgram(into values: inout ContiguousArray<Double>) -> Int {
    precondition(values.count == symbolKind.count && programState.programIsCurrent, "one value per symbol, a current program")
    writeParametricAndRestrictedValues(into: &values)
    rows.withUnsafeBufferPointer { rows in
      programState.programSlot.withUnsafeBufferPointer { slots in
        programState.programBasic.withUnsafeBufferPointer { basics in
          programState.programEnd.withUnsafeBufferPointer { ends in
            programState.programSymbol.withUnsafeBufferPointer { symbols in
              programState.programCoefficient.withUnsafeBufferPointer { coefficients in
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
    return programState.programSlot.count
  }
}

/// The evaluation program (Accelerations/EvaluationProgram.swift). Held by ``Tableau`` as `programState`.
struct EvaluationProgramState {
  /// The C_U rows flattened in evaluation order, for full evaluations (CassowarySolver.swift,
  /// "The evaluation program"): row k has basic `programState.programBasic[k]`, its constant in
  /// `rows[programState.programSlot[k]]` and its cells at `programState.programEnd[k - 1] ..< programState.programEnd[k]` of
  /// `programState.programSymbol` and `programState.programCoefficient`. Valid while `programState.programIsCurrent`: only a
  /// structural change (`invalidateDerived`) makes it stale, since constants are read from
  /// the rows and pivots never change a C_U row.
  var programSlot: ContiguousArray<Int32> = []
  var programBasic: ContiguousArray<Int32> = []
  var programEnd: ContiguousArray<Int32> = []
  var programSymbol: ContiguousArray<Int32> = []
  var programCoefficient: ContiguousArray<Double> = []
  var programIsCurrent = false
  /// Full evaluations since the last structural change: the program is built at the
  /// second, so a structural change followed by one evaluation (an add, a swap) does not
  /// pay for copying the rows.
  var fullEvaluationsSinceStructuralChange = 0
}
