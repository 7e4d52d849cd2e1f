import TestSupport
import Testing

@Suite("SeedSweep")
struct SeedSweepTests {
  @Test func seedsFollowTheEnvironment() throws {
    let none: (String) -> String? = { _ in nil }
    #expect(try SeedSweep.seeds(count: 3, base: 10, lookup: none) == [10, 11, 12])
    #expect(try SeedSweep.seeds(count: 0, base: 10, lookup: none) == [])
    let long: (String) -> String? = { $0 == "LAYOUTBENCH_LONG_TESTS" ? "1" : nil }
    #expect(try SeedSweep.seeds(count: 3, base: 10, lookup: long).count == 60)
    let notOne: (String) -> String? = { $0 == "LAYOUTBENCH_LONG_TESTS" ? "0" : nil }
    #expect(try SeedSweep.seeds(count: 3, base: 10, lookup: notOne).count == 3)
    let replay: (String) -> String? = { $0 == "LAYOUTBENCH_SEED" ? "12345" : "1" }
    #expect(try SeedSweep.seeds(count: 3, base: 10, lookup: replay) == [12345])
    let hex: (String) -> String? = { $0 == "LAYOUTBENCH_SEED" ? " 0xFF " : nil }
    #expect(try SeedSweep.seeds(count: 3, base: 10, lookup: hex) == [255])
    // The base wraps around instead of trapping.
    #expect(try SeedSweep.seeds(count: 2, base: .max, lookup: none) == [.max, 0])
  }

  @Test func malformedSeedIsAnError() {
    let bad: (String) -> String? = { $0 == "LAYOUTBENCH_SEED" ? "12abc" : nil }
    #expect(throws: SeedSweep.InvalidSeed(text: "12abc")) {
      try SeedSweep.seeds(count: 3, base: 0, lookup: bad)
    }
  }

  @Test func runsEverySeedOnSuccess() throws {
    var seen: [UInt64] = []
    forEachSeed(5, base: 100) { seen.append($0) }
    let expected = try SeedSweep.seeds(count: 5, base: 100, lookup: SeedSweep.environmentValue)
    #expect(seen == expected)
  }

  /// A recorded issue stops the sweep at that seed, and one more issue names it.
  @Test func failingSeedIsNamedAndStopsTheSweep() throws {
    guard !SeedSweep.isReplaying else { return }
    var seen: [UInt64] = []
    let messages = recordedMessages {
      forEachSeed(10, base: 500) { seed in
        seen.append(seed)
        #expect(seed != 503)
      }
    }
    #expect(seen == [500, 501, 502, 503])
    #expect(messages.count == 2, "\(messages)")
    #expect(
      messages.contains { $0.contains("failing seed 503") && $0.contains("LAYOUTBENCH_SEED=503") })
  }

  /// A thrown error is recorded with the seed, and the sweep stops.
  @Test func thrownErrorIsNamedWithTheSeed() throws {
    guard !SeedSweep.isReplaying else { return }
    struct Boom: Error {}
    var seen: [UInt64] = []
    let messages = recordedMessages {
      forEachSeed(10, base: 7) { seed in
        seen.append(seed)
        if seed == 8 { throw Boom() }
      }
    }
    #expect(seen == [7, 8])
    #expect(
      messages.contains { $0.contains("failing seed 8") && $0.contains("Boom") }, "\(messages)")
  }
}
