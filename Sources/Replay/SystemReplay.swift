import Interchange
import LayoutModel

/// Runs a ``ConstraintSystemDocument`` through any ``LinearSolver``: the model behind
/// `bench solve`. Generic over the solver, never existential: a caller that holds the
/// concrete type makes no existential call per solver operation (and, with
/// cross-module optimization, gets a specialized copy).
///
/// Call ``solveInitialSystem()`` once, then ``applyNextStep()`` until it returns nil (or
/// call ``run()``), timing each call if you like. The initial solve adds every edit
/// variable (held at 0, formats.md), then the initial constraints in file order; one that
/// cannot be added is skipped and its error kept in the initial state.
///
/// Steps go to the solver through a ``StepApplier``, as the measured loop's do. Every
/// step is atomic: when any part of it fails, solver and replay are put back as they were
/// before the step and the state records the error. The replay mirrors which constraints
/// are present, with their current constant and priority, and each edit variable's held
/// value (``ReplayMirror``). So it refuses up front what it can tell is wrong (an id not
/// present at that moment gives `unknownConstraint`; a duplicate add,
/// `duplicateConstraint`), and undoes the earlier entries of a step when a solver call
/// fails midway. `add` uses the all-or-nothing ``LinearSolver/add(contentsOf:)``.
///
/// Only `internalInconsistency`, `limitExceeded` and accuracy refusals
/// (`SolverError.isAccuracyRefusal`) are thrown, which end the replay: a solver that broke
/// its invariants, failed to undo or reported a non-finite value can no longer be trusted,
/// one over its limits cannot go on, and a number outside the accuracy contract has no
/// accurate answer. Every other ``SolverError`` is recorded in a state.
public struct SystemReplay<Solver: LinearSolver> {
  public let document: ConstraintSystemDocument
  /// The solver being driven; read its `counters` after the replay.
  public var solver: Solver { applier.solver }
  /// The index of the next step ``applyNextStep()`` applies; nil before the initial solve.
  public private(set) var nextStep: Int?

  let applier: StepApplier<Solver>
  /// The present constraints and held values, sized for every id the document defines.
  var mirror: ReplayMirror
  /// Scratch marks by `ConstraintID.index` for checks within one step; all false between
  /// steps.
  var marks: [Bool]

  /// O(size of the document). The solver should be new: the replay assumes it starts
  /// empty.
  public init(document: ConstraintSystemDocument, solver: Solver) {
    self.document = document
    applier = StepApplier(solver: solver)
    var constraintCount = document.constraintNames.count
    var variableCount = document.variableNames.count
    for constraint in document.constraints { constraintCount = max(constraintCount, constraint.id.index + 1) }
    for case .add(let constraints) in document.steps {
      for constraint in constraints { constraintCount = max(constraintCount, constraint.id.index + 1) }
    }
    for edit in document.edits { variableCount = max(variableCount, edit.variable.index + 1) }
    mirror = ReplayMirror(constraintCount: constraintCount, variableCount: variableCount)
    marks = Array(repeating: false, count: constraintCount)
  }

  /// Adds the edit variables and the initial constraints, solves, and returns the
  /// initial state. Call once, before any step. O(that of the solver's adds).
  /// - Throws: `internalInconsistency`, `limitExceeded` or an accuracy refusal only.
  public mutating func solveInitialSystem() throws(SolverError) -> ReplayState {
    precondition(nextStep == nil, "solveInitialSystem() runs once, before any step")
    nextStep = 0
    var skipped: [SolverError] = []
    for edit in document.edits {
      do {
        try solver.addEditVariable(edit.variable, priority: edit.priority)
        mirror.heldValues[edit.variable.index] = solver.value(of: edit.variable)
      } catch {
        try Self.rethrowIfInternal(error)
        skipped.append(error)
      }
    }
    // All at once first: a backend may test a batch with one feasibility check. Only when
    // that fails (nothing was added) one by one, to skip exactly the refused ones.
    do {
      try solver.add(contentsOf: document.constraints)
      for constraint in document.constraints { mirror.present[constraint.id.index] = constraint }
    } catch {
      try Self.rethrowIfInternal(error)
      for constraint in document.constraints {
        do {
          try solver.add(constraint)
          mirror.present[constraint.id.index] = constraint
        } catch {
          try Self.rethrowIfInternal(error)
          skipped.append(error)
        }
      }
    }
    do {
      try solver.solve()
    } catch {
      try Self.rethrowIfInternal(error)
      return ReplayState(step: nil, outcome: .failed(error), skipped: skipped)
    }
    return ReplayState(step: nil, outcome: .values(try currentValues()), skipped: skipped)
  }

