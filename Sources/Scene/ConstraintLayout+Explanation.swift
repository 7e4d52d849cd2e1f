import LayoutModel

extension ConstraintLayout {
  /// How far ``explain(_:in:)`` moves a constant, in points: the layout passes' own
  /// threshold, so an inequality with less slack than 0.001 counts as tight.
  public static var explanationStep: Double { 1e-3 }

  /// Which constraints the solver holds determine each frame variable of view `v` at the
  /// last layout, by the test ``AttributeExplanation`` defines. Call after
  /// `layoutIfNeeded`. Afterwards the layout holds the same constraints, re-solved; where
  /// the optimum is not unique the values may be another optimum.
  ///
  /// Only constraints that share a connected component with a variable (variables linked
  /// through held constraints) are tested for it: no other constraint can move it. Each
  /// change of a constraint is probed for the four variables at once (SensitivityProbe).
  /// - Complexity: per tested constraint, up to two constant changes and a removal, each
  ///   followed by two solves (and two more per variable after one the change moves);
  ///   then, for the required constraints whose constant could not move alone, a removal
  ///   of each and constant changes of the others (quadratic in their number, zero in a
  ///   scene without an over-determined required set).
  /// - Throws: `.solver` when the solver fails (a bug, or a limit such as a dense tableau's
  ///   size).
  public func explain(_ v: ViewIndex, in scene: Scene) throws(LayoutError) -> FrameExplanation {
    try flushRemovals()
    do throws(SolverError) {
      return try explainFrame(of: v)
    } catch {
      throw .solver(error)
    }
  }

  /// ``explain(_:in:)`` once no removal is pending.
  private func explainFrame(of v: ViewIndex) throws(SolverError) -> FrameExplanation {
    try solver.solve()
    var candidates: [Candidate] = []
    candidates.reserveCapacity(held.count)
    for (key, entry) in held {
      guard let id = entry.id else { continue }
      let c = entry.constraint
      candidates.append(Candidate(key: key, constraint: Constraint(id: id, c.expression, c.relation, priority: Priority(c.priority))))
    }
    // In key order, so that every backend tests the same constraints in the same order.
    candidates.sort { $0.key < $1.key }
    var components = VariableComponents(count: variables.variableCount)
    for candidate in candidates { components.join(candidate.constraint.expression.terms) }
    // An inequality with more slack than a step at this optimum determines nothing: a
    // step keeps this point optimal, and so does removing it, and a fixed variable cannot
    // move along a segment of optima that leaves it satisfied (docs/explain.md). Dropping
    // it saves its tests and changes no answer, whichever optimum the backend holds.
    let slackLimit = 2 * Self.explanationStep
    candidates.removeAll { !($0.constraint.slack { solver.value(of: $0) } <= slackLimit) }

    let frame = FrameQuantity.allCases.map { variables.variable(v, $0) }
    let probe = SensitivityProbe(solver: solver, variables: frame)
    try probe.begin()
    let isFixed = try fixedness(probe)
    let attributeComponents = frame.map { components.root(of: $0) }
    var determinedBy = [[ConstraintKey]](repeating: [], count: frame.count)
    var pinned = [[Candidate]](repeating: [], count: frame.count)
    for candidate in candidates {
      guard let first = candidate.constraint.expression.terms.first else { continue }
      let component = components.root(of: first.variable)
      let relevant = frame.indices.filter { isFixed[$0] && attributeComponents[$0] == component }
      guard !relevant.isEmpty else { continue }
      let (determines, refused) = try outcomes(of: candidate.constraint, relevant, probe)
      for k in relevant {
        if determines[k] {
          determinedBy[k].append(candidate.key)
        } else if refused {
          pinned[k].append(candidate)
        }
      }
    }
    var attributes: [AttributeExplanation] = []
    for (k, quantity) in FrameQuantity.allCases.enumerated() {
      let redundant = isFixed[k] ? try redundantMembers(of: pinned[k], attribute: k, probe) : []
      attributes.append(
        AttributeExplanation(
          quantity: quantity, value: probe.values[k], isAmbiguous: !isFixed[k], determinedBy: determinedBy[k],
          redundant: redundant))
    }
    try probe.end()
    return FrameExplanation(view: v, attributes: attributes)
  }

