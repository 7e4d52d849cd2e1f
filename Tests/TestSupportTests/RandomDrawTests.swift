import TestSupport
import Testing

@Suite("Random draws")
struct RandomDrawTests {
  /// The published float test for SplitMix64 (Rosetta Code): seed 987654321, 100 000 draws
  /// of floor(5 * unit) fall into buckets 0...4 exactly this often. It pins `unitDouble`
  /// to "top 53 bits over 2^53", the same buckets as "next / 2^64".
  @Test func unitDoubleKnownBuckets() {
    var rng = SplitMix64(seed: 987_654_321)
    var counts = [0, 0, 0, 0, 0]
    for _ in 0..<100_000 { counts[Int(rng.unitDouble() * 5)] += 1 }
    #expect(counts == [20027, 19892, 20073, 19978, 20030])
  }

  /// The draws are part of the replay contract: the same seed must give the same values on
  /// every platform and release. Expected values from an independent Python model of
  /// SplitMix64 with Lemire's multiply-and-reject and "top 53 bits / 2^53".
  @Test func drawKnownAnswers() {
    var rng = SplitMix64(seed: 1_234_567)
    #expect(
      (0..<12).map { _ in rng.uniformInt(in: 0...9) } == [3, 1, 5, 2, 8, 4, 5, 2, 4, 8, 4, 4])
    rng = SplitMix64(seed: 1_234_567)
    #expect(
      (0..<12).map { _ in rng.uniformInt(in: -3...3) } == [
        -1, -2, 0, -2, 3, -1, 1, -2, 0, 2, -1, 0,
      ])
    rng = SplitMix64(seed: 1_234_567)
    // Exact: each is an integer times 2^-53, printed in full by Python's repr.
    #expect(
      (0..<3).map { _ in rng.unitDouble() } == [
        0.3500795420214081, 0.17364409667091263, 0.5322073040624192,
      ])
  }

  @Test func uniformIntStaysInRangeAndCoversIt() {
    var rng = SplitMix64(seed: 1)
    var seen = Set<Int>()
    for _ in 0..<2_000 {
      let value = rng.uniformInt(in: -3...3)
      #expect((-3...3).contains(value))
      seen.insert(value)
    }
    #expect(seen == Set(-3...3))
    #expect(rng.uniformInt(in: 5...5) == 5)
    // The full range wraps the span to 0 internally; it must not trap.
    _ = rng.uniformInt(in: Int.min...Int.max)
  }

  @Test func uniformIntIsRoughlyUniform() {
    var rng = SplitMix64(seed: 2)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 { counts[rng.uniformInt(in: 0...5)] += 1 }
    // Expected 10 000 each; 5 standard deviations is about 450.
    #expect(counts.allSatisfy { abs($0 - 10_000) < 450 }, "\(counts)")
  }

  @Test func uniformDoubleStaysInHalfOpenRange() {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<2_000 {
      let value = rng.uniformDouble(in: -2.5..<7)
      #expect(value >= -2.5 && value < 7)
    }
  }

  @Test func smallIntegerIsAnIntegerInRange() {
    var rng = SplitMix64(seed: 4)
    for _ in 0..<500 {
      let value = rng.smallInteger(in: -20...20)
      #expect(value.rounded() == value && abs(value) <= 20)
    }
  }

  @Test func bernoulliExtremesAndRate() {
    var rng = SplitMix64(seed: 5)
    #expect((0..<1_000).allSatisfy { _ in !rng.bernoulli(0) })
    #expect((0..<1_000).allSatisfy { _ in rng.bernoulli(1) })
    let hits = (0..<20_000).filter { _ in rng.bernoulli(0.25) }.count
    // Expected 5 000, standard deviation about 61.
    #expect(abs(hits - 5_000) < 300, "\(hits)")
  }

  @Test func chooseAndWeightedIndex() {
    var rng = SplitMix64(seed: 6)
    #expect(rng.choose([Int]()) == nil)
    #expect(rng.choose([9]) == 9)
    #expect(rng.weightedIndex([0, 0]) == nil)
    #expect(rng.weightedIndex([]) == nil)
    var counts = [0, 0, 0]
    for _ in 0..<3_000 {
      guard let index = rng.weightedIndex([1, 0, 2]) else {
        Issue.record("positive weights gave no index")
        return
      }
      counts[index] += 1
    }
    #expect(counts[1] == 0)
    #expect(abs(counts[2] - 2_000) < 150, "\(counts)")
  }

  @Test func drawsAreDeterministic() {
    func sample(_ seed: UInt64) -> [Double] {
      var rng = SplitMix64(seed: seed)
      return (0..<20).map { i in
        switch i % 4 {
        case 0: Double(rng.uniformInt(in: 0...1000))
        case 1: rng.smallInteger(in: -3...3)
        case 2: rng.bernoulli(0.5) ? 1 : 0
        default: Double(rng.choose([10, 20, 30]) ?? -1)
        }
      }
    }
    #expect(sample(77) == sample(77))
    #expect(sample(77) != sample(78))
  }
}
