import Testing
import LayoutModel

@Suite struct ConstraintTests {
  let x = VariableID(0)
  let y = VariableID(1)

  @Test func normalizedSortsMergesAndDropsZeros() {
    let e = LinearExpression([Term(y, 2), Term(x, 1), Term(y, -2), Term(x, 3)], constant: 5)
    let n = e.normalized()
    #expect(n.terms == [Term(x, 4)])
    #expect(n.constant == 5)
  }

  @Test func valueSumsTermsAndConstant() {
    let e = LinearExpression([Term(x, 2), Term(y, -1)], constant: 3)
    #expect(e.value { $0 == x ? 10 : 4 } == 19)
    #expect(e.magnitude { $0 == x ? 10 : 4 } == 20)
  }

  @Test(arguments: [
    (Relation.equal, 5.0, 5.0), (.equal, -5, 5),
    (.lessThanOrEqual, 5, 5), (.lessThanOrEqual, -5, 0),
    (.greaterThanOrEqual, 5, 0), (.greaterThanOrEqual, -5, 5),
  ])
  func violationIsTheAmountByWhichItFails(relation: Relation, lhs: Double, expected: Double) {
    let c = Constraint(id: ConstraintID(0), LinearExpression([], constant: lhs), relation)
    #expect(c.violation { _ in 0 } == expected)
  }

  @Test func priorityRangeAndRequired() {
    #expect(Priority(1000).isRequired && Priority(1000).isValid)
    #expect(!Priority(999.5).isRequired && Priority(999.5).isValid)
    #expect(!Priority(0).isValid && !Priority(1001).isValid && !Priority(-1).isValid)
    #expect(!Priority(.nan).isValid && !Priority(.infinity).isValid)
    #expect(Priority(750).description == "750" && Priority(750.5).description == "750.5")
  }
}

@Suite struct SolverErrorTests {
  struct Names: SolverNaming {
    func name(of constraint: ConstraintID) -> String { ["gap1", "x0", "w0"][constraint.index] }
    func name(of variable: VariableID) -> String { ["W", "x1"][variable.index] }
  }

  @Test func unsatisfiableNamesTheConstraintAndItsConflicts() {
    let e = SolverError.unsatisfiable(ConstraintID(0), conflicts: [ConstraintID(1), ConstraintID(2)])
    #expect(e.message(names: Names()) == "required constraint 'gap1' conflicts with 'x0', 'w0'")
    #expect(e.kind == "unsatisfiable")
    #expect(e.description.contains("c0") && e.description.contains("c1"))
  }

  @Test func everyCaseHasADistinctKindAndNamesItsSubject() {
    let c = ConstraintID(0)
    let v = VariableID(0)
    let cases: [(SolverError, String)] = [
      (.unsatisfiable(c, conflicts: []), "gap1"), (.duplicateConstraint(c), "gap1"),
      (.unknownConstraint(c), "gap1"), (.duplicateEditVariable(v), "W"),
      (.unknownEditVariable(v), "W"), (.requiredEditPriority(v), "W"),
      (.invalidPriority(c, 1200), "gap1"), (.invalidEditPriority(v, 0), "W"),
      (.requiredPriorityChange(c), "gap1"), (.nonFiniteCoefficient(c, v), "W"),
      (.nonFiniteConstant(c), "gap1"), (.nonFiniteSuggestion(v), "W"),
      (.limitExceeded("tableau over 1 GiB"), "1 GiB"), (.internalInconsistency("bug"), "bug"),
    ]
    #expect(Set(cases.map(\.0.kind)).count == cases.count)
    for (error, subject) in cases {
      #expect(error.message(names: Names()).contains(subject), "\(error.kind)")
    }
  }
}
