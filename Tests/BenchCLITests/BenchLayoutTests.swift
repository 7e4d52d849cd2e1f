import Foundation
import Testing

/// The formats.md section 2 example, as committed in the repository.
private let sceneExamplePath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Benchmarks/scenes/formats-example.scene.json").path

/// The views present after each state of the example: all six until step 12 adds `c`,
/// then step 13 removes `a`.
private let exampleViews: [[String]] = {
  let all = ["root", "title", "row", "a", "b", "legacy"]
  return Array(repeating: all, count: 13) + [all + ["c"], ["root", "title", "row", "b", "legacy", "c"]]
}()

@Suite struct BenchLayoutTests {
  private func states(_ output: String) throws -> (document: [String: Any], states: [[String: Any]]) {
    // JSONSerialization refuses trailing text, so this also checks "exactly one document".
    let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8))
    let document = try #require(parsed as? [String: Any])
    return (document, try #require(document["states"] as? [[String: Any]]))
  }

  @Test func theFormatsExampleGivesAStatePerStepWithEveryView() throws {
    let output = try BenchProcess.run(["layout", sceneExamplePath])
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty)
    let (document, states) = try states(output.standardOutput)
    #expect(document["format"] as? String == "layoutbench.frames/1")
    #expect(document["backend"] as? String == "cassowary")
    #expect(states.count == 15)
    #expect(states.first?["step"] is NSNull)
    #expect(states.dropFirst().enumerated().allSatisfy { $0.element["step"] as? Int == $0.offset })
    for (state, views) in zip(states, exampleViews) {
      let frames = try #require(state["frames"] as? [String: [Double]], "state \(state) has no frames")
      #expect(Set(frames.keys) == Set(views))
      #expect(frames.values.allSatisfy { $0.count == 4 })
      #expect(state["diagnostics"] is [Any])
    }
    let initial = try #require(states[0]["frames"] as? [String: [Double]])
    #expect(initial["root"] == [0, 0, 375, 667])
    #expect(initial["title"] == [127.5, 64, 120, 21])
    // One state per line, views in file order.
    #expect(output.standardOutput.contains("\n    {\"step\": null, \"frames\": {\"root\": [0, 0, 375, 667], \"title\": "))
    // Step 2 leaves the row's vertical position to nothing: an ambiguity diagnostic.
    let diagnostics = try #require(states[3]["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.contains { $0["kind"] as? String == "ambiguous" && $0["views"] as? [String] == ["row"] })
  }

  @Test func noAmbiguityTurnsTheProbesOffAndChangesNoFrame() throws {
    let probed = try states(try BenchProcess.run(["layout", sceneExamplePath]).standardOutput).states
    let output = try BenchProcess.run(["layout", sceneExamplePath, "--no-ambiguity"])
    #expect(output.status == 0)
    let plain = try states(output.standardOutput).states
    #expect(plain.allSatisfy { ($0["diagnostics"] as? [Any])?.isEmpty == true })
    #expect(plain.map { $0["frames"] as? [String: [Double]] } == probed.map { $0["frames"] as? [String: [Double]] })
  }

  @Test func denseSimplexGivesTheSameFrames() throws {
    let reference = try states(try BenchProcess.run(["layout", sceneExamplePath, "--no-ambiguity"]).standardOutput).states
    let output = try BenchProcess.run(["layout", sceneExamplePath, "--backend", "dense-simplex", "--no-ambiguity"])
    #expect(output.status == 0)
    let (document, dense) = try states(output.standardOutput)
    #expect(document["backend"] as? String == "dense-simplex")
    #expect(dense.count == reference.count)
    for (a, b) in zip(dense, reference) {
      let framesA = try #require(a["frames"] as? [String: [Double]])
      let framesB = try #require(b["frames"] as? [String: [Double]])
      #expect(Set(framesA.keys) == Set(framesB.keys))
      // Hidden arranged views (`b` from step 9 on) may be anywhere: checkers ignore them.
      let hiddenFromStep9 = (a["step"] as? Int ?? -1) >= 9
      for (view, frame) in framesA where !(hiddenFromStep9 && view == "b") {
        let other = framesB[view] ?? []
        #expect(zip(frame, other).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(view) at step \(String(describing: a["step"]))")
      }
    }
  }

  @Test func aRefusedStepIsAnErrorStateAndUnknownFieldsAreWarnings() throws {
    let file = try TemporaryFile(
      named: "refused.scene.json",
      #"""
      {"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50},
       "views": [{"id": "r"}, {"id": "a", "parent": "r"}],
       "constraints": [{"id": "w", "first": "a.width", "constant": 10}],
       "steps": [{"setConstant": {"w": 20, "ghost": 1}}, {"setConstant": {"w": 30}}], "comment": "x"}
      """#)
    defer { file.remove() }
    let output = try BenchProcess.run(["layout", file.path, "--no-ambiguity"])
    #expect(output.status == 0)
    #expect(output.standardError == "warning: \(file.path): comment: unknown field 'comment' ignored\n")
    #expect(output.standardOutput.contains(#"{"step": 0, "error": {"kind": "invalidStep", "message": "steps[0].setConstant.ghost: no constraint 'ghost' is present"}}"#))
    let states = try states(output.standardOutput).states
    #expect((states[2]["frames"] as? [String: [Double]])?["a"]?[2] == 30)
  }

  @Test func aMalformedSceneExitsWith2AndNamesTheJSONPath() throws {
    let text = #"""
      {"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50},
       "views": [{"id": "r"}, {"id": "s", "parent": "r", "stack": {}}, {"id": "a", "parent": "s"},
                 {"id": "t", "parent": "r", "stack": {"distribution": "spread"}}]}
      """#
    let file = try TemporaryFile(named: "bad.scene.json", text)
    defer { file.remove() }
    let output = try BenchProcess.run(["layout", file.path])
    #expect(output.status == 2)
    #expect(output.standardOutput.isEmpty)
    #expect(
      output.standardError
        == "error: \(file.path): views[3].stack.distribution: expected one of \"fill\", \"fillEqually\", "
        + "\"fillProportionally\", \"equalSpacing\", \"equalCentering\", found \"spread\"\n")
  }

  @Test func anInvalidSceneExitsWith2AtThePathTheSceneNames() throws {
    let text = #"""
      {"format": "layoutbench.scene/1", "container": {"width": 100, "height": 50},
       "views": [{"id": "r"}, {"id": "a", "parent": "r"}], "constraints": [{"id": "row", "vfl": "H:|-[a]-[b]-|"}]}
      """#
    let file = try TemporaryFile(named: "bad.scene.json", text)
    defer { file.remove() }
    let output = try BenchProcess.run(["layout", file.path])
    #expect(output.status == 2)
    #expect(output.standardOutput.isEmpty)
    // A rejected file gives its error alone (as `bench solve` does), without warnings.
    #expect(output.standardError == "error: \(file.path): constraints[0].vfl: unknown view 'b'\n")
  }

  @Test func syntaxErrorsAndUnreadableFilesExitWith2() throws {
    let file = try TemporaryFile(named: "broken.scene.json", "{\"format\": \"layoutbench.scene/1\",\n  \"views\": [}")
    defer { file.remove() }
    let broken = try BenchProcess.run(["layout", file.path])
    #expect(broken.status == 2)
    #expect(broken.standardError == "error: \(file.path):2:13: expected a JSON value, found '}'\n")
    let missing = try BenchProcess.run(["layout", file.path + ".missing"])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("error: \(file.path).missing: cannot open: "))
    #expect(missing.standardOutput.isEmpty)
  }

  @Test func aBackendOverItsLimitExitsWith3AndPrintsNoDocument() throws {
    let limited = ["LAYOUTBENCH_DENSE_MEMORY_LIMIT": "200"]  // bytes: the example needs kilobytes
    let output = try BenchProcess.run(["layout", sceneExamplePath, "--backend", "dense-simplex"], environment: limited)
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("backend dense-simplex refuses the scene: initial layout: "))
    #expect(output.standardError.contains("over the memory limit of 200 bytes"))
  }

  @Test func anUnknownBackendIsAUsageErrorCheckedAfterTheFile() throws {
    let output = try BenchProcess.run(["layout", sceneExamplePath, "--backend", "flexbox"])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("unknown layout backend 'flexbox' (available: cassowary, dense-simplex"))
    let badFileFirst = try BenchProcess.run(["layout", sceneExamplePath + ".missing", "--backend", "flexbox"])
    #expect(badFileFirst.status == 2)
  }

  @Test func statsGoToStandardErrorOnly() throws {
    let plain = try BenchProcess.run(["layout", sceneExamplePath])
    let output = try BenchProcess.run(["layout", sceneExamplePath, "--stats"])
    #expect(output.status == 0)
    #expect(output.standardOutput == plain.standardOutput)
    #expect(output.standardError.contains("stats: cassowary: initial layout: "))
    #expect(output.standardError.contains("stats: cassowary: step 13: "))
    #expect(output.standardError.contains(" frames+diagnostics\n"))
    #expect(output.standardError.contains("stats: cassowary: counters: pivots="))
  }

  @Test func helpDocumentsTheExitStatuses() throws {
    let output = try BenchProcess.run(["layout", "--help"])
    #expect(output.status == 0)
    let help = output.standardOutput
    #expect(help.contains("layoutbench.frames/1"))
    #expect(help.contains("Exit status:"))
    for status in ["  0   the file was valid", "  2   the file is unreadable or malformed", "  3   refused: a number outside the accuracy contract", "  4   a backend reported an internal error", "  64  bad command line"] {
      #expect(help.contains(status), "missing '\(status)'")
    }
    #expect(help.contains("--no-ambiguity"))
    #expect(help.contains("--stats"))
    #expect(help.contains("--backend <backend>"))
  }
}
