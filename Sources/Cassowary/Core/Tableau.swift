import LayoutModel

/// The state of the Cassowary engine: a value type, so that its hot loops mutate it with
/// exclusivity checked at compile time. (As stored properties of a class, every array
/// access in a pivot paid for a dynamic exclusivity check: half the time of a resize.)
/// ``CassowarySolver`` owns one and forwards the public API to it.
struct Tableau {
  /// Cells whose magnitude falls below this are dropped; constants within it of zero
  /// count as zero. Layout magnitudes are up to ~1e5 points, so 1e-8 sits well above
  /// accumulated rounding and well below any meaningful quantity.
  static let epsilon = 1e-8

  /// The tolerance of the feasibility decisions (a new required row redundant or in
  /// conflict; phase one's residue): ``epsilon``, or 1e-14 of the largest constant given
  /// when that is larger. A constant of 3e7 leaves a residue of about 1e-16 of itself in
  /// every row it moves through, which an absolute 1e-8 took for a conflict (a satisfiable
  /// required constraint refused). Below 1e6 it is ``epsilon``, as it always was. O(1).
  var feasibilityEpsilon: Double { max(Self.epsilon, 1e-14 * magnitudes.largestConstant) }

  /// Which accelerations run (Tuning.swift); set at creation.
  var tuning = Tuning.default

  // MARK: Symbols (indexed by symbol id)

  var symbolKind: ContiguousArray<SymbolKind> = []
  /// The row slot where the symbol is basic, or -1 when it is parametric.
  var rowOf: ContiguousArray<Int32> = []
  /// Row slots that may contain the symbol, split by the kind of the row's basic symbol:
  /// restricted rows (C_S, which pivots substitute into) and unrestricted rows (C_U, which
  /// refer to symbols by name and are never substituted into by a pivot). Entries go stale
  /// when a cell cancels or a row is freed, and a reused slot can appear twice; readers
  /// check membership and skip duplicates with `rowSlots.rowStamp`. The two occurrence arrays keep
  /// the exact counts of each part.
  var restrictedColumns: ContiguousArray<ContiguousArray<Int32>> = []
  var unrestrictedColumns: ContiguousArray<ContiguousArray<Int32>> = []
  var restrictedOccurrences: ContiguousArray<Int32> = []
  var unrestrictedOccurrences: ContiguousArray<Int32> = []
  /// An empty restricted column given up by a dual pivot's entering symbol (a basic
  /// symbol is in no C_S row), for the next symbol whose restricted column has no buffer:
  /// in a resize's run of dual pivots each leaving symbol takes the previous entering
  /// one's instead of allocating (Storage/ColumnIndex.swift): a 1,000-view fill-equally
  /// stack's resize allocates 2.6 times, ~125 without the spare (once per error symbol
  /// leaving the basis for the first time). Only dual pivots give theirs up: the symbols
  /// that additions and removals take into the basis often come back out and then
  /// allocate again (with every pivot giving up its column, a few change phases of the
  /// smoke suite allocate 1–3 more in their worst operation). One spare, not a list: a
  /// list is one more allocation.
  var spareColumn = ContiguousArray<Int32>()
  /// The user constraint whose marker or error this symbol is, `editOwner(of:)` for an
  /// edit's, else -1.
  var owner: ContiguousArray<Int32> = []
  /// First entry of the symbol's objective priority vector, or -1; always -1 for a dummy
  /// outside a pivot that makes it basic (Accelerations/DummyCosts.swift).
  var objectiveHead: ContiguousArray<Int32> = []

  // MARK: Variables (indexed by VariableID)

  var variableSymbol: ContiguousArray<Int32> = []

  // MARK: Rows (indexed by row slot)

  var rows: ContiguousArray<Row> = []

  /// Evaluation key of each C_U row slot (`Int64.min` for restricted rows and free
  /// slots): a C_U row refers only to C_U basics whose rows have smaller keys, so
  /// evaluating in ascending key order meets every reference before its use, and
  /// references cannot form a cycle. Keys are never reused.
  var rowKey: ContiguousArray<Int64> = []

  /// Test hook: skips the per-operation invariant checks of debug builds (large builds
  /// check once at the end instead).
  var skipsInvariantChecks = false

  // MARK: Objective

