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
    let positions = 0..<23
    var owners = [Int](repeating: 0, count: positions.count)
    for index in 1...count {
      let shard = Shard(index: index, count: count)
      for position in positions where shard.contains(position: position) { owners[position] += 1 }
    }
    #expect(owners.allSatisfy { $0 == 1 })
  }

  @Test func casesAreDealtRoundRobinSoEachShardGetsLargeSizes() {
    let second = Shard(index: 2, count: 3)
    #expect((0..<9).filter(second.contains(position:)) == [1, 4, 7])
  }
}
