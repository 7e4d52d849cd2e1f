import Foundation
import Testing

/// `bench export --scene`: a user's scene as the constraint system cassowary's layout of
/// it makes, or back in canonical form.
@Suite struct BenchExportSceneTests {
  static func fixture(_ name: String) -> String {
    BenchRunSceneTests.root.appendingPathComponent("Tests/Fixtures/\(name).scene.json").path
  }

  /// The system of the pinned-edges scene: one step per operation (its two resizes),
  /// which `bench solve` replays state by state.
  @Test func aScenesConstraintSystemSolves() throws {
    let export = try BenchProcess.run(["export", "--scene", Self.fixture("b1-pin-edges"), "--format", "constraints"])
    #expect(export.status == 0, "\(export.standardError)")
    let system = try #require(try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
    #expect(system["format"] as? String == "layoutbench.constraints/1")
    let constraints = try #require(system["constraints"] as? [[String: Any]])
    #expect(constraints.contains { $0["id"] as? String == "greenLeading" })
    let operations = try #require(system["operations"] as? [[String: Any]])
    #expect(operations.map { $0["phase"] as? String } == ["resizeContainer", "resizeContainer"])

    let file = try TemporaryFile(named: "pinned.json", export.standardOutput)
    defer { file.remove() }
    let solve = try BenchProcess.run(["solve", file.path])
    #expect(solve.status == 0, "\(solve.standardError)")
    let states = try #require(
      (try JSONSerialization.jsonObject(with: Data(solve.standardOutput.utf8)) as? [String: Any])?["states"] as? [[String: Any]])
    #expect(states.count == 1 + ((system["steps"] as? [Any])?.count ?? -1))
    // After the first rotation the green view is 667 − 100 wide.
    let afterRotation = try #require(states[1]["values"] as? [String: Double])
    #expect(abs((afterRotation["green.width"] ?? .nan) - 567) < 1e-6, "\(afterRotation)")
  }

  /// `--format scene` writes the file back validated, in canonical form, which lays out to
  /// the very frames of the original.
  @Test func theSceneFormatWritesTheFileBackInCanonicalForm() throws {
    let original = Self.fixture("d7-animating-stack")
    let export = try BenchProcess.run(["export", "--scene", original])
    #expect(export.status == 0, "\(export.standardError)")
    #expect(export.standardOutput.hasPrefix("{\n  \"format\": \"layoutbench.scene/1\",\n"))
    let file = try TemporaryFile(named: "again.scene.json", export.standardOutput)
    defer { file.remove() }
    let frames = try [original, file.path].map { try BenchProcess.run(["layout", $0, "--no-ambiguity"]) }
    #expect(frames.allSatisfy { $0.status == 0 })
    #expect(frames[0].standardOutput == frames[1].standardOutput)
  }

  @Test func aTableIsRefusedAndAMalformedFileIsBadInput() throws {
    let table = try BenchProcess.run(["export", "--scene", Self.fixture("table-stack-rows"), "--format", "constraints"])
    #expect(table.status == 3)
    #expect(table.standardError.hasPrefix("error: \(Self.fixture("table-stack-rows")): cannot be written as constraints: table "))
    #expect(table.standardOutput.isEmpty)
    let bad = try TemporaryFile(named: "bad.scene.json", #"{"format": "layoutbench.scene/1", "container": {"width": -1, "height": 10}, "views": [{"id": "root"}]}"#)
    defer { bad.remove() }
    for format in ["constraints", "scene"] {
      let output = try BenchProcess.run(["export", "--scene", bad.path, "--format", format])
      #expect(output.status == 2)
      #expect(output.standardError.hasPrefix("error: \(bad.path): container.width: "), "\(output.standardError)")
      #expect(output.standardOutput.isEmpty)
    }
  }

  @Test(arguments: [
    (["--scene", "a.json", "--workload", "enaml"], "error: give --workload or --scene, not both"),
    (["--scene", "a.json", "--size", "3"], "error: --size and --seed are a generated workload's"),
    (["--format", "constraints"], "error: give --workload NAME or --scene FILE"),
  ])
  func workloadAndSceneOptionsThatCannotGoTogetherAreABadCommandLine(arguments: [String], message: String) throws {
    let output = try BenchProcess.run(["export"] + arguments)
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
    #expect(output.standardError.contains("\nUsage: bench export "))
  }
}
