import BenchCore
import Testing

struct ScenePlanTests {
  static let available = ["cassowary", "dense-simplex", "springs-struts"]

  @Test func casesGoFileByFileThenBackendInRegistryOrder() throws {
    let files = try ["b/zeta.json", "a/alpha.scene.json"].map { try SceneFileTests.file($0) }
    let plan = try ScenePlan(scenes: files, backends: ["springs-struts", "cassowary"], available: Self.available, shard: nil)
    #expect(plan.cases.map { "\($0.workload) \($0.size) \($0.backend)" } == [
      "zeta 2 cassowary", "zeta 2 springs-struts", "alpha 2 cassowary", "alpha 2 springs-struts",
    ])
    #expect(plan.cases.allSatisfy { $0.seed == nil })
    #expect(plan.scene(named: "alpha")?.path == "a/alpha.scene.json")
    let second = try ScenePlan(scenes: files, backends: nil, available: Self.available, shard: Shard(index: 2, count: 2))
    #expect(second.cases.map(\.backend) == ["dense-simplex", "cassowary", "springs-struts"])
  }

  @Test func twoFilesWithOneWorkloadNameAreRefusedNamingBoth() throws {
    let paths = ["one/feed.scene.json", "other.json", "two/feed.json"]
    let problem = try #require(ScenePlan.duplicateProblem(paths: paths))
    #expect(problem.hasPrefix("scene files 'one/feed.scene.json' and 'two/feed.json' both give workload 'feed'"))
    #expect(ScenePlan.duplicateProblem(paths: ["feed.json", "feed2.json"]) == nil)
    #expect {
      try ScenePlan(scenes: paths.map { try SceneFileTests.file($0) }, backends: nil, available: Self.available, shard: nil)
    } throws: { error in
      "\(error)" == problem
    }
  }

  @Test func anUnknownBackendIsRefused() throws {
    #expect {
      try ScenePlan(scenes: [SceneFileTests.file()], backends: ["casowary"], available: Self.available, shard: nil)
    } throws: { error in
      "\(error)".hasPrefix("unknown backend 'casowary'; did you mean 'cassowary'?")
    }
  }
}
