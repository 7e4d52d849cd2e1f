import LayoutModel

// The one point where the accelerations' relaxed states are made exact before a public
// operation (docs/accelerations.md, "Settling"). Three states outlive a public call:
// new constants held for a shared row (Accelerations/PendingConstants.swift), flips held
// in their rows (Accelerations/HeldFlips.swift) and a deferred objective contribution
// (Accelerations/DeferredObjective.swift). The last two arise only within constant
// changes and suggestions, which may keep them; everything else starts from the exact
// tableau the core describes. Within an operation the core keeps them exact where it
// must: `invalidateDerived` makes the due flips before a structural change, a pivot
// writes a deferred contribution out before it reads the vectors.
extension Tableau {
  /// What a public entry of ``CassowarySolver`` is about to do.
  enum Operation {
    /// Adds, single removals, priorities, edit variables: everything relaxed is settled.
    case structuralChange
    /// `remove(contentsOf:)` and `replace`: held constants applied and the objective
    /// written out; the flips are made once the ids are checked (a refusal changes
    /// nothing).
    case checkedBatch
    /// `suggestValue`: held constants applied; flips and a deferred contribution may stay,
    /// since a suggestion is a constant change.
    case suggestion
    /// `setConstant`: nothing here; the call holds its constant beside the others or
    /// applies them itself (`setConstant`).
    case constantChange
    /// `solve`: held constants applied.
    case solve
  }

  /// Settles what `operation` cannot run beside. Each public mutation of
  /// ``CassowarySolver`` calls it once, first.
  /// - Complexity: O(1) when nothing is relaxed; otherwise the held constants' shifts,
  ///   O(deferred row) for the objective and one local pivot per due flip.
  /// - Throws: `internalInconsistency` on a solver bug only (met applying held constants,
  ///   now or during an earlier read).
  mutating func settle(for operation: Operation) throws(SolverError) {
    switch operation {
    case .structuralChange:
      try applyHeldConstants()
      materializeDeferredObjective()
      if heldFlipState.heldRows > 0 { settleHeldFlips() }
    case .checkedBatch:
      try applyHeldConstants()
      materializeDeferredObjective()
    case .suggestion, .solve:
      try applyHeldConstants()
    case .constantChange:
      break
    }
  }

  /// Settles what a read would see: held constants are applied (values, fixedness,
  /// definitions and counters reflect them); an error met doing so is kept for the next
  /// call that throws. Held flips and a deferred contribution are read through (values
  /// interpret held flips; fixedness makes them first). O(1) when nothing is held.
  mutating func settleForReading() {
    applyHeldConstantsForReading()
  }
}
