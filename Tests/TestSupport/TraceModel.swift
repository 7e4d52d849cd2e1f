import LayoutModel

/// The state a trace believes the solver is in, and the steps recorded so far. Every
/// operation records a ``TraceStep``; a failing one leaves the state as it was.
struct TraceModel {
  let draw: ConstraintDraw
  var nextID: Int
  private(set) var steps: [TraceStep] = []
  private var state = TraceState(constraints: [], edits: [])
  /// Ids that were present once and are not now, candidates for reuse.
  private var removedIDs: [ConstraintID] = []

  /// Without it, every required add and constant change is taken to be feasible.
  let checksFeasibility: Bool

  init(draw: ConstraintDraw, nextID: Int, checksFeasibility: Bool = true) {
    self.draw = draw
    self.nextID = nextID
    self.checksFeasibility = checksFeasibility
  }

  private var variables: [VariableID] { (0..<draw.variableCount).map { VariableID($0) } }
  private var editVariables: [VariableID] { state.edits.map(\.variable) }
  private var plainVariables: [VariableID] {
    variables.filter { !editVariables.contains($0) }
  }

  private mutating func record(_ operation: TraceOperation, _ expectation: TraceExpectation) {
    steps.append(TraceStep(operation: operation, expectation: expectation, stateAfter: state))
  }

  /// Whether the required constraints of `constraints` have a common solution, decided by
  /// the oracle (pins are irrelevant to feasibility).
  private func requiredFeasible(_ constraints: [Constraint]) -> Bool {
    guard checksFeasibility else { return true }
    let required = constraints.filter(\.priority.isRequired)
    let pins = [Double](repeating: 0, count: draw.variableCount)
    return !LexicographicOracle.solve(required, variableCount: draw.variableCount, pins: pins)
      .isInfeasible
  }

  // MARK: Valid operations

  mutating func add(_ constraint: Constraint) {
    if constraint.priority.isRequired, !requiredFeasible(state.constraints + [constraint]) {
      record(.add(constraint), .unsatisfiable(constraint.id))
      return
    }
    state.constraints.append(constraint)
    removedIDs.removeAll { $0 == constraint.id }
    record(.add(constraint), .succeeds)
  }

  mutating func validOperation(_ rng: inout SplitMix64, knobs: TraceKnobs) {
    let present = state.constraints
    let optional = present.filter { !$0.priority.isRequired }
    let optionalInequalities = optional.filter { $0.relation != .equal }
    let weights: [Double] = [
      present.count < knobs.maximumPresent ? 4 : 0,  // add
      present.isEmpty ? 0 : 2,  // remove
      present.isEmpty ? 0 : 2,  // setConstant
      optional.isEmpty ? 0 : 1,  // setPriority
      plainVariables.isEmpty ? 0 : 1,  // addEdit, then suggest
      state.edits.isEmpty ? 0 : 2,  // suggest
      state.edits.isEmpty ? 0 : 0.5,  // removeEdit
      present.count < knobs.maximumPresent && !optionalInequalities.isEmpty ? 1.5 : 0,  // addPartner
    ]
    switch rng.weightedIndex(weights) {
    case 0:
      add(draw.constraint(id: nextConstraintID(&rng, reuse: knobs.idReuseRate), &rng))
    case 1:
      if present.count >= 2, rng.bernoulli(0.3) {
        removeBatch(of: present, &rng)
      } else if let victim = rng.choose(present) {
        remove(victim.id)
      }
    case 2:
      if let target = rng.choose(present) { setConstant(target, draw.constant(&rng)) }
    case 3:
      if let target = rng.choose(optional) {
        let priority = draw.optionalPriority(&rng)
        state.constraints = state.constraints.map { $0.id == target.id ? with($0, priority) : $0 }
        record(.setPriority(target.id, priority), .succeeds)
      }
    case 4:
      if let variable = rng.choose(plainVariables) {
        state.edits.append(
          EditState(variable: variable, priority: draw.optionalPriority(&rng), suggestion: nil))
        record(.addEdit(variable, state.edits[state.edits.count - 1].priority), .succeeds)
        suggest(variable, &rng)
      }
    case 5:
      if let variable = rng.choose(editVariables) { suggest(variable, &rng) }
    case 6:
      if let variable = rng.choose(editVariables) {
        state.edits.removeAll { $0.variable == variable }
        record(.removeEdit(variable), .succeeds)
      }
    case 7:
      if let target = rng.choose(optionalInequalities) {
        add(partner(of: target, id: nextConstraintID(&rng, reuse: knobs.idReuseRate), &rng))
      }
    default:
      // Only when every weight is 0, which maximumPresent >= 1 rules out.
      break
    }
  }

