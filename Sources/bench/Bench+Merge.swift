import ArgumentParser
import BenchCore
import Interchange

extension Bench {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join the results files of one sweep run in shards (--shard i/n) into one.",
      discussion: """
        The files must be of the same suite, revision and plan (run.plan: the same \
        command line but for --shard), and no case may appear twice. Cases come out in \
        plan order; each input's file, shard and environment are kept under mergedFrom. \
        The merged file says "complete": true only when every shard is there and every \
        input is complete. Missing shards, incomplete inputs (or inputs that do not say), \
        inputs without a plan and inputs from different machines or configurations are \
        warnings on standard error.

        Exit status:
          0   merged
          2   an input is unreadable or invalid, the inputs disagree (suite, revision,
              plan, a duplicated case), or the output is not a regular file or cannot be
              written
          64  bad command line
        """)

    @Argument(help: "The results files (layoutbench.results/1), e.g. one per shard.")
    var files: [String]

    @Option(help: "The merged results file.")
    var out: String

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("give at least one results file") }
    }

    func run() throws {
      do { try ResultsFile.checkWritable(out) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      var inputs: [(file: String, document: ResultsDocument)] = []
      for file in files { inputs.append((file, try ResultsInput.read(file))) }
      do {
        let merged = try ResultsMerge.merge(inputs, createdAt: RunEnvironment.timestamp())
        for warning in merged.warnings { StandardError.print("warning: \(warning)") }
        try ResultsFile.write(merged.document, to: out)
        StandardError.print("merged \(merged.document.cases.count) cases from \(files.count) files")
        StandardError.print("wrote \(out)")
      } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
    }
  }
}
