import LayoutModel

/// Asks a solver whether variables stay fixed at their optimal values when a single
/// constraint changes: the test behind ``AttributeExplanation``. Each variable is pulled
/// by an edit of its own below every other priority, the first variable's pull strongest,
/// for the probe's lifetime (``begin()`` to ``end()``).
///
/// Backend-neutral: it uses only `LinearSolver` calls, and its answers depend on the set
/// of optima, not on which optimum or basis the solver holds.
struct SensitivityProbe<Solver: LinearSolver> {
  let solver: Solver
  /// The probed variables, strongest pull first.
  let variables: [VariableID]
  /// Their values at the optimum the probe started from.
  let values: [Double]

  /// Reads the variables' values from a solved solver; call ``begin()`` next.
  init(solver: Solver, variables: [VariableID]) {
    self.init(solver: solver, variables: variables, values: variables.map { solver.value(of: $0) })
  }

  /// Probes the variables for these values (those of the optimum being explained).
  init(solver: Solver, variables: [VariableID], values: [Double]) {
    self.solver = solver
    self.variables = variables
    self.values = values
  }

  /// The k-th variable's pull: 0.001 · (count − k), below every priority a scene or the
  /// stack rules use (the lowest, the fill tie-break, is 0.5), so a pull never trades error
  /// at a real priority, and distinct, so that the pulls are ranked, not summed.
  private func priority(_ k: Int) -> Priority { Priority(0.001 * Double(variables.count - k)) }

  /// Adds the pulls. - Throws: the solver's error (a bug: a variable is an edit already).
  func begin() throws(SolverError) {
    for (k, variable) in variables.enumerated() { try solver.addEditVariable(variable, priority: priority(k)) }
  }

  /// Withdraws the pulls and re-solves. - Throws: the solver's error (a bug).
  func end() throws(SolverError) {
    for variable in variables { try solver.removeEditVariable(variable) }
    try solver.solve()
  }

  /// A move this small is noise: 1e-8 of the value's magnitude (at least of 1), three
  /// orders above either backend's round-off. A constant that moves the variable at rate r
  /// counts when a step's move, 0.001 · r, exceeds it: r ≥ 1e-5 for values near 1, r ≥
  /// 1e-2 for values near 1,000 points.
  private static func moved(_ value: Double, from start: Double) -> Bool {
    abs(value - start) > 1e-8 * max(1, abs(start))
  }

  /// For each variable, whether every optimum of the system as it stands has it at its
  /// value: pulled to value + 1, then value − 1, it does not move. Exact for every variable
  /// up to the first that moves; the pulls of the others are then ranked below one that
  /// chose among optima, so their answers are nil (ask a probe of their own).
  /// - Complexity: two solves.
  /// - Throws: the solver's error (a bug or a limit).
  func fixedness() throws(SolverError) -> [Bool?] {
    var moves = [Bool](repeating: false, count: variables.count)
    for offset in [1.0, -1.0] {
      for (k, variable) in variables.enumerated() { try solver.suggestValue(values[k] + offset, for: variable) }
      try solver.solve()
      for (k, variable) in variables.enumerated() where Self.moved(solver.value(of: variable), from: values[k]) {
        moves[k] = true
      }
    }
    for (k, variable) in variables.enumerated() { try solver.suggestValue(values[k], for: variable) }
    let firstMover = moves.firstIndex(of: true) ?? variables.count
    return moves.indices.map { $0 <= firstMover ? !moves[$0] : nil }
  }
}
