import ArgumentParser
import BenchCore
import StrictJSON

extension Bench {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the backends and what each supports, then the suites and their workloads.",
      discussion: """
        --json prints the same facts as one JSON document: {"suites": [{"name", "summary", \
        "workloads": [{"name", "summary", "sizes", "sizeMeaning", "sizeRange", "seeded", \
        "parameters", "backends"}]}], "backends": [{"name", "kind", "summary", "supports"}], \
        "engines": [{"name", "inputs", "summary", "command"}]} (docs/commands.md), \
        the engines being the manifests under --engines (docs/engines.md).

        Exit status:
          0   listed
          2   (--json) an engine manifest is unreadable or invalid, or two share a name
          4   a workload could not be generated to read its parameters (a bug)
        """)

    @Flag(help: "Print one JSON document instead of the text listing.")
    var json = false

    @Option(name: .customLong("engines"), help: "The folder of outside engines' manifests (*/engine.json).")
    var enginesFolder = EngineManifest.defaultFolder

    /// One block per backend name: the name and a one-line description, then a line per
    /// command that can use it (`bench solve`, `bench layout`) saying what it supports
    /// there. Solver backends first, in registry order, then layout-only backends.
    func run() throws {
      let solvers = BackendRegistry.entries
      let layouts = LayoutBackendRegistry.entries
      if json {
        let engines: [EngineManifest]
        do { engines = try EngineManifest.discover(in: enginesFolder) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
        do { print(try Self.document(solvers: solvers, layouts: layouts, engines: engines).jsonText(layout: .entryPerLine)) } catch {
          StandardError.print("error: internal error: \(error)")
          throw ExitCode(4)
        }
        return
      }
      var names = solvers.map(\.name)
      for layout in layouts where !names.contains(layout.name) { names.append(layout.name) }
      print("Backends:")
      if names.isEmpty { print("  (none in this build)") }
      let width = names.map(\.count).max() ?? 0
      let indent = String(repeating: " ", count: width + 4)
      for name in names {
        let solver = solvers.first { $0.name == name }
        let layout = layouts.first { $0.name == name }
        let padding = String(repeating: " ", count: width - name.count)
        print("  \(name)\(padding)  \(solver?.summary ?? layout?.summary ?? "")")
        if solver != nil { print("\(indent)bench solve: every constraint system") }
        if let layout {
          print("\(indent)bench layout: \(layout.supports)" + (solver != nil ? " (\(layout.summary))" : ""))
        }
      }
      print()
      try Self.printEngines(in: enginesFolder)
      Self.printSuites(backends: layouts)
    }

    /// The outside engines whose manifests are under `folder` (docs/engines.md), a line
    /// each: name, inputs, summary; nothing when there is none.
    /// - Throws: `ExitCode(2)` after printing a manifest's error.
    static func printEngines(in folder: String) throws {
      let engines: [EngineManifest]
      do { engines = try EngineManifest.discover(in: folder) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      guard !engines.isEmpty else { return }
      print("Outside engines (bench run --engine NAME; manifests under \(folder)):")
      let width = engines.map(\.name.count).max() ?? 0
      for engine in engines {
        let padding = String(repeating: " ", count: width - engine.name.count)
        let inputs = engine.inputs.map(\.rawValue).joined(separator: ", ")
        print("  \(engine.name)\(padding)  reads \(inputs)" + (engine.summary.map { ": \($0)" } ?? ""))
      }
      print()
    }
  }
}
