import LayoutModel

extension DenseSimplexSolver {

  /// One row of a system to solve: a constraint, or an edit (`variable - target == 0`).
  struct RowSource {
    var expression: LinearExpression
    var relation: Relation
    var priority: Priority
    /// The user constraint the row comes from; nil for an edit.
    var constraint: ConstraintID?

    init(_ constraint: Constraint) {
      expression = constraint.expression
      relation = constraint.relation
      priority = constraint.priority
      self.constraint = constraint.id
    }

    init(edit variable: VariableID, target: Double, priority: Priority) {
      expression = LinearExpression([Term(variable, 1)], constant: -target)
      relation = .equal
      self.priority = priority
      constraint = nil
    }
  }

  /// Where things are in a tableau built from row sources.
  struct Layout {
    /// The tableau column of each variable that occurs, in variable order.
    var variableColumns: [(variable: VariableID, column: Int)] = []
    /// The column each row started with as its basic (an identity column in the original
    /// system), whose final reduced cost gives the row's multiplier.
    var initialBasic: [Int] = []
    /// Error columns and the priority of the row they penalise.
    var errorColumns: [(column: Int, priority: Double)] = []
    /// The largest magnitude of a right-hand side, the scale for feasibility.
    var scale = 1.0
  }

  // MARK: Building

  /// Builds the tableau for `sources`, each row `Σ a·x + aux = -constant` with its basic
  /// column chosen so the row starts feasible (a slack or error of the right sign) or, when
  /// none fits, a new artificial column.
  /// - Complexity: O(rows · columns) to allocate and zero, plus O(Σ terms).
  /// - Throws: `limitExceeded` before allocating when the tableau would exceed the limit.
  func build(_ sources: [RowSource]) throws(SolverError) -> (DenseTableau, Layout) {
    var layout = Layout()
    // Variable columns first, in variable order.
    var maxVariable = -1
    for source in sources {
      for term in source.expression.terms { maxVariable = max(maxVariable, term.variable.index) }
    }
    var columnOfVariable = [Int](repeating: -1, count: maxVariable + 1)
    for source in sources {
      for term in source.expression.terms where term.coefficient != 0 { columnOfVariable[term.variable.index] = 0 }
    }
    var kinds: [ColumnKind] = []
    for v in columnOfVariable.indices where columnOfVariable[v] == 0 {
      columnOfVariable[v] = kinds.count
      layout.variableColumns.append((VariableID(v), kinds.count))
      kinds.append(.free)
    }

    // Auxiliary columns per row: (column, coefficient, is error).
    var auxiliaries: [[(column: Int, coefficient: Double, isError: Bool)]] = []
    var artificialCoefficient: [Double?] = []
    for source in sources {
      var aux: [(column: Int, coefficient: Double, isError: Bool)] = []
      let optional = !source.priority.isRequired
      switch source.relation {
      case .lessThanOrEqual, .greaterThanOrEqual:
        let sign: Double = source.relation == .lessThanOrEqual ? 1 : -1
        aux.append((kinds.count, sign, false))
        kinds.append(.restricted)
        if optional {
          aux.append((kinds.count, -sign, true))
          kinds.append(.restricted)
        }
      case .equal:
        if optional {
          aux.append((kinds.count, -1, true))
          kinds.append(.restricted)
          aux.append((kinds.count, 1, true))
          kinds.append(.restricted)
        }
      }
      for entry in aux where entry.isError {
        layout.errorColumns.append((entry.column, source.priority.value))
      }
      auxiliaries.append(aux)
      let b = -source.expression.constant
      layout.scale = max(layout.scale, abs(b))
      // A slack or error whose sign matches the right-hand side starts the row feasible;
      // at zero, a slack is preferred so the constraint's error rests at zero.
      let fits = aux.first { b == 0 ? !$0.isError : ($0.coefficient > 0) == (b > 0) }
        ?? aux.first { b == 0 || ($0.coefficient > 0) == (b > 0) }
      artificialCoefficient.append(fits == nil ? (b >= 0 ? 1 : -1) : nil)
      layout.initialBasic.append(fits?.column ?? -1)
    }
    for row in sources.indices where artificialCoefficient[row] != nil {
      layout.initialBasic[row] = kinds.count
      kinds.append(.artificial)
    }

    let bytes = (sources.count + 1) * (kinds.count + 1) * MemoryLayout<Double>.stride
    if bytes > memoryLimit {
      throw .limitExceeded(
        "dense-simplex: a tableau of \(sources.count) rows × \(kinds.count + 1) columns needs "
          + "\(MemoryLimit.describe(bytes)), over the memory limit of \(MemoryLimit.describe(memoryLimit)) "
          + "(raise it with \(MemoryLimit.environmentVariable))")
    }

    var tableau = DenseTableau(rowCount: sources.count, kinds: kinds)
    for (row, source) in sources.enumerated() {
      for term in source.expression.terms where term.coefficient != 0 {
        tableau[row, columnOfVariable[term.variable.index]] += term.coefficient
      }
      for entry in auxiliaries[row] { tableau[row, entry.column] = entry.coefficient }
      let basic = layout.initialBasic[row]
      if let coefficient = artificialCoefficient[row] { tableau[row, basic] = coefficient }
      tableau[row, tableau.rhs] = -source.expression.constant
      // Scale the row so its basic column holds +1.
      if tableau[row, basic] < 0 {
        for j in 0..<tableau.columnCount { tableau[row, j] = -tableau[row, j] }
      }
      tableau.basic[row] = basic
      tableau.rowOfColumn[basic] = row
    }
    return (tableau, layout)
  }

