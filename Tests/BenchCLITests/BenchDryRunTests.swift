import Foundation
import Testing

/// `bench run --dry-run` and `--workloads` patterns: the plan printed, nothing measured or
/// written.
@Suite struct BenchDryRunTests {
  /// The table's rows: workload, size, backend and the plan column's text.
  static func rows(_ output: String) -> [[String]] {
    output.split(separator: "\n").dropFirst(2).dropLast().map { line in
      let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { String($0.trimmingPrefix(" ")) }
      return [cells[0], cells[1], cells[2], cells.last!]
    }
  }

  /// A debug build may dry-run without --allow-debug: nothing is timed. No file appears,
  /// not even the scratch folder; a constraint workload is skipped on springs-struts
  /// with the reason the run gives.
  @Test func aDryRunPrintsEveryCaseAndWritesNothing() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("never.json")
    let output = try BenchProcess.run(
      ["run", "--suite", "smoke", "--workloads", "stack.fill.*,deep.chain.c*", "--dry-run", "--out", out.path],
      directory: folder)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    let rows = Self.rows(output.standardOutput)
    #expect(rows.map { $0[0...2].joined(separator: " ") } == [
      "stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 dense-simplex", "stack.fill.horizontal 10 springs-struts",
      "stack.fill.vertical 10 cassowary", "stack.fill.vertical 10 dense-simplex", "stack.fill.vertical 10 springs-struts",
      "deep.chain.constraints 10 cassowary", "deep.chain.constraints 10 dense-simplex",
      "deep.chain.constraints 10 springs-struts",
    ])
    #expect(rows.dropLast().allSatisfy { $0[3] == "runs; not predictable (no smaller size measured)" })
    #expect(rows.last?[3].hasPrefix("skipped: springs-struts cannot express constraint ") == true)
    #expect(output.standardOutput.hasSuffix("\n9 cases: 8 run, 1 skipped; time not predictable (no smaller size measured)\n"))
    #expect(output.standardError.contains("nothing is measured or written"))
  }

  /// A measured size 10 predicts size 100 (a time per repetition and per case) and, under
  /// a tiny --case-limit, skips it with the run's reason.
  @Test func predictionsComeFromTheResultsFilesGiven() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let measured = folder.appendingPathComponent("ten.json")
    let common = ["run", "--suite", "stackviews", "--workloads", "stack.fill.horizontal", "--backends", "springs-struts"]
    let run = try BenchProcess.run(
      common + ["--sizes", "10", "--repetitions", "1", "--warmup", "0", "--allow-debug", "--out", measured.path])
    #expect(run.status == 0, "\(run.standardError)")

    let plan = try BenchProcess.run(common + ["--sizes", "10,100", "--dry-run", "--predict-from", measured.path])
    #expect(plan.status == 0, "\(plan.standardError)")
    let rows = Self.rows(plan.standardOutput)
    #expect(rows.map(\.[3]).first == "runs; not predictable (no smaller size measured)")
    #expect(rows.map(\.[3]).last?.hasPrefix("runs; predicted from ") == true, "\(plan.standardOutput)")
    #expect(plan.standardOutput.hasSuffix(", 1 not predictable\n"), "\(plan.standardOutput)")

    let limited = try BenchProcess.run(
      common + ["--sizes", "10,100", "--dry-run", "--predict-from", measured.path, "--case-limit", "1e-12"])
    #expect(limited.status == 0)
    #expect(Self.rows(limited.standardOutput).last?[3].hasPrefix("skipped: predicted ") == true, "\(limited.standardOutput)")
  }

  @Test func predictFromNeedsADryRunAndAReadableFile() throws {
    let alone = try BenchProcess.run(["run", "--suite", "smoke", "--predict-from", "x.json", "--allow-debug"])
    #expect(alone.status == 64)
    #expect(alone.standardError.hasPrefix("error: --predict-from feeds the predictor of a dry run"))
    let missing = try BenchProcess.run(["run", "--suite", "smoke", "--dry-run", "--predict-from", "/nonexistent/x.json"])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("error: /nonexistent/x.json: cannot open"), "\(missing.standardError)")
  }

  @Test(arguments: [
    ("stak.*", "error: pattern 'stak.*' matches no workload of suite 'smoke' (suite 'smoke' has: stack.fill.horizontal, "),
    ("stack.fill.horizontal,enaml?", "error: pattern 'enaml?' matches no workload of suite 'smoke'; did you mean 'enaml'?"),
    ("stack.[fill", "error: --workloads: pattern 'stack.[fill', character 7: '[' has no closing ']'"),
  ])
  func aPatternThatMatchesNothingIsABadCommandLine(workloads: String, message: String) throws {
    let output = try BenchProcess.run(["run", "--suite", "smoke", "--workloads", workloads, "--dry-run"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
    #expect(output.standardError.contains("\nUsage: bench run "))
  }
}
