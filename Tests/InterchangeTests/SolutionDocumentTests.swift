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

  @Test func rendersReplayedStatesWithTheDocumentsNames() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [
         {"id": "a", "terms": {"x": 1}, "constant": -1.5, "relation": "=="},
         {"id": "sum", "terms": {"x": 1, "y": 1}, "relation": "=="}],
       "edits": [{"variable": "W", "priority": 999}],
       "steps": [
         {"add": [{"id": "gap1b", "terms": {"x": 1}, "constant": -2, "relation": "=="}]},
         {"remove": ["sum"]},
         {"suggest": {"W": 0.25}}]}
      """#
    let document = try ConstraintSystemDocument.decode(text, file: "s.json").document
    var replay = SystemReplay(document: document, solver: PinSolver())
    let solution = SolutionDocument(backend: PinSolver.backendName, document: document, states: try replay.run())
    #expect(
      solution.jsonText() == #"""
        {
          "format": "layoutbench.solution/1",
          "backend": "pin",
          "states": [
            {"step": null, "values": {"x": 1.5, "y": 0, "W": 0}, "errors": [{"kind": "unsatisfiable", "constraint": "sum", "conflicts": [], "message": "required constraint 'sum' cannot be satisfied on its own"}]},
            {"step": 0, "error": {"kind": "unsatisfiable", "constraint": "gap1b", "conflicts": ["a"], "message": "required constraint 'gap1b' conflicts with 'a'"}},
            {"step": 1, "error": {"kind": "unknownConstraint", "constraint": "sum", "message": "no constraint 'sum' is present"}},
            {"step": 2, "values": {"x": 1.5, "y": 0, "W": 0.25}}
          ]
        }

        """#)
    // The output is one valid JSON document.
    #expect(throws: Never.self) { try JSONValue.parse(solution.jsonText()) }
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
