import Foundation
import Testing

/// `bench report`, `compare` and `merge` reading results files that the format accepts
/// with figures far from any measurement, or refuses: a file beyond the format's ranges
/// is bad input naming the JSON path (exit 2), a file inside them is shown however odd
/// its numbers, and a file not known to be complete is a warning.
@Suite struct BenchResultsInputTests {
  /// A results file with one case of `stack.fill.horizontal` at size 10 on each backend,
  /// whose `build` phase has `members` (the samples and any other phase members) and
  /// top-level `top` members.
  static func results(
    cases: [(backend: String, members: String)], top: String = #""complete": true, "plannedCases": CASES"#
  ) -> String {
    let entries = cases.map { entry in
      #"{"workload": "stack.fill.horizontal", "backend": "\#(entry.backend)", "size": 10, "status": "ok", "phases": [{"name": "build", \#(entry.members)}]}"#
    }
    return #"{"format": "layoutbench.results/1", "suite": "stackviews", "createdAt": "2026-11-21T10:00:00Z", "#
      + (top.isEmpty ? "" : top.replacing("CASES", with: String(cases.count)) + ", ")
      + #""environment": {"gitRevision": "abc", "configuration": "release", "cpu": "c", "allocator": null}, "cases": ["#
      + entries.joined(separator: ", ") + "]}"
  }

  static func folder() throws -> URL { try BenchReportTests.folder() }

