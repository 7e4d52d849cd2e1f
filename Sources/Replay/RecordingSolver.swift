import LayoutModel

/// One call a ``RecordingSolver`` recorded, in the recording's ids.
public enum RecordedCall: Hashable, Sendable {
  /// One `add`, or one `add(contentsOf:)` (all constraints of the batch).
  case add([Constraint])
  case remove(ConstraintID)
  case setConstant(ConstraintID, Double)
  case setPriority(ConstraintID, Priority)
  case addEditVariable(VariableID, Priority)
  case removeEditVariable(VariableID)
  case suggestValue(VariableID, Double)
}

/// A ``LinearSolver`` that forwards every call to `base` and records each call that
/// succeeded as a `layoutbench.constraints/1` operation over names, so that whatever
/// drives it (a `ConstraintLayout`, say) can be written out as a constraint-system file and
/// replayed by other solvers (`bench export --format constraints`, ``RecordedSystem``).
///
/// A call that throws changes nothing (``LinearSolver`` rule 5), so it is not recorded.
/// `solve()` and the reading calls are forwarded and not recorded.
///
/// Names: a constraint is named by ``constraintName`` when it is added, a variable by
/// ``variableName`` when a recorded call first mentions it. Names are made unique with a
/// `#2`, `#3`, ... suffix, so no name is ever used for two constraints (or variables),
/// not even after a removal. Recorded calls use the recording's own ids: `ConstraintID(i)`
/// is ``constraintNames``[i] and `VariableID(i)` is ``variableNames``[i].
public final class RecordingSolver<Base: LinearSolver>: LinearSolver {
  public static var backendName: String { Base.backendName }

  public let base: Base
  /// Names a constraint being added, from the id the caller gives it.
  public var constraintName: (ConstraintID) -> String
  /// Names a variable the first time a recorded call mentions it.
  public var variableName: (VariableID) -> String

  /// Every successful call, in order.
  public private(set) var calls: [RecordedCall] = []
  /// By recorded `VariableID` index.
  public private(set) var variableNames: [String] = []
  /// The caller's variable behind each recorded one, by recorded `VariableID` index.
  public private(set) var baseVariables: [VariableID] = []
  /// By recorded `ConstraintID` index.
  public private(set) var constraintNames: [String] = []

  /// Recorded id of each caller variable, by its index; -1 when not yet named.
  private var recordedVariable: [Int32] = []
  /// Recorded id of the constraint present under each caller id, by its index; -1 when none.
  private var recordedConstraint: [Int32] = []
  private var usedVariableNames: Set<String> = []
  private var usedConstraintNames: Set<String> = []

  /// - Parameters:
  ///   - constraintName: defaults to the id's description (`c3`).
  ///   - variableName: defaults to the id's description (`v7`).
  public init(
    _ base: Base, constraintName: @escaping (ConstraintID) -> String = { $0.description },
    variableName: @escaping (VariableID) -> String = { $0.description }
  ) {
    self.base = base
    self.constraintName = constraintName
    self.variableName = variableName
  }

  // MARK: Recording

  /// The recorded id of a caller variable, naming it if this is its first mention.
  private func recorded(_ variable: VariableID) -> VariableID {
    if variable.index < recordedVariable.count, recordedVariable[variable.index] >= 0 {
      return VariableID(recordedVariable[variable.index])
    }
    if variable.index >= recordedVariable.count {
      recordedVariable.append(contentsOf: repeatElement(-1, count: variable.index + 1 - recordedVariable.count))
    }
    let id = VariableID(variableNames.count)
    recordedVariable[variable.index] = id.rawValue
    variableNames.append(Self.unique(variableName(variable), in: &usedVariableNames))
    baseVariables.append(variable)
    return id
  }

  /// The recorded id of the constraint present under a caller id (it must be present).
  private func recorded(_ constraint: ConstraintID) -> ConstraintID {
    ConstraintID(recordedConstraint[constraint.index])
  }

  /// Names a constraint just added under a caller id and rewrites it in recorded ids.
  private func record(added constraint: Constraint) -> Constraint {
    let id = ConstraintID(constraintNames.count)
    constraintNames.append(Self.unique(constraintName(constraint.id), in: &usedConstraintNames))
    if constraint.id.index >= recordedConstraint.count {
      recordedConstraint.append(contentsOf: repeatElement(-1, count: constraint.id.index + 1 - recordedConstraint.count))
    }
    recordedConstraint[constraint.id.index] = id.rawValue
    let terms = constraint.expression.terms.map { Term(recorded($0.variable), $0.coefficient) }
    return Constraint(
      id: id, LinearExpression(terms, constant: constraint.expression.constant), constraint.relation,
      priority: constraint.priority)
  }

  /// `name`, or `name#2`, `name#3`, ... — the first not used yet, which is then used.
  private static func unique(_ name: String, in used: inout Set<String>) -> String {
    var candidate = name
    var suffix = 2
    while used.contains(candidate) {
      candidate = "\(name)#\(suffix)"
      suffix += 1
    }
    used.insert(candidate)
    return candidate
  }

  // MARK: LinearSolver

  public func add(_ constraint: Constraint) throws(SolverError) {
    try base.add(constraint)
    calls.append(.add([record(added: constraint)]))
  }

  public func add(contentsOf constraints: [Constraint]) throws(SolverError) {
    try base.add(contentsOf: constraints)
    calls.append(.add(constraints.map(record(added:))))
  }

  public func remove(_ id: ConstraintID) throws(SolverError) {
    try base.remove(id)
    calls.append(.remove(recorded(id)))
    recordedConstraint[id.index] = -1
  }

  /// Recorded as one `remove` per id, in order; `RecordedSystem` merges them into one
  /// `remove` step, which `SystemReplay` applies as one batch again.
  public func remove(contentsOf ids: [ConstraintID]) throws(SolverError) {
    try base.remove(contentsOf: ids)
    for id in ids {
      calls.append(.remove(recorded(id)))
      recordedConstraint[id.index] = -1
    }
  }

  public func contains(_ id: ConstraintID) -> Bool { base.contains(id) }

  public func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    try base.setConstant(constant, of: id)
    calls.append(.setConstant(recorded(id), constant))
  }

  public func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    try base.setPriority(priority, of: id)
    calls.append(.setPriority(recorded(id), priority))
  }

  public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    try base.addEditVariable(variable, priority: priority)
    calls.append(.addEditVariable(recorded(variable), priority))
  }

  public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    try base.removeEditVariable(variable)
    calls.append(.removeEditVariable(recorded(variable)))
  }

  public func hasEditVariable(_ variable: VariableID) -> Bool { base.hasEditVariable(variable) }

  public func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    try base.suggestValue(value, for: variable)
    calls.append(.suggestValue(recorded(variable), value))
  }

  public func solve() throws(SolverError) { try base.solve() }

  public func value(of variable: VariableID) -> Double { base.value(of: variable) }

  public var counters: SolverCounters { base.counters }

  public func isFixedAtOptimum(_ variable: VariableID) -> Bool { base.isFixedAtOptimum(variable) }
}
