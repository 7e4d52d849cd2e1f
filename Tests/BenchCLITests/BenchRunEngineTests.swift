import Foundation
import Interchange
import Testing

/// `bench run --engine` (docs/engines.md): the example engine on the Python SDK measured
/// through the protocol, its answers checked; an engine that answers wrong, one that
/// dies, and bad manifests.
@Suite struct BenchRunEngineTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let engines = root.appendingPathComponent("Benchmarks/engines").path
  static let small = ["run", "--suite", "deep", "--sizes", "10", "--repetitions", "2", "--warmup", "0", "--allow-debug"]

  /// A folder of manifests: `engine.py` beside each is written from `script`, which runs
  /// the example engine's class with whatever the script changes.
  static func folder(_ engines: [(name: String, script: String)]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-engines-\(UUID().uuidString)")
    for (name, script) in engines {
      let directory = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(
        #"{"format": "layoutbench.engine-manifest/1", "name": "\#(name)", "inputs": ["constraints"], "command": ["python3", "engine.py"]}"#
          .utf8
      ).write(to: directory.appendingPathComponent("engine.json"))
      let prelude = """
        import sys
        sys.path.insert(0, \(String(reflecting: Self.engines + "/propagation")))
        sys.path.insert(0, \(String(reflecting: Self.engines + "/sdk")))
        import engine as example
        from layoutbench_engine import run

        """
      try Data((prelude + script).utf8).write(to: directory.appendingPathComponent("engine.py"))
    }
    return folder
  }

  static func results(_ path: String) throws -> ResultsDocument {
    try ResultsDocument.decode(utf8: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path).document
  }

  @Test func theExampleEngineIsMeasuredBesideCassowaryWithItsAnswersChecked() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("engine-run-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: out) }
    let output = try BenchProcess.run(
      Self.small + ["--workloads", "deep.chain.constraints,deep.tree.autoresizing", "--backends", "cassowary", "--engine",
        "propagation", "--engines", Self.engines, "--out", out.path])
    #expect(output.status == 0, "\(output.standardError)")
    let document = try Self.results(out.path)
    let engineCases = document.cases.filter { $0.backend == "propagation" }
    #expect(engineCases.count == 2)
    #expect(document.cases.filter { $0.backend == "cassowary" }.count == 2)
    for result in engineCases {
      #expect(result.status == .ok)
      #expect(result.engine?.name == "propagation")
      #expect(result.engine?.language == "Python")
      #expect(result.check?.reference == "cassowary")
      #expect(result.check?.passed == true)
      #expect((result.check?.states ?? 0) > 1)
      #expect(result.phases.map(\.name) == ["build", "firstLayout", "resizeContainer"])
      #expect(result.phases.allSatisfy { $0.samplesNanoseconds.count == ($0.operations ?? 0) * 2 })
      #expect(result.reference?.samplesNanoseconds.isEmpty == false)
    }
  }

  @Test func answersThatDifferAreRecordedAndExitOne() throws {
    let folder = try Self.folder([
      (
        "wrong",
        """
        class Wrong(example.Propagation):
            name = "wrong"
            def answers(self, state):
                values = super().answers(state)
                first = next(iter(values))
                values[first] += 0.5
                return values
        sys.exit(run(Wrong()))
        """
      )
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("results.json")
    let arguments = Self.small + ["--workloads", "deep.chain.constraints", "--engine", "wrong", "--engines", folder.path, "--out", out.path]
    let output = try BenchProcess.run(arguments)
    #expect(output.status == 1)
    #expect(output.standardError.contains("answers differ: deep.chain.constraints n=10 wrong against cassowary"))
    let check = try #require(try Self.results(out.path).cases.first?.check)
    #expect(check.mismatches == check.states)
    #expect(check.examples.first?.state == 0)
    let example = try #require(check.examples.first)
    #expect(abs((example.engine ?? 0) - (example.reference ?? 0) - 0.5) < 1e-9)
    let allowed = try BenchProcess.run(arguments + ["--allow-mismatches"])
    #expect(allowed.status == 0, "\(allowed.standardError)")
  }

  @Test func anEngineThatDiesFailsItsCaseAndIsStartedAgainForTheNext() throws {
    let folder = try Self.folder([
      (
        "fragile",
        """
        import os
        class Fragile(example.Propagation):
            name = "fragile"
            def prepare(self, case):
                if case.workload == "deep.chain.constraints":
                    os._exit(7)
                return super().prepare(case)
        sys.exit(run(Fragile()))
        """
      )
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("results.json")
    let output = try BenchProcess.run(
      Self.small + ["--workloads", "deep.chain.constraints,deep.tree.constraints", "--engine", "fragile", "--engines", folder.path,
        "--out", out.path])
    #expect(output.status == 1)
    let cases = try Self.results(out.path).cases
    #expect(cases.count == 2)
    #expect(cases[0].status == .error("fragile: the engine exited with status 7 (its standard error is above)"))
    #expect(cases[1].status == .ok)
  }

  @Test func aCaseTheEngineCannotExpressIsSkippedWithItsReason() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("engine-skip-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: out) }
    let output = try BenchProcess.run(
      ["run", "--suite", "anchor", "--sizes", "10", "--repetitions", "1", "--warmup", "0", "--allow-debug", "--engine", "propagation",
        "--engines", Self.engines, "--out", out.path])
    #expect(output.status == 0, "\(output.standardError)")
    let cases = try Self.results(out.path).cases
    #expect(!cases.isEmpty)
    for result in cases {
      guard case .skipped(let reason) = result.status else {
        Issue.record("\(result.key) is \(result.status.name)")
        continue
      }
      #expect(reason.contains("is not a required equality"))
    }
  }

  @Test func unknownEnginesAndBadManifestsAreRefused() throws {
    let unknown = try BenchProcess.run(Self.small + ["--engine", "propagatoin", "--engines", Self.engines])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("unknown engine 'propagatoin'; did you mean 'propagation'?"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-engines-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("bad"), withIntermediateDirectories: true)
    try Data(#"{"format": "layoutbench.engine-manifest/1", "name": "bad", "inputs": ["grid"], "command": ["x"]}"#.utf8)
      .write(to: folder.appendingPathComponent("bad/engine.json"))
    let bad = try BenchProcess.run(Self.small + ["--engine", "bad", "--engines", folder.path])
    #expect(bad.status == 2)
    #expect(bad.standardError.contains("bad/engine.json"))
    #expect(bad.standardError.contains("inputs[0]"))
  }

  @Test func anEngineWhoseProgramIsMissingSaysWhatBuildsIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-engines-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("absent"), withIntermediateDirectories: true)
    try Data(
      #"{"format": "layoutbench.engine-manifest/1", "name": "absent", "inputs": ["constraints"], "command": ["./build/engine"], "build": "make engines"}"#
        .utf8
    ).write(to: folder.appendingPathComponent("absent/engine.json"))
    let out = folder.appendingPathComponent("results.json")
    let output = try BenchProcess.run(
      Self.small + ["--workloads", "deep.tree.constraints", "--engine", "absent", "--engines", folder.path, "--out", out.path])
    #expect(output.status == 1)
    guard case .error(let message) = try Self.results(out.path).cases.first?.status else {
      Issue.record("the case is not an error")
      return
    }
    #expect(message.hasSuffix("build/engine is not there or not executable (make engines builds it)"))
  }
}
