import ArgumentParser

extension Bench {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the backends and what each supports, then the suites and their workloads.")

    /// One block per backend name: the name and a one-line description, then a line per
    /// command that can use it (`bench solve`, `bench layout`) saying what it supports
    /// there. Solver backends first, in registry order, then layout-only backends.
    func run() {
      let solvers = BackendRegistry.entries
      let layouts = LayoutBackendRegistry.entries
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
      Self.printSuites(backends: layouts)
    }
  }
}
