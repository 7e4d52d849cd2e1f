import LayoutModel

/// What a ``SystemReplay`` knows of the system in its solver: which constraints are
/// present, with their current constant and priority, and the value each edit variable is
/// held at; and, during a step, each change the step made, newest last, with what is
/// needed to change it back. It observes the ``StepApplier``'s calls, so it changes
/// exactly when the solver does.
struct ReplayMirror: StepObserver {
  /// One thing a step changed, with what is needed to change it back.
  enum Change {
    case removed(Constraint)
    case constantChanged(ConstraintID, from: Double)
    case priorityChanged(ConstraintID, from: Priority)
    case suggested(VariableID, from: Double)
    case added(ConstraintID)
  }

  /// The current definition of each present constraint, by `ConstraintID.index`; nil
  /// when absent.
  var present: [Constraint?]
  /// The value each edit variable is held at, by `VariableID.index`; nil for a variable
  /// that is not an edit variable of the solver.
  var heldValues: [Double?]
  /// The changes of the step being applied, oldest first; emptied before each step.
  var changes: [Change] = []

  /// Room for ids below `constraintCount` and `variableCount`. O(both).
  init(constraintCount: Int, variableCount: Int) {
    present = Array(repeating: nil, count: constraintCount)
    heldValues = Array(repeating: nil, count: variableCount)
  }

  func definition(of id: ConstraintID) -> Constraint? {
    id.index < present.count ? present[id.index] : nil
  }

  func heldValue(of variable: VariableID) -> Double? {
    variable.index < heldValues.count ? heldValues[variable.index] : nil
  }

  /// O(ids).
  mutating func removed(_ ids: [ConstraintID]) {
    for id in ids {
      guard let definition = definition(of: id) else { continue }
      present[id.index] = nil
      changes.append(.removed(definition))
    }
  }

  /// O(1).
  mutating func changedConstant(of id: ConstraintID, to constant: Double) {
    guard let old = definition(of: id)?.expression.constant else { return }
    changes.append(.constantChanged(id, from: old))
    present[id.index]?.expression.constant = constant
  }

  /// O(1).
  mutating func changedPriority(of id: ConstraintID, to priority: Priority) {
    guard let old = definition(of: id)?.priority else { return }
    changes.append(.priorityChanged(id, from: old))
    present[id.index]?.priority = priority
  }

  /// O(1).
  mutating func suggested(_ value: Double, for variable: VariableID) {
    guard let old = heldValue(of: variable) else { return }
    changes.append(.suggested(variable, from: old))
    heldValues[variable.index] = value
  }

  /// O(constraints).
  mutating func added(_ constraints: [Constraint]) {
    for constraint in constraints {
      present[constraint.id.index] = constraint
      changes.append(.added(constraint.id))
    }
  }
}
