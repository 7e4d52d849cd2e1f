import Interchange
import LayoutModel
import Testing
import TestSupport

@Suite struct DocumentEncodingTests {
  @Test func writesTheFormatsExampleOneEntryPerLine() {
    #expect(
      FormatsExample.document.jsonText() == #"""
        {
          "format": "layoutbench.constraints/1",
          "constraints": [
            {"id": "x0", "terms": {"x0": 1}, "constant": 0, "relation": "==", "priority": 1000},
            {"id": "cr0", "terms": {"w0": 1}, "constant": -40, "relation": ">=", "priority": 750},
            {"id": "gap1", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -8, "relation": "==", "priority": 1000}
          ],
          "edits": [
            {"variable": "W", "priority": 999}
          ],
          "steps": [
            {"suggest": {"W": 320}},
            {"setConstant": {"cr0": -50}},
            {"setPriority": {"cr0": 700}},
            {"remove": ["gap1"]},
            {"add": [{"id": "gap1b", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -16, "relation": "==", "priority": 1000}]}
          ]
        }

        """#)
  }

  @Test func formatsExampleRoundTrips() throws {
    let decoded = try ConstraintSystemDocument.decode(FormatsExample.document.jsonText(), file: "rt.json")
    #expect(decoded.document == FormatsExample.document)
    #expect(decoded.warnings.isEmpty)
  }

  @Test func everyStepKindWithSeveralEntriesRoundTrips() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [
         {"id": "root.title0.left", "terms": {"root.title0.left": 1, "say \"hi\"": -0.5}, "constant": 1e-7, "relation": "<=", "priority": 250.5},
         {"id": "é", "terms": {"é": 1e20}, "constant": -0.1, "relation": ">=", "priority": 1},
         {"id": "k", "terms": {}, "constant": 0, "relation": "=="}],
       "edits": [{"variable": "W", "priority": 999}, {"variable": "H", "priority": 0.5}],
       "steps": [
         {"suggest": {"H": -3.25, "W": 1e16}},
         {"setConstant": {"é": 7, "root.title0.left": -0}},
         {"setPriority": {"é": 999.999, "k": 1}},
         {"remove": ["k", "é", "k"]},
         {"add": [{"id": "k", "terms": {"new": 2}, "relation": "=="}, {"id": "n2", "terms": {"W": 1, "H": -1}, "relation": ">=", "priority": 10}]},
         {"add": []},
         {"remove": []}
       ]}
      """#
    let original = try ConstraintSystemDocument.decode(text, file: "in.json").document
    let written = original.jsonText()
    let reread = try ConstraintSystemDocument.decode(written, file: "out.json")
    #expect(reread.document == original)
    #expect(reread.warnings.isEmpty)
    // Writing is deterministic: the re-read document writes the same bytes.
    #expect(reread.document.jsonText() == written)
  }

  @Test func writesEmptyListsExplicitly() {
    let empty = ConstraintSystemDocument(variableNames: [], constraintNames: [], constraints: [])
    #expect(
      empty.jsonText() == """
        {
          "format": "layoutbench.constraints/1",
          "constraints": [],
          "edits": [],
          "steps": []
        }

        """)
  }

  @Test func mergesRepeatedVariablesBecauseJSONKeysAreUnique() throws {
    let (x, y) = (VariableID(0), VariableID(1))
    let document = ConstraintSystemDocument(
      variableNames: ["x", "y"], constraintNames: ["c"],
      constraints: [Constraint(id: ConstraintID(0), LinearExpression([Term(x, 1), Term(y, 2), Term(x, 3)], constant: 5), .equal)])
    let text = document.jsonText()
    #expect(text.contains(#"{"id": "c", "terms": {"x": 4, "y": 2}, "constant": 5, "relation": "==", "priority": 1000}"#))
    let reread = try ConstraintSystemDocument.decode(text, file: "m.json").document
    #expect(reread.constraints[0].expression == LinearExpression([Term(x, 4), Term(y, 2)], constant: 5))
  }
}
