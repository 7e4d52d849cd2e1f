import Interchange
import LayoutModel

/// Applies the steps of a constraint-system trace (`layoutbench.constraints/1`) to a
/// ``LinearSolver``: the one place that turns a step into solver calls, for the replay
/// behind `bench solve` (``SystemReplay``, which checks each step first and undoes a failed
/// one) and for the measured loop of `bench run --driver system`, which times exactly these
/// calls.
///
/// A step becomes these calls, in the step's order:
/// * `suggest`: `suggestValue` per entry;
/// * `setConstant`: `setConstant` per entry (in place, the incremental fast path);
/// * `setPriority`: `setPriority` per entry;
/// * `remove`: one `remove(contentsOf:)` (one re-optimisation per step, as
///   `ConstraintLayout` removes);
/// * `add`: one `add(contentsOf:)` (all or nothing).
///
/// Generic over the solver and the observer, never existential, and inlinable: a caller
/// that holds the concrete solver type gets a specialised copy with no protocol witness
/// call, closure or allocation of its own per step.
public struct StepApplier<Solver: LinearSolver> {
  /// The solver the steps are applied to.
  public let solver: Solver

  @inlinable
  public init(solver: Solver) {
    self.solver = solver
  }

  /// Applies `step`. O(that of its solver calls).
  /// - Throws: the error of the first call that fails; the entries before it stay applied.
  @inlinable @inline(__always)
  public func apply(_ step: ConstraintSystemDocument.Step) throws(SolverError) {
    var observer = NoStepObserver()
    try apply(step, reportingTo: &observer)
  }

  /// Applies `step`, reporting each call that succeeded to `observer` as soon as it
  /// returns. O(that of its solver calls and reports).
  /// - Throws: the error of the first call that fails; the entries before it stay applied
  ///   and were reported, that one and those after it were not.
  @inlinable @inline(__always)
  public func apply<Observer: StepObserver>(
    _ step: ConstraintSystemDocument.Step, reportingTo observer: inout Observer
  ) throws(SolverError) {
    switch step {
    case .suggest(let entries):
      for (variable, value) in entries {
        try solver.suggestValue(value, for: variable)
        observer.suggested(value, for: variable)
      }
    case .setConstant(let entries):
      for (id, constant) in entries {
        try solver.setConstant(constant, of: id)
        observer.changedConstant(of: id, to: constant)
      }
    case .setPriority(let entries):
      for (id, priority) in entries {
        try solver.setPriority(priority, of: id)
        observer.changedPriority(of: id, to: priority)
      }
    case .remove(let ids):
      try solver.remove(contentsOf: ids)
      observer.removed(ids)
    case .add(let constraints):
      try solver.add(contentsOf: constraints)
      observer.added(constraints)
    }
  }
}
