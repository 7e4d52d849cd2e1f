import LayoutModel

/// What a ``StepApplier`` reports after each solver call of a step that succeeded, in the
/// order of the calls: a replay mirrors the system and keeps what it needs to undo the
/// step. When a call throws, nothing is reported for it or for the entries after it.
public protocol StepObserver {
  /// After `remove(contentsOf: ids)`.
  mutating func removed(_ ids: [ConstraintID])
  /// After `setConstant(constant, of: id)`.
  mutating func changedConstant(of id: ConstraintID, to constant: Double)
  /// After `setPriority(priority, of: id)`.
  mutating func changedPriority(of id: ConstraintID, to priority: Priority)
  /// After `suggestValue(value, for: variable)`.
  mutating func suggested(_ value: Double, for variable: VariableID)
  /// After `add(contentsOf: constraints)`.
  mutating func added(_ constraints: [Constraint])
}

/// The observer of a caller that keeps no mirror, such as a measured loop. Its reports
/// do nothing and, inlined, cost nothing.
public struct NoStepObserver: StepObserver {
  @inlinable public init() {}
  @inlinable public mutating func removed(_ ids: [ConstraintID]) {}
  @inlinable public mutating func changedConstant(of id: ConstraintID, to constant: Double) {}
  @inlinable public mutating func changedPriority(of id: ConstraintID, to priority: Priority) {}
  @inlinable public mutating func suggested(_ value: Double, for variable: VariableID) {}
  @inlinable public mutating func added(_ constraints: [Constraint]) {}
}
