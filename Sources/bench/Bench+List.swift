import ArgumentParser

extension Bench {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the backends and what each is.")

    func run() {
      let entries = BackendRegistry.entries
      print("Backends:")
      if entries.isEmpty { print("  (none in this build)") }
      let width = entries.map(\.name.count).max() ?? 0
      for entry in entries {
        let padding = String(repeating: " ", count: width - entry.name.count)
        print("  \(entry.name)\(padding)  \(entry.summary)")
      }
    }
  }
}
