import Testing
import LayoutModel

@Suite struct ConstraintTests {
  let x = VariableID(0)
  let y = VariableID(1)

  @Test func normalizeInPlaceMatchesASortedMergedCopy() {
    // The rule written out as a fresh sorted copy merged into a new array, bit for bit:
    // duplicates must be summed in the same order.
    func reference(_ e: LinearExpression) -> [Term] {
      var merged: [Term] = []
      for term in e.terms.sorted(by: { $0.variable < $1.variable }) {
        if let last = merged.last, last.variable == term.variable {
          merged[merged.count - 1].coefficient += term.coefficient
        } else {
          merged.append(term)
        }
      }
      return merged.filter { $0.coefficient != 0 }
    }
    var state: UInt64 = 42
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    let coefficients = [1.0, -1.0, 0.5, 0.1, 0.2, 0.3, -0.7, 0, 1e-17, 3]
    // Up to 31 terms: both the insertion sort (at most `insertionSortLimit`, 12) and the
    // general sort are compared with the reference.
    for _ in 0..<1_000 {
      let terms = (0..<Int(next(32))).map { _ in Term(VariableID(Int(next(12))), coefficients[Int(next(10))]) }
      let e = LinearExpression(terms, constant: 1)
      var inPlace = e
      inPlace.normalize()
      let expected = reference(e)
      #expect(inPlace.terms.map(\.variable) == expected.map(\.variable))
      #expect(inPlace.terms.map(\.coefficient.bitPattern) == expected.map(\.coefficient.bitPattern))
      #expect(e.normalized() == inPlace && inPlace.constant == 1)
    }
  }

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