  /// Objective entries pool: linked lists, one per symbol, sorted by level priority
  /// descending. One array of entries rather than one per field, so a step along a list
  /// reads one cache line.
  var entries: ContiguousArray<ObjectiveEntry> = []
  var enteringCandidates = EnteringHeap()

  /// Views of `scratchBuffers.pivotCells` (valid until it is resized or swapped).
  @inline(__always)
  var pivotSymbols: UnsafeMutableBufferPointer<Int32> { scratchBuffers.pivotCells.symbols }
  @inline(__always)
  var pivotCoefficients: UnsafeMutableBufferPointer<Double> { scratchBuffers.pivotCells.coefficients }

  var work = SolverCounters()

  // MARK: State grouped by purpose (each type is defined beside the code that uses it;
  // the accelerations' in their files under Accelerations/)

  /// Held flips (Accelerations/HeldFlips.swift).
  var heldFlipState = HeldFlipState()
  /// Remembered shift columns (Accelerations/ShiftColumns.swift).
  var shiftColumnState = ShiftColumnState()
  /// The deferred objective contribution (Accelerations/DeferredObjective.swift).
  var deferredObjectiveState = DeferredObjectiveState()
  /// Local pivots (Accelerations/LocalPivots.swift).
  var localPivotState = LocalPivotState()
  /// Held constants of shared rows (Accelerations/PendingConstants.swift).
  var pendingConstantState = PendingConstantState()
  /// Renaming on replace (Accelerations/Renaming.swift).
  var renamingState = RenamingState()
  /// Phase-one rows set aside in a bulk batch (Accelerations/PhaseOneSetAside.swift).
  var setAsideState = SetAsideState()
  /// Where new optional inequalities look for a row to share (Accelerations/SharedRows.swift).
  var sharedRowState = SharedRowState()
  /// The evaluation program (Accelerations/EvaluationProgram.swift).
  var programState = EvaluationProgramState()
  /// Evaluation downstream of moved constants (Accelerations/IncrementalEvaluation.swift).
  var incrementalState = IncrementalEvaluationState()
  /// Values and fixedness, derived and recomputed once after a change (Reading/).
  var valueCache = ValueCache()
  /// The C_U rows in evaluation order, and the heap that fully reduces a new row.
  var keyOrder = EvaluationOrder()
  /// The objective levels.
  var levelTable = ObjectiveLevels()
  /// The free list of the objective entry pool, and the vector a pivot substitutes.
  var entryPool = EntryPoolState()
  /// Scratch buffers, reused so that steady state allocates nothing.
  var scratchBuffers = ScratchBuffers()
  /// The dual simplex's queue, phase one, and the undo log of a failing call.
  var simplexState = SimplexState()
  /// A batch call's scratch.
  var batchState = BatchState()
  /// Constraints (indexed by ConstraintID) and edits (indexed by VariableID).
  var constraintTable = ConstraintTable()
  /// The largest constant and coefficient ratio given so far, for the accuracy contract's
  /// joint bound and for ``feasibilityEpsilon``; they never shrink, since rounding a large
  /// constant left behind stays in the rows.
  var magnitudes = MagnitudeRecord()
  /// Symbol ids handed out, released and live.
  var symbolIDs = SymbolIDs()
  /// Row slots free for reuse, per-row stamps for deduplicating walks, and the live rows.
  var rowSlots = RowSlots()
  /// Columns waiting to be compacted (Storage/ColumnIndex.swift).
  var compaction = ColumnCompaction()
}

extension Tableau {
  /// An empty tableau running the accelerations `tuning` switches on: each switched off
  /// has its threshold set where it never triggers, or its branch skipped.
  init(tuning: Tuning) {
    self.init()
    self.tuning = tuning
    if !tuning.localPivots { localPivotState.pivotsWithinRows = false }
    if !tuning.heldFlips { heldFlipState.holdsFlips = false }
    if !tuning.deferredObjective { deferredObjectiveState.deferredObjectiveMinimumRow = .max }
    if !tuning.shiftColumns { shiftColumnState.shiftColumnMinimumLength = .max }
    if !tuning.phaseOneSetAside { setAsideState.setAsideMinimumBatch = .max }
  }
}

/// One slot of `Tableau.renameTable`: a removal that may be renamed (`removal` its
/// constraint index, -1 for an empty slot; `position` its place in the removal list, which
/// breaks ties between equal definitions) and the batch index of the addition paired with
/// it (-1 none; `-2 - index` for a pair the hub rule keeps apart, until `replace` has
/// cleared its counts).
struct RenameSlot {
  var fingerprint: UInt64 = 0
  var removal: Int32 = -1
  var position: Int32 = -1
  var partner: Int32 = -1
}

