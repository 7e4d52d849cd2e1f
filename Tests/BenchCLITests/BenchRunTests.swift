import Foundation
import Testing

/// `bench run` and `bench merge` as a user runs them (the test build is a debug build, so
/// runs pass `--allow-debug`; the numbers are not looked at, only the file's shape).
@Suite struct BenchRunTests {
  /// Two smoke workloads, one repetition: a stack every backend lays out and a constraint
  /// chain springs-struts refuses. 6 cases.
  static let small = [
    "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal,deep.chain.constraints", "--repetitions", "1",
    "--warmup", "0", "--time-budget", "1", "--allow-debug",
  ]

  /// A fresh folder, removed by the caller.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func json(_ url: URL) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(object as? [String: Any])
  }

  static func cases(_ document: [String: Any]) throws -> [[String: Any]] {
    try #require(document["cases"] as? [[String: Any]])
  }

  static func key(_ result: [String: Any]) -> String {
    "\(result["workload"] ?? "?") \(result["size"] ?? "?") \(result["backend"] ?? "?")"
  }

  @Test func aRunWritesEveryCaseWithSamplesAllocationsAndSkips() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("smoke.json")
    let output = try BenchProcess.run(Self.small + ["--out", out.path])
    #expect(output.status == 0, "\(output.standardError)")
    // The summary table on standard output, one row per case.
    #expect(output.standardOutput.hasPrefix("workload "))
    #expect(output.standardOutput.contains("skipped: springs-struts cannot express"))

    let document = try Self.json(out)
    #expect(document["format"] as? String == "layoutbench.results/1")
    #expect(document["suite"] as? String == "smoke")
    let environment = try #require(document["environment"] as? [String: Any])
    #expect(environment["configuration"] as? String == "debug")
    let cases = try Self.cases(document)
    #expect(cases.map(Self.key) == [
      "stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 dense-simplex",
      "stack.fill.horizontal 10 springs-struts", "deep.chain.constraints 10 cassowary",
      "deep.chain.constraints 10 dense-simplex", "deep.chain.constraints 10 springs-struts",
    ])
    let skipped = try #require(cases.last)
    #expect(skipped["status"] as? String == "skipped")
    #expect((skipped["reason"] as? String)?.contains("constraint") == true)
    for result in cases.dropLast() {
      #expect(result["status"] as? String == "ok", "\(Self.key(result))")
      let phases = try #require(result["phases"] as? [[String: Any]])
      #expect(phases.map { $0["name"] as? String } == ["build", "firstLayout", "resizeContainer"])
      for phase in phases {
        let samples = try #require(phase["samplesNanoseconds"] as? [Double])
        #expect(!samples.isEmpty && samples.allSatisfy { $0 >= 1 && $0 < 60e9 }, "\(samples)")
        // jemalloc is part of the set-up, so allocations are counted: numbers, not null.
        let allocations = try #require(phase["allocations"] as? [String: Any])
        #expect(allocations["count"] is Double)
      }
    }
  }

  /// Without --out the file goes to the ignored Results/scratch/ (created), named after the
  /// suite and the time, and the last line on standard error says where.
  @Test func withoutOutTheResultsGoToTheScratchFolder() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = try BenchProcess.run(
      [
        "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "springs-struts",
        "--repetitions", "1", "--warmup", "0", "--no-allocations", "--allow-debug",
      ], directory: folder)
    #expect(output.status == 0, "\(output.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Results/scratch").path)
    #expect(written.count == 1)
    let name = try #require(written.first)
    #expect(name.hasPrefix("smoke-") && name.hasSuffix("Z.json") && !name.contains(":"), "\(name)")
    #expect(output.standardError.hasSuffix("\nwrote Results/scratch/\(name)\n"), "\(output.standardError)")
    #expect(try Self.cases(Self.json(folder.appendingPathComponent("Results/scratch/\(name)"))).count == 1)
    // Nothing beside the scratch folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Results").path) == ["scratch"])
  }

  /// `--driver system` gives each solver backend the scene's exported constraint system:
  /// the solver backends only, each case marked with the driver, the same phases.
  /// `--no-parking` reaches the backend (and its children's command lines): in place, each
  /// 10-view swap pivots (2 per swap); parked, only the first does, so the phase's pivots
  /// per operation fall to 0.1. Pivot counts are deterministic.
  @Test func noParkingSwapsInPlace() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pivots = try [[], ["--no-parking"]].map { extra in
      try Self.pivotsPerOperation(
        suite: "churn", workload: "churn.sizeClassSwap", phase: "sizeClassSwap", extra: extra, in: folder)
    }
    #expect(pivots[0] < 1 && pivots[1] >= 1, "pivots per swap, parking and in place: \(pivots)")
  }

  /// `--diagnostics` reads each state's diagnostics inside its measured layout with the
  /// ambiguity probes on: on the 10-level deep.nested, a rotation then pivots for the probes
  /// (0 pivots per rotation without; pivot counts are deterministic). With `--driver system`
  /// it is a usage error (solvers have no diagnostics).
  @Test func diagnosticsPutTheAmbiguityProbesInTheMeasuredLayouts() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pivots = try [[], ["--diagnostics"]].map { extra in
      try Self.pivotsPerOperation(
        suite: "screens", workload: "deep.nested", phase: "resizeContainer", extra: extra, in: folder)
    }
    #expect(pivots[0] < 0.5 && pivots[1] >= 1, "pivots per rotation, without and with diagnostics: \(pivots)")
    let refused = try BenchProcess.run(["run", "--suite", "smoke", "--driver", "system", "--diagnostics", "--allow-debug"])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("--diagnostics"), "\(refused.standardError)")
  }

  /// Pivots per operation of `phase` in a one-repetition cassowary run of `workload` at
  /// size 10 with `extra` options (counters are deterministic, so one run decides).
  static func pivotsPerOperation(
    suite: String, workload: String, phase: String, extra: [String], in folder: URL
  ) throws -> Double {
    let out = folder.appendingPathComponent("\(workload)-\(extra.joined()).json")
    let output = try BenchProcess.run(
      ["run", "--suite", suite, "--workloads", workload, "--sizes", "10", "--backends", "cassowary",
       "--repetitions", "1", "--warmup", "0", "--allow-debug", "--out", out.path] + extra)
    #expect(output.status == 0, "\(output.standardError)")
    let phases = try #require(try cases(json(out)).first?["phases"] as? [[String: Any]])
    let measured = try #require(phases.first { $0["name"] as? String == phase })
    return try #require(((measured["counters"] as? [String: Any])?["pivots"] as? NSNumber)?.doubleValue)
  }

  @Test func theSystemDriverMeasuresTheExportedSystemOnEverySolverBackend() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("system.json")
    let run = try BenchProcess.run([
      "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--driver", "system", "--repetitions", "2",
      "--warmup", "0", "--allow-debug", "--out", out.path,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let cases = try Self.cases(Self.json(out))
    #expect(cases.map(Self.key) == ["stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 dense-simplex"])
    for result in cases {
      #expect(result["status"] as? String == "ok", "\(Self.key(result))")
      #expect((result["parameters"] as? [String: Any])?["driver"] as? String == "system")
      let phases = try #require(result["phases"] as? [[String: Any]])
      #expect(phases.map { $0["name"] as? String } == ["build", "firstLayout", "resizeContainer"])
    }
    // springs-struts lays out frames; it is no solver.
    let refused = try BenchProcess.run([
      "run", "--suite", "smoke", "--driver", "system", "--backends", "springs-struts", "--allow-debug", "--out", out.path,
    ])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("unknown backend 'springs-struts'"), "\(refused.standardError)")
  }

  /// The revision a run records is that of the checkout its bench lies in, whatever the
  /// working directory: a bench built from another revision (or copied out of any
  /// checkout) must not claim the revision of the checkout it was started from.
  @Test func aRunRecordsTheRevisionOfItsExecutablesCheckout() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tiny = [
      "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "springs-struts", "--repetitions", "1",
      "--warmup", "0", "--allow-debug", "--no-allocations",
    ]
    let built = try BenchProcess.executable()
    let checkout = Self.git(["rev-parse", "HEAD"], in: built.deletingLastPathComponent())
    let fromElsewhere = folder.appendingPathComponent("built.json")
    // Started from a folder outside any checkout.
    let run = try BenchProcess.run(tiny + ["--out", fromElsewhere.path], directory: folder)
    #expect(run.status == 0, "\(run.standardError)")
    let recorded = try #require(Self.json(fromElsewhere)["environment"] as? [String: Any])["gitRevision"] as? String
    #expect(recorded?.hasPrefix(checkout ?? "(none)") ?? (checkout == nil), "recorded \(recorded ?? "nil"), checkout \(checkout ?? "nil")")

    // A copy outside any checkout, started from inside the package's: no revision.
    let copy = folder.appendingPathComponent("bench")
    try FileManager.default.copyItem(at: built, to: copy)
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let fromCopy = folder.appendingPathComponent("copy.json")
    let copied = try BenchProcess.run(tiny + ["--out", fromCopy.path], directory: packageRoot, executable: copy)
    #expect(copied.status == 0, "\(copied.standardError)")
    let environment = try #require(Self.json(fromCopy)["environment"] as? [String: Any])
    #expect(environment["gitRevision"] == nil, "\(environment)")
  }

  /// `git arguments` run in `directory`: its trimmed output, or nil when git fails there.
  static func git(_ arguments: [String], in directory: URL) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }

  /// With a tiny --case-limit every case of the second size is predicted over it from the
  /// first and skipped with the prediction; the first size always runs.
  @Test func aCasePredictedOverTheLimitIsSkippedWithThePrediction() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("limited.json")
    let output = try BenchProcess.run([
      "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "cassowary", "--sizes", "10,20",
      "--repetitions", "1", "--warmup", "0", "--no-allocations", "--case-limit", "0.000001", "--allow-debug",
      "--out", out.path,
    ])
    #expect(output.status == 0, "\(output.standardError)")
    let cases = try Self.cases(Self.json(out))
    #expect(cases.map { $0["status"] as? String } == ["ok", "skipped"])
    let reason = try #require(cases.last?["reason"] as? String)
    #expect(reason.hasPrefix("predicted "))
    #expect(reason.contains("at n=10") && reason.contains("over --case-limit"))
  }

  @Test func shardsMergeIntoTheUnshardedPlan() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var parts: [String] = []
    for shard in ["1/2", "2/2"] {
      let out = folder.appendingPathComponent("part\(shard.prefix(1)).json").path
      let output = try BenchProcess.run(Self.small + ["--shard", shard, "--no-allocations", "--out", out])
      #expect(output.status == 0, "\(output.standardError)")
      parts.append(out)
    }
    #expect(try Self.cases(Self.json(URL(fileURLWithPath: parts[0]))).count == 3)
    let merged = folder.appendingPathComponent("merged.json")
    let output = try BenchProcess.run(["merge"] + parts + ["--out", merged.path])
    #expect(output.status == 0, "\(output.standardError)")
    let document = try Self.json(merged)
    #expect(try Self.cases(document).map(Self.key) == [
      "stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 dense-simplex",
      "stack.fill.horizontal 10 springs-struts", "deep.chain.constraints 10 cassowary",
      "deep.chain.constraints 10 dense-simplex", "deep.chain.constraints 10 springs-struts",
    ])
    let sources = try #require(document["mergedFrom"] as? [[String: Any]])
    #expect(sources.map { $0["shard"] as? String } == ["1/2", "2/2"])

    // The same part twice is refused, naming the case.
    let twice = try BenchProcess.run(["merge", parts[0], parts[0], "--out", merged.path])
    #expect(twice.status == 2)
    #expect(twice.standardError.contains("is in both"))
  }

  @Test(arguments: [
    (["--suite", "nope"], "unknown suite 'nope' (suites: stackviews, "),
    (["--suite", "smoke", "--backends", "kiwi"], "unknown backend 'kiwi' (backends: cassowary, dense-simplex, springs-struts)"),
    (["--suite", "smoke", "--workloads", "stack.nope"], "unknown workload 'stack.nope' (suite 'smoke' has: stack.fill.horizontal"),
    (["--suite", "smoke", "--sizes", "10,0"], "--sizes: '0' is not a positive integer"),
    (["--suite", "smoke", "--sizes", "ten"], "--sizes: 'ten' is not a positive integer"),
    (["--suite", "smoke", "--shard", "3/2"], "--shard '3/2' is not i/n"),
    (["--suite", "smoke", "--repetitions", "0"], "--repetitions must be at least 1"),
    (["--suite", "smoke", "--repetitions", "2", "--processes", "3"], "--processes must be between 1 and --repetitions (2), not 3"),
  ])
  func badCommandLinesAreRefusedBeforeAnythingRuns(arguments: [String], message: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("never.json")
    let output = try BenchProcess.run(["run"] + arguments + ["--allow-debug", "--out", out.path])
    #expect(output.status == 64)
    #expect(output.standardError.contains(message), "\(output.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func aDebugBuildIsRefusedWithoutAllowDebug() throws {
    let output = try BenchProcess.run(["run", "--suite", "smoke", "--out", "/tmp/never-written.json"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("debug build"))
    #expect(output.standardError.contains("--allow-debug"))
  }

  @Test func anUnwritableOutputIsBadInput() throws {
    let output = try BenchProcess.run(
      ["run", "--suite", "smoke", "--allow-debug", "--out", "/nonexistent-folder/results.json"])
    #expect(output.status == 2)
    #expect(output.standardError.contains("/nonexistent-folder/results.json: the directory /nonexistent-folder does not exist"))
  }
}