  /// Applies the next step atomically and returns its state, or nil when every step has
  /// been applied. O(that of the step's solver calls, twice when it is undone).
  /// - Throws: `internalInconsistency`, `limitExceeded` or an accuracy refusal only.
  public mutating func applyNextStep() throws(SolverError) -> ReplayState? {
    guard let index = nextStep else {
      preconditionFailure("solveInitialSystem() must run before applyNextStep()")
    }
    guard index < document.steps.count else { return nil }
    nextStep = index + 1
    mirror.changes.removeAll(keepingCapacity: true)
    do {
      try apply(document.steps[index])
      try solver.solve()
    } catch {
      // A refusal under the accuracy contract ends the replay, but the solver still goes
      // back to the state before the step, as after any failed step: a caller that keeps
      // the solver must find it as it was.
      if error.isAccuracyRefusal { try undoChanges(after: error) }
      try Self.rethrowIfInternal(error)
      try undoChanges(after: error)
      return ReplayState(step: index, outcome: .failed(error))
    }
    return ReplayState(step: index, outcome: .values(try currentValues()))
  }

  /// The initial state followed by one state per step.
  /// - Throws: `internalInconsistency`, `limitExceeded` or an accuracy refusal only.
  public mutating func run() throws(SolverError) -> [ReplayState] {
    var states = [try solveInitialSystem()]
    while let state = try applyNextStep() { states.append(state) }
    return states
  }

  /// Errors that end a replay rather than being recorded in a state: a broken solver
  /// (`internalInconsistency`), a backend that cannot hold the system at all
  /// (`limitExceeded`), and a number outside the accuracy contract, which no later state
  /// could be trusted after (`SolverError.isAccuracyRefusal`).
  static func rethrowIfInternal(_ error: SolverError) throws(SolverError) {
    switch error {
    case .internalInconsistency, .limitExceeded: throw error
    default: if error.isAccuracyRefusal { throw error }
    }
  }

  /// Checks a state's answer against the present system before anyone prints it: every
  /// required constraint holds within `Tolerance.residual` and every value lies within
  /// the accuracy contract. Neither holds for a system too ill-conditioned for doubles
  /// (a chain of multipliers that no per-number bound sees), and a wrong answer must not
  /// pass for a right one. Kept out of ``applyNextStep()`` so that timing a step does not
  /// time the check. O(Σ terms of the present system).
  /// - Throws: `inaccurate` naming the first unmet required constraint, or
  ///   `valueOutOfRange` naming the first variable beyond the contract.
  public func verify(_ state: ReplayState) throws(SolverError) {
    guard case .values(let values) = state.outcome else { return }
    for (index, value) in values.enumerated() {
      if let error = AccuracyContract.valueViolation(value, of: VariableID(index)) { throw error }
    }
    let valueOf = { (v: VariableID) in v.index < values.count ? values[v.index] : 0 }
    if let error = AccuracyContract.residualViolation(in: currentSystem(), valueOf) { throw error }
  }

  /// The value of every variable of the document. O(variables).
  /// - Throws: `internalInconsistency` for a NaN or infinite value, which no valid
  ///   system has and which the output format cannot hold.
  private func currentValues() throws(SolverError) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(document.variableNames.count)
    for index in document.variableNames.indices {
      let value = solver.value(of: VariableID(index))
      guard value.isFinite else {
        throw .internalInconsistency(
          "the backend reports the value \(value) for variable '\(document.variableNames[index])'")
      }
      values.append(value)
    }
    return values
  }
}
