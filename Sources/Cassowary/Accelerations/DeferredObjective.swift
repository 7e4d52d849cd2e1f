/// Acceleration: Deferred objective
/// Speeds up: resizes that pivot a long row back and forth (fill stacks' closing row, the
///   anchor chain): O(levels) instead of O(row) per pivot.
/// Relaxes: every stored priority vector is the symbol's reduced cost: the entering
///   symbol's vector is owed by the deferred row's symbols.
/// Settled: `materializeDeferredObjective`: from `settle(for:)` before structural changes,
///   and before any pivot, ratio test or read of the vectors other than the deferred row's
///   own.
/// Twin test: DeferredObjectiveTests; PropertyTests defer every dual pivot against the
///   oracle.
/// Switch: Tuning.deferredObjective

import LayoutModel

// A deferred objective contribution on one long row.
//
// A pivot replaces its entering symbol X in the objective by X's new row R: each symbol j
// of R gains `a_j · v_X` in its priority vector (`a_j` its coefficient in R, `v_X` X's
// vector). On a 1,000-view fill stack every resize makes one dual pivot in the 3,002-cell
// closing row, and the next resize pivots back: the same two symbols, an error and a
// slack, exchanged again and again, and each time all 3,002 vectors rewritten (~470 k
// instructions, most of the pivot). Instead, a dual pivot on a row of at least
// `deferredObjectiveState.deferredObjectiveMinimumRow` cells keeps `v_X` aside, as the list of pool entries
// `deferredObjectiveState.deferredHead`, on the row of `deferredObjectiveState.deferredBasic` (X; one row at a time): the true vector of
// a symbol j is then its stored vector plus `a_j · v_X` when j is in that row, and the
// stored vector alone otherwise.
//
// What may run while a contribution is deferred, and why it is exact:
// * The dual ratio test on the deferred row itself. A candidate's ratio vector is its true
//   vector over its coefficient, `stored_j / a_j + v_X`: the deferred term is the same for
//   every candidate, so the order, ties included, is the stored vectors'.
// * A dual pivot on that row, entering Y, leaving X. With the contribution written out,
//   the pivot would leave every j of the new row R' with `stored_j + a'_j · stored_Y` and
//   X, now parametric, with `v_X + a'_X · stored_Y`. So X's stored vector becomes `v_X`,
//   and `stored_Y` becomes the contribution deferred on R' (Y's row): lists relinked,
//   O(levels), not O(row).
// * Changes of constants (the row's constant moves; the contribution depends on its cells).
// Everything else that reads or writes vectors or rows writes the contribution out first
// (`materializeDeferredObjective`, O(row), exactly the work that was put off): a pivot of
// any other kind or on any other row, the ratio test of another row, a non-empty
// entering-candidate queue, adds, removals, edits, priorities, fixedness, invariants.
//
// The dual simplex keeps every true vector non-negative at its first entry (that is what
// the ratio test chooses for), so deferring adds no entering candidates that the written-
// out update would have queued, up to rounding: a vector it would have left negative by
// more than epsilon is queued when the contribution is written out.
extension Tableau {

  /// Whether a contribution is deferred. O(1).
  @inline(__always)
  var hasDeferredObjective: Bool { deferredObjectiveState.deferredBasic >= 0 }

  /// Writes the deferred contribution out: adds `a_j · deferred vector` to the vector of
  /// each symbol j of the deferred row, queueing those that now start negative, and frees
  /// the deferred list.
  /// - Complexity: O(row length · deferred entries); nothing when none is deferred.
  mutating func materializeDeferredObjective() {
    guard deferredObjectiveState.deferredBasic >= 0 else { return }
    let slot = Int(rowOf[Int(deferredObjectiveState.deferredBasic)])
    precondition(slot >= 0 && rows[slot].basic == deferredObjectiveState.deferredBasic, "the deferred objective's row is gone")
    var vector = ContiguousArray<ObjectiveEntry>()
    swap(&vector, &entryPool.substitutedVector)
    vector.removeAll(keepingCapacity: true)
    var e = deferredObjectiveState.deferredHead
    var last = e
    while e >= 0 {
      vector.append(entries[Int(e)])
      last = e
      e = entries[Int(e)].next
    }
    entries[Int(last)].next = entryPool.freeEntry
    entryPool.freeEntry = deferredObjectiveState.deferredHead
    entryPool.freeEntryCount += vector.count
    deferredObjectiveState.deferredBasic = -1
    deferredObjectiveState.deferredHead = -1
    addObjectiveVector(vector, scaledBy: rows[slot].cells)
    swap(&vector, &entryPool.substitutedVector)
  }

