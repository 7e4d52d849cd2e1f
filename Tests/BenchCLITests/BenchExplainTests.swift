import Foundation
import Testing

/// `bench explain` through the command line: the document on standard output, the state
/// `--step` names, and each error path with its exit status (docs/explain.md).
@Suite struct BenchExplainTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The book's first example: `green` pinned 50 points inside the root; steps resize.
  private static let pinEdges = root.appendingPathComponent("Tests/Fixtures/b1-pin-edges.scene.json").path

  private func document(_ output: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }

  /// The attribute named `name` of the axis, from a parsed document.
  private func attribute(_ document: [String: Any], _ axis: String, _ name: String) throws -> [String: Any] {
    let attributes = try #require((document[axis] as? [String: Any])?["attributes"] as? [[String: Any]])
    return try #require(attributes.first { $0["attribute"] as? String == name })
  }

  private func ids(_ attribute: [String: Any], _ list: String = "determinedBy") -> [String] {
    (attribute[list] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test func explainsTheInitialLayoutOnEveryConstraintBackend() throws {
    let output = try BenchProcess.run(["explain", Self.pinEdges, "--view", "green"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardError.isEmpty)
    let parsed = try document(output.standardOutput)
    #expect(parsed["format"] as? String == "layoutbench.explanation/1")
    #expect(parsed["step"] is NSNull)
    #expect(parsed["backends"] as? [String] == ["cassowary", "dense-simplex"])
    #expect((parsed["horizontal"] as? [String: Any])?["constraints"] as? [String] == [
      "greenLeading", "greenTrailing", "root.encapsulated(width)",
    ])
    let minX = try attribute(parsed, "horizontal", "minX")
    #expect(ids(minX) == ["greenLeading"])
    #expect((minX["value"] as? Double).map { abs($0 - 50) <= 1e-6 } == true)
    let height = try attribute(parsed, "vertical", "height")
    #expect(ids(height) == ["greenTop", "greenBottom", "root.encapsulated(height)"])
    let first = try #require((height["determinedBy"] as? [[String: Any]])?.first)
    #expect(first["priority"] as? Double == 1000 && first["generated"] as? Bool == false)
  }

  /// `--step 0` is the state bench layout prints as `"step": 0`: after the resize to 667 wide.
  @Test func stepKIsBenchLayoutsStateK() throws {
    let output = try BenchProcess.run(["explain", Self.pinEdges, "--view", "green", "--step", "0"])
    #expect(output.status == 0, "\(output.standardError)")
    let parsed = try document(output.standardOutput)
    #expect(parsed["step"] as? Int == 0)
    let width = try attribute(parsed, "horizontal", "width")
    #expect((width["value"] as? Double).map { abs($0 - 567) <= 1e-6 } == true)
  }

  @Test func anUnknownViewIsABadCommandLineWithASuggestion() throws {
    let output = try BenchProcess.run(["explain", Self.pinEdges, "--view", "gren"])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(
      output.standardError.hasPrefix(
        "error: \(Self.pinEdges): no view 'gren' is present in the initial layout; did you mean 'green'?\nUsage: bench explain"))
  }

  @Test(arguments: ["--step=2", "--step=-1"])
  func aStepOutsideTheSceneIsABadCommandLine(_ step: String) throws {
    let output = try BenchProcess.run(["explain", Self.pinEdges, "--view", "green", step])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    let expected = step == "--step=2" ? "no step 2: its steps are 0 to 1" : "--step -1: a step index is 0 or more"
    #expect(output.standardError.contains(expected), "\(output.standardError)")
  }

  @Test func aMissingOrMalformedFileIsBadInput() throws {
    let missing = try BenchProcess.run(["explain", "/nonexistent/scene.json", "--view", "green"])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("error: /nonexistent/scene.json: cannot open"))
    let file = try TemporaryFile(
      named: "bad.scene.json",
      #"{"format": "layoutbench.scene/1", "container": {"width": -1, "height": 10}, "views": [{"id": "root"}]}"#)
    defer { file.remove() }
    let malformed = try BenchProcess.run(["explain", file.path, "--view", "root"])
    #expect(malformed.status == 2)
    #expect(malformed.standardOutput.isEmpty)
    #expect(malformed.standardError.contains("container.width"), "\(malformed.standardError)")
  }

  @Test func aViewInATableRowIsRefusedWithStatus3() throws {
    let file = try TemporaryFile(
      named: "table.scene.json",
      """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"}, {"id": "list", "parent": "root", "table": {}},
         {"id": "cell", "parent": "list", "intrinsicSize": [100, 20]}],
       "constraints": [{"id": "edges", "vfl": "H:|[list]|"}, {"id": "rows", "vfl": "V:|[list]|"}]}
      """)
    defer { file.remove() }
    let output = try BenchProcess.run(["explain", file.path, "--view", "cell"])
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("'cell' is a table row, which is laid out alone"), "\(output.standardError)")
  }

  /// Both backends must explain the view: one over its limit refuses, and nothing is printed.
  @Test func aBackendOverItsLimitRefusesWithStatus3() throws {
    let output = try BenchProcess.run(
      ["explain", Self.pinEdges, "--view", "green"], environment: ["LAYOUTBENCH_DENSE_MEMORY_LIMIT": "200"])
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("backend dense-simplex refuses the scene"), "\(output.standardError)")
  }

  @Test func helpNamesEveryExitStatus() throws {
    let output = try BenchProcess.run(["explain", "--help"])
    #expect(output.status == 0)
    for status in ["  0   ", "  1   ", "  2   ", "  3   ", "  4   ", "  64  "] {
      #expect(output.standardOutput.contains(status), "\(status)")
    }
  }
}
