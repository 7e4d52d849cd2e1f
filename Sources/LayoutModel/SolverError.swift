/// Everything a ``LinearSolver`` operation can refuse, each case naming what is at fault.
///
/// Every case leaves the solver in the state it was in before the failed call, so a caller
/// can report the error and carry on. Payloads carry ids; ``message(names:)`` renders them
/// with the caller's names (file ids, scene anchors).
public enum SolverError: Error, Hashable, Sendable {
  /// The required constraint `constraint` cannot hold together with the present required
  /// constraints `conflicts` (an explanation derived from the tableau: these constraints,
  /// combined linearly, contradict `constraint`). Thrown by adds and by constant changes.
  case unsatisfiable(ConstraintID, conflicts: [ConstraintID])
  /// A constraint with this id is already present.
  case duplicateConstraint(ConstraintID)
  /// No constraint with this id is present.
  case unknownConstraint(ConstraintID)
  /// The variable already is an edit variable.
  case duplicateEditVariable(VariableID)
  /// The variable is not an edit variable.
  case unknownEditVariable(VariableID)
  /// Edit variables must be optional (priority below 1000), as in kiwi and UIKit.
  case requiredEditPriority(VariableID)
  /// A constraint's priority is not a finite number in (0, 1000].
  case invalidPriority(ConstraintID, Double)
  /// An edit variable's priority is not a finite number in (0, 1000).
  case invalidEditPriority(VariableID, Double)
  /// `setPriority` would move a constraint between required and optional, which UIKit
  /// forbids for an active constraint and formats.md forbids too.
  case requiredPriorityChange(ConstraintID)
  /// A coefficient of `variable` in `constraint` is NaN or infinite.
  case nonFiniteCoefficient(ConstraintID, VariableID)
  /// The constant of `constraint` (or a new constant for it) is NaN or infinite.
  case nonFiniteConstant(ConstraintID)
  /// A suggested value for an edit variable is NaN or infinite.
  case nonFiniteSuggestion(VariableID)
  /// The backend refuses the system because it would exceed a configured limit
  /// (e.g. a dense tableau over its memory budget).
  case limitExceeded(String)
  /// The solver detected a broken internal invariant. This is a bug, never bad input.
  case internalInconsistency(String)
}

/// Names for ids, so messages say `gap1` rather than `c7`.
public protocol SolverNaming {
  func name(of constraint: ConstraintID) -> String
  func name(of variable: VariableID) -> String
}

/// The fallback naming: `c7`, `v3`.
public struct NumericNaming: SolverNaming, Sendable {
  public init() {}
  public func name(of constraint: ConstraintID) -> String { constraint.description }
  public func name(of variable: VariableID) -> String { variable.description }
}

extension SolverError: CustomStringConvertible {
  public var description: String { message(names: NumericNaming()) }

  /// A short machine-readable kind, used as `error.kind` in output files.
  public var kind: String {
    switch self {
    case .unsatisfiable: "unsatisfiable"
    case .duplicateConstraint: "duplicateConstraint"
    case .unknownConstraint: "unknownConstraint"
    case .duplicateEditVariable: "duplicateEditVariable"
    case .unknownEditVariable: "unknownEditVariable"
    case .requiredEditPriority: "requiredEditPriority"
    case .invalidPriority: "invalidPriority"
    case .invalidEditPriority: "invalidEditPriority"
    case .requiredPriorityChange: "requiredPriorityChange"
    case .nonFiniteCoefficient: "nonFiniteCoefficient"
    case .nonFiniteConstant: "nonFiniteConstant"
    case .nonFiniteSuggestion: "nonFiniteSuggestion"
    case .limitExceeded: "limitExceeded"
    case .internalInconsistency: "internalInconsistency"
    }
  }

  /// A sentence that names every constraint and variable involved.
  public func message(names: some SolverNaming) -> String {
    switch self {
    case .unsatisfiable(let constraint, let conflicts):
      let name = names.name(of: constraint)
      if conflicts.isEmpty {
        return "required constraint '\(name)' cannot be satisfied on its own"
      }
      let list = conflicts.map { "'\(names.name(of: $0))'" }.joined(separator: ", ")
      return "required constraint '\(name)' conflicts with \(list)"
    case .duplicateConstraint(let id):
      return "constraint '\(names.name(of: id))' is already present"
    case .unknownConstraint(let id):
      return "no constraint '\(names.name(of: id))' is present"
    case .duplicateEditVariable(let v):
      return "variable '\(names.name(of: v))' already is an edit variable"
    case .unknownEditVariable(let v):
      return "variable '\(names.name(of: v))' is not an edit variable"
    case .requiredEditPriority(let v):
      return "edit variable '\(names.name(of: v))' must have an optional priority (below 1000)"
    case .invalidPriority(let id, let value):
      return "constraint '\(names.name(of: id))' has priority \(value); expected a number in (0, 1000]"
    case .invalidEditPriority(let v, let value):
      return "edit variable '\(names.name(of: v))' has priority \(value); expected a number in (0, 1000)"
    case .requiredPriorityChange(let id):
      return "priority of constraint '\(names.name(of: id))' cannot move between required and optional"
    case .nonFiniteCoefficient(let id, let v):
      return "constraint '\(names.name(of: id))' has a NaN or infinite coefficient for '\(names.name(of: v))'"
    case .nonFiniteConstant(let id):
      return "constraint '\(names.name(of: id))' has a NaN or infinite constant"
    case .nonFiniteSuggestion(let v):
      return "suggested value for '\(names.name(of: v))' is NaN or infinite"
    case .limitExceeded(let why):
      return why
    case .internalInconsistency(let why):
      return "internal solver error: \(why)"
    }
  }
}
