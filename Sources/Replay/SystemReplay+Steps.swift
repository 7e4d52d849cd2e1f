import Interchange
import LayoutModel

extension SystemReplay {
  /// Checks a step against the mirror, then applies it through the ``StepApplier``; each
  /// change lands in `mirror.changes` as soon as the solver makes it, so a failure midway
  /// leaves there exactly what to undo.
  /// - Throws: what the checks refuse (`unknownConstraint`, `duplicateConstraint`,
  ///   `nonFiniteConstant`, `invalidPriority`, `requiredPriorityChange`,
  ///   `unknownEditVariable`, `nonFiniteSuggestion`) before any call, else the failing
  ///   call's error; `internalInconsistency` when the solver and the mirror disagree.
  mutating func apply(_ step: ConstraintSystemDocument.Step) throws(SolverError) {
    try check(step)
    do {
      try applier.apply(step, reportingTo: &mirror)
    } catch {
      switch step {
      case .remove(let ids):
        // A refusal changes nothing, but a backend failing midway (the one-by-one default
        // meeting `limitExceeded`, say) may have removed some: those go on the undo list.
        let removedBeforeFailing = ids.filter { !solver.contains($0) }
        mirror.removed(removedBeforeFailing)
        throw error
      case .setConstant(let entries):
        // A step changes its constants together: formats.md refuses it only when the
        // resulting system is unsatisfiable. One at a time (in place, the fast path), an
        // intermediate state can be infeasible although the result is not (x == 1 and
        // x <= 1 both moved to 2). Then decide on the result: undo, and replace the
        // constraints at once.
        guard case .unsatisfiable = error, entries.count > 1 else { throw error }
        try undoChanges(after: error)
        try replaceTogether(entries)
      case .add(let constraints):
        // add(contentsOf:) removes what it added before rethrowing; if something is still
        // there, the solver and the mirror disagree, and nothing after can be trusted.
        if let leftover = constraints.first(where: { solver.contains($0.id) }) {
          throw .internalInconsistency(
            "constraint '\(document.name(of: leftover.id))' is still present after a refused add "
              + "(\(error.message(names: document)))")
        }
        throw error
      case .suggest, .setPriority:
        throw error
      }
    }
  }

  /// Refuses up front what the mirror shows to be wrong, so that no solver call is made
  /// for a step that cannot apply. O(entries).
  /// - Throws: as ``apply(_:)`` does before any call.
  private mutating func check(_ step: ConstraintSystemDocument.Step) throws(SolverError) {
    switch step {
    case .remove(let ids):
      try checkRemovable(ids)
    case .setConstant(let entries):
      for (id, constant) in entries {
        guard mirror.definition(of: id) != nil else { throw .unknownConstraint(id) }
        guard constant.isFinite else { throw .nonFiniteConstant(id) }
      }
    case .setPriority(let entries):
      for (id, priority) in entries {
        guard let definition = mirror.definition(of: id) else { throw .unknownConstraint(id) }
        guard priority.isValid else { throw .invalidPriority(id, priority.value) }
        guard !priority.isRequired && !definition.priority.isRequired else {
          throw .requiredPriorityChange(id)
        }
      }
    case .suggest(let entries):
      for (variable, value) in entries {
        guard mirror.heldValue(of: variable) != nil else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
      }
    case .add(let constraints):
      try checkAddable(constraints)
    }
  }

  /// Changes several constants as one: removes the constraints, then adds them back with
  /// their new constants as one all-or-nothing batch, which the backend judges on the
  /// resulting system. On refusal `mirror.changes` holds the removals, which the caller
  /// undoes.
  /// - Throws: the batch add's error (`unsatisfiable` naming a changed constraint).
  mutating func replaceTogether(_ entries: [(ConstraintID, Double)]) throws(SolverError) {
    var changed: [Constraint] = []
    for (id, constant) in entries {
      guard var definition = mirror.definition(of: id) else { throw .unknownConstraint(id) }
      try solver.remove(id)
      mirror.removed([id])
      definition.expression.constant = constant
      changed.append(definition)
    }
    try solver.add(contentsOf: changed)
    mirror.added(changed)
  }

  /// Puts solver and mirror back as they were before the step, newest change first, and
  /// empties `mirror.changes`.
  /// - Throws: `inaccurate` naming a removed constraint that cannot be added back (the
  ///   state before held it only at the edge of the solver's tolerance, which ends the
  ///   replay as an accuracy refusal); `internalInconsistency` when the solver refuses to
  ///   undo otherwise.
  mutating func undoChanges(after failure: SolverError) throws(SolverError) {
    let changes = mirror.changes
    mirror.changes.removeAll(keepingCapacity: true)
    for change in changes.reversed() {
      do throws(SolverError) {
        switch change {
        case .removed(let definition):
          do throws(SolverError) { try solver.add(definition) } catch {
            guard case .unsatisfiable = error else { throw error }
            // The state before the step held this constraint within the solver's
            // tolerance, reached by constant changes; added afresh, the same edge is
            // judged unmet (x == 0 beside x <= -1e-8, with another constraint on x).
            // The solver cannot be put back exactly: refuse to answer rather than go on
            // from a state that is not the one before the step.
            throw SolverError.inaccurate(definition.id, residual: definition.violation { solver.value(of: $0) })
          }
          mirror.present[definition.id.index] = definition
        case .constantChanged(let id, let old):
          try solver.setConstant(old, of: id)
          mirror.present[id.index]?.expression.constant = old
        case .priorityChanged(let id, let old):
          try solver.setPriority(old, of: id)
          mirror.present[id.index]?.priority = old
        case .suggested(let variable, let old):
          try solver.suggestValue(old, for: variable)
          mirror.heldValues[variable.index] = old
        case .added(let id):
          try solver.remove(id)
          mirror.present[id.index] = nil
        }
      } catch {
        if error.isAccuracyRefusal { throw error }
        throw .internalInconsistency(
          "could not undo a failed step (\(failure.message(names: document))): "
            + error.message(names: document))
      }
    }
  }

  /// The system present now, for checking a state: the present constraints in id order,
  /// then each edit as the optional equality `variable - held value == 0` (ids after the
  /// document's). O(constraints + edits).
  public func currentSystem() -> [Constraint] {
    var system = mirror.present.compactMap { $0 }
    var nextID = max(document.constraintNames.count, mirror.present.count)
    for edit in document.edits {
      guard let held = mirror.heldValue(of: edit.variable) else { continue }
      system.append(
        Constraint(
          id: ConstraintID(nextID), LinearExpression([Term(edit.variable, 1)], constant: -held),
          .equal, priority: edit.priority))
      nextID += 1
    }
    return system
  }

  /// Every id is present and named once: removing the same constraint twice in one step
  /// fails as the second removal would.
  private mutating func checkRemovable(_ ids: [ConstraintID]) throws(SolverError) {
    defer { clearMarks(ids) }
    for id in ids {
      guard mirror.definition(of: id) != nil, !marks[id.index] else { throw .unknownConstraint(id) }
      marks[id.index] = true
    }
  }

  /// No id is present already or repeated within the step.
  private mutating func checkAddable(_ constraints: [Constraint]) throws(SolverError) {
    let ids = constraints.map(\.id)
    defer { clearMarks(ids) }
    for id in ids {
      guard id.index < mirror.present.count, mirror.present[id.index] == nil, !marks[id.index] else {
        throw .duplicateConstraint(id)
      }
      marks[id.index] = true
    }
  }

  private mutating func clearMarks(_ ids: [ConstraintID]) {
    for id in ids where id.index < marks.count { marks[id.index] = false }
  }
}