  static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    try BenchReportTests.write(text, name, in: folder)
  }

  /// Samples, allocations and counters far beyond anything measured but inside the
  /// format's ranges (1e18), beside samples of 1e-300 ns: ratios of such medians leave
  /// the range of a double. Each command shows them and exits 0.
  @Test func extremeFiguresInsideTheRangesAreShown() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let huge = #""samplesNanoseconds": [1e18, 1e18, 1e18], "allocations": {"count": 1e18, "bytes": 1e18}, "counters": {"pivots": 1e18}"#
    let tiny = #""samplesNanoseconds": [1e-300, 1e-300, 1e-300], "allocations": {"count": 0, "bytes": 0}, "counters": {"pivots": -1e18}"#
    let base = try Self.write(Self.results(cases: [("cassowary", huge), ("springs-struts", tiny)]), "base.json", in: folder)
    let head = try Self.write(Self.results(cases: [("cassowary", tiny), ("springs-struts", huge)]), "head.json", in: folder)
    let compare = try BenchProcess.run(["compare", base, head])
    #expect(compare.status == 0, "\(compare.standardError)")
    // A median of 1e-300 ns against one of 1e18 ns: a ratio beyond a double's range.
    #expect(compare.standardOutput.contains("inf [nan, nan]"), "\(compare.standardOutput)")
    let report = try BenchProcess.run(["report", base, head, "--out", folder.appendingPathComponent("reports").path])
    #expect(report.status == 0, "\(report.standardError)")
    let markdown = try String(contentsOf: folder.appendingPathComponent("reports/stackviews.md"), encoding: .utf8)
    #expect(markdown.contains("| `build` | 10 | 0 ns | inf× |"), "\(markdown)")
  }

  /// Values the format refuses: each command exits 2 naming the file and the JSON path,
  /// where these once stopped the process on a trap.
  @Test(arguments: [
    (#""samplesNanoseconds": [1e25]"#, "cases[0].phases[0].samplesNanoseconds[0]"),
    (#""samplesNanoseconds": [5, 1e300]"#, "cases[0].phases[0].samplesNanoseconds[1]"),
    (#""samplesNanoseconds": [5], "allocations": {"count": 1e25, "bytes": 0}"#, "cases[0].phases[0].allocations.count"),
    (#""samplesNanoseconds": [5], "counters": {"cellsTouched": 1e300}"#, "cases[0].phases[0].counters.cellsTouched"),
    (#""samplesNanoseconds": [5], "iterations": 1e12"#, "cases[0].phases[0].iterations"),
  ])
  func figuresBeyondTheRangesAreBadInputNamingThePath(members: String, path: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = try Self.write(Self.results(cases: [("cassowary", #""samplesNanoseconds": [5]"#)]), "good.json", in: folder)
    let bad = try Self.write(Self.results(cases: [("cassowary", members)]), "bad.json", in: folder)
    for arguments in [
      ["compare", good, bad], ["report", bad, "--out", folder.appendingPathComponent("r").path],
      ["merge", bad, "--out", folder.appendingPathComponent("m.json").path],
      ["gate", "--baseline", good, "--current", bad],
    ] {
      let output = try BenchProcess.run(arguments)
      #expect(output.status == 2, "\(arguments[0]): \(output.standardError)")
      #expect(output.standardError.contains("error: \(bad): \(path):"), "\(arguments[0]): \(output.standardError)")
    }
  }

  @Test func repetitionsBeyondTheRangeAreBadInput() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = Self.results(cases: [("cassowary", #""samplesNanoseconds": [5]"#)])
      .replacing(#""status": "ok","#, with: #""status": "ok", "repetitions": 1e16,"#)
    let bad = try Self.write(text, "bad.json", in: folder)
    let output = try BenchProcess.run(["compare", bad, bad])
    #expect(output.status == 2)
    #expect(output.standardError.contains("\(bad): cases[0].repetitions:"), "\(output.standardError)")
  }

  /// Duplicates and a time that is not UTC are bad input for every reader.
  @Test func duplicatesAndBadTimesAreBadInput() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let phase = #""samplesNanoseconds": [5]"#
    let twice = try Self.write(Self.results(cases: [("cassowary", phase), ("cassowary", phase)]), "twice.json", in: folder)
    let phases = try Self.write(
      Self.results(cases: [("cassowary", phase + #"}, {"name": "build", "samplesNanoseconds": [6]"#)]), "phases.json", in: folder)
    let time = try Self.write(
      Self.results(cases: [("cassowary", phase)]).replacing("2026-11-21T10:00:00Z", with: "2026-11-21 10:00"), "time.json",
      in: folder)
    for (file, path) in [(twice, "cases[1]"), (phases, "cases[0].phases[1].name"), (time, "createdAt")] {
      for arguments in [
        ["compare", file, file], ["report", file, "--out", folder.appendingPathComponent("r").path],
        ["merge", file, "--out", folder.appendingPathComponent("m.json").path],
      ] {
        let output = try BenchProcess.run(arguments)
        #expect(output.status == 2, "\(arguments[0]) \(file): \(output.standardError)")
        #expect(output.standardError.contains("error: \(file): \(path):"), "\(arguments[0]): \(output.standardError)")
      }
    }
  }

  /// A file written while its run went on (or left by a run that was killed), and one
  /// that does not say, are warnings of compare and report; a complete one is not.
  @Test func incompleteFilesAreWarnedAbout() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let phase = #""samplesNanoseconds": [5, 6, 7]"#
    let whole = try Self.write(Self.results(cases: [("cassowary", phase)]), "whole.json", in: folder)
    let partial = try Self.write(
      Self.results(cases: [("cassowary", phase)], top: #""complete": false, "plannedCases": 4"#), "partial.json", in: folder)
    let unsaid = try Self.write(Self.results(cases: [("cassowary", phase)], top: ""), "unsaid.json", in: folder)

    let quiet = try BenchProcess.run(["compare", whole, whole])
    #expect(quiet.status == 0)
    #expect(!quiet.standardError.contains("complete"), "\(quiet.standardError)")
    let compare = try BenchProcess.run(["compare", partial, unsaid])
    #expect(compare.status == 0)
    #expect(compare.standardError.contains("warning: \(partial) is incomplete: it holds 1 of 4 planned cases"), "\(compare.standardError)")
    #expect(compare.standardError.contains("warning: \(unsaid) does not say whether its run finished its plan"))
    let report = try BenchProcess.run(["report", partial, "--out", folder.appendingPathComponent("r").path])
    #expect(report.status == 0)
    #expect(report.standardError.contains("warning: \(partial) is incomplete"), "\(report.standardError)")
  }
}
