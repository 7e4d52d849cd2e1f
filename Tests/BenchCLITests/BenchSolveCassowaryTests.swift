import Foundation
import Testing

/// The formats.md section 1 example, as committed in the repository.
private let formatsExamplePath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Benchmarks/systems/formats-example.json").path

/// End to end through the real solvers.
struct BenchSolveCassowaryTests {
  @Test func checkRunsEveryBackendAndReportsAgreement() throws {
    let plain = try BenchProcess.run(["solve", formatsExamplePath])
    let checked = try BenchProcess.run(["solve", formatsExamplePath, "--check"])
    #expect(checked.status == 0)
    // The reference's solution on standard output, unchanged; the verdict on standard error.
    #expect(checked.standardOutput == plain.standardOutput)
    #expect(checked.standardError.contains("check: dense-simplex agrees with cassowary on all 6 states"))
  }

  @Test func aBackendOverItsLimitExitsWith3() throws {
    let limited = ["LAYOUTBENCH_DENSE_MEMORY_LIMIT": "200"]  // bytes: the example needs about 440
    let refused = try BenchProcess.run(["solve", formatsExamplePath, "--backend", "dense-simplex"], environment: limited)
    #expect(refused.status == 3)
    #expect(refused.standardOutput.isEmpty)
    #expect(refused.standardError.contains("backend dense-simplex refuses the system"))
    #expect(refused.standardError.contains("over the memory limit of 200 bytes"))
    // With --check, a backend over its limit is skipped, not a disagreement.
    let checked = try BenchProcess.run(["solve", formatsExamplePath, "--check"], environment: limited)
    #expect(checked.status == 0)
    #expect(checked.standardError.contains("check: dense-simplex skipped:"))
  }

  @Test func validFileExitsWith0AndPrintsExactlyOneSolutionDocument() throws {
    let output = try BenchProcess.run(["solve", formatsExamplePath])
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
    let plain = try BenchProcess.run(["solve", formatsExamplePath])
    let withStats = try BenchProcess.run(["solve", formatsExamplePath, "--stats"])
    #expect(withStats.status == 0)
    #expect(withStats.standardOutput == plain.standardOutput)
    #expect(withStats.standardError.contains("stats: cassowary: initial build+solve: "))
    #expect(withStats.standardError.contains("stats: cassowary: step 4: "))
    #expect(withStats.standardError.contains("stats: cassowary: counters: pivots="))
  }
}
