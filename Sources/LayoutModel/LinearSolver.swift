/// The solver level: linear constraints with priorities, edit variables, incremental
/// changes and value read-out (docs/architecture.md, "Two protocols").
///
/// Semantics every conformer shares (formats.md section 1, and the differential tests rely
/// on them):
/// 1. All required constraints hold (within ``Tolerance/residual``).
/// 2. Optional constraints are ranked strictly lexicographically by priority.
/// 3. Within a level the error is the sum of absolute violations, each with weight 1.
/// 4. Among optimal solutions any one is correct, but the same one every run.
/// 5. A failing call changes nothing: the solver stays in the state before it.
///
/// Values are those of the last ``solve()``: call it after changing the system and before
/// reading. An incremental backend keeps them current after every call and makes `solve()`
/// a no-op; a from-scratch backend re-solves there. Variables never mentioned read as 0.
/// Unsatisfiable required constraints are refused by the call that adds or changes them,
/// whatever the backend, so refusals are the same everywhere.
public protocol LinearSolver: AnyObject {
  /// The backend's registry name (`cassowary`, `dense-simplex`).
  static var backendName: String { get }

  /// Adds one constraint.
  /// - Throws: `duplicateConstraint`, `invalidPriority`, `nonFiniteCoefficient`,
  ///   `nonFiniteConstant`, an accuracy refusal (`coefficientOutOfRange`,
  ///   `coefficientSpreadOutOfRange`, `constantOutOfRange`, `illConditioned`:
  ///   ``AccuracyContract``), `unsatisfiable` (required only; names the conflicting set).
  func add(_ constraint: Constraint) throws(SolverError)

  /// Adds constraints all-or-nothing: if one cannot be added, none is, and its error is
  /// thrown. A backend may check the whole batch at once (one feasibility test instead of
  /// one per constraint); the default adds them one by one and removes them again on
  /// failure.
  /// - Throws: as ``add(_:)``, for the first constraint in order that cannot be added
  ///   after those before it; its `conflicts` may name constraints of the same batch.
  func add(contentsOf constraints: [Constraint]) throws(SolverError)

  /// Removes a present constraint.
  /// - Throws: `unknownConstraint`.
  func remove(_ id: ConstraintID) throws(SolverError)

  /// Removes present constraints all-or-nothing: if one is not present (or named twice),
  /// none is removed and `unknownConstraint` names the first such id. A backend may
  /// re-optimize once for the batch instead of once per constraint; the default removes
  /// them one by one.
  /// - Throws: `unknownConstraint`.
  func remove(contentsOf ids: [ConstraintID]) throws(SolverError)

  /// Removes present constraints, then adds constraints: ``remove(contentsOf:)`` followed
  /// by ``add(contentsOf:)`` in one call, so that a backend may let an addition take the
  /// place of a removed constraint (a size-class swap deactivates one set and activates
  /// another) and re-optimize once. The default makes the two calls.
  /// - Throws: `unknownConstraint` as ``remove(contentsOf:)`` (nothing is removed or
  ///   added); else an addition's error as ``add(contentsOf:)``: the removals stand and
  ///   none of `constraints` is present, as after the two calls. (Rule 5 holds for each of
  ///   the two halves, not for the pair.)
  func replace(removing ids: [ConstraintID], adding constraints: [Constraint]) throws(SolverError)

  /// Whether a constraint with this id is present.
  func contains(_ id: ConstraintID) -> Bool

