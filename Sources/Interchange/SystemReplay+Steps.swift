import LayoutModel

extension SystemReplay {
  /// One thing a step changed, with what is needed to change it back.
  enum Change {
    case removed(Constraint)
    case constantChanged(ConstraintID, from: Double)
    case priorityChanged(ConstraintID, from: Priority)
    case suggested(VariableID, from: Double)
    case added(ConstraintID)
  }

  /// Applies a step to solver and mirror, appending each change as soon as it is made,
  /// so a failure midway leaves `changes` describing exactly what to undo.
  mutating func apply(
    _ step: ConstraintSystemDocument.Step, recordingIn changes: inout [Change]
  ) throws(SolverError) {
    switch step {
    case .remove(let ids):
      try checkRemovable(ids)
      // One batch, as `ConstraintLayout` removes a step's constraints (one optimisation).
      let definitions = ids.compactMap { definition(of: $0) }
      do {
        try solver.remove(contentsOf: ids)
      } catch {
        // A refusal changes nothing, but a backend failing midway (the one-by-one default
        // meeting `limitExceeded`, say) may have removed some: those go on the undo list.
        for definition in definitions where !solver.contains(definition.id) {
          present[definition.id.index] = nil
          changes.append(.removed(definition))
        }
        throw error
      }
      for definition in definitions {
        present[definition.id.index] = nil
        changes.append(.removed(definition))
      }

    case .setConstant(let entries):
      for (id, constant) in entries {
        guard definition(of: id) != nil else { throw .unknownConstraint(id) }
        guard constant.isFinite else { throw .nonFiniteConstant(id) }
      }
      do throws(SolverError) {
        for (id, constant) in entries {
          guard var definition = definition(of: id) else { throw .unknownConstraint(id) }
          try solver.setConstant(constant, of: id)
          changes.append(.constantChanged(id, from: definition.expression.constant))
          definition.expression.constant = constant
          present[id.index] = definition
        }
      } catch {
        // A step changes its constants together: formats.md refuses it only when the
        // resulting system is unsatisfiable. One at a time (in place, the fast path), an
        // intermediate state can be infeasible although the result is not (x == 1 and
        // x <= 1 both moved to 2). Then decide on the result: undo, and replace the
        // constraints at once.
        guard case .unsatisfiable = error, entries.count > 1 else { throw error }
        try undo(changes, after: error)
        changes.removeAll()
        try replaceTogether(entries, recordingIn: &changes)
      }

    case .setPriority(let entries):
      for (id, priority) in entries {
        guard let definition = definition(of: id) else { throw .unknownConstraint(id) }
        guard priority.isValid else { throw .invalidPriority(id, priority.value) }
        guard !priority.isRequired && !definition.priority.isRequired else {
          throw .requiredPriorityChange(id)
        }
      }
      for (id, priority) in entries {
        guard var definition = definition(of: id) else { throw .unknownConstraint(id) }
        try solver.setPriority(priority, of: id)
        changes.append(.priorityChanged(id, from: definition.priority))
        definition.priority = priority
        present[id.index] = definition
      }

    case .suggest(let entries):
      for (variable, value) in entries {
        guard heldValue(of: variable) != nil else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
      }
      for (variable, value) in entries {
        guard let old = heldValue(of: variable) else { throw .unknownEditVariable(variable) }
        try solver.suggestValue(value, for: variable)
        changes.append(.suggested(variable, from: old))
        heldValues[variable.index] = value
      }

    case .add(let constraints):
      try checkAddable(constraints)
      do {
        try solver.add(contentsOf: constraints)
      } catch {
        // add(contentsOf:) removes what it added before rethrowing; if something is still
        // there, the solver and this mirror disagree, and nothing after can be trusted.
        if let leftover = constraints.first(where: { solver.contains($0.id) }) {
          throw .internalInconsistency(
            "constraint '\(document.name(of: leftover.id))' is still present after a refused add "
              + "(\(error.message(names: document)))")
        }
        throw error
      }
      for constraint in constraints {
        present[constraint.id.index] = constraint
        changes.append(.added(constraint.id))
      }
    }
  }