/// One coefficient of a symbol's priority vector: its level, that level's priority (kept
/// here so that walks compare without a second lookup) and the next entry of the list (-1
/// at its end; the free list when unused).
struct ObjectiveEntry {
  var priority: Double
  var coefficient: Double
  var level: Int32
  var next: Int32
}

/// The C_U rows in evaluation order, and the heap that fully reduces a new row. Held by ``Tableau`` as `keyOrder`.
struct EvaluationOrder {
  /// Keys for rows stored unreduced (their subject is referenced by no row): above all.
  var nextHighKey: Int64 = 0
  /// Keys for fully reduced C_U rows (they refer to parametric symbols only): below all.
  var nextLowKey: Int64 = -1
  /// The C_U rows in evaluation order: `keyOrder.lowRows` backwards, then `keyOrder.highRows` forwards.
  /// Entries whose slot no longer carries their key are stale and skipped.
  var lowRows: ContiguousArray<KeyedSlot> = []
  var highRows: ContiguousArray<KeyedSlot> = []
  var staleKeyedSlots = 0
  var liveUnrestrictedRows = 0
  /// Full reduction of a new row: C_U basics waiting for expansion, highest key first.
  var expansionHeap = KeyedSymbolHeap()
  var expansionQueued: ContiguousArray<Bool> = []
}

/// Scratch buffers, reused so that steady state allocates nothing. Held by ``Tableau`` as `scratchBuffers`.
struct ScratchBuffers {
  /// Where a merge writes before copying into its row (Storage/TableauStorage.swift).
  var mergeCells = RowCells()
  /// The row being pivoted on, or built: swapped with a row's cells (Core/Pivot.swift).
  var pivotCells = RowCells()
  var pivotConstant = 0.0
  /// A merge's edits to a long row, applied in one pass (Storage/TableauStorage.swift).
  var rowEdits = RowEdits()
  /// Rows far below their capacity, and their summed excess (see `noteShrinkage`).
  var shrinkCandidates: ContiguousArray<Int32> = []
  var isShrinkCandidate: ContiguousArray<Bool> = []
  var shrinkableExcess = 0
  var accumulator: ContiguousArray<Double> = []
  var accumulated: ContiguousArray<Bool> = []
  var touchedSymbols: [Int32] = []
  var conflictScratch: [ConstraintID] = []
  var movedSlots: ContiguousArray<Int32> = []
}

/// Constraints (indexed by ConstraintID) and edits (indexed by VariableID). Held by ``Tableau`` as `constraintTable`.
struct ConstraintTable {
  var constraintTags: ContiguousArray<ConstraintTag> = []
  var definitions: [Constraint?] = []
  /// Per-constraint scratch of the batch calls, 0 between calls, grown with
  /// `constraintTable.constraintTags`: `removalMark` on the ids `remove(contentsOf:)` and `replace` remove
  /// (a repeat is refused; in `replace`, those not renamed, to withdraw); `renamedMark` on
  /// the ids of the additions `replace` renamed a removal to (`enterBatch` leaves them
  /// out); `seenMark` on the ids of `replace`'s batch while it looks for repeats; above
  /// `renameSlotShift`, a renamed removal's slot in `renamingState.renameTable`, plus 1, until its tag
  /// has moved (Accelerations/Renaming.swift).
  var batchMarks: ContiguousArray<Int32> = []
  var editTags: ContiguousArray<ConstraintTag> = []
}

/// Symbol ids handed out, released and live. Held by ``Tableau`` as `symbolIDs`.
struct SymbolIDs {
  /// Ids handed out so far (live or on `symbolIDs.freeSymbols`). The per-symbol arrays run longer:
  /// the entries from here on are blank symbols that `makeSymbol` takes next.
  var symbolCount = 0
  var freeSymbols: [Int32] = []
  var liveSymbols = 0
}

/// Row slots free for reuse, per-row stamps for deduplicating walks, and the live rows. Held by ``Tableau`` as `rowSlots`.
struct RowSlots {
  var freeRowSlots: [Int32] = []
  var rowStamp: ContiguousArray<UInt32> = []
  var currentStamp: UInt32 = 0
  var liveRows = 0
}
