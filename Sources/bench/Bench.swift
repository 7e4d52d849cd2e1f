import ArgumentParser

@main
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "LayoutBench — a research harness for layout constraint solvers",
    subcommands: [
      Solve.self, Layout.self, Explain.self, List.self, Export.self, Run.self, Merge.self, Report.self, Compare.self, Gate.self,
      GateTrials.self,
    ])
}
