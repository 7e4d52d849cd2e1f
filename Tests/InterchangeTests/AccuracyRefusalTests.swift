import Interchange
import LayoutModel
import Scene
import StrictJSON
import Testing

/// Where a file's first number outside the accuracy contract is found (docs/interchange.md,
/// "Accuracy contract"): its JSON path and what it belongs to.
@Suite struct AccuracyRefusalTests {
  private func systemRefusal(_ body: String) throws -> String? {
    let text = #"{"format": "layoutbench.constraints/1", "# + body + "}"
    return try ConstraintSystemDocument.decode(text, file: "s.json").document.accuracyRefusal()?.description
  }

  private func sceneRefusal(_ body: String) throws -> String? {
    let text = #"{"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50}, "# + body + "}"
    return try SceneDocument.decode(text, file: "s.json").document.accuracyRefusal?.description
  }

  @Test func aSystemWithinTheContractHasNoRefusal() throws {
    #expect(try systemRefusal(#""constraints": [{"id": "a", "terms": {"x": 1000, "y": 1}, "constant": 5e4, "relation": "<="}]"#) == nil)
    #expect(try systemRefusal(#""constraints": [{"id": "a", "terms": {"x": 1, "y": 2}, "constant": 3e7, "relation": "<="}]"#) == nil)
  }

  @Test(arguments: [
    (#""constraints": [{"id": "a", "terms": {"x": 1, "y": 1e-7}, "relation": "=="}]"#,
     "constraints[0].terms.y: constraint 'a' has the coefficient 1e-07 for 'y'; the accuracy contract takes nonzero magnitudes in [1e-6, 1e6]"),
    (#""constraints": [{"id": "a", "terms": {"x": 1, "y": 1e-4}, "relation": "=="}]"#,
     "constraints[0].terms.y: constraint 'a' has coefficients from 0.0001 for 'y' to 1.0 for 'x'; the accuracy contract takes magnitudes within a factor of 1e3 of each other in one constraint"),
    (#""constraints": [{"id": "a", "terms": {"x": 1}, "constant": -3.1e7, "relation": "=="}]"#,
     "constraints[0].constant: constraint 'a' has the constant -31000000.0; the accuracy contract takes magnitudes up to 3e7"),
    (#""constraints": [{"id": "a", "terms": {"x": 1}, "constant": 2e7, "relation": "=="}, {"id": "b", "terms": {"x": 1, "y": 0.01}, "relation": ">="}]"#,
     "constraints[1]: constraint 'b' would bring the system to constants up to 20000000.0 with coefficients spanning 100.0 within a constraint; the accuracy contract takes (largest constant) × (largest ratio)² up to 1e11"),
    (#""constraints": [{"id": "a", "terms": {"x": 1, "y": 0.01}, "relation": ">="}], "steps": [{"setConstant": {"a": 2e7}}]"#,
     "steps[0].setConstant.a: constraint 'a' would bring the system to constants up to 20000000.0 with coefficients spanning 100.0 within a constraint; the accuracy contract takes (largest constant) × (largest ratio)² up to 1e11"),
    (#""constraints": [], "edits": [{"variable": "W", "priority": 1}], "steps": [{"suggest": {"W": 1}}, {"suggest": {"W": -4e7}}]"#,
     "steps[1].suggest.W: suggested value -40000000.0 for 'W' is outside the accuracy contract (magnitudes up to 3e7)"),
  ])
  func systemsNameTheFirstNumberOutside(body: String, expected: String) throws {
    #expect(try systemRefusal(body) == expected)
  }

  @Test func scenesCheckLengthsAndMultipliersButNotPriorities() throws {
    let views = #""views": [{"id": "r"}, {"id": "a", "parent": "r", "hugging": [1000, 1]}]"#
    #expect(try sceneRefusal(views + #", "constraints": [{"id": "w", "first": "a.width", "constant": 3e7, "priority": 1}]"#) == nil)
    #expect(
      try sceneRefusal(views + #", "constraints": [{"id": "w", "first": "a.width", "second": "r.width", "multiplier": 2000}]"#)
        == "constraints[0].multiplier: the multiplier 2000.0 (of 'w') is outside the accuracy contract, which takes zero or magnitudes in [1e-3, 1e3]")
    // Keys of id-keyed maps are ids, even one spelt like a field that is not checked.
    #expect(
      try sceneRefusal(
        views + #", "constraints": [{"id": "priority", "first": "a.width", "constant": 1}], "steps": [{"setPriority": {"priority": 500}}, {"setConstant": {"priority": -5e7}}]"#)
        == "steps[1].setConstant.priority: -50000000.0 (of 'priority') is outside the accuracy contract, which takes lengths of magnitude up to 3e7")
    #expect(
      try sceneRefusal(#""views": [{"id": "r", "layoutMargins": [8, 8, 8, 1e300]}]"#)
        == "views[0].layoutMargins[3]: 1e+300 (of 'r') is outside the accuracy contract, which takes lengths of magnitude up to 3e7")
  }

  @Test func emptySceneIdsAreMalformed() {
    let text = #"{"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50}, "views": [{"id": ""}]}"#
    #expect(throws: JSONError.self) { try SceneDocument.decode(text, file: "s.json") }
    do {
      _ = try SceneDocument.decode(text, file: "s.json")
    } catch {
      #expect(error.description == "s.json: views[0].id: a view id must not be empty")
    }
  }
}
