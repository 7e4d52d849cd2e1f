import BenchCore
import Testing

struct ShardTests {
  @Test(arguments: ["1/1", "1/4", "4/4", "2/3"])
  func validShardsParse(_ text: String) throws {
    let shard = try #require(Shard(parsing: text))
    #expect(shard.description == text)
  }

  @Test(arguments: ["0/4", "5/4", "1/0", "-1/2", "1/", "/2", "1/2/3", "a/b", "", "2"])
  func invalidShardsAreRefused(_ text: String) {
    #expect(Shard(parsing: text) == nil)
  }

  @Test(arguments: [1, 2, 3, 5])
  func theShardsOfASplitPartitionThePlan(count: Int) {
    let plan = Self.plan(workloads: 4, backends: 3, sizes: [10, 100, 1000])
    var owners = [PlannedCase: Int]()
    for index in 1...count {
      for planned in Shard(index: index, count: count).cases(of: plan) { owners[planned, default: 0] += 1 }
    }
    #expect(owners.count == plan.count)
    #expect(owners.values.allSatisfy { $0 == 1 })
  }

  /// Each shard keeps the plan's order, and every size of a workload on a backend lands
  /// in one shard, so the cost predictor sees the smaller sizes the unsharded run sees.
  @Test func aWorkloadsSizesOnOneBackendStayInOneShard() {
    let plan = Self.plan(workloads: 2, backends: 2, sizes: [10, 100, 1000])
    let second = Shard(index: 2, count: 3).cases(of: plan)
    #expect(second.map { "\($0.workload) \($0.backend) \($0.size)" } == ["w0 b1 10", "w0 b1 100", "w0 b1 1000"])
    let first = Shard(index: 1, count: 3).cases(of: plan)
    #expect(first.map { "\($0.workload) \($0.backend) \($0.size)" } == [
      "w0 b0 10", "w0 b0 100", "w0 b0 1000", "w1 b1 10", "w1 b1 100", "w1 b1 1000",
    ])
    for index in 1...3 {
      let cases = Shard(index: index, count: 3).cases(of: plan)
      let series = Dictionary(grouping: cases) { "\($0.workload) \($0.backend)" }
      #expect(series.values.allSatisfy { $0.map(\.size) == [10, 100, 1000] })
    }
  }

  /// Plan order: workload by workload, size ascending, backend by backend.
  static func plan(workloads: Int, backends: Int, sizes: [Int]) -> [PlannedCase] {
    var plan: [PlannedCase] = []
    for w in 0..<workloads {
      for size in sizes {
        for b in 0..<backends { plan.append(PlannedCase(workload: "w\(w)", size: size, backend: "b\(b)", seed: 1)) }
      }
    }
    return plan
  }
}