  // MARK: Phase one

  /// Minimises the sum of the artificials. Returns nil when the rows are feasible, else
  /// the indices of the rows with a non-zero multiplier in the final phase-one objective:
  /// a combination of those rows contradicts itself (Farkas), so their constraints
  /// conflict. A row's multiplier is `cost(initial basic) - reduced cost(initial basic)`.
  /// - Throws: `internalInconsistency` on a numerical failure.
  func phaseOne(_ tableau: inout DenseTableau, _ layout: Layout) throws(SolverError) -> [Int]? {
    var costs = [Double](repeating: 0, count: tableau.columnCount - 1)
    var any = false
    for j in costs.indices where tableau.kind[j] == .artificial {
      costs[j] = 1
      any = true
    }
    guard any else { return nil }
    tableau.setObjective(costs: costs)
    try optimize(&tableau)
    // Rounding grows with the values the rows reach, not only with their constants: a
    // chain x1 = 100 x0, x2 = 100 x1, ... from x0 = 1 leaves a residue near 1e-16 of its
    // largest value, which a tolerance scaled by the constants alone took for a conflict.
    var scale = max(1, layout.scale)
    for row in 0..<tableau.rowCount { scale = max(scale, abs(tableau[row, tableau.rhs])) }
    let tolerance = 1e-9 * scale * Double(max(1, tableau.rowCount))
    guard tableau.objectiveValue > tolerance else { return nil }
    var rows: [Int] = []
    for row in 0..<tableau.rowCount {
      let column = layout.initialBasic[row]
      let multiplier = costs[column] - tableau[tableau.objectiveRow, column]
      if abs(multiplier) > 1e-7 { rows.append(row) }
    }
    return rows
  }

  /// After a successful phase one, drives each artificial still basic (at zero) out of the
  /// basis, or drops its row when nothing else is left in it (a redundant row), and locks
  /// every artificial column. O(artificial rows · (columns + one pivot)).
  func removeArtificials(_ tableau: inout DenseTableau) {
    for row in 0..<tableau.rowCount {
      let b = tableau.basic[row]
      guard b >= 0, tableau.kind[b] == .artificial else { continue }
      var replacement = -1
      for j in 0..<(tableau.columnCount - 1) where tableau.kind[j] != .artificial {
        if abs(tableau[row, j]) > DenseTableau.epsilon {
          replacement = j
          break
        }
      }
      if replacement >= 0 {
        tableau.pivot(row: row, column: replacement)
      } else {
        tableau.basic[row] = -1
        tableau.rowOfColumn[b] = -1
      }
    }
    for j in tableau.kind.indices where tableau.kind[j] == .artificial { tableau.locked[j] = true }
  }

  func optimize(_ tableau: inout DenseTableau) throws(SolverError) {
    do {
      try tableau.optimize()
    } catch {
      switch error {
      case .unbounded(let column):
        throw .internalInconsistency("dense simplex: objective unbounded along column \(column)")
      case .pivotLimit(let limit):
        throw .internalInconsistency("dense simplex exceeded \(limit) pivots")
      }
    }
  }

  // MARK: Full solve