  /// Replaces the constant of a present constraint in place (no remove/add).
  /// - Throws: `unknownConstraint`, `nonFiniteConstant`, `constantOutOfRange`,
  ///   `illConditioned`, `unsatisfiable` (the old constant stays).
  func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError)

  /// Moves an optional constraint to another optional priority in place.
  /// - Throws: `unknownConstraint`, `invalidPriority`, `requiredPriorityChange`.
  func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError)

  /// Makes `variable` an edit variable held at its current value at `priority` (< 1000).
  /// - Throws: `duplicateEditVariable`, `requiredEditPriority`, `invalidEditPriority`.
  func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError)

  /// - Throws: `unknownEditVariable`.
  func removeEditVariable(_ variable: VariableID) throws(SolverError)

  func hasEditVariable(_ variable: VariableID) -> Bool

  /// Suggests a value for an edit variable and re-solves.
  /// - Throws: `unknownEditVariable`, `nonFiniteSuggestion`, `suggestionOutOfRange`,
  ///   `illConditionedSuggestion`.
  func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError)

  /// Brings values up to date for backends that defer work.
  /// - Throws: `limitExceeded` when the backend cannot hold the system (e.g. a dense
  ///   tableau over its memory budget), `internalInconsistency` on a solver bug.
  func solve() throws(SolverError)

  /// The current value of a variable (0 for one no constraint mentions).
  func value(of variable: VariableID) -> Double

  /// Writes the values of variables `0 ..< buffer.count` into `buffer`, each as
  /// ``value(of:)`` reads it: one call instead of one per variable, for reading every
  /// frame after a layout pass. The default reads them one by one.
  /// - Complexity: O(buffer.count) plus the backend's deferred evaluation; no allocation.
  func writeValues(into buffer: UnsafeMutableBufferPointer<Double>)

  /// Work counters (``SolverCounters``).
  var counters: SolverCounters { get }

  /// Whether the state of the last ``solve()`` proves that `variable` takes the same value
  /// at every optimum: true is a proof, false means "not proven" (the variable may still
  /// be fixed, e.g. behind a degenerate vertex), so a caller asking about ambiguity probes
  /// only the unproven ones. The default proves nothing.
  /// - Complexity: backend-specific; both backends here are O(terms of one row).
  func isFixedAtOptimum(_ variable: VariableID) -> Bool
}

extension LinearSolver {
  public func isFixedAtOptimum(_ variable: VariableID) -> Bool { false }

  public func writeValues(into buffer: UnsafeMutableBufferPointer<Double>) {
    for i in buffer.indices { buffer[i] = value(of: VariableID(i)) }
  }

  /// The default batch removal: checks every id first (present, not repeated), then
  /// removes them one by one. A backend failure midway (`internalInconsistency`,
  /// `limitExceeded`) leaves the ones before it removed, as `contains` then shows.
  /// - Complexity: O(ids) hashing plus the individual removals.
  /// - Throws: `unknownConstraint` for the first id absent or repeated (nothing is
  ///   removed), or the error of an individual removal.
  public func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    var seen = Set<ConstraintID>()
    seen.reserveCapacity(ids.count)
    for id in ids {
      guard contains(id), seen.insert(id).inserted else { throw .unknownConstraint(id) }
    }
    for id in ids { try remove(id) }
  }

  /// The default replacement: the two batch calls.
  /// - Complexity: theirs.
  /// - Throws: as ``remove(contentsOf:)``, then as ``add(contentsOf:)``.
  public func replace(removing ids: [ConstraintID], adding constraints: [Constraint]) throws(SolverError) {
    try remove(contentsOf: ids)
    try add(contentsOf: constraints)
  }

  /// The default batch add: one by one; if one cannot be added, the ones added before it
  /// are removed again and its error is rethrown. The constraint set is then exactly as
  /// before; where the optimum is not unique the values may be another optimum, chosen
  /// deterministically.
  /// - Complexity: that of the individual adds, plus removals on failure.
  /// - Throws: the first error of ``add(_:)``.
  public func add(contentsOf constraints: [Constraint]) throws(SolverError) {
    var added: [ConstraintID] = []
    for constraint in constraints {
      do {
        try add(constraint)
        added.append(constraint.id)
      } catch {
        for id in added.reversed() {
          // Removing what this call just added cannot fail; if it does, the solver is
          // broken and that is the error worth reporting.
          do { try remove(id) } catch let inner { throw inner }
        }
        throw error
      }
    }
  }
}
