import ArgumentParser
import BenchCore
import Cassowary
import Workloads

extension Bench {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a generated workload as a scene or a constraint-system file.",
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

        Exit status:
          0   the file was written
          2   the output file cannot be written (missing directory, no permission);
              nothing was generated
          3   --format constraints for a scene that is not one constraint system (a
              table fits each row alone); nothing was written
          4   the generator or the layout failed (a bug); nothing was written
          64  bad command line: an unknown workload or format, a size that is not a
              positive integer or not one the workload takes, a seed that is not an
              unsigned 64-bit integer
        """)

    @Option(help: "The workload's name, e.g. stack.fill.horizontal.")
    var workload: String

    @Option(help: "The size parameter (what it counts depends on the workload); default: its smallest default size.")
    var size: Int?

    @Option(help: "The random seed (unsigned 64-bit).")
    var seed: UInt64 = WorkloadCatalog.defaultSeed

    @Option(help: "scene (layoutbench.scene/1) or constraints (layoutbench.constraints/1).")
    var format: ExportFormat = .scene

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
      case scene, constraints
    }

    func validate() throws {
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
      // validate() has vouched for the name and the size.
      guard let generator = WorkloadCatalog.workload(named: workload) else { throw ExitCode(64) }
      if let out {
        do { try OutputFile.checkWritable(out) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }
      let text: String
      do {
        text = try Self.text(of: generator, size: size ?? generator.defaultSizes.min() ?? 1, seed: seed, format: format)
      } catch WorkloadExportError.noSingleSystem(let reason) {
        StandardError.print("error: \(workload): cannot be written as constraints: \(reason)")
        throw ExitCode(3)
      } catch {
        StandardError.print("error: \(workload): internal error: \(error)")
        throw ExitCode(4)
      }
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

    /// The exported file's text. O(the case), plus one layout of it for `constraints`.
    /// - Throws: `WorkloadError`, `SceneError` or `WorkloadExportError` — each a bug once
    ///   the arguments are valid.
    static func text(of workload: Workload, size: Int, seed: UInt64, format: ExportFormat) throws -> String {
      let generated = try workload.makeCase(size: size, seed: seed)
      switch format {
      case .scene: return try generated.sceneDocument().jsonText()
      case .constraints: return try generated.constraintSystem(base: CassowarySolver()).jsonText()
      }
    }
  }
}