  /// Builds the whole system, runs phase one, then each optional level from the highest:
  /// minimise its error sum, then lock every nonbasic column with a positive reduced cost.
  /// Returns the value of every variable id up to the largest one in the model, and
  /// whether the final tableau proves it fixed at every optimum (``DenseTableau/isPinned(_:)``).
  func solveFromScratch() throws(SolverError) -> (values: [Double], fixed: [Bool]) {
    var sources: [(sequence: Int, row: RowSource)] = []
    for (i, constraint) in constraints.enumerated() {
      if let constraint { sources.append((sequenceOfConstraint[i], RowSource(constraint))) }
    }
    for (v, edit) in edits.enumerated() {
      if let edit {
        sources.append((edit.sequence, RowSource(edit: VariableID(v), target: edit.target, priority: edit.priority)))
      }
    }
    sources.sort { $0.sequence < $1.sequence }
    var (tableau, layout) = try build(sources.map(\.row))
    if try phaseOne(&tableau, layout) != nil {
      throw .internalInconsistency("dense simplex: required constraints infeasible although every change was checked")
    }
    removeArtificials(&tableau)

    let priorities = Set(layout.errorColumns.map(\.priority)).sorted(by: >)
    for priority in priorities {
      var costs = [Double](repeating: 0, count: tableau.columnCount - 1)
      for entry in layout.errorColumns where entry.priority == priority { costs[entry.column] = 1 }
      tableau.setObjective(costs: costs)
      try optimize(&tableau)
      // Freeze the level: columns whose increase would cost here stay at zero below.
      let o = tableau.objectiveRow
      for j in 0..<(tableau.columnCount - 1)
      where tableau.rowOfColumn[j] < 0 && tableau.kind[j] == .restricted && tableau[o, j] > DenseTableau.epsilon {
        tableau.locked[j] = true
      }
    }

    var result = [Double](repeating: 0, count: max(values.count, maxVariableIndex() + 1))
    var fixed = [Bool](repeating: false, count: result.count)
    for (variable, column) in layout.variableColumns {
      result[variable.index] = tableau.value(ofColumn: column)
      fixed[variable.index] = tableau.isPinned(column)
    }
    record(tableau, full: true)
    return (result, fixed)
  }

  private func maxVariableIndex() -> Int {
    var m = edits.count - 1
    for constraint in constraints {
      guard let constraint else { continue }
      for term in constraint.expression.terms { m = max(m, term.variable.index) }
    }
    return m
  }

  /// Accumulates the tableau's work into the counters (and the last-solve statistics for a
  /// full solve).
  func record(_ tableau: DenseTableau, full: Bool) {
    work.pivots += tableau.counters.pivots
    work.cellsTouched += tableau.counters.cellsUpdated
    work.rows = tableau.rowCount
    work.cells = tableau.cells.count
    work.symbols = tableau.columnCount - 1
    if full {
      lastSolve = DenseSolveStatistics(
        rows: tableau.rowCount, columns: tableau.columnCount, tableauBytes: tableau.byteCount,
        pivots: tableau.counters.pivots, cellsUpdated: tableau.counters.cellsUpdated)
    }
  }

  // MARK: Feasibility of the required constraints

  /// Nil when the required constraints `system` have a common solution; else the ids of
  /// the constraints whose rows carry a multiplier in the phase-one certificate.
  /// - Complexity: one dense phase one over `system`.
  func conflicts(in system: [Constraint]) throws(SolverError) -> [ConstraintID]? {
    var (tableau, layout) = try build(system.map(RowSource.init))
    let rows = try phaseOne(&tableau, layout)
    record(tableau, full: false)
    guard let rows else { return nil }
    return rows.map { system[$0].id }
  }

  /// The refusal for adding `candidates` (required) in order to the feasible `present`
  /// required constraints: nil when all fit; else `unsatisfiable` for the first candidate
  /// that cannot be added after those before it, found by bisection, naming the others in
  /// its certificate.
  /// - Complexity: one phase one when all fit, else 1 + ⌈log₂(candidates)⌉ + 1.
  func firstRefusal(adding candidates: [Constraint], to present: [Constraint]) throws(SolverError) -> SolverError? {
    guard try conflicts(in: present + candidates) != nil else { return nil }
    var feasiblePrefix = 0  // `present` alone is feasible
    var infeasiblePrefix = candidates.count
    while infeasiblePrefix - feasiblePrefix > 1 {
      let middle = (feasiblePrefix + infeasiblePrefix) / 2
      if try conflicts(in: present + candidates[..<middle]) == nil {
        feasiblePrefix = middle
      } else {
        infeasiblePrefix = middle
      }
    }
    let refused = candidates[infeasiblePrefix - 1]
    let involved = try conflicts(in: present + candidates[..<infeasiblePrefix]) ?? []
    let others = Set(involved.filter { $0 != refused.id }).sorted()
    return .unsatisfiable(refused.id, conflicts: others)
  }
}
