import BenchCore
import Interchange
import Testing

struct ResultsMergeTests {
  static func document(
    suite: String = "stackviews", revision: String = "abc", cpu: String = "cpu A", shard: String?,
    cases: [(String, Int, String)], interrupted: Bool = false, plan: String? = "00000000000000aa"
  ) -> ResultsDocument {
    ResultsDocument(
      suite: suite, createdAt: "2026-11-21T10:00:00Z",
      environment: ResultsDocument.Environment(gitRevision: revision, configuration: "release", cpu: cpu),
      run: ResultsDocument.RunSettings(
        command: "bench run", repetitions: 3, warmup: 1, timeBudgetSeconds: 20, seed: 1, shard: shard,
        interrupted: interrupted, plan: plan),
      cases: cases.map { workload, size, backend in
        ResultsDocument.Case(
          workload: workload, backend: backend, size: size, status: .ok,
          phases: [ResultsDocument.Phase(name: "build", samplesNanoseconds: [100, 110])])
      }, complete: !interrupted, plannedCases: cases.count + (interrupted ? 1 : 0))
  }

  @Test func shardsComeBackInPlanOrderWithTheirSources() throws {
    // The plan a, 10 × {x, y}; a, 100 × {x, y}, dealt to 2 shards.
    let first = Self.document(shard: "1/2", cases: [("a", 10, "x"), ("a", 100, "x")])
    let second = Self.document(shard: "2/2", cases: [("a", 10, "y"), ("a", 100, "y")])
    let merged = try ResultsMerge.merge([("one.json", first), ("two.json", second)], createdAt: "now")
    #expect(merged.warnings.isEmpty)
    #expect(merged.document.cases.map(\.key.description) == ["a n=10 x", "a n=10 y", "a n=100 x", "a n=100 y"])
    #expect(merged.document.mergedFrom.map(\.file) == ["one.json", "two.json"])
    #expect(merged.document.mergedFrom.map(\.shard) == ["1/2", "2/2"])
    #expect(merged.document.mergedFrom.map(\.cases) == [2, 2])
    #expect(merged.document.run?.shard == nil)
    #expect(merged.document.run?.interrupted == false)
  }

