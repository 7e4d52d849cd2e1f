import LayoutModel

/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001) with strictly
/// lexicographic priorities.
///
/// The tableau is kept in basic feasible solved form: every row expresses one basic
/// symbol in terms of parametric (non-basic) symbols, restricted rows have non-negative
/// constants, and after every public call the objective is optimal, so values are read
/// straight from row constants in O(1).
///
/// Design (docs/algorithm.md and docs/accelerations.md have the long form):
/// * Rows are sorted sparse parallel arrays (`Int32` symbols, `Double` coefficients);
///   symbols, variables and constraints are dense integer ids with their facts in arrays.
///   A column index (rows per symbol) lets a substitution touch only the rows that contain
///   the symbol instead of scanning the tableau.
/// * Priorities are levels, not weights. Each parametric symbol carries its objective
///   coefficients as a short *priority vector* sorted from the highest level down, with
///   zeros pruned; a symbol may enter when the first entry of its vector is negative. A heap
///   ordered by (level, symbol id) yields the entering symbol: Bland's rule, level by level,
///   so pivoting is deterministic and cannot cycle.
/// * Constant changes and edit suggestions shift the constraint's marker (marker plus
///   delta) and restore feasibility with the dual simplex.
/// * A failing call is rolled back exactly: the pivots it made are undone in reverse.
///
/// Not thread-safe: one solver belongs to one thread at a time.
public final class CassowarySolver: LinearSolver {
  public static let backendName = "cassowary"

  var tableau: Tableau

  /// A solver running the accelerations `tuning` switches on (all by default; `.core`
  /// for the core alone, docs/accelerations.md). O(1).
  public init(tuning: Tuning = .default) { tableau = Tableau(tuning: tuning) }

  /// The accelerations this solver runs.
  public var tuning: Tuning { tableau.tuning }

  // MARK: Changing the system

