import Foundation
import Testing

/// `bench run`'s file while the run goes on and after: a run killed mid-run leaves a file
/// that says it is incomplete and how many cases were planned; the shards of one plan
/// record one plan, merge into a complete file, and `bench merge` refuses parts of
/// different plans.
@Suite struct BenchRunCompletenessTests {
  static let stack = [
    "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--sizes", "10", "--repetitions", "1", "--warmup",
    "0", "--time-budget", "1", "--allow-debug",
  ]

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-complete-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func json(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
  }

  /// SIGKILL once the file holds a finished case: nothing runs after it, so what is on
  /// disk is what the runner last wrote.
  @Test func aRunKilledMidRunLeavesAnIncompleteFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("killed.json").path
    let process = Process()
    process.executableURL = try BenchProcess.executable()
    process.arguments = [
      "run", "--suite", "smoke", "--repetitions", "3", "--warmup", "1", "--time-budget", "2", "--allow-debug", "--out", out,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var document: [String: Any]?
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline && process.isRunning {
      if let read = try? Self.json(out), let cases = read["cases"] as? [Any], !cases.isEmpty {
        document = read
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    let stillRunning = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(stillRunning, "the run ended before it could be killed")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(document != nil)
    let left = try Self.json(out)
    let cases = try #require(left["cases"] as? [Any])
    let planned = try #require(left["plannedCases"] as? Int)
    #expect(left["complete"] as? Bool == false)
    #expect(cases.count < planned)
    let run = try #require(left["run"] as? [String: Any])
    #expect((run["plan"] as? String)?.count == 16)
    // Readers say so.
    let compare = try BenchProcess.run(["compare", out, out])
    #expect(compare.status == 0, "\(compare.standardError)")
    #expect(compare.standardError.contains("warning: \(out) is incomplete: it holds \(cases.count) of \(planned) planned cases"))
  }

  @Test func aFinishedRunIsComplete() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("whole.json").path
    let output = try BenchProcess.run(Self.stack + ["--out", out])
    #expect(output.status == 0, "\(output.standardError)")
    let document = try Self.json(out)
    #expect(document["complete"] as? Bool == true)
    #expect(document["plannedCases"] as? Int == (document["cases"] as? [Any])?.count)
  }

  @Test func theShardsOfOnePlanRecordItAndMergeComplete() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var plans: [String] = []
    var parts: [String] = []
    for shard in ["", "1/2", "2/2"] {
      let out = folder.appendingPathComponent("part\(shard.replacing("/", with: "-")).json").path
      let output = try BenchProcess.run(Self.stack + (shard.isEmpty ? [] : ["--shard", shard]) + ["--out", out])
      #expect(output.status == 0, "\(output.standardError)")
      let run = try #require(try Self.json(out)["run"] as? [String: Any])
      plans.append(try #require(run["plan"] as? String))
      if !shard.isEmpty { parts.append(out) }
    }
    #expect(Set(plans).count == 1, "\(plans)")

    let merged = folder.appendingPathComponent("merged.json").path
    let merge = try BenchProcess.run(["merge"] + parts + ["--out", merged])
    #expect(merge.status == 0, "\(merge.standardError)")
    let document = try Self.json(merged)
    #expect(document["complete"] as? Bool == true)
    #expect(document["plannedCases"] as? Int == 3)

    // Only one shard: merged, but not complete.
    let half = folder.appendingPathComponent("half.json").path
    let partial = try BenchProcess.run(["merge", parts[0], "--out", half])
    #expect(partial.status == 0)
    #expect(partial.standardError.contains("shards 2/2 are missing"))
    #expect(try Self.json(half)["complete"] as? Bool == false)
  }

  @Test func partsOfDifferentPlansAreRefused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("one.json").path
    let second = folder.appendingPathComponent("two.json").path
    #expect(try BenchProcess.run(Self.stack + ["--shard", "1/2", "--out", first]).status == 0)
    let other = Self.stack.map { $0 == "--time-budget" ? "--case-limit" : $0 } + ["--time-budget", "1", "--shard", "2/2", "--out", second]
    #expect(try BenchProcess.run(other).status == 0)
    let merge = try BenchProcess.run(["merge", first, second, "--out", folder.appendingPathComponent("m.json").path])
    #expect(merge.status == 2, "\(merge.standardError)")
    #expect(merge.standardError.contains("error: \(second) and \(first) are parts of different plans"), "\(merge.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.json").path))
  }
}
