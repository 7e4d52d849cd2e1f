import Foundation
import Testing

/// `bench compare` and `bench gate` as a user (and CI) runs them. Timing decisions are
/// switched off with `--figures-only` wherever a run is made in the test (timings are
/// not asserted in tests: the machines are shared, and a few repetitions cannot decide
/// one); deterministic figures are asserted exactly, which is what proves the gate
/// catches an injected allocation.
@Suite struct BenchGateTests {
  /// One stack workload on the two backends that count allocations deterministically.
  static let baselineRun = [
    "run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "cassowary,springs-struts",
    "--repetitions", "4", "--warmup", "1", "--time-budget", "2", "--processes", "2", "--allow-debug",
  ]
  static let noTimingFailures = ["--figures-only"]
  /// Timings judged (so the report says against what) but never failing: no slowdown
  /// reaches 101×, and a level of 0.5 lets two repetitions against two decide.
  static let timingsThatNeverFail = ["--min-slowdown", "100", "--significance", "0.5"]

  /// Records a baseline in a fresh folder; the caller removes the folder.
  static func baseline() throws -> (folder: URL, file: URL) {
    let folder = try BenchRunTests.folder()
    let file = folder.appendingPathComponent("baseline.json")
    let output = try BenchProcess.run(Self.baselineRun + ["--out", file.path])
    try #require(output.status == 0, "\(output.standardError)")
    return (folder, file)
  }

