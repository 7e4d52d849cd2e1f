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
  /// A coefficient of `variable` in `constraint` lies outside the accuracy contract
  /// (``AccuracyContract``: nonzero magnitudes within its coefficient range).
  case coefficientOutOfRange(ConstraintID, VariableID, Double)
  /// The nonzero coefficients of `constraint` span more than the accuracy contract's
  /// largest ratio: `smallest` and `largest` are the terms at either end.
  case coefficientSpreadOutOfRange(ConstraintID, smallest: Term, largest: Term)
  /// The constant of `constraint` (or a new constant for it) lies outside the accuracy
  /// contract.
  case constantOutOfRange(ConstraintID, Double)
  /// A suggested value for an edit variable lies outside the accuracy contract.
  case suggestionOutOfRange(VariableID, Double)
  /// With `constraint` (or its new constant), the solver's largest constant and largest
  /// coefficient ratio within a constraint would pass the accuracy contract's joint bound
  /// (``AccuracyContract/largestConditioning``); the figures are those it would reach.
  case illConditioned(ConstraintID, largestConstant: Double, largestRatio: Double)
  /// As ``illConditioned(_:largestConstant:largestRatio:)``, for a suggested value.
  case illConditionedSuggestion(VariableID, largestConstant: Double, largestRatio: Double)
  /// After solving, the required constraint is unmet beyond ``Tolerance/residual``: the
  /// system is too ill-conditioned for doubles, and the answer is withheld.
  case inaccurate(ConstraintID, residual: Double)
  /// After solving, a variable's value lies beyond the accuracy contract's largest value,
  /// where the residual tolerance no longer tells an answer from rounding.
  case valueOutOfRange(VariableID, Double)
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

extension SolverError {
  /// Whether this is a refusal under the accuracy contract (``AccuracyContract``): a
  /// number outside it, or an answer that could not be computed accurately. A replay
  /// that meets one stops (`bench`: exit status 3) rather than print a doubtful answer.
  public var isAccuracyRefusal: Bool {
    switch self {
    case .coefficientOutOfRange, .coefficientSpreadOutOfRange, .constantOutOfRange, .suggestionOutOfRange, .illConditioned,
      .illConditionedSuggestion, .inaccurate, .valueOutOfRange:
      true
    default: false
    }
  }
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
    case .coefficientOutOfRange: "coefficientOutOfRange"
    case .coefficientSpreadOutOfRange: "coefficientSpreadOutOfRange"
    case .constantOutOfRange: "constantOutOfRange"
    case .suggestionOutOfRange: "suggestionOutOfRange"
    case .illConditioned, .illConditionedSuggestion: "illConditioned"
    case .inaccurate: "inaccurate"
    case .valueOutOfRange: "valueOutOfRange"
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
    case .coefficientOutOfRange(let id, let v, let value):
      return "constraint '\(names.name(of: id))' has the coefficient \(value) for '\(names.name(of: v))'; "
        + "the accuracy contract takes nonzero magnitudes in \(AccuracyContract.coefficientRangeText)"
    case .coefficientSpreadOutOfRange(let id, let smallest, let largest):
      return "constraint '\(names.name(of: id))' has coefficients from \(smallest.coefficient) for "
        + "'\(names.name(of: smallest.variable))' to \(largest.coefficient) for '\(names.name(of: largest.variable))'; "
        + "the accuracy contract takes magnitudes within a factor of \(AccuracyContract.largestCoefficientRatioText) "
        + "of each other in one constraint"
    case .constantOutOfRange(let id, let value):
      return "constraint '\(names.name(of: id))' has the constant \(value); "
        + "the accuracy contract takes magnitudes up to \(AccuracyContract.largestConstantText)"
    case .suggestionOutOfRange(let v, let value):
      return "suggested value \(value) for '\(names.name(of: v))' is outside the accuracy contract "
        + "(magnitudes up to \(AccuracyContract.largestConstantText))"
    case .illConditioned(let id, let constant, let ratio):
      return "constraint '\(names.name(of: id))' would bring the system to constants up to \(constant) with "
        + "coefficients spanning \(ratio) within a constraint; the accuracy contract takes "
        + "(largest constant) × (largest ratio)² up to \(AccuracyContract.largestConditioningText)"
    case .illConditionedSuggestion(let v, let constant, let ratio):
      return "suggested value for '\(names.name(of: v))' would bring the system to constants up to \(constant) "
        + "with coefficients spanning \(ratio) within a constraint; the accuracy contract takes "
        + "(largest constant) × (largest ratio)² up to \(AccuracyContract.largestConditioningText)"
    case .inaccurate(let id, let residual):
      return "cannot answer accurately: required constraint '\(names.name(of: id))' is left unmet by \(residual) "
        + "(the system is too ill-conditioned for double precision)"
    case .valueOutOfRange(let v, let value):
      return "cannot answer accurately: '\(names.name(of: v))' would be \(value), beyond the accuracy contract's "
        + "largest value \(AccuracyContract.largestValueText)"
    case .internalInconsistency(let why):
      return "internal solver error: \(why)"
    }
  }
}
