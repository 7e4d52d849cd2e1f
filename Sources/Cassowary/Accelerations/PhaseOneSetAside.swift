/// Acceleration: Phase-one set-aside
/// Speeds up: bulk `add(contentsOf:)` (builds, rebuilds) of chains whose closing rows need
///   phase one.
/// Relaxes: the core enters a batch in its order: here required rows that need phase one
///   enter last, shortest first.
/// Settled: within the call (Core/Add.swift, `enterBatch`); a failure withdraws what the
///   call entered.
/// Twin test: BatchAddTests (a small threshold against in-order entry).
/// Switch: Tuning.phaseOneSetAside

import LayoutModel

/// A constraint of a batch whose row needed phase one when it was first reduced.
struct DeferredRow {
  var batchIndex: Int32
  var length: Int32
}

/// Phase-one rows set aside in a bulk batch (Accelerations/PhaseOneSetAside.swift). Held by ``Tableau`` as `setAsideState`.
struct SetAsideState {
  /// During `add(contentsOf:)`: a row that needs phase one is set aside (its length in
  /// `setAsideState.deferredRowLength`) and enters after the rest of the batch (Core/Add.swift).
  var defersPhaseOne = false
  /// The fewest constraints a bulk batch needs before its phase-one rows are set aside
  /// (a variable so that tests can reach the set-aside path with small systems).
  var setAsideMinimumBatch = 256
  var deferredRowLength = -1
  var deferredRows: ContiguousArray<DeferredRow> = []

  /// Starts a batch of `entering` constraints into a tableau of `liveRows` rows: its
  /// phase-one rows are set aside when it is a bulk batch (at least as many constraints as
  /// rows, and at least `setAsideMinimumBatch`). O(1).
  mutating func begin(entering: Int, liveRows: Int) {
    deferredRows.removeAll(keepingCapacity: true)
    defersPhaseOne = entering >= liveRows && entering >= setAsideMinimumBatch
  }

  /// Records the constraint at `batchIndex`, whose row `enter` set aside (its length in
  /// `deferredRowLength`). O(1) amortised.
  mutating func setAside(batchIndex: Int) {
    deferredRows.append(DeferredRow(batchIndex: Int32(batchIndex), length: Int32(deferredRowLength)))
  }

  /// Ends the batch: the rows set aside, shortest first (ties in batch order), to enter
  /// now. O(k log k) for k rows.
  mutating func end() -> ContiguousArray<DeferredRow> {
    defersPhaseOne = false
    deferredRows.sort { ($0.length, $0.batchIndex) < ($1.length, $1.batchIndex) }
    return deferredRows
  }
}