  /// An optional inequality on the expression of `target` times a factor (exact in
  /// binary), in either direction, at any optional priority: a content size's hugging and
  /// compression resistance, or a stack's tie-breaks, on one expression, which Cassowary
  /// enters as one shared row.
  private func partner(of target: Constraint, id: ConstraintID, _ rng: inout SplitMix64) -> Constraint {
    let factor = rng.choose([1.0, 2.0, 0.5, -1.0, -4.0]) ?? 1
    var expression = target.expression
    for i in expression.terms.indices { expression.terms[i].coefficient *= factor }
    expression.constant *= factor
    let relation: Relation = rng.bernoulli(0.5) ? .lessThanOrEqual : .greaterThanOrEqual
    return Constraint(id: id, expression, relation, priority: draw.optionalPriority(&rng))
  }

  private mutating func nextConstraintID(_ rng: inout SplitMix64, reuse: Double) -> ConstraintID {
    if rng.bernoulli(reuse), let reused = rng.choose(removedIDs) { return reused }
    defer { nextID += 1 }
    return ConstraintID(nextID)
  }

  private mutating func remove(_ id: ConstraintID) {
    state.constraints.removeAll { $0.id == id }
    removedIDs.append(id)
    record(.remove(id), .succeeds)
  }

  /// Removes 2 to 4 distinct present constraints in one `remove(contentsOf:)`.
  private mutating func removeBatch(of present: [Constraint], _ rng: inout SplitMix64) {
    var pool = present.map(\.id)
    var ids: [ConstraintID] = []
    for _ in 0..<min(pool.count, rng.uniformInt(in: 2...4)) {
      ids.append(pool.remove(at: rng.uniformInt(in: 0...(pool.count - 1))))
    }
    state.constraints.removeAll { ids.contains($0.id) }
    removedIDs.append(contentsOf: ids)
    record(.removeBatch(ids), .succeeds)
  }

  private mutating func setConstant(_ target: Constraint, _ constant: Double) {
    let updated = state.constraints.map { constraint in
      guard constraint.id == target.id else { return constraint }
      var changed = constraint
      changed.expression.constant = constant
      return changed
    }
    if target.priority.isRequired, !requiredFeasible(updated) {
      record(.setConstant(target.id, constant), .unsatisfiable(target.id))
      return
    }
    state.constraints = updated
    record(.setConstant(target.id, constant), .succeeds)
  }

  /// Suggests an integer in -30...30, now and then a half-integer.
  private mutating func suggest(_ variable: VariableID, _ rng: inout SplitMix64) {
    var value = rng.smallInteger(in: -30...30)
    if rng.bernoulli(0.2) { value += 0.5 }
    if let index = state.edits.firstIndex(where: { $0.variable == variable }) {
      state.edits[index].suggestion = value
    }
    record(.suggest(variable, value), .succeeds)
  }

  private func with(_ constraint: Constraint, _ priority: Priority) -> Constraint {
    var changed = constraint
    changed.priority = priority
    return changed
  }

  // MARK: Operations that must fail

