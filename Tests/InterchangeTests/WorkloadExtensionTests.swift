import Interchange
import LayoutModel
import Scene
import Testing

private let file = "w.json"

/// A scene with two steps and `extra` top-level members.
private func scene(_ extra: String) -> String {
  #"{"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50}, "views": [{"id": "r"}], "#
    + #""steps": [{"resizeContainer": {"width": 60, "height": 50}}, {"resizeContainer": {"width": 80, "height": 50}}]"#
    + (extra.isEmpty ? "" : ", " + extra) + "}"
}

private func sceneError(_ text: String) -> String? {
  do {
    _ = try SceneDocument.decode(text, file: file)
    return nil
  } catch {
    return error.description
  }
}

/// The `workload` and `operations` extensions (docs/interchange.md) that `bench export`
/// writes into both formats.
@Suite struct WorkloadExtensionTests {
  @Test func decodesBothExtensionsOfASceneAndWritesThemBack() throws {
    let text = scene(
      #""workload": {"name": "w.x", "size": 3, "seed": 7, "parameters": {"axis": "vertical", "n": "3"}}, "#
        + #""operations": [{"phase": "resizeContainer", "steps": [0, 1]}, {"phase": "other", "steps": [1, 2]}]"#)
    let (document, warnings) = try SceneDocument.decode(text, file: file)
    #expect(warnings.isEmpty)
    #expect(
      document.workload
        == WorkloadInfo(
          name: "w.x", size: 3, seed: 7,
          parameters: [.init(key: "axis", value: "vertical"), .init(key: "n", value: "3")]))
    #expect(
      document.operations == [
        MeasuredOperation(phase: "resizeContainer", steps: 0..<1), MeasuredOperation(phase: "other", steps: 1..<2),
      ])
    let again = try SceneDocument.decode(document.jsonText(), file: file).document
    #expect(again == document)
    // `workload` right after `format`, `operations` last.
    let written = document.jsonText()
    #expect(written.hasPrefix("{\n  \"format\": \"layoutbench.scene/1\",\n  \"workload\": {"))
    #expect(written.contains("\"operations\": [\n    {\"phase\": \"resizeContainer\", \"steps\": [0, 1]}"))
  }

  @Test func absentExtensionsStayAbsent() throws {
    let document = try SceneDocument.decode(scene(""), file: file).document
    #expect(document.workload == nil)
    #expect(document.operations == nil)
    #expect(!document.jsonText().contains("operations"))
  }

  @Test(arguments: [UInt64(0), UInt64(1) << 53, (UInt64(1) << 53) + 1, UInt64.max])
  func seedsOfEverySizeRoundTrip(seed: UInt64) throws {
    let info = WorkloadInfo(name: "a", size: 1, seed: seed)
    let text = scene(#""workload": \#(info.jsonValue().jsonText())"#)
    #expect(try SceneDocument.decode(text, file: file).document.workload?.seed == seed)
    // Above 2^53 a JSON number would lose digits: the seed is written as a string.
    #expect(info.jsonValue().jsonText().contains(#""seed": ""#) == (seed > 1 << 53))
  }

  @Test(arguments: [
    (#""workload": {"name": "a", "size": 1, "seed": -1}"#,
     #"w.json: workload.seed: expected an integer in [0, 2^53] or a string of decimal digits (a 64-bit seed), found -1"#),
    (#""workload": {"name": "a", "size": 1, "seed": "0x10"}"#,
     #"w.json: workload.seed: expected an integer in [0, 2^53] or a string of decimal digits (a 64-bit seed), found "0x10""#),
    (#""workload": {"name": "a", "size": 1.5, "seed": 1}"#, "w.json: workload.size: expected a non-negative integer, found 1.5"),
    (#""workload": {"size": 1, "seed": 1}"#, "w.json: workload.name: missing required field 'name'; expected a string"),
    (#""workload": {"name": "a", "size": 1, "seed": 1, "parameters": {"k": 3}}"#, "w.json: workload.parameters.k: expected a string, found 3"),
    (#""operations": [{"phase": "p", "steps": [0, 1]}]"#,
     "w.json: operations: the operations cover steps 0..<1 of 2; they must cover every step"),
    (#""operations": [{"phase": "p", "steps": [0, 1]}, {"phase": "p", "steps": [2, 2]}]"#,
     "w.json: operations[1].steps: expected the operation to start at step 1 (operations are consecutive and cover every step), found 2"),
    (#""operations": [{"phase": "p", "steps": [0, 1]}, {"phase": "p", "steps": [1, 1]}]"#,
     "w.json: operations[1].steps: an operation holds at least one step"),
    (#""operations": [{"phase": "p", "steps": [0, 3]}]"#,
     "w.json: operations[0].steps: the operation ends at step 3, past the 2 steps of the file"),
    (#""operations": [{"phase": "p", "steps": [2, 0]}]"#,
     "w.json: operations[0].steps: expected [start, end] with start <= end (end excluded), found [2, 0]"),
    (#""operations": [{"steps": [0, 2]}]"#, "w.json: operations[0].phase: missing required field 'phase'; expected a string"),
  ])
  func rejectsMalformedExtensionsNamingThePath(member: String, expected: String) {
    #expect(sceneError(scene(member)) == expected)
  }

  @Test func unknownMembersOfTheExtensionsAreWarnings() throws {
    let text = scene(#""workload": {"name": "a", "size": 1, "seed": 1, "colour": "red"}"#)
    let warnings = try SceneDocument.decode(text, file: file).warnings
    #expect(warnings.map(\.description).contains { $0.contains("workload.colour") })
  }

  @Test func aConstraintSystemCarriesTheExtensionsToo() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1", "workload": {"name": "a", "size": 2, "seed": 3},
       "constraints": [{"id": "x", "terms": {"x": 1}, "constant": -1, "relation": "==", "priority": 1000}],
       "steps": [{"setConstant": {"x": -2}}, {"setConstant": {"x": -3}}],
       "operations": [{"phase": "constant", "steps": [0, 2]}]}
      """#
    let (document, warnings) = try ConstraintSystemDocument.decode(text, file: file)
    #expect(warnings.isEmpty)
    #expect(document.workload == WorkloadInfo(name: "a", size: 2, seed: 3))
    #expect(document.operations == [MeasuredOperation(phase: "constant", steps: 0..<2)])
    #expect(try ConstraintSystemDocument.decode(document.jsonText(), file: file).document == document)
  }
}
