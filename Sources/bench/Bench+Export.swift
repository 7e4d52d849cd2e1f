import ArgumentParser
import BenchCore
import Cassowary
import Workloads

extension Bench {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a generated workload, or a scene file, as a scene, constraint-system or flexbox file.",
      discussion: """
        Generates one case of a workload (see docs/workloads.md; the suites' workloads \
        are listed on a bad name) and writes it to standard output, or atomically to \
        --out, saying 'wrote PATH' on standard error. The same workload, size and seed \
        always give the same bytes.

        --format scene writes layoutbench.scene/1: the scene and its steps, with the \
        extensions "workload" (name, size, seed, parameters) and "operations" (which \
        steps form each measured operation, and its phase). 'bench layout' reads it.
        --format constraints writes layoutbench.constraints/1: the solver calls the \
        cassowary backend's layout makes for the initial layout and for each operation, \
        with the same extensions ("operations" then group the constraint steps). \
        'bench solve' reads it, and so can any other solver.
        --format flex writes layoutbench.flex/1 (docs/flexbox.md): the case as a flexbox \
        tree for flexbox engines (Yoga, Taffy), its container resizes as root sizes, with \
        the same extensions.

        --scene FILE instead of --workload takes the user's own layoutbench.scene/1 file: \
        --format constraints writes the system the cassowary backend's layout of it makes \
        (its "operations" when it gives them, else one per step); --format scene writes \
        the file back validated and in canonical form (defaults left out, one entry per \
        line, unknown fields dropped with a warning); --format flex its flexbox tree.

        Exit status:
          0   the file was written
          2   the output file cannot be written (missing directory, no permission, not
              a regular file: a link, FIFO or device is refused untouched);
              nothing was generated; or the --scene file is unreadable or malformed
              (the message names it and the JSON path or line:column)
          3   --format constraints for a scene that is not one constraint system (a
              table fits each row alone), or --format flex for a case flexbox cannot
              express (the reason is printed); nothing was written
          3   (--scene, --format constraints) the layout makes a call the format cannot
              express, or the solver refuses the scene
          4   the generator or the layout failed (a bug); nothing was written
          64  bad command line: an unknown workload or format, a size that is not a
              positive integer or not one the workload takes, a seed that is not an
              unsigned 64-bit integer; neither or both of --workload and --scene;
              --size or --seed with --scene
        """)

    @Option(help: "The workload's name, e.g. stack.fill.horizontal.")
    var workload: String?

    @Option(help: "A layoutbench.scene/1 file to export instead of a generated workload.")
    var scene: String?

    @Option(help: "The size parameter (what it counts depends on the workload); default: its smallest default size.")
    var size: Int?

    @Option(help: "The random seed (unsigned 64-bit; default \(WorkloadCatalog.defaultSeed)).")
    var seed: UInt64?

    @Option(help: "scene (layoutbench.scene/1), constraints (layoutbench.constraints/1) or flex (layoutbench.flex/1).")
    var format: ExportFormat = .scene

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
      case scene, constraints, flex
    }

    func validate() throws {
      if scene != nil {
        if workload != nil { throw ValidationError("give --workload or --scene, not both") }
        if size != nil || seed != nil { throw ValidationError("--size and --seed are a generated workload's; a scene file has neither") }
        return
      }
      guard let workload else { throw ValidationError("give --workload NAME or --scene FILE") }
      guard let found = WorkloadCatalog.workload(named: workload) else {
        let names = WorkloadCatalog.allWorkloads.map(\.name)
        throw ValidationError(
          "unknown workload '\(workload)'\(NameSuggestion.clause(for: workload, among: names)) "
            + "(available: \(names.joined(separator: ", ")))")
      }
      if let size {
        guard size > 0 else { throw ValidationError("--size must be a positive integer, found \(size)") }
        guard found.sizes.contains(size) else {
          throw ValidationError(WorkloadError.sizeOutOfRange(workload: workload, size: size, sizes: found.sizes).description)
        }
      }
    }

    func run() throws {
      if let out {
        do { try OutputFile.checkWritable(out) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }
      let text = try scene.map(sceneText) ?? generatedText()
      if let out {
        do { try OutputFile.save(text, to: out) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
        StandardError.print("wrote \(out)")
      } else {
        print(text, terminator: "")
      }
    }

    /// The text of the workload `--workload` names. O(the case), plus one layout of it for
    /// `constraints`.
    /// - Throws: `ExitCode` 3 (a table: no single system; a case flexbox cannot express) or 4
    ///   (a bug), after saying why.
    private func generatedText() throws -> String {
      // validate() has vouched for the name and the size.
      guard let workload, let generator = WorkloadCatalog.workload(named: workload) else { throw ExitCode(64) }
      do {
        return try Self.text(
          of: generator, size: size ?? generator.defaultSizes.min() ?? 1, seed: seed ?? WorkloadCatalog.defaultSeed,
          format: format)
      } catch WorkloadExportError.noSingleSystem(let reason) {
        StandardError.print("error: \(workload): cannot be written as constraints: \(reason)")
        throw ExitCode(3)
      } catch WorkloadExportError.noFlexbox(let reason) {
        StandardError.print("error: \(workload): cannot be written as a flexbox tree: \(reason)")
        throw ExitCode(3)
      } catch {
        StandardError.print("error: \(workload): internal error: \(error)")
        throw ExitCode(4)
      }
    }

    /// The exported file's text. O(the case), plus one layout of it for `constraints`.
    /// - Throws: `WorkloadError`, `SceneError` or `WorkloadExportError` — each a bug once
    ///   the arguments are valid.
    static func text(of workload: Workload, size: Int, seed: UInt64, format: ExportFormat) throws -> String {
      let generated = try workload.makeCase(size: size, seed: seed)
      switch format {
      case .scene: return try generated.sceneDocument().jsonText()
      case .constraints: return try generated.constraintSystem(base: CassowarySolver()).jsonText()
      case .flex: return try generated.flexDocument().jsonText()
      }
    }
  }
}
