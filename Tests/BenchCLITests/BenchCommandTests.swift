import Testing

@Suite struct BenchCommandTests {
  @Test func helpNamesTheHarnessAndItsCommands() throws {
    let output = try BenchProcess.run(["--help"])
    #expect(output.status == 0)
    #expect(output.standardOutput.hasPrefix("OVERVIEW: LayoutBench — a research harness for layout constraint solvers\n"))
    #expect(output.standardOutput.contains("  solve "))
    #expect(output.standardOutput.contains("  layout "))
    #expect(output.standardOutput.contains("  list "))
  }

  @Test func listShowsTheBackendsSection() throws {
    let output = try BenchProcess.run(["list"])
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty)
    let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Backends:")
    // Each backend line is indented (name, two spaces, description) up to the blank line.
    let backendLines = lines.dropFirst().prefix { !$0.isEmpty }
    #expect(backendLines.allSatisfy { $0.hasPrefix("  ") })
    #expect(backendLines.count >= 3)
  }

  @Test func listShowsEverySuiteWithItsWorkloadsSizesAndBackends() throws {
    let output = try BenchProcess.run(["list"])
    #expect(output.status == 0)
    let text = output.standardOutput
    #expect(text.contains("\nSuites (bench run --suite NAME):\n"))
    for suite in ["stackviews", "deep", "churn", "enaml", "anchor", "examples", "smoke"] {
      #expect(text.contains("\n  \(suite)  "), "suite \(suite)")
    }
    // A stack workload runs on all three backends; a constraint chain not on springs-struts.
    #expect(text.contains("sizes 10, 100, 1000, 10000 (arranged views); backends: cassowary, dense-simplex, springs-struts\n"))
    let chain = try #require(text.split(separator: "\n").first { $0.contains("    deep.chain.constraints ") })
    #expect(chain.hasSuffix("backends: cassowary, dense-simplex"))
  }

  @Test func listSaysWhatEachBackendSupportsInEachCommand() throws {
    let output = try BenchProcess.run(["list"])
    #expect(output.status == 0)
    let text = output.standardOutput
    // The constraint backends serve both commands; a layout line says which scenes.
    #expect(text.contains("\n  cassowary "))
    #expect(text.contains("\n  dense-simplex "))
    #expect(text.contains("bench solve: every constraint system\n"))
    #expect(text.contains("bench layout: every scene ("))
    #expect(text.contains("bench layout: every scene within the dense memory limit ("))
  }

  @Test func unknownCommandIsAUsageError() throws {
    let output = try BenchProcess.run(["frobnicate"])
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
  }
}