  /// `document` with `edit` applied to its JSON object, written next to it as `name`.
  static func edited(_ file: URL, as name: String, _ edit: (inout [String: Any]) throws -> Void) throws -> URL {
    var document = try BenchRunTests.json(file)
    try edit(&document)
    let url = file.deletingLastPathComponent().appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: document).write(to: url)
    return url
  }

  @Test func theGatePassesOnAnUnchangedTreeAndCatchesAnInjectedAllocation() throws {
    let (folder, baseline) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    let current = folder.appendingPathComponent("current.json")
    let gate = ["gate", "--baseline", baseline.path, "--out", current.path, "--allow-debug"] + Self.noTimingFailures

    let unchanged = try BenchProcess.run(gate)
    #expect(unchanged.status == 0, "\(unchanged.standardOutput)\n\(unchanged.standardError)")
    #expect(unchanged.standardOutput.contains("PASS: nothing regressed"))
    // The run made now holds exactly the baseline's cases, from two processes of two
    // repetitions each, as the baseline was recorded.
    let document = try BenchRunTests.json(current)
    let cases = try BenchRunTests.cases(document)
    #expect(cases.map(BenchRunTests.key) == ["stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 springs-struts"])
    #expect((document["run"] as? [String: Any])?["processes"] as? Int == 2)
    #expect(cases.allSatisfy { ($0["repetitions"] as? Int) == 4 })

    let injected = try BenchProcess.run(gate, environment: ["LAYOUTBENCH_INJECT_REGRESSION": "allocation"])
    #expect(injected.status == 1, "\(injected.standardOutput)\n\(injected.standardError)")
    #expect(injected.standardOutput.contains("FAIL"))
    for backend in ["cassowary", "springs-struts"] {
      #expect(
        injected.standardOutput.contains("stack.fill.horizontal n=10 \(backend) resizeContainer: allocations.count rose from"),
        "\(injected.standardOutput)")
    }
    #expect(injected.standardError.contains("a deliberate regression is injected"))
    let marked = try BenchRunTests.cases(BenchRunTests.json(current))
    let parameters = try #require(marked.first?["parameters"] as? [String: Any])
    #expect(parameters["injectedRegression"] as? String == "allocation")
  }

  /// `document` recorded at a clean revision, as `make gate-baseline` records it (the
  /// test's own checkout may be dirty or absent).
  static func atCleanRevision(_ file: URL) throws -> URL {
    try Self.edited(file, as: "clean-revision.json") { document in
      var environment = document["environment"] as! [String: Any]
      environment["gitRevision"] = "0123456789abcdef0123456789abcdef01234567"
      document["environment"] = environment
    }
  }

  /// `stack.fill.horizontal` of the smoke suite, two quick repetitions, recorded with
  /// `options` into `folder/name`.
  static func recordStack(_ options: [String], in folder: URL, as name: String) throws -> URL {
    let file = folder.appendingPathComponent(name)
    let run = try BenchProcess.run(
      ["run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--repetitions", "2", "--warmup", "0", "--time-budget", "1",
       "--allow-debug", "--out", file.path] + options)
    try #require(run.status == 0, "\(run.standardError)")
    return file
  }

  /// A baseline recorded with `--sizes` is run at those sizes, not at the suite's; and
  /// `--base-revision` labels the base side with the revision its build was made from.
  @Test func theGateRepeatsTheBaselinesSizesAndRecordsTheBaseRevisionItIsGiven() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = try Self.recordStack(["--backends", "springs-struts", "--sizes", "12,14"], in: folder, as: "sized.json")
    let baseline = try Self.atCleanRevision(recorded)
    let current = folder.appendingPathComponent("current.json")
    let given = "fedcba9876543210fedcba9876543210fedcba98"
    let gate = try BenchProcess.run(
      [
        "gate", "--baseline", baseline.path, "--base-bench", try BenchProcess.executable().path, "--base-revision", given,
        "--out", current.path, "--allow-debug", "--no-confirm",
      ] + Self.timingsThatNeverFail)
    #expect(gate.status == 0, "\(gate.standardOutput)\n\(gate.standardError)")
    #expect(
      gate.standardOutput.contains("timings: judged against revision fedcba987654 (--base-bench; the baseline was recorded at 0123456789ab)"),
      "\(gate.standardOutput)")
    for file in [current, folder.appendingPathComponent("current.base.json")] {
      let document = try BenchRunTests.json(file)
      #expect(try BenchRunTests.cases(document).map(BenchRunTests.key) == [
        "stack.fill.horizontal 12 springs-struts", "stack.fill.horizontal 14 springs-struts",
      ])
    }
    let baseEnvironment = try #require(try BenchRunTests.json(folder.appendingPathComponent("current.base.json"))["environment"] as? [String: Any])
    #expect(baseEnvironment["gitRevision"] as? String == given)
  }

  /// A baseline of `bench run --driver system` is repeated with that driver: its cases
  /// are solver backends, and the run made now marks them the same way.
  @Test func theGateRepeatsASystemDrivenBaselineWithItsDriver() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = try Self.recordStack(["--driver", "system", "--backends", "cassowary"], in: folder, as: "system.json")
    let current = folder.appendingPathComponent("current.json")
    let gate = try BenchProcess.run(
      ["gate", "--baseline", recorded.path, "--out", current.path, "--allow-debug", "--no-confirm"] + Self.noTimingFailures)
    #expect(gate.status == 0, "\(gate.standardOutput)\n\(gate.standardError)")
    let cases = try BenchRunTests.cases(BenchRunTests.json(current))
    #expect(cases.map(BenchRunTests.key) == ["stack.fill.horizontal 10 cassowary"])
    #expect((cases.first?["parameters"] as? [String: Any])?["driver"] as? String == "system")
  }

  @Test func withABaseBenchTimingsAreJudgedAgainstTheBaselineRevisionInTheSameRun() throws {
    let (folder, recorded) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = try Self.atCleanRevision(recorded)
    let current = folder.appendingPathComponent("current.json")
    // This build stands in for the baseline's revision: the code is the same.
    let gate = [
      "gate", "--baseline", baseline.path, "--base-bench", try BenchProcess.executable().path, "--out", current.path,
      "--allow-debug",
    ] + Self.timingsThatNeverFail

    let unchanged = try BenchProcess.run(gate)
    #expect(unchanged.status == 0, "\(unchanged.standardOutput)\n\(unchanged.standardError)")
    #expect(
      unchanged.standardOutput.contains("timings: judged against the baseline's revision 0123456789ab, built here, measured in the same run"),
      "\(unchanged.standardOutput)")
    #expect(!unchanged.standardError.contains("does not repeat"), "\(unchanged.standardError)")
    // Both builds ran every case, in two processes each, interleaved.
    let base = folder.appendingPathComponent("current.base.json")
    for file in [current, base] {
      let document = try BenchRunTests.json(file)
      #expect(try BenchRunTests.cases(document).map(BenchRunTests.key) == ["stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 springs-struts"])
      #expect((document["run"] as? [String: Any])?["processes"] as? Int == 2)
    }
    #expect(unchanged.standardError.components(separatedBy: "process 1 of 2 (").count == 3, "\(unchanged.standardError)")
    let baseEnvironment = try #require(try BenchRunTests.json(base)["environment"] as? [String: Any])
    #expect(baseEnvironment["gitRevision"] as? String == "0123456789abcdef0123456789abcdef01234567")

    // An injected regression is this build's alone: the base build runs clean, and the
    // figures are still judged against the committed file.
    let injected = try BenchProcess.run(gate, environment: ["LAYOUTBENCH_INJECT_REGRESSION": "allocation"])
    #expect(injected.status == 1, "\(injected.standardOutput)\n\(injected.standardError)")
    #expect(injected.standardOutput.contains("stack.fill.horizontal n=10 cassowary resizeContainer: allocations.count rose from"))
    let headParameters = try BenchRunTests.cases(BenchRunTests.json(current)).first?["parameters"] as? [String: Any]
    #expect(headParameters?["injectedRegression"] as? String == "allocation")
    let baseParameters = try BenchRunTests.cases(BenchRunTests.json(base)).first?["parameters"] as? [String: Any]
    #expect(baseParameters?["injectedRegression"] == nil)
    // A base build that does not repeat the file's figures is named (it cannot be the
    // revision that recorded it).
    let inflated = try Self.edited(baseline, as: "inflated.json") { document in
      var cases = document["cases"] as! [[String: Any]]
      var phases = cases[0]["phases"] as! [[String: Any]]
      var allocations = phases[0]["allocations"] as! [String: Any]
      allocations["count"] = (allocations["count"] as! NSNumber).doubleValue + 5
      phases[0]["allocations"] = allocations
      cases[0]["phases"] = phases
      document["cases"] = cases
    }
    let mismatched = try BenchProcess.run(
      ["gate", "--baseline", inflated.path, "--base-bench", try BenchProcess.executable().path, "--out", current.path, "--allow-debug"]
        + Self.timingsThatNeverFail)
    #expect(mismatched.status == 0, "\(mismatched.standardOutput)\n\(mismatched.standardError)")
    #expect(mismatched.standardError.contains("built here, does not repeat 1 of the file's deterministic figures"), "\(mismatched.standardError)")
  }

  @Test func aBaseBenchNeedsAnExecutableAndABaselineFromACleanRevision() throws {
    let (folder, recorded) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("x.json").path
    let missing = try BenchProcess.run(
      ["gate", "--baseline", try Self.atCleanRevision(recorded).path, "--base-bench", "/nonexistent/bench", "--out", out, "--allow-debug"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("/nonexistent/bench: --base-bench is not an executable file"), "\(missing.standardError)")
    let dirty = try Self.edited(recorded, as: "dirty.json") { document in
      var environment = document["environment"] as! [String: Any]
      environment["gitRevision"] = "0123456789abcdef0123456789abcdef01234567+dirty"
      document["environment"] = environment
    }
    let refused = try BenchProcess.run(
      ["gate", "--baseline", dirty.path, "--base-bench", try BenchProcess.executable().path, "--out", out, "--allow-debug"])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("the baseline was recorded from uncommitted code"), "\(refused.standardError)")
  }

  @Test func aGivenCurrentFileIsComparedWithoutRunning() throws {
    let (folder, baseline) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The same file: every ratio is 1 and every figure equal.
    let same = try BenchProcess.run(["gate", "--baseline", baseline.path, "--current", baseline.path] + Self.noTimingFailures)
    #expect(same.status == 0, "\(same.standardOutput)\n\(same.standardError)")
    // Asked for timings, four repetitions against four cannot decide one: it fails, saying so.
    let undecided = try BenchProcess.run(["gate", "--baseline", baseline.path, "--current", baseline.path])
    #expect(undecided.status == 1, "\(undecided.standardOutput)\n\(undecided.standardError)")
    #expect(undecided.standardOutput.contains("could not decide: 4 against 4 repetitions cannot reach p < 0.010"), "\(undecided.standardOutput)")

    // One more pivot per operation in one phase fails; one fewer is an improvement.
    func pivots(_ delta: Double) throws -> URL {
      try Self.edited(baseline, as: "pivots\(delta).json") { document in
        var cases = document["cases"] as! [[String: Any]]
        var phases = cases[0]["phases"] as! [[String: Any]]
        var counters = phases[0]["counters"] as! [String: Any]
        counters["pivots"] = (counters["pivots"] as! NSNumber).doubleValue + delta
        phases[0]["counters"] = counters
        cases[0]["phases"] = phases
        document["cases"] = cases
      }
    }
    let more = try BenchProcess.run(["gate", "--baseline", baseline.path, "--current", pivots(1).path] + Self.noTimingFailures)
    #expect(more.status == 1)
    #expect(more.standardOutput.contains("stack.fill.horizontal n=10 cassowary build: counters.pivots rose from"), "\(more.standardOutput)")
    let fewer = try BenchProcess.run(["gate", "--baseline", baseline.path, "--current", pivots(-1).path] + Self.noTimingFailures)
    #expect(fewer.status == 0)
    #expect(fewer.standardOutput.contains("counters.pivots fell from"), "\(fewer.standardOutput)")

    // A case that errors now fails the gate.
    let failing = try Self.edited(baseline, as: "failing.json") { document in
      var cases = document["cases"] as! [[String: Any]]
      cases[1] = ["workload": cases[1]["workload"]!, "backend": cases[1]["backend"]!, "size": cases[1]["size"]!,
        "parameters": cases[1]["parameters"]!, "status": "error", "error": "it broke"]
      document["cases"] = cases
    }
    let lost = try BenchProcess.run(["gate", "--baseline", baseline.path, "--current", failing.path] + Self.noTimingFailures)
    #expect(lost.status == 1)
    #expect(lost.standardOutput.contains("springs-struts: ok in the baseline, error now: it broke"), "\(lost.standardOutput)")
  }

  @Test func aBaselineFromAnotherAllocatorOrWithUnknownNamesIsBadInput() throws {
    let (folder, baseline) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    let otherAllocator = try Self.edited(baseline, as: "other-allocator.json") { document in
      var environment = document["environment"] as! [String: Any]
      environment["allocator"] = "jemalloc 4.0.0"
      document["environment"] = environment
    }
    let refused = try BenchProcess.run(["gate", "--baseline", otherAllocator.path, "--current", baseline.path])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("allocator 'jemalloc 4.0.0'"), "\(refused.standardError)")
    #expect(refused.standardError.contains("re-record the baseline (make gate-baseline)"))

    let unknownBackend = try Self.edited(baseline, as: "unknown-backend.json") { document in
      var cases = document["cases"] as! [[String: Any]]
      cases[1]["backend"] = "yoga"
      document["cases"] = cases
    }
    let unknown = try BenchProcess.run(
      ["gate", "--baseline", unknownBackend.path, "--allow-debug", "--out", folder.appendingPathComponent("x.json").path])
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("unknown backend 'yoga'"), "\(unknown.standardError)")
  }

  @Test(arguments: [
    (["gate", "--baseline", "/nonexistent/baseline.json", "--current", "/nonexistent/b.json"], 2, "/nonexistent/baseline.json: cannot open"),
    (["gate", "--baseline", "x.json", "--significance", "2"], 64, "--significance must be in (0, 1)"),
    (["gate", "--baseline", "x.json", "--confirmations", "0"], 64, "--confirmations must be at least 1"),
    (["gate", "--baseline", "x.json", "--busy-limit", "0"], 64, "--busy-limit must be a positive number of CPUs"),
    (["gate", "--baseline", "x.json", "--current", "y.json", "--base-bench", "b"], 64, "--base-bench measures now"),
    (["gate", "--baseline", "x.json", "--base-revision", "abc"], 64, "--base-revision names the revision of --base-bench"),
    (["gate", "--baseline", "x.json"], 64, "debug build"),
    (["compare", "/nonexistent/a.json", "/nonexistent/b.json"], 2, "/nonexistent/a.json: cannot open"),
    (["compare", "only-one.json"], 64, "Missing expected argument"),
  ])
  func badInputAndBadCommandLines(arguments: [String], status: Int32, message: String) throws {
    let output = try BenchProcess.run(arguments)
    #expect(output.status == status, "\(output.standardError)")
    #expect(output.standardError.contains(message), "\(output.standardError)")
  }

  @Test func anInvalidResultsFileIsNamedWithItsJSONPath() throws {
    let file = try TemporaryFile(named: "broken.json", #"{"format": "layoutbench.results/1", "suite": "s", "createdAt": "2026-11-21T10:00:00Z", "environment": {}, "cases": [{"workload": "w"}]}"#)
    defer { file.remove() }
    let output = try BenchProcess.run(["compare", file.path, file.path])
    #expect(output.status == 2)
    #expect(output.standardError.contains("broken.json"), "\(output.standardError)")
    #expect(output.standardError.contains("cases[0]"), "\(output.standardError)")
  }

  @Test func aBadInjectionIsABadCommandLine() throws {
    let output = try BenchProcess.run(
      ["run", "--suite", "smoke", "--allow-debug", "--out", "/tmp/never.json"], environment: ["LAYOUTBENCH_INJECT_REGRESSION": "leak"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("LAYOUTBENCH_INJECT_REGRESSION='leak' is not 'allocation' or 'slowdown:F'"))
  }

  @Test func compareListsEveryPhaseWithRatiosAndWhatDoesNotPairUp() throws {
    let (folder, baseline) = try Self.baseline()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fewer = try Self.edited(baseline, as: "fewer.json") { document in
      document["cases"] = Array((document["cases"] as! [[String: Any]]).prefix(1))
      // A file cut down by hand no longer holds its run's plan.
      document["complete"] = false
    }
    let output = try BenchProcess.run(["compare", baseline.path, fewer.path])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("ratio [95% CI]"))
    #expect(output.standardOutput.contains("stack.fill.horizontal n=10 springs-struts: only in the base"))
    // The case in both: build, firstLayout, resizeContainer, each with ratio 1.00.
    #expect(output.standardOutput.components(separatedBy: " 1.00 [").count == 4, "\(output.standardOutput)")
    #expect(output.standardOutput.contains("3 phases compared"), "\(output.standardOutput)")
    let markdown = try BenchProcess.run(["compare", baseline.path, fewer.path, "--format", "markdown"])
    #expect(markdown.standardOutput.contains("| workload | n | backend | phase |"))
  }

  /// At `bench run`'s default five repetitions, a real 2× slowdown is decided: the exact
  /// test reaches p = 2/252 < 0.01, where the normal approximation could not. (Raw
  /// times: the reference kernel's timings are dropped from both files, so that its noise
  /// does not blur a slowdown made by scaling the samples.)
  @Test func compareDecidesATwofoldSlowdownAtTheDefaultRepetitions() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = folder.appendingPathComponent("base.json")
    let run = try BenchProcess.run(
      ["run", "--suite", "smoke", "--workloads", "deep.chain.constraints", "--backends", "cassowary", "--allow-debug", "--out", base.path])
    try #require(run.status == 0, "\(run.standardError)")
    let raw = try Self.edited(base, as: "raw.json") { document in
      var cases = document["cases"] as! [[String: Any]]
      cases[0]["reference"] = nil
      document["cases"] = cases
    }
    let slower = try Self.edited(raw, as: "slower.json") { document in
      var cases = document["cases"] as! [[String: Any]]
      var phases = cases[0]["phases"] as! [[String: Any]]
      for k in phases.indices {
        phases[k]["samplesNanoseconds"] = (phases[k]["samplesNanoseconds"] as! [NSNumber]).map { $0.doubleValue * 2 }
        phases[k]["medianNanoseconds"] = (phases[k]["medianNanoseconds"] as! NSNumber).doubleValue * 2
      }
      cases[0]["phases"] = phases
      document["cases"] = cases
    }
    let output = try BenchProcess.run(["compare", raw.path, slower.path])
    #expect(output.status == 0, "\(output.standardError)")
    // resizeContainer's repetitions each take the median of many operations, so they are
    // tight and the five doubled ones all lie above the five measured: decided, "+". (A
    // build of one operation per repetition can vary by more than 2× in a debug build and
    // stay undecided at five repetitions.)
    let row = output.standardOutput.split(separator: "\n").first { $0.contains(" resizeContainer ") }.map(String.init) ?? ""
    #expect(row.contains(" 2.00 ") && row.hasSuffix("+"), "\(output.standardOutput)")
    #expect(row.contains("0.008*"), "\(output.standardOutput)")
  }
}
