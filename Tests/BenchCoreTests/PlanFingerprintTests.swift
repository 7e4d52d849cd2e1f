import BenchCore
import Testing

/// `run.plan`: every shard of one plan, and its unsharded run, record the same
/// fingerprint; a plan that differs in anything that decides what the cases measure
/// records another.
struct PlanFingerprintTests {
  static func fingerprint(_ plan: RunPlan, repetitions: Int = 5, options: [String] = ["driver=scene"]) -> PlanFingerprint {
    PlanFingerprint(
      suite: plan.suite.name, seed: plan.seed, repetitions: repetitions, warmup: 1, timeBudgetSeconds: 20, processes: 1,
      caseLimitSeconds: 60, options: options, cases: plan.allCases)
  }

  static func plan(sizes: [Int] = [10, 100], shard: Shard? = nil) throws -> RunPlan {
    try RunPlan(
      suite: "smoke", workloads: ["stack.fill.horizontal", "deep.chain.constraints"], backends: nil,
      available: ["cassowary", "dense-simplex", "springs-struts"], sizes: sizes, seed: 1, shard: shard)
  }

  @Test(arguments: [2, 3, 5])
  func everyShardOfAPlanHasTheUnshardedRunsFingerprint(count: Int) throws {
    let whole = Self.fingerprint(try Self.plan()).value
    for index in 1...count {
      let shard = try Self.plan(shard: Shard(index: index, count: count))
      #expect(!shard.cases.isEmpty)
      #expect(shard.cases.count < shard.allCases.count)
      #expect(Self.fingerprint(shard).value == whole, "shard \(index)/\(count)")
    }
  }

  @Test func plansThatDifferHaveDifferentFingerprints() throws {
    let base = Self.fingerprint(try Self.plan()).value
    #expect(Self.fingerprint(try Self.plan(sizes: [10, 1000])).value != base)
    #expect(Self.fingerprint(try Self.plan(), repetitions: 6).value != base)
    #expect(Self.fingerprint(try Self.plan(), options: ["driver=system"]).value != base)
    var seeded = Self.fingerprint(try Self.plan())
    seeded.seed = 2
    #expect(seeded.value != base)
  }

  @Test func theFingerprintIsSixteenHexDigitsOfFNV1a() {
    // Published FNV-1a 64 test vectors.
    #expect(PlanFingerprint.hash("") == "cbf29ce484222325")
    #expect(PlanFingerprint.hash("a") == "af63dc4c8601ec8c")
    #expect(PlanFingerprint.hash("foobar") == "85944171f73967e8")
  }
}