  /// The objective half of a dual pivot in a constant change (`substitute`'s last step,
  /// `entering` already basic, `leaving` parametric, the new row in `scratchBuffers.pivotCells`): on the
  /// deferred row, the deferred list becomes `leaving`'s vector (it was basic, so it had
  /// none) and `entering`'s vector becomes the deferred list; on another row of at least
  /// `deferredObjectiveState.deferredObjectiveMinimumRow` cells, with nothing deferred and no other infeasible
  /// row queued, `entering`'s vector becomes the deferred list. Lists are relinked, not
  /// copied: nothing allocates. Returns false when neither applies (the caller substitutes
  /// the objective as usual).
  /// - Complexity: O(entries of the vectors moved), for the per-level counts.
  mutating func deferObjective(entering: Int32, leaving: Int32) -> Bool {
    if deferredObjectiveState.deferredBasic >= 0 {
      guard deferredObjectiveState.deferredBasic == leaving else { return false }
      // `pivot` then queues `leaving` by this stored vector, not its true one (which adds
      // `a'_leaving · stored(entering)`): if it starts negative, the queued candidate makes
      // `nextEnteringSymbol` write the deferral out and judge it by its true vector.
      assert(objectiveHead[Int(leaving)] < 0, "deferObjective: the leaving symbol had a vector while basic")
      objectiveHead[Int(leaving)] = deferredObjectiveState.deferredHead
      countObjectiveEntries(from: deferredObjectiveState.deferredHead, by: 1)
    } else if scratchBuffers.pivotCells.count < deferredObjectiveState.deferredObjectiveMinimumRow || !simplexState.infeasibleRows.isEmpty {
      // With more infeasible rows queued, the next pivot is most likely on another row
      // and would write the deferral straight out: deferring would only add the walk.
      return false
    }
    deferredObjectiveState.deferredHead = objectiveHead[Int(entering)]
    objectiveHead[Int(entering)] = -1
    countObjectiveEntries(from: deferredObjectiveState.deferredHead, by: -1)
    deferredObjectiveState.deferredBasic = deferredObjectiveState.deferredHead >= 0 ? entering : -1
    deferredObjectiveState.deferredObjectivePivots += 1
    return true
  }

  /// Adds `delta` to the per-level count of each entry of the list from `head`: the
  /// deferred list's entries are not counted (they belong to no symbol's vector).
  private mutating func countObjectiveEntries(from head: Int32, by delta: Int32) {
    var e = head
    while e >= 0 {
      levelTable.levelEntries[Int(entries[Int(e)].level)] += delta
      e = entries[Int(e)].next
    }
  }
}

/// The deferred objective contribution (Accelerations/DeferredObjective.swift). Held by ``Tableau`` as `deferredObjectiveState`.
struct DeferredObjectiveState {
  /// The basic symbol of the row whose objective contribution is deferred, or -1; the
  /// deferred vector, a list in the entry pool (not counted in `levelTable.levelEntries`); the
  /// shortest row a dual pivot defers on (Accelerations/DeferredObjective.swift; tests lower it
  /// to exercise the deferral on small systems).
  var deferredBasic: Int32 = -1
  var deferredHead: Int32 = -1
  var deferredObjectiveMinimumRow = 256
  /// Dual pivots whose objective update was deferred or moved instead of written out
  /// (deterministic, for tests).
  var deferredObjectivePivots = 0
}
