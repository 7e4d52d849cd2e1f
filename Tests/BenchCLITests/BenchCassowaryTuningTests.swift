import Foundation
import Testing

/// `LAYOUTBENCH_CASSOWARY_TUNING`: tuned Cassowary backends beside `cassowary` in every
/// command (docs/running.md, docs/accelerations.md).
@Suite struct BenchCassowaryTuningTests {
  static let tunings = ["LAYOUTBENCH_CASSOWARY_TUNING": "core,-heldFlips"]

  static let formatsExample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Benchmarks/systems/formats-example.json").path

  @Test func listShowsTheTunedBackendsOnlyWhenAsked() throws {
    let tuned = try BenchProcess.run(["list"], environment: Self.tunings)
    #expect(tuned.status == 0, "\(tuned.standardError)")
    #expect(tuned.standardOutput.contains("cassowary:core"))
    #expect(tuned.standardOutput.contains("cassowary:-heldFlips"))
    let plain = try BenchProcess.run(["list"], environment: ["LAYOUTBENCH_CASSOWARY_TUNING": ""])
    #expect(plain.status == 0)
    #expect(!plain.standardOutput.contains("cassowary:"))
  }

  @Test func solveRunsTheCoreAloneAndItAgreesWithEveryAccelerationOn() throws {
    let core = try BenchProcess.run(
      ["solve", Self.formatsExample, "--backend", "cassowary:core"], environment: Self.tunings)
    #expect(core.status == 0, "\(core.standardError)")
    let checked = try BenchProcess.run(["solve", Self.formatsExample, "--check"], environment: Self.tunings)
    #expect(checked.status == 0, "\(checked.standardError)")
    #expect(checked.standardError.contains("cassowary:core agrees with cassowary"), "\(checked.standardError)")
    #expect(checked.standardError.contains("cassowary:-heldFlips agrees with cassowary"), "\(checked.standardError)")
  }

  @Test func layoutRunsATunedBackendUnderItsName() throws {
    let export = try BenchProcess.run(["export", "--workload", "stack.fill.horizontal", "--size", "6", "--seed", "4"])
    #expect(export.status == 0)
    let file = try TemporaryFile(named: "tuned.scene.json", export.standardOutput)
    defer { file.remove() }
    let plain = try BenchProcess.run(["layout", file.path, "--no-ambiguity"])
    let core = try BenchProcess.run(
      ["layout", file.path, "--no-ambiguity", "--backend", "cassowary:core"], environment: Self.tunings)
    #expect(core.status == 0, "\(core.standardError)")
    let frames = { (text: String) throws -> [[String: [Double]]] in
      let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      let states = try #require(document["states"] as? [[String: Any]])
      return states.compactMap { $0["frames"] as? [String: [Double]] }
    }
    #expect(try frames(core.standardOutput) == frames(plain.standardOutput))
  }

  @Test func runMeasuresATunedBackendBesideCassowary() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tuning-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("tuned.json")
    let run = try BenchProcess.run(
      [
        "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "cassowary,cassowary:core",
        "--repetitions", "1", "--warmup", "0", "--time-budget", "1", "--allow-debug", "--out", out.path,
      ], environment: Self.tunings)
    #expect(run.status == 0, "\(run.standardError)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
    let cases = try #require(document["cases"] as? [[String: Any]])
    #expect(cases.compactMap { $0["backend"] as? String } == ["cassowary", "cassowary:core"])
  }

  @Test func anUnknownSwitchStopsWithStatus2NamingTheVariable() throws {
    let output = try BenchProcess.run(["list"], environment: ["LAYOUTBENCH_CASSOWARY_TUNING": "core,-noSuchThing"])
    #expect(output.status == 2)
    #expect(output.standardError.contains("LAYOUTBENCH_CASSOWARY_TUNING"))
    #expect(output.standardError.contains("unknown switch 'noSuchThing'"))
  }
}