  /// Adds a constraint and re-optimizes.
  ///
  /// The constraint's row is built with every basic variable substituted, then solved for
  /// a subject: an unrestricted variable if the row has one (the one occurring in the
  /// fewest rows, which limits fill-in), else its own new slack or error; failing that,
  /// phase one with an artificial variable decides feasibility.
  /// - Complexity: O(row length + Σ lengths of the rows the subject occurs in) plus the
  ///   pivots of re-optimization.
  /// - Throws: `duplicateConstraint`, `invalidPriority`, `nonFiniteCoefficient`,
  ///   `nonFiniteConstant`, an accuracy refusal (`coefficientOutOfRange`,
  ///   `coefficientSpreadOutOfRange`, `constantOutOfRange`, `illConditioned`:
  ///   ``AccuracyContract``), or `unsatisfiable` naming the present required constraints it
  ///   conflicts with; the solver is then exactly as before the call.
  public func add(_ constraint: Constraint) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.add(constraint)
  }

  /// Adds constraints in order, then re-optimizes once (see `add(_:)` for each row). In a
  /// bulk batch (at least as many constraints as the solver has rows, and at least 256:
  /// shorter chains gain little and can cost phase one more pivots) the required rows
  /// that would need phase one enter after the others, shortest first: they close chains,
  /// and entered early each would be substituted into every later row of the chain.
  /// - Complexity: the rows' entry as in `add(_:)`, plus one optimisation.
  /// - Throws: as `add(_:)`, for the first constraint that cannot be added after those
  ///   entered before it (its `conflicts` may name constraints of the batch); validation
  ///   errors come in the batch's order. The constraints of the batch are then removed
  ///   again, and the solver holds what it held before.
  public func add(contentsOf constraints: [Constraint]) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.add(contentsOf: constraints)
  }

  /// Removes a constraint and re-optimizes: its errors leave the objective, its marker is
  /// made basic on the row that keeps every restricted row feasible, and that row is
  /// dropped.
  /// - Complexity: one pivot's substitution plus the pivots of re-optimization.
  /// - Throws: `unknownConstraint`.
  public func remove(_ id: ConstraintID) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.remove(id)
  }

  /// Removes constraints as `remove(_:)` does, then re-optimizes once.
  /// - Complexity: each marker's pivot as in `remove(_:)`, plus one optimisation;
  ///   allocates nothing beyond what the pivots grow.
  /// - Throws: `unknownConstraint` for the first id absent or named twice; nothing is
  ///   removed then.
  public func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    try tableau.settle(for: .checkedBatch)
    try tableau.remove(contentsOf: ids)
  }

  /// Removes `ids`, then adds `constraints`, re-optimising once. An addition that repeats
  /// a removed constraint unchanged (expression, constant, relation, priority) takes over
  /// its rows and symbols under the new id instead of the removal pivoting them out and
  /// the addition entering them again (Accelerations/Renaming.swift): a rebuild, or a stack that
  /// regenerates its constraints, keeps what did not change.
  /// - Complexity: O(1) per renamed pair; O(terms) per other constraint for the pairing,
  ///   plus `remove(contentsOf:)` and `add(contentsOf:)` of the rest.
  /// - Throws: `unknownConstraint` for the first id absent or named twice (nothing
  ///   changes); else as `add(contentsOf:)`, with the removals made and none of
  ///   `constraints` present.
  public func replace(removing ids: [ConstraintID], adding constraints: [Constraint]) throws(SolverError) {
    try tableau.settle(for: .checkedBatch)
    try tableau.replace(removing: ids, adding: constraints)
  }

  /// Replaces a constraint's constant in place: its marker absorbs the change and the dual
  /// simplex restores feasibility.
  ///
  /// An optional inequality that shares a row (docs/accelerations.md, "Shared rows") holds
  /// its new constant until every member of the row has one: members moved together (a
  /// content size's hugging and compression resistance) then shift the row in place.
  /// The next read or other call applies what is still held: a member whose partners did
  /// not follow moves to a row of its own. A member alone whose new constant matches
  /// another row joins it.
  /// - Complexity: O(rows containing the marker) plus the dual pivots; O(members) for a
  ///   held constant; a move between rows costs a removal and an add.
  /// - Throws: `unknownConstraint`, `nonFiniteConstant`, `constantOutOfRange`,
  ///   `illConditioned`, or `unsatisfiable` when the
  ///   required constraints cannot hold with the new constant (the old one stays).
  public func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    try tableau.settle(for: .constantChange)
    try tableau.setConstant(constant, of: id)
  }

  /// Moves an optional constraint to another optional priority in place: its errors move
  /// between objective levels and the primal simplex re-optimizes.
  /// - Complexity: O(error rows) plus the pivots of re-optimization.
  /// - Throws: `unknownConstraint`, `invalidPriority`, `requiredPriorityChange`.
  public func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.setPriority(priority, of: id)
  }

  /// Makes `variable` an edit variable: the optional constraint `variable == value` at
  /// `priority`, holding it at its current value until the first suggestion.
  /// - Complexity: that of adding one constraint.
  /// - Throws: `duplicateEditVariable`, `invalidEditPriority`, `requiredEditPriority`.
  public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.addEditVariable(variable, priority: priority)
  }

  /// - Complexity: that of removing one constraint.
  /// - Throws: `unknownEditVariable`.
  public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    try tableau.settle(for: .structuralChange)
    try tableau.removeEditVariable(variable)
  }

  /// Suggests a value for an edit variable: shifts the edit's marker by the change and
  /// restores feasibility with the dual simplex. A suggestion that moves nothing across a
  /// bound costs no pivot.
  /// - Complexity: O(rows containing the edit's marker) plus the dual pivots.
  /// - Throws: `unknownEditVariable`, `nonFiniteSuggestion`, `suggestionOutOfRange`,
  ///   `illConditionedSuggestion` (nothing changes).
  public func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    try tableau.settle(for: .suggestion)
    try tableau.suggestValue(value, for: variable)
  }

  /// Every public mutation leaves the tableau optimal, except new constants held for a
  /// shared row (see `setConstant`), which this applies, as every read does.
  /// - Throws: `internalInconsistency` on a solver bug only.
  public func solve() throws(SolverError) { try tableau.settle(for: .solve) }

  /// An independent solver in this one's state: the same constraints, edit variables,
  /// basis and values, so that both go on from here as this one would (a layout keeps one
  /// to return to: ConstraintLayout+Parking.swift in Scene). Its `pivots` and
  /// `cellsTouched` start at 0: they count the copy's own work.
  /// - Complexity: O(rows + cells), one allocation per row; the other arrays are copied by
  ///   whichever solver writes them first.
  public func copy() -> CassowarySolver {
    let copy = CassowarySolver(tuning: tuning)
    copy.tableau = tableau.independentCopy()
    copy.tableau.work.pivots = 0
    copy.tableau.work.cellsTouched = 0
    return copy
  }

  // MARK: Reading

  /// The variable's value: 0 when parametric, else computed from its row and the rows it
  /// refers to. The rows of unrestricted basics are evaluated together, once after each
  /// change (O(their cells)), so reads are O(1) amortised.
  public func value(of variable: VariableID) -> Double {
    tableau.settleForReading()
    return tableau.value(of: variable)
  }

  /// Writes the values of variables `0 ..< buffer.count` into `buffer`. O(n), no allocation.
  public func writeValues(into buffer: UnsafeMutableBufferPointer<Double>) {
    tableau.settleForReading()
    tableau.writeValues(into: buffer)
  }

  /// True when the variable's row refers only to symbols pinned on the optimal face:
  /// dummies, restricted parametric symbols whose priority vector starts positive (entering
  /// one would cost at some level), and basics fixed by the same rule. Parametric variables
  /// and rows with a free or zero-cost symbol are not proven fixed. O(1) amortised: decided
  /// for every variable at once after each change.
  public func isFixedAtOptimum(_ variable: VariableID) -> Bool {
    tableau.settleForReading()
    return tableau.isFixedAtOptimum(variable)
  }

  public func contains(_ id: ConstraintID) -> Bool { tableau.contains(id) }

  public func hasEditVariable(_ variable: VariableID) -> Bool { tableau.hasEditVariable(variable) }

  /// The present constraint with this id, with its current constant and priority.
  public func constraint(_ id: ConstraintID) -> Constraint? {
    tableau.settleForReading()
    return tableau.constraint(id)
  }

  public var counters: SolverCounters {
    tableau.settleForReading()
    return tableau.counters
  }

  /// Every broken tableau invariant, described; empty when the tableau is sound (see
  /// `Tableau.invariantViolations`).
  /// - Complexity: O(cells + symbols + objective entries + Σ constraint terms).
  public func invariantViolations() -> [String] {
    tableau.settleForReading()
    return tableau.invariantViolations()
  }

  /// Whether this build checks tableau invariants after every operation
  /// (`LAYOUTBENCH_INTERNAL_CHECKS`: debug builds, and so `swift test`).
  public static var checksInvariants: Bool { Tableau.checksInvariants }
}
