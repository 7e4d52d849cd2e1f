import LayoutModel

/// A `layoutbench.constraints/1` file (formats.md section 1) in memory: the initial
/// constraints, the edit variables and the steps, with every name mapped to a dense id.
///
/// `VariableID(i)` is `variableNames[i]`, in order of first appearance in the file
/// (constraints, then edits, then steps). `ConstraintID(i)` is `constraintNames[i]`, also
/// in order of first appearance; a constraint removed and added again under the same name
/// keeps its id.
public struct ConstraintSystemDocument: Hashable, Sendable {
  public var variableNames: [String]
  public var constraintNames: [String]
  public var constraints: [Constraint]
  public var edits: [EditDeclaration]
  public var steps: [Step]
  /// Extension (docs/interchange.md): the generated workload this system was exported
  /// from, if any.
  public var workload: WorkloadInfo?
  /// Extension (docs/interchange.md): the steps grouped into measured operations (for an
  /// exported scene, the steps each scene operation became), consecutive and covering
  /// every step; nil when the file gives none.
  public var operations: [MeasuredOperation]?

  public init(
    variableNames: [String], constraintNames: [String], constraints: [Constraint],
    edits: [EditDeclaration] = [], steps: [Step] = [], workload: WorkloadInfo? = nil,
    operations: [MeasuredOperation]? = nil
  ) {
    self.variableNames = variableNames
    self.constraintNames = constraintNames
    self.constraints = constraints
    self.edits = edits
    self.steps = steps
    self.workload = workload
    self.operations = operations
  }

  /// An edit variable declaration: `variable == suggested value` at `priority` (< 1000).
  public struct EditDeclaration: Hashable, Sendable {
    public var variable: VariableID
    public var priority: Priority
    public init(variable: VariableID, priority: Priority) {
      self.variable = variable
      self.priority = priority
    }
  }

  /// One step, applied in order after the initial solve. Entries within a step keep the
  /// file's order.
  public enum Step: Hashable, Sendable {
    case suggest([(VariableID, Double)])
    case setConstant([(ConstraintID, Double)])
    case setPriority([(ConstraintID, Priority)])
    case remove([ConstraintID])
    /// All-or-nothing: if one constraint cannot be added, none is.
    case add([Constraint])

    public static func == (lhs: Step, rhs: Step) -> Bool {
      switch (lhs, rhs) {
      case (.suggest(let a), .suggest(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      case (.setConstant(let a), .setConstant(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      case (.setPriority(let a), .setPriority(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      case (.remove(let a), .remove(let b)): a == b
      case (.add(let a), .add(let b)): a == b
      default: false
      }
    }

    public func hash(into hasher: inout Hasher) {
      switch self {
      case .suggest(let a):
        hasher.combine(0)
        for (v, x) in a { hasher.combine(v); hasher.combine(x) }
      case .setConstant(let a):
        hasher.combine(1)
        for (c, x) in a { hasher.combine(c); hasher.combine(x) }
      case .setPriority(let a):
        hasher.combine(2)
        for (c, p) in a { hasher.combine(c); hasher.combine(p) }
      case .remove(let a):
        hasher.combine(3)
        hasher.combine(a)
      case .add(let a):
        hasher.combine(4)
        hasher.combine(a)
      }
    }
  }
}

extension ConstraintSystemDocument: SolverNaming {
  public func name(of constraint: ConstraintID) -> String {
    constraint.index < constraintNames.count ? constraintNames[constraint.index] : constraint.description
  }
  public func name(of variable: VariableID) -> String {
    variable.index < variableNames.count ? variableNames[variable.index] : variable.description
  }
}
