import ArgumentParser
import BenchCore
import Interchange

extension Bench {
  struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two results files case by case: timing ratios with statistics, deterministic figures exactly.",
      discussion: """
        Cases are paired by workload, backend and size, then phase by phase. For each \
        phase: the medians per operation and their ratio head/base; the tested ratio with a \
        95 % bootstrap interval, marked 'vs kernel' when both files timed the reference \
        kernel beside each case (times relative to it, measured within each run, which \
        cancels a machine that is slower in one run) or 'raw'; the two-sided Mann-Whitney \
        p-value (exact, marked *, up to 60 values pooled); and a mark under the gate's \
        rules (+ slower: p < 0.01 and at least 10 % on the tested ratio, 2x under the \
        gate's 10 us floor; - faster; ~ no such change; ? undecided: too few samples for \
        p < 0.01, e.g. 3 repetitions against 3; 5 against 5 can decide). \
        Deterministic figures (allocations per operation, pivots, cells touched, tableau \
        size) that differ at all are listed. Cases or phases in only one file, and status \
        changes, are listed after the table. Informational: use 'bench gate' to fail on \
        regressions. A file not known to be complete (its run was interrupted or killed, \
        or it does not say) is a warning: cases missing from it are listed as differences.

        Exit status:
          0   compared (whatever the differences)
          2   a file is unreadable or invalid (the file and JSON path are named)
          64  bad command line
        """)

    @Argument(help: "The base results file (layoutbench.results/1).")
    var base: String

    @Argument(help: "The head results file, compared against the base.")
    var head: String

    @Option(help: "text (aligned columns) or markdown (a table for CI summaries).")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
      case text, markdown
    }

    func run() throws {
      let baseDocument = try ResultsInput.read(base)
      let headDocument = try ResultsInput.read(head)
      for (file, document) in [(base, baseDocument), (head, headDocument)] {
        if let warning = document.completenessWarning(file: file) { StandardError.print("warning: \(warning)") }
      }
      for warning in ResultsComparison.environmentWarnings(base: baseDocument, head: headDocument) {
        StandardError.print("warning: \(warning)")
      }
      let comparison = ResultsComparison(base: baseDocument, head: headDocument)
      let gate = RegressionGate()
      print(Self.header(base: (base, baseDocument), head: (head, headDocument), markdown: format == .markdown))
      for note in comparison.notes { print("note: \(note)") }
      print(comparison.table(gate: gate, markdown: format == .markdown))
      if !comparison.differences.isEmpty {
        print("")
        for difference in comparison.differences { print((format == .markdown ? "- " : "") + difference.description) }
      }
      print("")
      print(Self.summary(comparison, gate: gate))
    }

    static func header(base: (file: String, document: ResultsDocument), head: (file: String, document: ResultsDocument), markdown: Bool)
      -> String
    {
      func describe(_ label: String, _ input: (file: String, document: ResultsDocument)) -> String {
        let environment = input.document.environment
        return "\(label): \(input.file) (suite \(input.document.suite), \(input.document.createdAt), revision "
          + "\(environment.gitRevision.map { String($0.prefix(12)) } ?? "unknown"), \(environment.configuration ?? "?"))"
      }
      let lines = [describe("base", base), describe("head", head)]
      return (markdown ? lines.map { "- " + $0 } : lines).joined(separator: "\n")
    }

    /// `120 phases compared: 3 slower, 1 faster, 110 unchanged, 6 with too few samples; 2 with changed deterministic figures`.
    static func summary(_ comparison: ResultsComparison, gate: RegressionGate) -> String {
      var counts: [ResultsComparison.Mark: Int] = [:]
      for phase in comparison.phases { counts[comparison.mark(phase, gate: gate), default: 0] += 1 }
      let changed = comparison.phases.filter { $0.figures.contains(where: \.changed) }.count
      return "\(comparison.phases.count) phases compared: \(counts[.slower] ?? 0) slower, \(counts[.faster] ?? 0) faster, "
        + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.undecided] ?? 0) undecided (too few samples to test); "
        + "\(changed) with changed deterministic figures; \(comparison.differences.count) other differences"
    }
  }
}
