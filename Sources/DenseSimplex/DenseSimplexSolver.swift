import LayoutModel

/// A `LinearSolver` that keeps the constraint list and re-solves from scratch on a dense
/// tableau whenever a solve is asked for: the reference the incremental solver is checked
/// against, and the "dense" end of the sparse-versus-dense contrast.
///
/// Each solve builds one flat row-major tableau (rows: constraints and edits; columns:
/// variables, each row's slack and error columns, artificials, right-hand side), runs
/// phase one on the artificials, then minimises the optional levels lexicographically:
/// the highest priority level first; once it is optimal, every nonbasic column whose
/// reduced cost there is positive is locked at zero, so lower levels can never trade
/// against it (formats.md section 1). Pricing is Dantzig's rule with a fallback to
/// Bland's rule after a run of degenerate pivots (`DenseTableau.optimize`).
///
/// Refusals happen where the incremental solver has them: an add or constant change that
/// makes the required constraints infeasible is refused at once, after a phase-one test
/// of the required constraints, and named with the conflicting set (the rows whose phase
/// one multipliers are non-zero). A batch add runs one test for the whole batch.
///
/// Systems whose tableau would exceed `memoryLimit` bytes are refused with `limitExceeded`
/// before any allocation.
public final class DenseSimplexSolver: LinearSolver {
  public static let backendName = "dense-simplex"

  /// The default memory limit, 1 GiB, or `LAYOUTBENCH_DENSE_MEMORY_LIMIT` (bytes; a
  /// suffix K, M or G multiplies by 2^10, 2^20, 2^30) when set.
  public static var defaultMemoryLimit: Int {
    MemoryLimit.fromEnvironment ?? (1 << 30)
  }

  /// A limit in words: `1 GiB`, `300 MiB`.
  public static func describeMemoryLimit(_ bytes: Int) -> String { MemoryLimit.describe(bytes) }

  /// Tableaux larger than this many bytes are refused.
  public let memoryLimit: Int

  // The model, by id.
  var constraints: [Constraint?] = []
  var edits: [EditEntry?] = []
  /// Insertion order of present constraints and edits, so rows come in a fixed order.
  var sequenceOfConstraint: [Int] = []
  var nextSequence = 0

  var values: [Double] = []
  var fixedAtOptimum: [Bool] = []
  var needsSolve = false
  /// The largest constant and coefficient ratio given, for the accuracy contract's joint
  /// bound (never shrinks).
  var magnitudes = MagnitudeRecord()
  var work = SolverCounters()
  /// Statistics of the last full solve.
  public internal(set) var lastSolve: DenseSolveStatistics?

  public init(memoryLimit: Int = DenseSimplexSolver.defaultMemoryLimit) {
    self.memoryLimit = memoryLimit
  }

  struct EditEntry {
    var priority: Priority
    /// The edit holds its variable at this value: the last suggestion, or the value when
    /// it was added.
    var target: Double
    var sequence: Int
  }

  // MARK: Changing the system

  /// Adds a constraint. A required one is first tested for feasibility with the present
  /// required constraints (one phase one).
  /// - Complexity: O(1) for an optional constraint; one dense phase one for a required one.
  /// - Throws: `duplicateConstraint`, `invalidPriority`, `nonFiniteCoefficient`,
  ///   `nonFiniteConstant`, an accuracy refusal (`coefficientOutOfRange`,
  ///   `coefficientSpreadOutOfRange`, `constantOutOfRange`, `illConditioned`),
  ///   `unsatisfiable` (with the conflicting set), `limitExceeded`.
  public func add(_ constraint: Constraint) throws(SolverError) {
    try add(contentsOf: [constraint])
  }

  /// Adds constraints all-or-nothing with one feasibility test for the batch; when it
  /// fails, bisection finds the first constraint that cannot be added after those before
  /// it (log₂ n more tests).
  /// - Throws: as ``add(_:)``, for the first constraint in order that cannot be added.
  public func add(contentsOf batch: [Constraint]) throws(SolverError) {
    for (k, constraint) in batch.enumerated() {
      if contains(constraint.id) || batch[..<k].contains(where: { $0.id == constraint.id }) {
        throw .duplicateConstraint(constraint.id)
      }
      if let error = constraint.validationError() { throw error }
      // Recorded before the batch is known to go in: the record only errs on the side of
      // refusing.
      if let error = magnitudes.admit(constraint) { throw error }
    }
    let required = batch.filter(\.priority.isRequired)
    if !required.isEmpty {
      let present = presentRequired()
      if let refusal = try firstRefusal(adding: required, to: present) { throw refusal }
    }
    for constraint in batch {
      let i = constraint.id.index
      if i >= constraints.count {
        constraints.append(contentsOf: repeatElement(nil, count: i + 1 - constraints.count))
        sequenceOfConstraint.append(contentsOf: repeatElement(0, count: i + 1 - sequenceOfConstraint.count))
      }
      constraints[i] = constraint
      sequenceOfConstraint[i] = nextSequence
      nextSequence += 1
    }
    needsSolve = true
  }

  /// - Complexity: O(1).
  /// - Throws: `unknownConstraint`.
  public func remove(_ id: ConstraintID) throws(SolverError) {
    guard contains(id) else { throw .unknownConstraint(id) }
    constraints[id.index] = nil
    needsSolve = true
  }

