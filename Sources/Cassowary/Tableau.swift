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

  /// Which accelerations run (Tuning.swift); set at creation.
  var tuning = Tuning.default

  // MARK: Symbols (indexed by symbol id)

  /// Ids handed out so far (live or on `freeSymbols`). The per-symbol arrays run longer:
  /// the entries from here on are blank symbols that `makeSymbol` takes next.
  var symbolCount = 0
  var symbolKind: ContiguousArray<SymbolKind> = []
  /// The row slot where the symbol is basic, or -1 when it is parametric.
  var rowOf: ContiguousArray<Int32> = []
  /// Row slots that may contain the symbol, split by the kind of the row's basic symbol:
  /// restricted rows (C_S, which pivots substitute into) and unrestricted rows (C_U, which
  /// refer to symbols by name and are never substituted into by a pivot). Entries go stale
  /// when a cell cancels or a row is freed, and a reused slot can appear twice; readers
  /// check membership and skip duplicates with `rowStamp`. The two occurrence arrays keep
  /// the exact counts of each part.
  var restrictedColumns: ContiguousArray<ContiguousArray<Int32>> = []
  var unrestrictedColumns: ContiguousArray<ContiguousArray<Int32>> = []
  var restrictedOccurrences: ContiguousArray<Int32> = []
  var unrestrictedOccurrences: ContiguousArray<Int32> = []
  /// An empty restricted column given up by a dual pivot's entering symbol (a basic
  /// symbol is in no C_S row), for the next symbol whose restricted column has no buffer:
  /// in a resize's run of dual pivots each leaving symbol takes the previous entering
  /// one's instead of allocating (ColumnIndex.swift). A 1,000-view fill-equally stack's
  /// resize allocated ~125 times, once per error symbol leaving the basis for the first
  /// time; 2.6 now. Only dual pivots give theirs up: the symbols that additions and
  /// removals take into the basis often come back out and then allocate again (with every
  /// pivot giving up its column, a few change phases of the CI smoke suite allocated 1–3
  /// more in their worst operation). One spare, not a list: a list is one more allocation.
  var spareColumn = ContiguousArray<Int32>()
  var compactionPending: ContiguousArray<Bool> = []
  var pendingCompactions: [Int32] = []
  /// The user constraint whose marker or error this symbol is, `editOwner(of:)` for an
  /// edit's, else -1.
  var owner: ContiguousArray<Int32> = []
  /// First entry of the symbol's objective priority vector, or -1; always -1 for a dummy
  /// outside a pivot that makes it basic (Tableau+DummyCosts.swift).
  var objectiveHead: ContiguousArray<Int32> = []
  var freeSymbols: [Int32] = []

  // MARK: Variables (indexed by VariableID)

  var variableSymbol: ContiguousArray<Int32> = []
  /// During `add(contentsOf:)`: how many constraints of the batch after the one being
  /// entered mention each variable (the unreduced subject's tie-break); 0 otherwise.
  var batchMentions: ContiguousArray<Int32> = []

  /// During `add(contentsOf:)`: a row that needs phase one is set aside (its length in
  /// `deferredRowLength`) and enters after the rest of the batch (Tableau+Add.swift).
  var defersPhaseOne = false
  /// The fewest constraints a bulk batch needs before its phase-one rows are set aside
  /// (a variable so that tests can reach the set-aside path with small systems).
  var setAsideMinimumBatch = 256
  var deferredRowLength = -1
  var deferredRows: ContiguousArray<DeferredRow> = []
  /// The batch indices `add(contentsOf:)` has entered, in order, to withdraw on failure.
  var enteredBatchIndices: ContiguousArray<Int32> = []
  /// During `replace(removing:adding:)`'s batch entry: the additions it renamed carry
  /// `renamedMark` in `batchMarks`, and `enterBatch` leaves them out.
  var skipsRenamed = false
  /// `replace(removing:adding:)`'s removals that may be renamed, in an open-addressing
  /// table keyed by their tags' shape fingerprints and constants (Tableau+Replace.swift).
  var renameTable: ContiguousArray<RenameSlot> = []
  /// Constraints renamed instead of removed and added again (deterministic, for tests).
  var renamedConstraints = 0

  // MARK: Rows (indexed by row slot)

  var rows: ContiguousArray<Row> = []
  var freeRowSlots: [Int32] = []
  var rowStamp: ContiguousArray<UInt32> = []
  var currentStamp: UInt32 = 0

  // MARK: Unreduced rows of unrestricted basics (C_U)

  /// Evaluation key of each C_U row slot (`Int64.min` for restricted rows and free
  /// slots): a C_U row refers only to C_U basics whose rows have smaller keys, so
  /// evaluating in ascending key order meets every reference before its use, and
  /// references cannot form a cycle. Keys are never reused.
  var rowKey: ContiguousArray<Int64> = []
  /// Keys for rows stored unreduced (their subject is referenced by no row): above all.
  var nextHighKey: Int64 = 0
  /// Keys for fully reduced C_U rows (they refer to parametric symbols only): below all.
  var nextLowKey: Int64 = -1
  /// The C_U rows in evaluation order: `lowRows` backwards, then `highRows` forwards.
  /// Entries whose slot no longer carries their key are stale and skipped.
  var lowRows: ContiguousArray<KeyedSlot> = []
  var highRows: ContiguousArray<KeyedSlot> = []
  var staleKeyedSlots = 0
  var liveUnrestrictedRows = 0
  /// Full reduction of a new row: C_U basics waiting for expansion, highest key first.
  var expansionHeap = KeyedSymbolHeap()
  var expansionQueued: ContiguousArray<Bool> = []

  // MARK: Values and fixedness (derived, recomputed once after a change)

  /// Value of every symbol (0 parametric, a C_S basic's constant, a C_U basic's row
  /// evaluated), valid while `valuesAreCurrent`.
  var lazyValue: ContiguousArray<Double> = []
  var valuesAreCurrent = false
  /// False while the only changes since the last evaluation are row constants moved in
  /// place (`setConstant`, `suggestValue` without a pivot), listed in `movedConstantSlots`:
  /// the next evaluation then re-evaluates only the rows downstream of those. Anything
  /// else, and more moved rows than the list's reserved capacity, sets it.
  var valuesNeedFullEvaluation = true
  var movedConstantSlots: ContiguousArray<Int32> = []
  /// Per row slot: queued in `valueHeap` (C_U rows to re-evaluate, lowest key first).
  var valueQueuedSlot: ContiguousArray<Bool> = []
  var valueHeap = KeyedSymbolHeap()
  /// C_U rows the last evaluation walked: all of them, or those downstream of moved
  /// constants (deterministic, for tests).
  var rowsEvaluatedByLastRefresh = 0
  /// The C_U rows flattened in evaluation order, for full evaluations (CassowarySolver.swift,
  /// "The evaluation program"): row k has basic `programBasic[k]`, its constant in
  /// `rows[programSlot[k]]` and its cells at `programEnd[k - 1] ..< programEnd[k]` of
  /// `programSymbol` and `programCoefficient`. Valid while `programIsCurrent`: only a
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
  /// Per symbol: 0 unknown, 1 fixed at the optimum, 2 not proven; valid while
  /// `fixednessIsCurrent`.
  var fixedness: ContiguousArray<UInt8> = []
  var fixednessIsCurrent = false
  /// Test hook: skips the per-operation invariant checks of debug builds (large builds
  /// check once at the end instead).
  var skipsInvariantChecks = false

  // MARK: Constraints (indexed by ConstraintID) and edits (indexed by VariableID)

  var constraintTags: ContiguousArray<ConstraintTag> = []
  var definitions: [Constraint?] = []
  /// Per-constraint scratch of the batch calls, 0 between calls, grown with
  /// `constraintTags`: `removalMark` on the ids `remove(contentsOf:)` and `replace` remove
  /// (a repeat is refused; in `replace`, those not renamed, to withdraw); `renamedMark` on
  /// the ids of the additions `replace` renamed a removal to (`enterBatch` leaves them
  /// out); `seenMark` on the ids of `replace`'s batch while it looks for repeats; above
  /// `renameSlotShift`, a renamed removal's slot in `renameTable`, plus 1, until its tag
  /// has moved (Tableau+Replace.swift).
  var batchMarks: ContiguousArray<Int32> = []
  var editTags: ContiguousArray<ConstraintTag> = []
  /// Present optional inequalities by the lowest variable index of their expression: where
  /// a new one looks for a row to share (Tableau+SharedRows.swift).
  var softInequalitiesByVariable: ContiguousArray<ContiguousArray<Int32>> = []
  /// New constants of shared-row members held until their whole row has them, by
  /// constraint index; NaN when none, and for indices past its end
  /// (Tableau+PendingConstants.swift). Grown when a constant is first held, so that
  /// systems that hold none do not pay for it.
  var pendingConstants: ContiguousArray<Double> = []
  /// The constraints that were given a held constant, in order; entries whose constant has
  /// since been applied read NaN there. Emptied when nothing is held.
  var pendingMembers: ContiguousArray<Int32> = []
  /// How many entries of `pendingConstants` are not NaN.
  var heldConstants = 0
  /// An error met applying held constants for a read, thrown by the next call that throws.
  var heldConstantError: SolverError?

  // MARK: Objective

  /// Priority value of each level; levels are created on first use and kept for reuse.
  var levelPriority: ContiguousArray<Double> = []
  /// Present constraints and edits at each level.
  var levelUsers: ContiguousArray<Int32> = []
  /// Objective entries currently at each level.
  var levelEntries: ContiguousArray<Int32> = []
  /// Level ids sorted by priority ascending, for lookup by binary search.
  var levelsByPriority: ContiguousArray<Int32> = []
  /// Objective entries pool: linked lists, one per symbol, sorted by level priority
  /// descending. One array of entries rather than one per field, so a step along a list
  /// reads one cache line.
  var entries: ContiguousArray<ObjectiveEntry> = []
  var freeEntry: Int32 = -1
  /// The length of the free list from `freeEntry`.
  var freeEntryCount = 0
  /// Scratch for the priority vector of the symbol a pivot is substituting, while it is
  /// merged into the vectors of the pivot row's symbols (Tableau+Pivot.swift).
  var substitutedVector: ContiguousArray<ObjectiveEntry> = []
  var enteringCandidates = EnteringHeap()
  /// The basic symbol of the row whose objective contribution is deferred, or -1; the
  /// deferred vector, a list in the entry pool (not counted in `levelEntries`); the
  /// shortest row a dual pivot defers on (Tableau+DeferredObjective.swift; tests lower it
  /// to exercise the deferral on small systems).
  var deferredBasic: Int32 = -1
  var deferredHead: Int32 = -1
  var deferredObjectiveMinimumRow = 256
  /// Dual pivots whose objective update was deferred or moved instead of written out
  /// (deterministic, for tests).
  var deferredObjectivePivots = 0
  /// Whether the dual simplex may pivot within a row (Tableau+LocalPivots.swift; tests
  /// turn it off for a twin that always pivots the general way), and how many such pivots
  /// it has made (deterministic, for tests).
  var pivotsWithinRows = true
  var rowLocalPivots = 0
  /// Flips left in their infeasible rows until something needs them made
  /// (Tableau+HeldFlips.swift; each such row names its partner, `Row.heldPartner`): how
  /// many rows name one, whether flips are held (tests turn it off for a twin that makes
  /// them at once), and how many were held and how many of those later made
  /// (deterministic, for tests).
  var heldRows = 0
  var holdsFlips = true
  var heldFlipCount = 0
  var settledFlipCount = 0
  /// Remembered marker columns (Tableau+ShiftColumns.swift): the two columns, the one
  /// used last, the versions their halves are checked against, the shortest column worth
  /// remembering (1 where invariants are checked, so that every test's small systems
  /// exercise them; tests also set it), and how many shifts read a remembered C_S or C_U
  /// half that lists rows (deterministic, for tests).
  var shiftColumns = (ShiftColumn(), ShiftColumn())
  var lastShiftColumn = 1
  var shapeVersion: UInt64 = 1
  var structureVersion: UInt64 = 1
  var shiftColumnMinimumLength = Tableau.checksInvariants ? 1 : Tableau.rememberedColumnMinimumLength
  var rememberedRestrictedShifts = 0
  var rememberedUnrestrictedShifts = 0

  // MARK: Dual simplex, phase one, rollback

  var infeasibleRows = SymbolQueue()
  var collectsInfeasibleRows = false
  /// Phase-one objective (minimise the artificial symbol); `basic` is unused.
  var artificialObjective = Row()
  var phaseOneActive = false
  /// Pivots made since `beginUndoLog()`, as (entering, leaving) pairs.
  var undoLog: [(entering: Int32, leaving: Int32)] = []
  var recordsPivots = false

  // MARK: Scratch buffers (reused so steady state allocates nothing)

  /// Where a merge writes before copying into its row (Tableau+Storage.swift).
  var mergeCells = RowCells()
  /// The row being pivoted on, or built: swapped with a row's cells (Tableau+Pivot.swift).
  var pivotCells = RowCells()
  /// Views of `pivotCells` (valid until it is resized or swapped).
  @inline(__always)
  var pivotSymbols: UnsafeMutableBufferPointer<Int32> { pivotCells.symbols }
  @inline(__always)
  var pivotCoefficients: UnsafeMutableBufferPointer<Double> { pivotCells.coefficients }
  var pivotConstant = 0.0
  /// A merge's edits to a long row, applied in one pass (Tableau+Storage.swift).
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

  var work = SolverCounters()
  var liveSymbols = 0
  var liveRows = 0

}

extension Tableau {
  /// An empty tableau running the accelerations `tuning` switches on: each switched off
  /// has its threshold set where it never triggers, or its branch skipped.
  init(tuning: Tuning) {
    self.init()
    self.tuning = tuning
    if !tuning.localPivots { pivotsWithinRows = false }
    if !tuning.heldFlips { holdsFlips = false }
    if !tuning.deferredObjective { deferredObjectiveMinimumRow = .max }
    if !tuning.shiftColumns { shiftColumnMinimumLength = .max }
    if !tuning.phaseOneSetAside { setAsideMinimumBatch = .max }
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

/// A constraint of a batch whose row needed phase one when it was first reduced.
struct DeferredRow {
  var batchIndex: Int32
  var length: Int32
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
