import ArgumentParser
import BenchCore
import Interchange
import Reports

extension Bench {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a Markdown report and a self-contained HTML page with charts for each suite in the results files.",
      discussion: """
        Per workload: log-log charts of the median time per operation against size (one \
        per phase, one line per backend, the interquartile range as a band), the fitted \
        scaling exponent with R², each backend's median relative to the reference backend \
        at each size, and tables of medians, spread, allocations and solver counters. \
        Skipped and failed cases are listed with their reasons. docs/reports.md says how \
        each figure is computed.

        A workload timing both build and firstLayout also gets the derived phase \
        build+firstLayout (per backend and size, the sum of the two medians; its spread, the \
        sums of the quartiles, is approximate), shown after firstLayout and used instead of \
        build in the fastest-backend summary: cassowary solves while it builds, the other \
        backends in firstLayout.

        Several files may be given (a run, a re-run of some cases, a peer's file such as \
        kiwisolver's): cases are joined by workload, backend and size; when two files hold \
        the same case the newer file's is kept, with a warning naming both.

        Writes <suite>.md and <suite>.html into --out (default Results/scratch/reports, \
        a folder git ignores), creating it when missing, and prints a line 'wrote PATH' \
        for each on standard error.

        Exit status:
          0   the reports were written
          2   an input is unreadable or invalid (the message names the file and JSON path), \
        --reference names a backend the suite lacks, or the output cannot be written (a file \
        it would write is a link, FIFO or device: refused before any is written)
          64  bad command line (no results files, --fit-from not a positive integer)
        """)

    @Argument(help: "Results files (layoutbench.results/1): runs, re-runs, peers' files.")
    var files: [String] = []

    @Option(help: "The folder the reports are written to (default: Results/scratch/reports, which git ignores).")
    var out: String = ScratchOutput.reportsFolder

    @Option(help: "The backend ratios are relative to (default: cassowary, else each suite's first backend).")
    var reference: String?

    @Option(
      name: .customLong("fit-from"),
      help: ArgumentHelp(
        "Fit scaling exponents only over sizes >= this (e.g. 100); default: every size.", valueName: "size"))
    var fitFromText: String?

    /// `--fit-from` as a size; nil when not given. Valid after `validate()`.
    var fitFrom: Int? { fitFromText.flatMap { Int($0) } }

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("give at least one results file") }
      if let fitFromText, (Int(fitFromText) ?? 0) <= 0 {
        throw ValidationError("--fit-from must be a positive integer (a size), not '\(fitFromText)'")
      }
    }

    func run() throws {
      do { try OutputFile.checkWritableFolder(out) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      var files: [ReportInputs.File] = []
      for file in self.files { files.append(ReportInputs.File(path: file, document: try ResultsInput.read(file))) }
      let inputs = ReportInputs(files)
      var reports: [SuiteReport] = []
      for suite in inputs.suites {
        for warning in suite.warnings { StandardError.print("warning: \(warning)") }
        do { reports.append(try SuiteReport(suite, reference: reference, fitFrom: fitFrom)) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }
      do {
        try OutputFile.createFolder(out)
        let folder = out.hasSuffix("/") ? String(out.dropLast()) : out
        // Every file is checked before any is written, so a link or FIFO planted at one
        // name leaves the folder as it was.
        for report in reports {
          for name in ["\(report.suite).md", "\(report.suite).html"] { try OutputFile.checkWritable(folder + "/" + name) }
        }
        for report in reports {
          for (text, name) in [(report.markdown(), "\(report.suite).md"), (report.html(), "\(report.suite).html")] {
            try OutputFile.save(text, to: folder + "/" + name)
            StandardError.print("wrote \(folder)/\(name)")
          }
          StandardError.print(
            "report of suite '\(report.suite)': \(report.workloads.count) workloads, \(report.caseCount) cases, "
              + "ratios to \(report.reference), exponents \(report.fitFrom.map { "over sizes >= \($0)" } ?? "over every size")")
        }
      } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
    }
  }
}
