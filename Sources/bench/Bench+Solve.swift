import ArgumentParser
import Interchange

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

        Exit status:
          0   the file was valid (even if some steps failed)
          2   the file is unreadable or malformed; the message names the file
              and the JSON path or line:column
          4   the backend reported an internal error (a solver bug)
          64  bad command line, e.g. an unknown backend
        """)

    @Argument(help: "The layoutbench.constraints/1 file to solve.")
    var file: String

    @Option(help: "The backend that solves (see 'bench list').")
    var backend = "cassowary"

    @Flag(help: "Print the wall time of the initial build+solve and of each step, and the solver's counters, to standard error.")
    var stats = false

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
      var job = SolveJob(document: decoded.document, file: file, backendName: backend, printsStats: stats)
      try BackendRegistry.visitAll(&job)
      guard job.didRun else {
        let names = BackendRegistry.entries.map(\.name)
        let available = names.isEmpty ? "none in this build" : names.joined(separator: ", ")
        throw ValidationError("unknown backend '\(backend)' (available: \(available))")
      }
    }
  }
}
