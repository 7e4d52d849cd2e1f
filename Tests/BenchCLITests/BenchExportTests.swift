import Foundation
import Testing

/// `bench export` as a user runs it: files that `bench layout` and `bench solve` read back.
@Suite struct BenchExportTests {
  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func aSceneExportLaysOutWithOneStatePerStep() throws {
    let export = try BenchProcess.run(["export", "--workload", "stack.fill.horizontal", "--size", "6", "--seed", "4"])
    #expect(export.status == 0)
    #expect(export.standardError.isEmpty)
    let scene = try json(export.standardOutput)
    #expect(scene["format"] as? String == "layoutbench.scene/1")
    let workload = try #require(scene["workload"] as? [String: Any])
    #expect(workload["name"] as? String == "stack.fill.horizontal")
    #expect(workload["size"] as? Int == 6)
    #expect(workload["seed"] as? Int == 4)
    let steps = try #require(scene["steps"] as? [Any])
    let operations = try #require(scene["operations"] as? [[String: Any]])
    #expect(operations.count == steps.count)
    #expect(operations.first?["phase"] as? String == "resizeContainer")

    let file = try TemporaryFile(named: "stack.scene.json", export.standardOutput)
    defer { file.remove() }
    let layout = try BenchProcess.run(["layout", file.path, "--no-ambiguity"])
    #expect(layout.status == 0)
    #expect(layout.standardError.isEmpty)
    let states = try #require(try json(layout.standardOutput)["states"] as? [[String: Any]])
    #expect(states.count == steps.count + 1)
    let frames = try #require(states.first?["frames"] as? [String: [Double]])
    #expect(frames.count == 8)  // root, stack, six arranged views
    #expect(frames["stack"] == [16, 16, 343, 635])
  }

  /// `--no-parking` toggles in place; parking returns to the configuration it kept. Each
  /// `activate` step leaves the grid determined (a `deactivate` step leaves its tiles
  /// unplaced, ambiguous): there the two must give the same frames.
  @Test func aSwapLaysOutTheSameWithAndWithoutParking() throws {
    let export = try BenchProcess.run(["export", "--workload", "churn.sizeClassSwap", "--size", "28"])
    #expect(export.status == 0)
    let file = try TemporaryFile(named: "swap.scene.json", export.standardOutput)
    defer { file.remove() }
    var states: [[[String: [Double]]]] = []
    for extra in [[], ["--no-parking"]] {
      let layout = try BenchProcess.run(["layout", file.path, "--no-ambiguity"] + extra)
      #expect(layout.status == 0)
      let document = try json(layout.standardOutput)
      states.append(try #require(document["states"] as? [[String: Any]]).map { try #require($0["frames"] as? [String: [Double]]) })
    }
    #expect(states[0].count == 41 && states[1].count == 41)
    for k in stride(from: 0, to: 41, by: 2) {
      let (parked, inPlace) = (states[0][k], states[1][k])
      #expect(parked.keys.sorted() == inPlace.keys.sorted(), "state \(k)")
      for (id, frame) in parked {
        #expect(zip(frame, inPlace[id] ?? []).allSatisfy { abs($0 - $1) < 1e-6 }, "state \(k): \(id) \(frame) vs \(inPlace[id] ?? [])")
      }
    }
  }

  @Test func aConstraintsExportSolvesWithOneStatePerStep() throws {
    let export = try BenchProcess.run(["export", "--workload", "churn.sizeClassSwap", "--size", "7", "--format", "constraints"])
    #expect(export.status == 0)
    let system = try json(export.standardOutput)
    #expect(system["format"] as? String == "layoutbench.constraints/1")
    #expect((system["workload"] as? [String: Any])?["name"] as? String == "churn.sizeClassSwap")
    let steps = try #require(system["steps"] as? [Any])
    #expect((system["operations"] as? [Any])?.count == 20)

    let file = try TemporaryFile(named: "grid.constraints.json", export.standardOutput)
    defer { file.remove() }
    let solve = try BenchProcess.run(["solve", file.path])
    #expect(solve.status == 0)
    #expect(solve.standardError.isEmpty)
    let states = try #require(try json(solve.standardOutput)["states"] as? [[String: Any]])
    #expect(states.count == steps.count + 1)
    #expect(states.allSatisfy { $0["error"] == nil })
  }

  @Test func theSameArgumentsGiveTheSameBytesAndOutWritesTheFile() throws {
    let arguments = ["export", "--workload", "stack.feed", "--size", "30", "--seed", "9"]
    let first = try BenchProcess.run(arguments)
    let second = try BenchProcess.run(arguments)
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(try BenchProcess.run(["export", "--workload", "stack.feed", "--size", "30", "--seed", "10"]).standardOutput
      != first.standardOutput)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("feed.json").path
    let written = try BenchProcess.run(arguments + ["--out", out])
    #expect(written.status == 0)
    #expect(written.standardOutput.isEmpty)
    #expect(FileManager.default.contents(atPath: out) == Data(first.standardOutput.utf8))
    // Nothing but the file is left in the folder (the temporary file was renamed).
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["feed.json"])
  }

  @Test func aOneSizeWorkloadNeedsNoSize() throws {
    let export = try BenchProcess.run(["export", "--workload", "enaml"])
    #expect(export.status == 0)
    #expect((try json(export.standardOutput)["workload"] as? [String: Any])?["size"] as? Int == 1)
  }

  @Test func aTableHasNoSingleConstraintSystemToExport() throws {
    let output = try BenchProcess.run(["export", "--workload", "screen.feed", "--size", "100", "--format", "constraints"])
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("table 'feed' fits each of its rows as a system of its own"))
    #expect(try BenchProcess.run(["export", "--workload", "screen.feed", "--size", "100"]).status == 0)
  }

  @Test func anUnknownWorkloadIsAUsageErrorListingTheNames() throws {
    let output = try BenchProcess.run(["export", "--workload", "stack.fil", "--size", "3"])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("unknown workload 'stack.fil' (available: stack.fill.horizontal, "))
    #expect(output.standardError.contains("churn.rebuild"))
  }

  @Test(arguments: [
    (["--size", "0"], "--size must be a positive integer, found 0"),
    (["--size=-3"], "--size must be a positive integer, found -3"),
    (["--size", "-3"], "Missing value for '--size <size>'"),
    (["--size", "ten"], "ten"),
    (["--size", "2", "--seed=-1"], "-1"),
    (["--size", "2", "--seed", "18446744073709551616"], "18446744073709551616"),
    (["--size", "2", "--format", "xml"], "xml"),
  ])
  func badValuesAreUsageErrors(arguments: [String], mentioned: String) throws {
    let output = try BenchProcess.run(["export", "--workload", "deep.chain.constraints"] + arguments)
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains(mentioned))
  }

  @Test func aSizeTheWorkloadDoesNotTakeIsAUsageError() throws {
    let output = try BenchProcess.run(["export", "--workload", "enaml", "--size", "5"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("workload 'enaml' has one size, 1; 5 was asked for"))
  }

  @Test func anUnwritableOutputExitsWith2BeforeGenerating() throws {
    let output = try BenchProcess.run(["export", "--workload", "enaml", "--out", "/nonexistent-folder/x.json"])
    #expect(output.status == 2)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("/nonexistent-folder/x.json: the directory /nonexistent-folder does not exist"))
  }

  @Test func helpListsExport() throws {
    let output = try BenchProcess.run(["--help"])
    #expect(output.standardOutput.contains("  export "))
  }
}