  public func contains(_ id: ConstraintID) -> Bool {
    id.index < constraints.count && constraints[id.index] != nil
  }

  /// Replaces a constraint's constant; for a required constraint, after a phase-one test.
  /// - Throws: `unknownConstraint`, `nonFiniteConstant`, `constantOutOfRange`,
  ///   `illConditioned`, `unsatisfiable` (the old constant
  ///   stays), `limitExceeded`.
  public func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    guard contains(id), var changed = constraints[id.index] else { throw .unknownConstraint(id) }
    guard constant.isFinite else { throw .nonFiniteConstant(id) }
    if let error = AccuracyContract.violation(constant: constant, of: id) { throw error }
    if let error = magnitudes.admit(constant: constant, of: id) { throw error }
    changed.expression.constant = constant
    if changed.priority.isRequired {
      let others = presentRequired().filter { $0.id != id }
      if let refusal = try firstRefusal(adding: [changed], to: others) { throw refusal }
    }
    constraints[id.index] = changed
    needsSolve = true
  }

  /// - Throws: `unknownConstraint`, `invalidPriority`, `requiredPriorityChange`.
  public func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    guard contains(id), var changed = constraints[id.index] else { throw .unknownConstraint(id) }
    guard priority.isValid else { throw .invalidPriority(id, priority.value) }
    if changed.priority.isRequired != priority.isRequired { throw .requiredPriorityChange(id) }
    if changed.priority == priority { return }
    changed.priority = priority
    constraints[id.index] = changed
    needsSolve = true
  }

  /// Makes `variable` an edit variable held at its current value (solving first if the
  /// system changed since the last solve).
  /// - Throws: `invalidEditPriority`, `requiredEditPriority`, `duplicateEditVariable`,
  ///   `limitExceeded`.
  public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    guard priority.isValid else { throw .invalidEditPriority(variable, priority.value) }
    guard !priority.isRequired else { throw .requiredEditPriority(variable) }
    guard !hasEditVariable(variable) else { throw .duplicateEditVariable(variable) }
    try solve()
    let current = value(of: variable)
    if variable.index >= edits.count {
      edits.append(contentsOf: repeatElement(nil, count: variable.index + 1 - edits.count))
    }
    edits[variable.index] = EditEntry(priority: priority, target: current, sequence: nextSequence)
    nextSequence += 1
    needsSolve = true
  }

  /// - Throws: `unknownEditVariable`.
  public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    edits[variable.index] = nil
    needsSolve = true
  }

  public func hasEditVariable(_ variable: VariableID) -> Bool {
    variable.index < edits.count && edits[variable.index] != nil
  }

  /// - Throws: `unknownEditVariable`, `nonFiniteSuggestion`, `suggestionOutOfRange`,
  ///   `illConditionedSuggestion`.
  public func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    guard hasEditVariable(variable) else { throw .unknownEditVariable(variable) }
    guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
    if let error = AccuracyContract.violation(suggestion: value, for: variable) { throw error }
    if let error = magnitudes.admit(suggestion: value, for: variable) { throw error }
    edits[variable.index]?.target = value
    needsSolve = true
  }

  // MARK: Solving and reading

  /// Re-solves from scratch if anything changed since the last solve.
  /// - Complexity: O(pivots · rows · columns) on the dense tableau.
  /// - Throws: `limitExceeded` when the tableau would exceed `memoryLimit`;
  ///   `internalInconsistency` on a numerical failure.
  public func solve() throws(SolverError) {
    guard needsSolve else { return }
    (values, fixedAtOptimum) = try solveFromScratch()
    needsSolve = false
  }

  /// From the last solve's final tableau: the variable's row holds only locked columns
  /// (artificials, and columns whose reduced cost was positive at some level). O(1).
  public func isFixedAtOptimum(_ variable: VariableID) -> Bool {
    variable.index < fixedAtOptimum.count && fixedAtOptimum[variable.index]
  }

  /// The variable's value as of the last ``solve()``.
  public func value(of variable: VariableID) -> Double {
    variable.index < values.count ? values[variable.index] : 0
  }

  public var counters: SolverCounters { work }

  // MARK: Model helpers

  func presentRequired() -> [Constraint] {
    presentConstraintsInOrder().filter(\.priority.isRequired)
  }

  /// Present constraints in insertion order. O(n log n).
  func presentConstraintsInOrder() -> [Constraint] {
    var present: [(Int, Constraint)] = []
    for (i, constraint) in constraints.enumerated() {
      if let constraint { present.append((sequenceOfConstraint[i], constraint)) }
    }
    present.sort { $0.0 < $1.0 }
    return present.map(\.1)
  }
}

/// What the last full dense solve cost: the figures behind its memory bandwidth.
public struct DenseSolveStatistics: Hashable, Sendable {
  public var rows: Int
  /// Columns including the right-hand side.
  public var columns: Int
  public var tableauBytes: Int
  public var pivots: Int
  /// Cells written by pivots and objective loads; about 16 bytes of memory traffic each.
  public var cellsUpdated: Int
  /// Bytes moved by the solve's row updates, estimated as 16 per updated cell (read and
  /// write of the target; the pivot row stays in cache).
  public var bytesMoved: Int { cellsUpdated * 16 }
}
