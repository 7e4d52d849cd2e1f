import Foundation
import Testing

/// `bench report` as a user runs it: what it writes and where, how it joins files, and
/// its refusals with their exit statuses.
@Suite struct BenchReportTests {
  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  /// A results file of `suite`: for each (backend, size) a case timing `build` at
  /// `median` (five samples ±2 %) and `resizeContainer` at a tenth of it, or a skipped
  /// case where the median is nil.
  static func results(
    suite: String = "stackviews", createdAt: String = "2026-11-21T10:00:00Z", workload: String = "stack.fill.horizontal",
    cases: [(backend: String, size: Int, median: Double?)], peerCalls: Bool = false
  ) -> String {
    let entries = cases.map { entry -> String in
      let head = #"{"workload": \#(quoted(workload)), "backend": \#(quoted(entry.backend)), "size": \#(entry.size), "#
      guard let median = entry.median else {
        return head + #""status": "skipped", "reason": "predicted over the limit"}"#
      }
      func phase(_ name: String, _ median: Double) -> String {
        let samples = [0.96, 0.98, 1.0, 1.02, 1.04].map { String(Int(($0 * median).rounded())) }.joined(separator: ", ")
        let peer = peerCalls ? #", "calls": 3, "callOverheadNanoseconds": 900"# : ""
        return #"{"name": "\#(name)", "samplesNanoseconds": [\#(samples)], "allocations": null\#(peer)}"#
      }
      return head + #""status": "ok", "phases": [\#(phase("build", median)), \#(phase("resizeContainer", median / 10))]}"#
    }
    return #"""
      {"format": "layoutbench.results/1", "suite": \#(quoted(suite)), "createdAt": "\#(createdAt)",
       "complete": true, "plannedCases": \#(cases.count),
       "environment": {"gitRevision": "abc", "configuration": "release", "cpu": "test cpu", "cores": 2, "allocator": null},
       "cases": [
      \#(entries.joined(separator: ",\n"))
      ]}
      """#
  }

  /// cassowary ∝ n² and springs-struts ∝ n at 10, 100, 1,000; dense-simplex at 10 and 100,
  /// skipped at 1,000.
  static let sweep: [(backend: String, size: Int, median: Double?)] = [10, 100, 1000].flatMap { size in
    let n = Double(size)
    return [("cassowary", size, 10 * n * n), ("dense-simplex", size, size == 1000 ? nil : 40 * n * n), ("springs-struts", size, 100 * n)]
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func aReportIsWrittenPerSuiteAndItsPathsPrinted() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.results(cases: Self.sweep), "run.json", in: folder)
    let out = folder.appendingPathComponent("reports").path
    let output = try BenchProcess.run(["report", input, "--out", out])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.hasPrefix("wrote \(out)/stackviews.md\nwrote \(out)/stackviews.html\n"))
    let markdown = try String(contentsOfFile: "\(out)/stackviews.md", encoding: .utf8)
    let html = try String(contentsOfFile: "\(out)/stackviews.html", encoding: .utf8)
    #expect(markdown.contains("# LayoutBench report: `stackviews`"))
    // k = 2 and 1 exactly, from three sizes; dense-simplex has two sizes.
    #expect(markdown.contains("| `cassowary` | 2.00 (R² 1.000, 3 sizes) |"))
    #expect(markdown.contains("| `springs-struts` | 1.00 (R² 1.000, 3 sizes) |"))
    #expect(markdown.contains("| `dense-simplex` | 2.00 (2 sizes: exact line, no fit quality) |"))
    // Ratios to cassowary at n = 10: dense 4×, springs-struts 1,000 / 1,000 = 1, within the spread.
    #expect(markdown.contains("| `build` | 10 | 1.00 µs | 4.00× | ≈ 1.00× |"))
    #expect(markdown.contains("`dense-simplex` at 1,000: skipped: predicted over the limit"))
    #expect(html.contains("<svg") && html.contains("</html>"))
  }

  /// Reports written without --out go to the ignored scratch folder, never over the
  /// committed Results/reports/.
  @Test func theDefaultFolderIsTheIgnoredScratchFolder() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.results(suite: "smoke", cases: Self.sweep), "run.json", in: folder)
    let output = try BenchProcess.run(["report", input], directory: folder)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardError.hasPrefix("wrote Results/scratch/reports/smoke.md\nwrote Results/scratch/reports/smoke.html\n"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Results/scratch/reports/smoke.html").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Results/reports").path))
  }

  /// A peer's file beside the run: its cases join, a repeated case is taken from the newer
  /// file with a warning naming both, and its call overhead is noted.
  @Test func aPeerFileJoinsWithDuplicatesTakenFromTheNewerFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.write(Self.results(cases: Self.sweep), "run.json", in: folder)
    let peer = try Self.write(
      Self.results(
        createdAt: "2026-11-22T08:00:00Z",
        cases: [("kiwisolver", 10, 800), ("kiwisolver", 100, 8000), ("cassowary", 10, 2000)], peerCalls: true),
      "kiwisolver-stackviews.json", in: folder)
    let out = folder.appendingPathComponent("out").path
    let output = try BenchProcess.run(["report", peer, run, "--out", out])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardError.contains(
      "warning: the case stack.fill.horizontal n=10 cassowary is in both \(run) and \(peer): keeping \(peer)'s"))
    let markdown = try String(contentsOfFile: "\(out)/stackviews.md", encoding: .utf8)
    #expect(markdown.contains("| `build` | 10 | 2.00 µs |"))
    #expect(markdown.contains("`kiwisolver` timings of `build` include ≈ 900 ns (3 calls) of Python-call overhead per operation"))
  }

  /// `--fit-from 100` fits over 100 and 1,000 only, says so, and leaves dense-simplex
  /// (measured at 10 and 100) one size to fit.
  @Test func fitFromFitsTheExponentsOverLargerSizesOnly() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // cassowary: a fixed 50 µs at 10, then ∝ n².
    let cases = Self.sweep.map { entry in entry.backend == "cassowary" && entry.size == 10 ? (entry.backend, entry.size, 50_000.0) : entry }
    let input = try Self.write(Self.results(cases: cases), "run.json", in: folder)
    let out = folder.appendingPathComponent("out").path
    let output = try BenchProcess.run(["report", input, "--out", out, "--fit-from", "100"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardError.contains("exponents over sizes >= 100"))
    let markdown = try String(contentsOfFile: "\(out)/stackviews.md", encoding: .utf8)
    #expect(markdown.contains("### Scaling exponents, fitted over sizes ≥ 100"))
    #expect(markdown.contains("| `cassowary` | 2.00 (2 sizes: exact line, no fit quality) |"))
    #expect(markdown.contains("| `dense-simplex` | — (1 size ≥ 100) |"))
    #expect(markdown.contains("| `springs-struts` | 1.00 (2 sizes: exact line, no fit quality) |"))
    // Without the option the fixed cost at 10 flattens cassowary's line.
    let every = try BenchProcess.run(["report", input, "--out", out])
    #expect(every.status == 0, "\(every.standardError)")
    let flat = try String(contentsOfFile: "\(out)/stackviews.md", encoding: .utf8)
    #expect(flat.contains("### Scaling exponents, fitted over every size"))
    #expect(!flat.contains("| `cassowary` | 2.00"))
    #expect(flat.contains("| `cassowary` | 1.15 (R² "), "\(flat)")
  }

  @Test(arguments: ["0", "-5", "abc", "1.5", "100k"])
  func aFitFromThatIsNotAPositiveIntegerIsAUsageError(value: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.results(cases: Self.sweep), "run.json", in: folder)
    let out = folder.appendingPathComponent("out").path
    let output = try BenchProcess.run(["report", input, "--out", out, "--fit-from=\(value)"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("--fit-from must be a positive integer (a size), not '\(value)'"), "\(output.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func noResultsFilesIsAUsageError() throws {
    let output = try BenchProcess.run(["report"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("give at least one results file"))
  }

  @Test func anUnreadableOrInvalidInputIsBadInputNamingTheFileAndPath() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out").path
    let missing = folder.appendingPathComponent("missing.json").path
    let unreadable = try BenchProcess.run(["report", missing, "--out", out])
    #expect(unreadable.status == 2)
    #expect(unreadable.standardError.contains("error: \(missing): cannot open: No such file or directory"))

    let bad = try Self.write(Self.results(cases: Self.sweep).replacing(#""size": 100,"#, with: #""size": -100,"#), "bad.json", in: folder)
    let invalid = try BenchProcess.run(["report", bad, "--out", out])
    #expect(invalid.status == 2)
    #expect(invalid.standardError.contains("error: \(bad): cases[3].size: expected an integer from 1 to 1000000000, found -100"), "\(invalid.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func anUnknownReferenceIsBadInputListingTheBackends() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.results(cases: Self.sweep), "run.json", in: folder)
    let output = try BenchProcess.run(["report", input, "--reference", "kiwi", "--out", folder.appendingPathComponent("out").path])
    #expect(output.status == 2)
    #expect(output.standardError.contains(
      "error: unknown reference backend 'kiwi': suite 'stackviews' has cassowary, dense-simplex, springs-struts"))
  }

  @Test func anOutputFolderThatCannotBeWrittenIsBadInput() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.results(cases: Self.sweep), "run.json", in: folder)
    // Under a regular file no folder can be made, whoever runs the test (root included).
    let output = try BenchProcess.run(["report", input, "--out", "\(input)/reports"])
    #expect(output.status == 2)
    #expect(output.standardError.contains("error: \(input)/reports: cannot create the directory: \(input) is not a directory"), "\(output.standardError)")
    let onAFile = try BenchProcess.run(["report", input, "--out", input])
    #expect(onAFile.status == 2)
    #expect(onAFile.standardError.contains("error: \(input): is not a directory"))
  }
}
