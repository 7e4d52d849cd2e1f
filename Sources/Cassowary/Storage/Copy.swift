extension Tableau {
  /// A tableau in the same state that shares no row buffer with `self`.
  ///
  /// Every other field is a value (arrays copied on their first write); the rows' cells
  /// and the scratch buffers have reference semantics (Storage/RowCells.swift), so each row's cells
  /// are copied into a buffer of its own and the scratch starts empty (it holds nothing
  /// between calls).
  /// - Complexity: O(rows + cells), one allocation per row with cells; the arrays are
  ///   copied later, each by the first of the two tableaux to write it.
  func independentCopy() -> Tableau {
    var copy = self
    for slot in copy.rows.indices where copy.rows[slot].cells.buffer != nil {
      var cells = RowCells()
      cells.assign(rows[slot].cells)
      copy.rows[slot].cells = cells
    }
    var objective = RowCells()
    objective.assign(simplexState.artificialObjective.cells)
    copy.simplexState.artificialObjective.cells = objective
    copy.scratchBuffers.mergeCells = RowCells()
    copy.scratchBuffers.pivotCells = RowCells()
    copy.scratchBuffers.rowEdits = RowEdits()
    // The remembered columns too: a walk empties and appends to its half in place, which on
    // a list shared with the other tableau would allocate in a constant change.
    copy.shiftColumnState.shiftColumns = (shiftColumnState.shiftColumns.0.independentCopy(), shiftColumnState.shiftColumns.1.independentCopy())
    return copy
  }
}
