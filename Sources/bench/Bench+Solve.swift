import ArgumentParser
import BenchCore
import Interchange
import Replay
import StrictJSON

extension Bench {
  struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Solve a constraint system file (layoutbench.constraints/1).",
      discussion: """
        Reads FILE, solves its initial system, applies its steps in order and prints one \
        layoutbench.solution/1 document to standard output: a state for the initial solve \
        and one per step, each with the value of every variable. A step that fails \
        (unsatisfiable, id not present) records its error and the run continues from the \
        state before it. Warnings (unknown fields) and errors go to standard error.

        With --check, every other backend runs the file too and is compared with \
        --backend state by state: the same outcome (values, or the same refusal), every \
        required constraint satisfied, and the same error sum at every priority level. \
        Disagreements go to standard error; backends that refuse the system (over a \
        limit, or unable to answer it accurately) are reported as skipped, and one that \
        fails with an internal error is reported as failed.

        Every answer is checked before it is printed: the required constraints hold and \
        the values lie within the accuracy contract (docs/interchange.md). A file with a \
        coefficient, constant or suggested value outside the contract is refused, naming \
        the constraint or variable and its JSON path.

        Exit status:
          0   the file was valid (even if some steps failed) and, with --check, every
              backend agreed
          1   with --check: some backend disagreed with --backend, or failed with an
              internal error (named on standard error)
          2   the file is unreadable or malformed; the message names the file
              and the JSON path or line:column
          3   refused: a number outside the accuracy contract, an answer that could not
              be computed accurately, or a backend over its limits (e.g. a dense
              tableau over its memory limit); nothing is printed to standard output
          4   the backend (--backend) reported an internal error (a solver bug)
          64  bad command line, e.g. an unknown backend
        """)

    @Argument(help: "The layoutbench.constraints/1 file to solve.")
    var file: String

    @Option(help: "The backend that solves (see 'bench list'); with --check, the reference.")
    var backend = "cassowary"

    @Flag(help: "Print the wall time of the initial build+solve and of each step, the solver's counters and, for dense backends, the effective memory bandwidth, to standard error.")
    var stats = false

    @Flag(help: "Run every backend on the file and report where any disagrees with --backend.")
    var check = false

    func run() throws {
      let bytes: [UInt8]
      do {
        bytes = try InputFile.bytes(atPath: file)
      } catch {
        StandardError.print("error: \(file): \(error)")
        throw ExitCode(2)
      }
      let decoded: (document: ConstraintSystemDocument, warnings: [Warning])
      do {
        decoded = try ConstraintSystemDocument.decode(utf8: bytes, file: file)
      } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      for warning in decoded.warnings {
        StandardError.print("warning: \(warning)")
      }
      let document = decoded.document
      if let refusal = document.accuracyRefusal() {
        StandardError.print("error: \(file): \(refusal)")
        throw ExitCode(3)
      }
      var job = SolveJob(document: document, file: file, backendName: backend, checksAll: check)
      try BackendRegistry.visitAll(&job)
      guard job.foundBackend else {
        let names = BackendRegistry.entries.map(\.name)
        let available = names.isEmpty ? "none in this build" : names.joined(separator: ", ")
        throw ValidationError(
          "unknown backend '\(backend)'\(NameSuggestion.clause(for: backend, among: names)) (available: \(available))")
      }
      guard let reference = job.runs.first(where: { $0.run.backend == backend }) else {
        let message = job.refusals.first { $0.backend == backend }?.message ?? "refused"
        StandardError.print("error: \(file): backend \(backend) refuses the system: \(message)")
        throw ExitCode(3)
      }
      print(SolutionDocument(run: reference.run, document: document).jsonText(), terminator: "")
      if stats {
        for (entry, run) in job.runs { SolveJob.printStats(entry, run) }
      }
      guard check else { return }
      for refusal in job.refusals {
        StandardError.print("check: \(refusal.backend) skipped: \(refusal.message)")
      }
      for failure in job.failures {
        StandardError.print("check: \(failure.backend) failed: \(failure.message)")
      }
      var disagreements = job.failures.count
      for (_, run) in job.runs where run.backend != backend {
        let found = ReplayComparison.disagreements(of: run, with: reference.run, names: document)
        for line in found { StandardError.print("check: disagreement: \(line)") }
        disagreements += found.count
        if found.isEmpty {
          StandardError.print("check: \(run.backend) agrees with \(backend) on all \(run.states.count) states")
        }
      }
      if disagreements > 0 { throw ExitCode(1) }
    }
  }
}
