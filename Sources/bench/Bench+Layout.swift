import ArgumentParser
import BenchCore
import Interchange

extension Bench {
  struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Lay out a scene file (layoutbench.scene/1).",
      discussion: """
        Reads FILE, lays out its initial scene, applies its steps in order and prints one \
        layoutbench.frames/1 document to standard output: a state for the initial layout \
        and one per step, each with the frame of every present view and the layout's \
        diagnostics (unsatisfiable constraints, ambiguous views). A step that cannot be \
        applied (unknown id, invalid constraint) records an error of kind invalidStep and \
        the run continues from the state before it. Warnings (unknown fields) and errors \
        go to standard error.

        Exit status:
          0   the file was valid (even if some steps were refused)
          2   the file is unreadable or malformed; the message names the file
              and the JSON path or line:column
          3   refused: a number outside the accuracy contract (docs/interchange.md;
              the message names its JSON path or the lowered constraint), or the
              backend cannot express the scene (the message names the first
              unsupported element) or is over one of its limits; nothing is printed
              to standard output
          4   a backend reported an internal error (a bug); nothing is printed to
              standard output
          64  bad command line, e.g. an unknown backend
        """)

    @Argument(help: "The layoutbench.scene/1 file to lay out.")
    var file: String

    @Option(help: "The layout backend (see 'bench list').")
    var backend = "cassowary"

    @Flag(help: "Print the wall time of the initial layout and of each step (layout apart from reading frames and diagnostics) and the solver's counters to standard error.")
    var stats = false

    @Flag(
      name: .customLong("no-ambiguity"),
      help: "Do not probe for ambiguous views (the probes re-solve twice per frame variable).")
    var noAmbiguity = false

    @Flag(
      name: .customLong("no-parking"),
      help: "Apply every activate/deactivate toggle in place (docs/scene-semantics.md, Parking).")
    var noParking = false

    func run() throws {
      let document = try SceneInput.read(file)
      var job = LayoutJob(
        document: document, backendName: backend,
        options: LayoutBackendRegistry.Options(detectsAmbiguity: !noAmbiguity, parksToggles: !noParking))
      LayoutBackendRegistry.visitAll(&job)
      switch job.outcome {
      case nil:
        let names = LayoutBackendRegistry.entries.map(\.name)
        let available = names.isEmpty ? "none in this build" : names.joined(separator: ", ")
        throw ValidationError(
          "unknown layout backend '\(backend)'\(NameSuggestion.clause(for: backend, among: names)) (available: \(available))")
      case .failure(let error):
        switch error.kind {
        case .unsupported:
          StandardError.print("error: \(file): backend \(backend) cannot lay out this scene: \(error)")
          throw ExitCode(3)
        case .limitExceeded:
          StandardError.print("error: \(file): backend \(backend) refuses the scene: \(error)")
          throw ExitCode(3)
        case .internalError:
          StandardError.print("error: \(file): \(backend): internal error: \(error)")
          throw ExitCode(4)
        }
      case .success(let run):
        print(FramesDocument(run: run).jsonText(), terminator: "")
        if stats { LayoutJob.printStats(run) }
      }
    }
  }
}
