import LayoutModel

extension Tableau {

  /// Runs ``invariantViolations()`` after an operation and stops on the first broken
  /// invariant. Compiled in only with `LAYOUTBENCH_INTERNAL_CHECKS` (debug builds, and so
  /// `swift test`); release builds pay nothing.
  @inline(__always)
  func checkInvariants() {
    #if LAYOUTBENCH_INTERNAL_CHECKS
      let violations = invariantViolations()
      precondition(violations.isEmpty, "Cassowary invariants broken:\n" + violations.joined(separator: "\n"))
    #endif
  }

  /// Whether this build checks invariants after every operation.
  static var checksInvariants: Bool {
    #if LAYOUTBENCH_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Every broken tableau invariant, described; empty when the tableau is sound.
  /// Checks: rows sorted, non-zero and free of basic symbols; restricted rows feasible
  /// and free of unrestricted parametric symbols; exact occurrence counts and complete
  /// column lists; objective vectors sorted, non-zero and on parametric pivotable symbols;
  /// optimality (no symbol may enter); markers of present constraints accounted for and
  /// released symbols unused; required constraints satisfied by the values.
  /// - Complexity: O(cells + symbols + objective entries + Σ constraint terms).
  func invariantViolations() -> [String] {
    var problems: [String] = []
    var counted = ContiguousArray<Int32>(repeating: 0, count: symbolKind.count)
    var cells = 0
    var active = 0
    for r in rows.indices where rows[r].basic >= 0 {
      active += 1
      let row = rows[r]
      let basic = Int(row.basic)
      if rowOf[basic] != Int32(r) { problems.append("row \(r): basic \(basic) maps to slot \(rowOf[basic])") }
      let kind = symbolKind[basic]
      if kind == .free { problems.append("row \(r): basic symbol \(basic) is released") }
      if kind == .dummy ? abs(row.constant) > 1e-6 : (kind.isRestricted && row.constant < -1e-6) {
        problems.append("row \(r): restricted basic \(basic) (\(kind)) infeasible, constant \(row.constant)")
      }
      cells += row.symbols.count
      for i in row.symbols.indices {
        let s = Int(row.symbols[i])
        if i > 0 && row.symbols[i - 1] >= row.symbols[i] { problems.append("row \(r): symbols not strictly ascending") }
        if abs(row.coefficients[i]) < Self.epsilon { problems.append("row \(r): near-zero cell for \(s)") }
        if rowOf[s] >= 0 { problems.append("row \(r): contains basic symbol \(s)") }
        if symbolKind[s] == .free { problems.append("row \(r): contains released symbol \(s)") }
        if kind.isRestricted && symbolKind[s] == .external {
          problems.append("row \(r): restricted row contains unrestricted parametric symbol \(s)")
        }
        counted[s] += 1
        let column = kind.isRestricted ? restrictedColumns[s] : unrestrictedColumns[s]
        if !column.contains(Int32(r)) { problems.append("column \(s) misses row \(r)") }
      }
    }
    if active != liveRows { problems.append("live rows \(liveRows), found \(active)") }
    if cells != work.cells { problems.append("cell count \(work.cells), found \(cells)") }
    for s in symbolKind.indices where counted[s] != occurrences[s] {
      problems.append("symbol \(s): occurrences \(occurrences[s]), found \(counted[s])")
    }

    for s in objectiveHead.indices where objectiveHead[s] >= 0 {
      if rowOf[s] >= 0 { problems.append("objective mentions basic symbol \(s)") }
      if symbolKind[s] == .external || symbolKind[s] == .free {
        problems.append("objective mentions \(symbolKind[s]) symbol \(s)")
      }
      var e = objectiveHead[s]
      var last = Double.infinity
      while e >= 0 {
        let p = levelPriority[Int(entryLevel[Int(e)])]
        if p >= last { problems.append("objective vector of \(s) not descending by level") }
        if abs(entryCoefficient[Int(e)]) < Self.epsilon { problems.append("objective vector of \(s) has a zero entry") }
        last = p
        e = entryNext[Int(e)]
      }
      if symbolKind[s].isPivotable && rowOf[s] < 0 && entryCoefficient[Int(objectiveHead[s])] < -1e-7 {
        problems.append("not optimal: symbol \(s) could enter (coefficient \(entryCoefficient[Int(objectiveHead[s])]))")
      }
    }

    var entriesPerLevel = ContiguousArray<Int32>(repeating: 0, count: levelEntries.count)
    for s in objectiveHead.indices {
      var e = objectiveHead[s]
      while e >= 0 {
        entriesPerLevel[Int(entryLevel[Int(e)])] += 1
        e = entryNext[Int(e)]
      }
    }
    if entriesPerLevel != levelEntries { problems.append("level entry counts \(levelEntries), found \(entriesPerLevel)") }

    func checkTag(_ tag: ConstraintTag, _ what: String) {
      for symbol in [tag.marker, tag.other] where symbol >= 0 {
        if symbolKind[Int(symbol)] == .free { problems.append("\(what): symbol \(symbol) was released") }
      }
      if tag.level >= 0 && levelUsers[Int(tag.level)] <= 0 { problems.append("\(what): level has no users") }
    }
    for i in constraintTags.indices where constraintTags[i].isPresent { checkTag(constraintTags[i], "constraint \(i)") }
    for i in editTags.indices where editTags[i].isPresent { checkTag(editTags[i], "edit \(i)") }
    for symbol in freeSymbols {
      let s = Int(symbol)
      if symbolKind[s] != .free || rowOf[s] >= 0 || occurrences[s] != 0 || objectiveHead[s] >= 0 {
        problems.append("released symbol \(s) still in use")
      }
    }

    for i in definitions.indices {
      guard constraintTags[i].isPresent, let definition = definitions[i], definition.priority.isRequired else { continue }
      let value = { (v: VariableID) in self.value(of: v) }
      let violation = definition.violation(value)
      let scale = definition.expression.magnitude(value)
      if !Tolerance.residual.isZero(violation, scale: scale) {
        problems.append("required constraint \(i) violated by \(violation)")
      }
    }
    return problems
  }
}