  /// Records one operation that a correct solver refuses with a known error; false when
  /// none applies in this state. Each has exactly one thing wrong, so the error is
  /// unambiguous (an invalid priority is never also a required one, a duplicate add is
  /// optional so it cannot also be unsatisfiable, ...).
  mutating func invalidOperation(_ rng: inout SplitMix64) -> Bool {
    let present = state.constraints
    let optional = present.filter { !$0.priority.isRequired }
    let required = present.filter(\.priority.isRequired)
    // An id not present now: a removed one or the next fresh one (not consumed).
    let unknown = rng.choose(removedIDs) ?? ConstraintID(nextID)
    var candidates: [(TraceOperation, SolverError)] = [
      (.remove(unknown), .unknownConstraint(unknown)),
      // A batch with one absent id removes nothing, not even the present ones before it.
      (.removeBatch(present.prefix(2).map(\.id) + [unknown]), .unknownConstraint(unknown)),
      (.setConstant(unknown, draw.constant(&rng)), .unknownConstraint(unknown)),
      (.setPriority(unknown, draw.optionalPriority(&rng)), .unknownConstraint(unknown)),
    ]
    var bad = optionalDraw(id: ConstraintID(nextID), &rng)
    bad.priority = Priority(rng.choose([0.0, -1.0, -250.0]) ?? 0)
    candidates.append((.add(bad), .invalidPriority(bad.id, bad.priority.value)))
    var infiniteConstant = optionalDraw(id: ConstraintID(nextID), &rng)
    infiniteConstant.expression.constant = rng.bernoulli(0.5) ? .infinity : -.infinity
    candidates.append((.add(infiniteConstant), .nonFiniteConstant(infiniteConstant.id)))
    var infiniteCoefficient = optionalDraw(id: ConstraintID(nextID), &rng)
    if let first = infiniteCoefficient.expression.terms.first {
      infiniteCoefficient.expression.terms[0].coefficient = .infinity
      let error = SolverError.nonFiniteCoefficient(infiniteCoefficient.id, first.variable)
      candidates.append((.add(infiniteCoefficient), error))
    }
    if let target = rng.choose(present) {
      candidates.append((.removeBatch([target.id, target.id]), .unknownConstraint(target.id)))
      candidates.append((.add(optionalDraw(id: target.id, &rng)), .duplicateConstraint(target.id)))
      candidates.append((.setConstant(target.id, .infinity), .nonFiniteConstant(target.id)))
    }
    if let target = rng.choose(optional) {
      candidates.append((.setPriority(target.id, .required), .requiredPriorityChange(target.id)))
      candidates.append((.setPriority(target.id, Priority(0)), .invalidPriority(target.id, 0)))
    }
    if let target = rng.choose(required) {
      let priority = draw.optionalPriority(&rng)
      candidates.append((.setPriority(target.id, priority), .requiredPriorityChange(target.id)))
    }
    if let variable = rng.choose(editVariables) {
      let priority = draw.optionalPriority(&rng)
      candidates.append((.addEdit(variable, priority), .duplicateEditVariable(variable)))
      candidates.append((.suggest(variable, .infinity), .nonFiniteSuggestion(variable)))
    }
    if let variable = rng.choose(plainVariables) {
      candidates.append((.addEdit(variable, .required), .requiredEditPriority(variable)))
      candidates.append((.addEdit(variable, Priority(0)), .invalidEditPriority(variable, 0)))
      candidates.append((.suggest(variable, draw.constant(&rng)), .unknownEditVariable(variable)))
      candidates.append((.removeEdit(variable), .unknownEditVariable(variable)))
    }
    guard let (operation, error) = rng.choose(candidates) else { return false }
    record(operation, .fails(error))
    return true
  }

  /// An ordinary constraint forced optional, so that it cannot be refused as unsatisfiable.
  private func optionalDraw(id: ConstraintID, _ rng: inout SplitMix64) -> Constraint {
    var constraint = draw.constraint(id: id, &rng)
    if constraint.priority.isRequired { constraint.priority = draw.optionalPriority(&rng) }
    return constraint
  }
}
