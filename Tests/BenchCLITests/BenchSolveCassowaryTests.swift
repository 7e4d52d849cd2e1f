import Foundation
import Testing

/// Whether `bench list` shows a backend with this name.
private func benchLists(_ backend: String) -> Bool {
  guard let output = try? BenchProcess.run(["list"]) else { return false }
  return output.standardOutput.split(separator: "\n").contains { $0.hasPrefix("  \(backend) ") }
}

/// The formats.md section 1 example.
private let formatsExample = #"""
  {
    "format": "layoutbench.constraints/1",
    "constraints": [
      {"id": "x0",   "terms": {"x0": 1},                    "constant": 0,    "relation": "==", "priority": 1000},
      {"id": "cr0",  "terms": {"w0": 1},                    "constant": -40,  "relation": ">=", "priority": 750},
      {"id": "gap1", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -8,  "relation": "==", "priority": 1000}
    ],
    "edits": [{"variable": "W", "priority": 999}],
    "steps": [
      {"suggest": {"W": 320}},
      {"setConstant": {"cr0": -50}},
      {"setPriority": {"cr0": 700}},
      {"remove": ["gap1"]},
      {"add": [{"id": "gap1b", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -16, "relation": "==", "priority": 1000}]}
    ]
  }
  """#

/// End to end through the real solver: runs once the registry enables `cassowary`
/// (skipped in builds without it).
@Suite(.enabled(if: benchLists("cassowary"), "needs the cassowary backend in the registry"))
struct BenchSolveCassowaryTests {
  @Test func validFileExitsWith0AndPrintsExactlyOneSolutionDocument() throws {
    let file = try TemporaryFile(formatsExample)
    defer { file.remove() }
    let output = try BenchProcess.run(["solve", file.path])
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty)
    // JSONSerialization refuses trailing text, so this also checks "exactly one document".
    let parsed = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    let solution = try #require(parsed as? [String: Any])
    #expect(solution["format"] as? String == "layoutbench.solution/1")
    #expect(solution["backend"] as? String == "cassowary")
    let states = try #require(solution["states"] as? [[String: Any]])
    #expect(states.count == 6)
    #expect(states.first?["step"] is NSNull)
    #expect(states.dropFirst().enumerated().allSatisfy { $0.element["step"] as? Int == $0.offset })

    // Values every correct backend must give (formats.md semantics); x1 is free after
    // step 3 removes gap1, so it is not checked there.
    let expected: [[String: Double]] = [
      ["x0": 0, "w0": 40, "x1": 48, "W": 0],
      ["x0": 0, "w0": 40, "x1": 48, "W": 320],
      ["x0": 0, "w0": 50, "x1": 58, "W": 320],
      ["x0": 0, "w0": 50, "x1": 58, "W": 320],
      ["x0": 0, "w0": 50, "W": 320],
      ["x0": 0, "w0": 50, "x1": 66, "W": 320],
    ]
    for (state, wanted) in zip(states, expected) {
      let values = try #require(state["values"] as? [String: Double], "state \(state) has no values")
      #expect(Set(values.keys) == ["x0", "w0", "x1", "W"])
      for (name, value) in wanted {
        #expect(abs((values[name] ?? .nan) - value) <= 1e-6, "\(name) in \(state)")
      }
    }
    // Variables are listed in order of first appearance.
    #expect(output.standardOutput.contains(#"{"step": null, "values": {"x0": "#))
  }

  @Test func statsGoToStandardErrorOnly() throws {
    let file = try TemporaryFile(formatsExample)
    defer { file.remove() }
    let plain = try BenchProcess.run(["solve", file.path])
    let withStats = try BenchProcess.run(["solve", file.path, "--stats"])
    #expect(withStats.status == 0)
    #expect(withStats.standardOutput == plain.standardOutput)
    #expect(withStats.standardError.contains("stats: cassowary: initial build+solve: "))
    #expect(withStats.standardError.contains("stats: cassowary: step 4: "))
    #expect(withStats.standardError.contains("stats: cassowary: counters: pivots="))
  }
}
