import Foundation
import Interchange
import Testing

/// The C++ engine SDK (Benchmarks/engines/sdk/cpp): its JSON checks, and its test engine
/// compiled with the system's C++ compiler and taken through `bench run --engine`.
@Suite struct EngineSDKCppTests {
  static let sdk = BenchRunEngineTests.root.appendingPathComponent("Benchmarks/engines/sdk/cpp")

  /// Compiles `source` into `output` with g++ (C++17).
  static func compile(_ source: URL, into output: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["g++", "-O1", "-std=c++17", "-Wall", "-Werror", "-o", output.path, source.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "g++ failed on \(source.lastPathComponent)")
  }

  @Test func theJSONReaderAcceptsAndRefusesAsTheFormatSays() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpp-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let binary = folder.appendingPathComponent("json_test")
    try Self.compile(Self.sdk.appendingPathComponent("tests/json_test.cpp"), into: binary)
    let process = Process()
    process.executableURL = binary
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }

  @Test func aCppEngineGoesThroughTheWholePath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpp-engine-\(UUID().uuidString)")
    let engine = folder.appendingPathComponent("propagation-cpp")
    try FileManager.default.createDirectory(at: engine, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.compile(Self.sdk.appendingPathComponent("tests/propagation.cpp"), into: engine.appendingPathComponent("engine"))
    try Data(
      #"{"format": "layoutbench.engine-manifest/1", "name": "propagation-cpp", "inputs": ["constraints"], "command": ["./engine"]}"#.utf8
    ).write(to: engine.appendingPathComponent("engine.json"))
    let out = folder.appendingPathComponent("results.json")
    let output = try BenchProcess.run(
      BenchRunEngineTests.small + ["--workloads", "deep.tree.constraints,deep.chain.autoresizing", "--engine", "propagation-cpp",
        "--engines", folder.path, "--out", out.path])
    #expect(output.status == 0, "\(output.standardError)")
    let cases = try BenchRunEngineTests.results(out.path).cases
    #expect(cases.count == 2)
    for result in cases {
      #expect(result.status == .ok)
      #expect(result.engine == ResultsDocument.EngineInfo(name: "propagation-cpp", version: "1.0", language: "C++"))
      #expect(result.check?.passed == true)
      #expect(result.phases.allSatisfy { $0.samplesNanoseconds.count == ($0.operations ?? 0) * result.repetitions! })
    }
    let skipped = try BenchProcess.run(
      ["run", "--suite", "anchor", "--sizes", "10", "--repetitions", "1", "--warmup", "0", "--allow-debug", "--engine",
        "propagation-cpp", "--engines", folder.path, "--out", out.path])
    #expect(skipped.status == 0, "\(skipped.standardError)")
    #expect(try BenchRunEngineTests.results(out.path).cases.allSatisfy { $0.status.name == "skipped" })
  }
}
