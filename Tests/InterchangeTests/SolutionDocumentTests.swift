import Interchange
import LayoutModel
import Testing

@Suite struct SolutionDocumentTests {
  @Test func writesTheShapeFormatsMdShows() {
    let solution = SolutionDocument(
      backend: "cassowary", variableNames: ["x0", "w0", "x1", "W"],
      states: [
        .init(step: nil, outcome: .values([0, 40, 48, 320])),
        .init(step: 0, outcome: .values([0, 40, 48, 320])),
      ])
    #expect(
      solution.jsonText() == """
        {
          "format": "layoutbench.solution/1",
          "backend": "cassowary",
          "states": [
            {"step": null, "values": {"x0": 0, "w0": 40, "x1": 48, "W": 320}},
            {"step": 0, "values": {"x0": 0, "w0": 40, "x1": 48, "W": 320}}
          ]
        }

        """)
  }

  @Test func errorRecordsNameWhatEachErrorIsAbout() {
    let names = ConstraintSystemDocument(variableNames: ["x", "W"], constraintNames: ["c0", "c1"], constraints: [])
    let (c0, c1, x, w) = (ConstraintID(0), ConstraintID(1), VariableID(0), VariableID(1))
    func record(_ error: SolverError) -> SolutionDocument.ErrorRecord { .init(error, names: names) }

    #expect(record(.unsatisfiable(c1, conflicts: [c0])) == .init(
      kind: "unsatisfiable", message: "required constraint 'c1' conflicts with 'c0'", constraint: "c1", conflicts: ["c0"]))
    #expect(record(.unsatisfiable(c1, conflicts: [])).conflicts == [])
    for error in [SolverError.duplicateConstraint(c0), .unknownConstraint(c0), .invalidPriority(c0, 0), .requiredPriorityChange(c0), .nonFiniteConstant(c0)] {
      #expect(record(error) == .init(kind: error.kind, message: error.message(names: names), constraint: "c0"))
    }
    #expect(record(.nonFiniteCoefficient(c1, x)) == .init(
      kind: "nonFiniteCoefficient", message: "constraint 'c1' has a NaN or infinite coefficient for 'x'", constraint: "c1", variable: "x"))
    for error in [SolverError.duplicateEditVariable(w), .unknownEditVariable(w), .requiredEditPriority(w), .invalidEditPriority(w, 1000), .nonFiniteSuggestion(w)] {
      #expect(record(error) == .init(kind: error.kind, message: error.message(names: names), variable: "W"))
    }
    #expect(record(.limitExceeded("too big")) == .init(kind: "limitExceeded", message: "too big"))
  }
}
