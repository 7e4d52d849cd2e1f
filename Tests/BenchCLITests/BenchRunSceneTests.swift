import Foundation
import Testing

/// `bench run --scene`: the user's own scene files measured as cases of suite `scenes`.
@Suite struct BenchRunSceneTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A fixture copied into `folder` under `name`.
  static func fixture(_ fixture: String, as name: String, in folder: URL) throws -> String {
    let target = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: root.appendingPathComponent("Tests/Fixtures/\(fixture).scene.json"), to: target)
    return target.path
  }

  static let quick = ["--repetitions", "1", "--warmup", "0", "--time-budget", "1", "--allow-debug"]

  /// Two files: pinned edges (2 views, two resizes: constraints, which springs-struts
  /// refuses) and an animating stack (8 views, setStack and setHidden steps). Each is a
  /// workload named after its file, at its number of views; phases are build,
  /// firstLayout and one per step kind; the file is a parameter; counts are taken as for
  /// any case.
  @Test func sceneFilesAreMeasuredAsCasesOfSuiteScenes() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pinned = try Self.fixture("b1-pin-edges", as: "pinned.scene.json", in: folder)
    let stack = try Self.fixture("d7-animating-stack", as: "stack.json", in: folder)
    let out = folder.appendingPathComponent("scenes.json")
    let output = try BenchProcess.run(
      ["run", "--scene", pinned, "--scene", stack, "--backends", "cassowary,springs-struts", "--out", out.path] + Self.quick)
    #expect(output.status == 0, "\(output.standardError)")
    let document = try BenchRunTests.json(out)
    #expect(document["suite"] as? String == "scenes")
    let cases = try BenchRunTests.cases(document)
    #expect(cases.map(BenchRunTests.key) == [
      "pinned 2 cassowary", "pinned 2 springs-struts", "stack 8 cassowary", "stack 8 springs-struts",
    ])
    #expect(cases.map { $0["status"] as? String } == ["ok", "skipped", "ok", "skipped"])
    #expect(cases.allSatisfy { $0["seed"] == nil })
    #expect(cases.map { ($0["parameters"] as? [String: String])?["file"] } == [pinned, pinned, stack, stack])
    let pinnedPhases = try #require(cases[0]["phases"] as? [[String: Any]])
    #expect(pinnedPhases.map { $0["name"] as? String } == ["build", "firstLayout", "resizeContainer"])
    #expect(pinnedPhases.last?["operations"] as? Int == 2)
    let stackPhases = try #require(cases[2]["phases"] as? [[String: Any]])
    #expect(stackPhases.map { $0["name"] as? String } == ["build", "firstLayout", "setStack", "setHidden"])
    for phase in pinnedPhases + stackPhases {
      #expect((phase["allocations"] as? [String: Any])?["count"] is Double)
      #expect(phase["counters"] is [String: Any])
    }
    let run = try #require(document["run"] as? [String: Any])
    #expect(run["workloads"] as? [String] == ["pinned", "stack"])
  }

  /// A malformed file stops the run before anything is measured or written, naming the
  /// file and the JSON path.
  @Test func aMalformedSceneIsBadInput() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = try Self.fixture("b1-pin-edges", as: "good.scene.json", in: folder)
    let bad = folder.appendingPathComponent("bad.scene.json")
    try Data(#"{"format": "layoutbench.scene/1", "container": {"width": 10, "height": 10}, "views": [{"id": "root", "hidden": 3}]}"#.utf8)
      .write(to: bad)
    let out = folder.appendingPathComponent("never.json")
    let output = try BenchProcess.run(["run", "--scene", good, "--scene", bad.path, "--out", out.path] + Self.quick)
    #expect(output.status == 2)
    #expect(output.standardError.hasPrefix("error: \(bad.path): views[0].hidden: "), "\(output.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    // An operation named like the load's phase.
    let phase = folder.appendingPathComponent("phase.json")
    try Data(
      (#"{"format": "layoutbench.scene/1", "container": {"width": 10, "height": 10}, "views": [{"id": "root"}], "#
        + #""steps": [{"resizeContainer": {"width": 20, "height": 10}}], "operations": [{"phase": "build", "steps": [0, 1]}]}"#)
        .utf8
    ).write(to: phase)
    let phaseOutput = try BenchProcess.run(["run", "--scene", phase.path, "--out", out.path] + Self.quick)
    #expect(phaseOutput.status == 2, "\(phaseOutput.standardError)")
    #expect(phaseOutput.standardError.hasPrefix("error: \(phase.path): operations[0].phase: 'build' is the phase of the load"))
  }

  @Test(arguments: [
    (["--scene", "a.json", "--suite", "smoke"], "error: --scene runs the given scene files as suite 'scenes'; it cannot be combined with --suite"),
    (["--scene", "a.json", "--workloads", "a"], "error: --workloads selects a suite's workloads; with --scene"),
    (["--scene", "a.json", "--sizes", "10"], "error: --sizes sets generated workloads' sizes"),
    (["--scene", "a.json", "--seed", "3"], "error: --seed seeds generated workloads"),
    (["--scene", "a.json", "--engine", "propagation"], "error: --engine gives outside engines generated workloads"),
    (["--scene", "x/feed.scene.json", "--scene", "feed.json"], "error: scene files 'x/feed.scene.json' and 'feed.json' both give workload 'feed'"),
    ([], "error: give --suite NAME or --scene FILE"),
  ])
  func sceneOptionsThatCannotGoTogetherAreABadCommandLine(arguments: [String], message: String) throws {
    let output = try BenchProcess.run(["run"] + arguments + ["--allow-debug"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
    #expect(output.standardError.contains("\nUsage: bench run "))
  }

  /// The dry run of scene files asks each backend about the file's scene.
  @Test func aDryRunOfScenesSaysWhichBackendsRefuseThem() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let grid = try Self.fixture("a5-nested-autoresizing", as: "grid.json", in: folder)
    let pinned = try Self.fixture("b1-pin-edges", as: "pinned.json", in: folder)
    let output = try BenchProcess.run(["run", "--scene", grid, "--scene", pinned, "--backends", "springs-struts", "--dry-run"])
    #expect(output.status == 0, "\(output.standardError)")
    let rows = BenchDryRunTests.rows(output.standardOutput)
    #expect(rows.map { $0[0...2].joined(separator: " ") } == ["grid 3 springs-struts", "pinned 2 springs-struts"])
    #expect(rows[0][3].hasPrefix("runs; "))
    #expect(rows[1][3].hasPrefix("skipped: springs-struts cannot express constraint 'greenLeading'"))
  }
}
