import Foundation
import Testing

/// Bad command lines in every subcommand: one `error: ` prefix, the subcommand's own usage
/// line under it (also when the mistake is found while the command runs), status 64, and
/// a suggestion for a misspelt name.
@Suite struct BenchUsageErrorTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let scene = root.appendingPathComponent("Benchmarks/scenes/formats-example.scene.json").path
  private static let system = root.appendingPathComponent("Benchmarks/systems/formats-example.json").path

  @Test(arguments: [
    (["run", "--suite", "smok", "--allow-debug"], "unknown suite 'smok'; did you mean 'smoke'? (suites: ", "run"),
    (
      ["run", "--suite", "smoke", "--backends", "casowary", "--allow-debug"],
      "unknown backend 'casowary'; did you mean 'cassowary'? (backends: ", "run"
    ),
    (
      ["run", "--suite", "smoke", "--workloads", "stack.fill.horizntal", "--allow-debug"],
      "unknown workload 'stack.fill.horizntal'; did you mean 'stack.fill.horizontal'? (suite 'smoke' has: ", "run"
    ),
    (
      ["export", "--workload", "stack.fill.vertcal"],
      "unknown workload 'stack.fill.vertcal'; did you mean 'stack.fill.vertical'? (available: ", "export"
    ),
    (
      ["layout", scene, "--backend", "springs-strut"],
      "unknown layout backend 'springs-strut'; did you mean 'springs-struts'? (available: ", "layout"
    ),
    (["solve", system, "--backend", "dense-simplx"], "unknown backend 'dense-simplx'; did you mean 'dense-simplex'? (available: ", "solve"),
  ])
  func aMisspeltNameGetsASuggestionAndTheSubcommandsUsage(arguments: [String], message: String, command: String) throws {
    let output = try BenchProcess.run(arguments)
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.hasPrefix("error: " + message), "\(output.standardError)")
    #expect(output.standardError.contains("\nUsage: bench \(command) "), "\(output.standardError)")
    #expect(output.standardError.hasSuffix("\n  See 'bench \(command) --help' for more information.\n"))
  }

  @Test func aNameFarFromEveryKnownOneGetsNoSuggestion() throws {
    let output = try BenchProcess.run(["run", "--suite", "flexbox", "--allow-debug"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("error: unknown suite 'flexbox' (suites: "))
  }

  /// The parser's own errors take the same prefix, with the subcommand's usage.
  @Test(arguments: [
    (["run", "--allow-debug"], "error: give --suite NAME or --scene FILE", "run"),
    (["run", "--suite", "smoke", "--repetitions", "0", "--allow-debug"], "error: --repetitions must be at least 1, not 0", "run"),
    (["export", "--workload", "enaml", "--format", "xml"], "error: The value 'xml' is invalid for '--format <format>'", "export"),
    (["report"], "error: give at least one results file", "report"),
    (["compare", "only-one.json"], "error: Missing expected argument '<head>'", "compare"),
  ])
  func parserErrorsHaveTheSamePrefixAndTheSubcommandsUsage(arguments: [String], message: String, command: String) throws {
    let output = try BenchProcess.run(arguments)
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
    #expect(output.standardError.contains("Usage: bench \(command) "), "\(output.standardError)")
    #expect(!output.standardError.contains("Error:"))
  }

  @Test func anUnknownSubcommandKeepsTheBadCommandLineStatus() throws {
    let output = try BenchProcess.run(["rnu", "--suite", "smoke"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("error: "), "\(output.standardError)")
    #expect(output.standardError.contains("Usage: bench <subcommand>"))
  }

  /// A bad --reference is found once the files are read: an input error (2), with a
  /// suggestion.
  @Test func aMisspeltReferenceIsSuggested() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-usage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try BenchReportTests.write(BenchReportTests.results(cases: BenchReportTests.sweep), "run.json", in: folder)
    let output = try BenchProcess.run(["report", input, "--reference", "casowary", "--out", folder.path])
    #expect(output.status == 2)
    #expect(output.standardError.hasPrefix("error: unknown reference backend 'casowary'; did you mean 'cassowary'?"))
  }
}