  /// Round-robin shards can hide the backend order from every file (here shard 1 sees
  /// x before z, shard 2 sees only y): the order the run recorded decides.
  @Test func theRecordedPlanOrderDecidesWhereFirstAppearanceCannot() throws {
    var first = Self.document(shard: "1/2", cases: [("a", 10, "x"), ("a", 10, "z"), ("b", 10, "y")])
    var second = Self.document(shard: "2/2", cases: [("a", 10, "y"), ("b", 10, "x"), ("b", 10, "z")])
    first.run?.workloads = ["a", "b"]
    first.run?.backends = ["x", "y", "z"]
    second.run?.workloads = ["a", "b"]
    second.run?.backends = ["x", "y", "z"]
    let merged = try ResultsMerge.merge([("one.json", first), ("two.json", second)], createdAt: "now")
    #expect(merged.document.cases.map(\.key.description) == [
      "a n=10 x", "a n=10 y", "a n=10 z", "b n=10 x", "b n=10 y", "b n=10 z",
    ])
  }

  @Test func aMergedFileRoundTripsThroughTheResultsFormat() throws {
    let merged = try ResultsMerge.merge(
      [("one.json", Self.document(shard: "1/2", cases: [("a", 10, "x")])),
       ("two.json", Self.document(cpu: "cpu B", shard: "2/2", cases: [("a", 10, "y")]))],
      createdAt: "2026-11-22T10:00:00Z")
    let decoded = try ResultsDocument.decode(merged.document.jsonText(), file: "merged.json")
    #expect(decoded.warnings.isEmpty)
    #expect(decoded.document.mergedFrom == merged.document.mergedFrom)
    #expect(decoded.document.mergedFrom.last?.environment.cpu == "cpu B")
  }

  @Test func aMissingShardIsAWarning() throws {
    let merged = try ResultsMerge.merge(
      [("one.json", Self.document(shard: "1/3", cases: [("a", 10, "x")])),
       ("three.json", Self.document(shard: "3/3", cases: [("a", 100, "x")]))],
      createdAt: "now")
    #expect(merged.warnings.count == 1)
    #expect(merged.warnings.first?.contains("2/3") == true)
  }

  @Test func differentMachinesAndInterruptedInputsAreWarnings() throws {
    let merged = try ResultsMerge.merge(
      [("one.json", Self.document(shard: nil, cases: [("a", 10, "x")])),
       ("two.json", Self.document(cpu: "cpu B", shard: nil, cases: [("a", 10, "y")], interrupted: true))],
      createdAt: "now")
    #expect(merged.warnings.contains { $0.contains("cpu") && $0.contains("two.json") })
    #expect(merged.warnings.contains { $0.contains("interrupted") })
    #expect(merged.document.run?.interrupted == true)
  }

  @Test func aCaseInTwoFilesIsRefusedNamingBoth() {
    let a = Self.document(shard: nil, cases: [("a", 10, "x")])
    #expect {
      try ResultsMerge.merge([("one.json", a), ("two.json", a)], createdAt: "now")
    } throws: { error in
      let text = "\(error)"
      return text.contains("a n=10 x") && text.contains("one.json") && text.contains("two.json")
    }
  }

  @Test func differentSuitesOrRevisionsAreRefused() {
    let base = Self.document(shard: nil, cases: [("a", 10, "x")])
    #expect {
      try ResultsMerge.merge([("one.json", base), ("two.json", Self.document(suite: "deep", shard: nil, cases: []))], createdAt: "now")
    } throws: { "\($0)".contains("suite 'deep'") }
    #expect {
      try ResultsMerge.merge([("one.json", base), ("two.json", Self.document(revision: "def", shard: nil, cases: []))], createdAt: "now")
    } throws: { "\($0)".contains("revision def") }
  }

  @Test func partsOfDifferentPlansAreRefusedNamingBothAndWhatDiffers() {
    let first = Self.document(shard: "1/2", cases: [("a", 10, "x")])
    var second = Self.document(shard: "2/2", cases: [("a", 10, "y")], plan: "00000000000000bb")
    second.run?.repetitions = 7
    #expect {
      try ResultsMerge.merge([("one.json", first), ("two.json", second)], createdAt: "now")
    } throws: { error in
      let text = "\(error)"
      return text.contains("one.json") && text.contains("two.json") && text.contains("different plans")
        && text.contains("repetitions 3 vs 7")
    }
    // Plans that differ only where the run settings do not show (sizes, say) are refused too.
    let hidden = Self.document(shard: "2/2", cases: [("a", 10, "y")], plan: "00000000000000cc")
    #expect {
      try ResultsMerge.merge([("one.json", first), ("two.json", hidden)], createdAt: "now")
    } throws: { "\($0)".contains("run settings do not show") }
  }

  @Test func aPartWithoutAPlanIsAWarning() throws {
    let merged = try ResultsMerge.merge(
      [("one.json", Self.document(shard: "1/2", cases: [("a", 10, "x")])),
       ("two.json", Self.document(shard: "2/2", cases: [("a", 10, "y")], plan: nil))],
      createdAt: "now")
    #expect(merged.warnings == ["two.json records no plan (run.plan): whether it is a part of the same plan cannot be checked"])
  }

  @Test func theMergeIsCompleteOnlyWithEveryShardAndEveryPartComplete() throws {
    let one = Self.document(shard: "1/2", cases: [("a", 10, "x"), ("a", 100, "x")])
    let two = Self.document(shard: "2/2", cases: [("a", 10, "y")])
    let whole = try ResultsMerge.merge([("one.json", one), ("two.json", two)], createdAt: "now").document
    #expect(whole.complete == true)
    #expect(whole.plannedCases == 3)

    let missing = try ResultsMerge.merge([("one.json", one)], createdAt: "now").document
    #expect(missing.complete == false)
    #expect(missing.plannedCases == nil)

    let interrupted = Self.document(shard: "2/2", cases: [("a", 10, "y")], interrupted: true)
    let partial = try ResultsMerge.merge([("one.json", one), ("two.json", interrupted)], createdAt: "now")
    #expect(partial.document.complete == false)
    #expect(partial.document.plannedCases == 4)
    #expect(partial.warnings.contains { $0.hasPrefix("two.json is incomplete: its run was interrupted; it holds 1 of 2 planned cases") })

    var unsaid = two
    unsaid.complete = nil
    let unknown = try ResultsMerge.merge([("one.json", one), ("two.json", unsaid)], createdAt: "now")
    #expect(unknown.document.complete == false)
    #expect(unknown.warnings.contains { $0.hasPrefix("two.json does not say whether its run finished") })

    let single = try ResultsMerge.merge([("all.json", Self.document(shard: nil, cases: [("a", 10, "x")]))], createdAt: "now")
    #expect(single.document.complete == true)
    #expect(single.document.plannedCases == 1)
  }

  @Test func nothingToMergeIsAnError() {
    #expect(throws: ResultsMerge.Failure.self) { try ResultsMerge.merge([], createdAt: "now") }
  }
}
