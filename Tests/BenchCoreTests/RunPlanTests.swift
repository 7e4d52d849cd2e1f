import BenchCore
import Testing
import Workloads

struct RunPlanTests {
  static let available = ["cassowary", "dense-simplex", "springs-struts"]

  static func plan(
    suite: String = "smoke", workloads: [String]? = nil, backends: [String]? = nil, sizes: [Int]? = nil,
    shard: Shard? = nil
  ) throws -> RunPlan {
    try RunPlan(
      suite: suite, workloads: workloads, backends: backends, available: available, sizes: sizes, seed: 1, shard: shard)
  }

  @Test func casesGoWorkloadBySizeAscendingThenBackendInRegistryOrder() throws {
    let plan = try Self.plan(
      workloads: ["deep.tree.constraints", "stack.fill.horizontal"], backends: ["springs-struts", "cassowary"],
      sizes: [100, 10, 100])
    // Suite order, not the order named; registry order, not the order named; sizes deduplicated.
    #expect(plan.cases.map { "\($0.workload) \($0.size) \($0.backend)" } == [
      "stack.fill.horizontal 10 cassowary", "stack.fill.horizontal 10 springs-struts",
      "stack.fill.horizontal 100 cassowary", "stack.fill.horizontal 100 springs-struts",
      "deep.tree.constraints 10 cassowary", "deep.tree.constraints 10 springs-struts",
      "deep.tree.constraints 100 cassowary", "deep.tree.constraints 100 springs-struts",
    ])
  }

  @Test func aWorkloadWithOneSizeIgnoresSizes() throws {
    let plan = try Self.plan(workloads: ["enaml"], backends: ["cassowary"], sizes: [10, 1000])
    #expect(plan.cases.map(\.size) == [1])
  }

  @Test func withoutSizesEachWorkloadRunsItsDefaults() throws {
    let plan = try Self.plan(suite: "stackviews", workloads: ["stack.feed"], backends: ["cassowary"])
    let feed = try #require(WorkloadCatalog.workload(named: "stack.feed"))
    #expect(plan.cases.map(\.size) == feed.defaultSizes.sorted())
  }

  @Test func theShardsOfAPlanPartitionIt() throws {
    let whole = try Self.plan().cases.map(\.key)
    var joined: [String] = []
    for index in 1...3 {
      joined += try Self.plan(shard: Shard(index: index, count: 3)).cases.map(\.key.description)
    }
    #expect(joined.sorted() == whole.map(\.description).sorted())
    #expect(Set(joined).count == joined.count)
  }

  @Test(arguments: [
    ("nope", nil, nil, nil, "unknown suite 'nope'"),
    ("smoke", ["stack.nope"], nil, nil, "unknown workload 'stack.nope'"),
    ("deep", ["stack.feed"], nil, nil, "(it is not in suite 'deep', which has: "),
    ("smoke", nil, ["kiwi"], nil, "unknown backend 'kiwi' (backends: cassowary, dense-simplex, springs-struts)"),
    ("smoke", nil, nil, [2_000_000], "size 2000000 is out of range"),
    ("smoke", ["stak.*"], nil, nil, "pattern 'stak.*' matches no workload of suite 'smoke' (suite 'smoke' has: "),
    ("smoke", ["stack.fil.horizontal"], nil, nil, "unknown workload 'stack.fil.horizontal'; did you mean 'stack.fill.horizontal'?"),
    ("deep", ["stack.fill.*"], nil, nil, "(it matches stack.fill.horizontal, stack.fill.vertical of other suites; suite 'deep' has: "),
    ("smoke", ["stack.[fill"], nil, nil, "--workloads: pattern 'stack.[fill', character 7: '[' has no closing ']'"),
  ] as [(String, [String]?, [String]?, [Int]?, String)])
  func invalidRequestsSayWhatIsValid(suite: String, workloads: [String]?, backends: [String]?, sizes: [Int]?, message: String) {
    #expect {
      try Self.plan(suite: suite, workloads: workloads, backends: backends, sizes: sizes)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  /// Patterns select in suite order; names and patterns mix; a workload matched twice runs once.
  @Test func workloadPatternsSelectInSuiteOrder() throws {
    let plan = try Self.plan(workloads: ["deep.*.constraints", "stack.fill.?ertical", "deep.chain.constraints"])
    #expect(plan.workloads.map(\.name) == ["stack.fill.vertical", "deep.chain.constraints", "deep.tree.constraints"])
    let every = try Self.plan(workloads: ["*"])
    #expect(every.workloads.count == WorkloadCatalog.smoke.workloads.count)
  }
}