  /// Which of the `relevant` probed variables `constraint` determines (indexed like the
  /// probe's variables), trying +step, −step and removal until all are determined; and
  /// whether a constant change was refused. Every change is undone.
  private func outcomes(
    of constraint: Constraint, _ relevant: [Int], _ probe: SensitivityProbe<Solver>
  ) throws(SolverError) -> (determines: [Bool], refused: Bool) {
    var determines = [Bool](repeating: false, count: probe.variables.count)
    var refused = false
    let (id, constant) = (constraint.id, constraint.expression.constant)
    func note(_ fixed: [Bool]) {
      for k in relevant where !fixed[k] { determines[k] = true }
    }
    for delta in [Self.explanationStep, -Self.explanationStep] where !relevant.allSatisfy({ determines[$0] }) {
      do {
        try solver.setConstant(constant + delta, of: id)
      } catch {
        guard case .unsatisfiable = error else { throw error }
        refused = true
        continue
      }
      note(try fixedness(probe))
      // The system held `constant` a moment ago, so it cannot be refused now.
      try solver.setConstant(constant, of: id)
    }
    if !relevant.allSatisfy({ determines[$0] }) {
      try solver.remove(id)
      note(try fixedness(probe))
      // It held a moment ago with the same others, so it cannot be refused now.
      try solver.add(constraint)
    }
    return (determines, refused)
  }

  /// The probe's answers for every variable: where the joint probe leaves a variable
  /// undecided (ranked below one that moved), a probe of its own, for the same values.
  /// - Complexity: two solves, plus two per undecided variable.
  private func fixedness(_ probe: SensitivityProbe<Solver>) throws(SolverError) -> [Bool] {
    let joint = try probe.fixedness()
    guard joint.contains(nil) else { return joint.map { $0 == true } }
    try probe.end()
    var result: [Bool] = []
    for (k, answer) in joint.enumerated() {
      if let answer {
        result.append(answer)
        continue
      }
      let alone = SensitivityProbe(solver: solver, variables: [probe.variables[k]], values: [probe.values[k]])
      try alone.begin()
      result.append(try alone.fixedness()[0] == true)
      try alone.end()
    }
    try probe.begin()
    return result
  }

  /// The members of `pinned` that fix the probe's `attribute`-th variable together: with
  /// one removed, another's constant change (no longer refused) moves the variable; both
  /// are members. Each removal is undone before the next.
  /// - Complexity: O(pinned²) constant changes, each with its solves.
  private func redundantMembers(
    of pinned: [Candidate], attribute k: Int, _ probe: SensitivityProbe<Solver>
  ) throws(SolverError) -> [ConstraintKey] {
    guard pinned.count > 1 else { return [] }
    var isMember = [Bool](repeating: false, count: pinned.count)
    for i in pinned.indices {
      try solver.remove(pinned[i].constraint.id)
      for j in pinned.indices where j != i && !(isMember[i] && isMember[j]) {
        let (determines, _) = try outcomes(of: pinned[j].constraint, [k], probe)
        if determines[k] {
          isMember[i] = true
          isMember[j] = true
        }
      }
      // It held a moment ago with the same others, so it cannot be refused now.
      try solver.add(pinned[i].constraint)
    }
    return pinned.indices.filter { isMember[$0] }.map { pinned[$0].key }
  }
}

/// A constraint the layout holds, as the explanation tests it.
private struct Candidate {
  let key: ConstraintKey
  let constraint: Constraint
}

/// Connected components of variables linked through constraints (union-find over variable
/// indices, with path halving): a constraint can change a variable's optimum only through
/// a chain of constraints sharing variables.
private struct VariableComponents {
  private var parent: [Int32]

  /// Every variable below `count` alone. O(count).
  init(count: Int) {
    parent = (0..<Int32(count)).map { $0 }
  }

  /// Puts the variables of `terms` in one component. O(terms · α).
  mutating func join(_ terms: [Term]) {
    guard let first = terms.first else { return }
    let anchor = root(of: first.variable)
    for term in terms.dropFirst() {
      let other = root(of: term.variable)
      if other != anchor { parent[other] = Int32(anchor) }
    }
  }

  /// The representative of the variable's component. O(α) amortized.
  mutating func root(of variable: VariableID) -> Int {
    var v = variable.index
    guard v < parent.count else { return v }
    while Int(parent[v]) != v {
      parent[v] = parent[Int(parent[v])]
      v = Int(parent[v])
    }
    return v
  }
}

extension Constraint {
  /// How far an inequality is from binding (positive when satisfied with room, negative
  /// when violated); 0 for an equality, which has no room. O(terms).
  fileprivate func slack(_ valueOf: (VariableID) -> Double) -> Double {
    switch relation {
    case .equal: 0
    case .lessThanOrEqual: -expression.value(valueOf)
    case .greaterThanOrEqual: expression.value(valueOf)
    }
  }
}