  /// Changes several constants as one: removes the constraints, then adds them back with
  /// their new constants as one all-or-nothing batch, which the backend judges on the
  /// resulting system. On refusal `changes` holds the removals, which the caller undoes.
  /// - Throws: the batch add's error (`unsatisfiable` naming a changed constraint).
  mutating func replaceTogether(
    _ entries: [(ConstraintID, Double)], recordingIn changes: inout [Change]
  ) throws(SolverError) {
    var changed: [Constraint] = []
    for (id, constant) in entries {
      guard var definition = definition(of: id) else { throw .unknownConstraint(id) }
      try solver.remove(id)
      present[id.index] = nil
      changes.append(.removed(definition))
      definition.expression.constant = constant
      changed.append(definition)
    }
    try solver.add(contentsOf: changed)
    for definition in changed {
      present[definition.id.index] = definition
      changes.append(.added(definition.id))
    }
  }

  /// Puts solver and mirror back as they were before the step, newest change first.
  /// - Throws: `internalInconsistency` when the solver refuses to undo.
  mutating func undo(_ changes: [Change], after failure: SolverError) throws(SolverError) {
    for change in changes.reversed() {
      do {
        switch change {
        case .removed(let definition):
          try solver.add(definition)
          present[definition.id.index] = definition
        case .constantChanged(let id, let old):
          try solver.setConstant(old, of: id)
          present[id.index]?.expression.constant = old
        case .priorityChanged(let id, let old):
          try solver.setPriority(old, of: id)
          present[id.index]?.priority = old
        case .suggested(let variable, let old):
          try solver.suggestValue(old, for: variable)
          heldValues[variable.index] = old
        case .added(let id):
          try solver.remove(id)
          present[id.index] = nil
        }
      } catch {
        throw .internalInconsistency(
          "could not undo a failed step (\(failure.message(names: document))): "
            + error.message(names: document))
      }
    }
  }

  func definition(of id: ConstraintID) -> Constraint? {
    id.index < present.count ? present[id.index] : nil
  }

  /// The system present now, for checking a state: the present constraints in id order,
  /// then each edit as the optional equality `variable - held value == 0` (ids after the
  /// document's). O(constraints + edits).
  public func currentSystem() -> [Constraint] {
    var system = present.compactMap { $0 }
    var nextID = max(document.constraintNames.count, present.count)
    for edit in document.edits {
      guard let held = heldValue(of: edit.variable) else { continue }
      system.append(
        Constraint(
          id: ConstraintID(nextID), LinearExpression([Term(edit.variable, 1)], constant: -held),
          .equal, priority: edit.priority))
      nextID += 1
    }
    return system
  }

  func heldValue(of variable: VariableID) -> Double? {
    variable.index < heldValues.count ? heldValues[variable.index] : nil
  }

  /// Every id is present and named once: removing the same constraint twice in one step
  /// fails as the second removal would.
  private mutating func checkRemovable(_ ids: [ConstraintID]) throws(SolverError) {
    defer { clearMarks(ids) }
    for id in ids {
      guard definition(of: id) != nil, !marks[id.index] else { throw .unknownConstraint(id) }
      marks[id.index] = true
    }
  }

  /// No id is present already or repeated within the step.
  private mutating func checkAddable(_ constraints: [Constraint]) throws(SolverError) {
    let ids = constraints.map(\.id)
    defer { clearMarks(ids) }
    for id in ids {
      guard id.index < present.count, present[id.index] == nil, !marks[id.index] else {
        throw .duplicateConstraint(id)
      }
      marks[id.index] = true
    }
  }

  private mutating func clearMarks(_ ids: [ConstraintID]) {
    for id in ids where id.index < marks.count { marks[id.index] = false }
  }
}
