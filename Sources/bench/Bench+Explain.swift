import ArgumentParser
import BenchCore
import Interchange
import Replay

extension Bench {
  struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Explain which constraints determine a view's frame in one state of a scene.",
      discussion: """
        Reads FILE (layoutbench.scene/1), lays it out on every constraint backend up to \
        the state --step names, and prints one layoutbench.explanation/1 document: per \
        axis, each of the view's frame attributes (minX and width; minY and height), its \
        value, and the constraints that determine it, by id (user constraints) or by the \
        name diagnostics give generated ones, with their priorities. A constraint \
        determines an attribute when moving its constant by 0.001 or removing it leaves \
        the attribute no longer fixed at its value (docs/explain.md). Every backend must \
        find the same sets.

        Exit status:
          0   the explanation is printed and every backend agrees on it
          1   the backends disagree (each difference goes to standard error; nothing
              is printed to standard output)
          2   the file is unreadable or malformed; the message names the file
              and the JSON path or line:column
          3   a backend cannot lay the scene out or is over one of its limits, or
              the view lies in a table row (rows are laid out alone)
          4   a backend reported an internal error (a bug)
          64  bad command line: no such step, or no view of that id in that
              state ("did you mean")
        """)

    @Argument(help: "The layoutbench.scene/1 file.")
    var file: String

    @Option(help: "The id of the view to explain.")
    var view: String

    @Option(
      help: ArgumentHelp(
        "The state after this step (0-based, as 'step' in bench layout's output); the initial layout when left out.",
        valueName: "K"))
    var step: Int?

    func validate() throws {
      if let step, step < 0 { throw ValidationError("--step \(step): a step index is 0 or more") }
    }

    func run() throws {
      let document = try SceneInput.read(file)
      var job = ExplainJob(document: document, view: view, step: step)
      BackendRegistry.visitAll(&job)
      if let (backend, error) = job.failure { try report(error, of: backend) }
      guard let reference = job.explanations.first else {
        StandardError.print("error: internal error: no constraint backend in this build")
        throw ExitCode(4)
      }
      var disagreements: [String] = []
      for other in job.explanations.dropFirst() {
        disagreements += ExplanationComparison.disagreements(of: other, with: reference)
      }
      for line in disagreements { StandardError.print("error: \(file): backends disagree: \(line)") }
      if !disagreements.isEmpty { throw ExitCode(1) }
      var explanation = reference
      explanation.backends = job.explanations.flatMap(\.backends)
      print(explanation.jsonText(), terminator: "")
    }

    /// Reports why `backend` gave no explanation and leaves with the matching status.
    private func report(_ error: SceneExplanationError, of backend: String) throws -> Never {
      switch error {
      case .noSuchStep:
        throw ValidationError("\(file): \(error)")
      case .unknownView(let id, _, let present):
        throw ValidationError("\(file): \(error)\(NameSuggestion.clause(for: id, among: present))")
      case .viewInTableRow:
        StandardError.print("error: \(file): \(error)")
        throw ExitCode(3)
      case .replay(let failure):
        switch failure.kind {
        case .unsupported, .limitExceeded:
          StandardError.print("error: \(file): backend \(backend) refuses the scene: \(failure)")
          throw ExitCode(3)
        case .internalError:
          StandardError.print("error: \(file): \(backend): internal error: \(failure)")
          throw ExitCode(4)
        }
      }
    }
  }
}
