import Interchange
import LayoutModel
import Replay
import StrictJSON
import Testing

/// `SolutionDocument` made from a replay: states and errors in the document's names.
@Suite struct SolutionDocumentReplayTests {
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
}
