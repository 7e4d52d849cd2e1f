@testable import BenchCore
import Foundation
import LayoutModel
import TestSupport
import Testing

/// The exact test against a brute-force count of every labelling, its agreement with the
/// normal approximation where they hand over, and the large-sample bootstrap against the
/// resampling one (its twin test).
struct MannWhitneyTestTests {
  /// The two-sided p-value by listing all C(m + n, n) labellings: the reference the
  /// counting recurrence must equal. O(C(m + n, n) · (m + n)).
  static func bruteForcePValue(base: [Double], head: [Double]) -> Double {
    let pooled = (base + head).sorted()
    func rank(_ value: Double) -> Double {
      let below = pooled.filter { $0 < value }.count
      let equal = pooled.filter { $0 == value }.count
      return Double(below) + Double(equal + 1) / 2
    }
    let ranks = (base + head).map(rank)
    let total = ranks.count
    let n = head.count
    let mean = Double(n) * Double(total + 1) / 2
    let observed = abs(ranks[base.count...].reduce(0, +) - mean)
    var extreme = 0
    var all = 0
    for mask in 0..<(1 << total) where mask.nonzeroBitCount == n {
      let sum = (0..<total).filter { mask & (1 << $0) != 0 }.map { ranks[$0] }.reduce(0, +)
      all += 1
      if abs(sum - mean) >= observed - 1e-9 { extreme += 1 }
    }
    return Double(extreme) / Double(all)
  }

  /// Small samples drawn from a few values (so with ties), against the listing.
  @Test func theExactPValueEqualsTheCountOfEveryLabelling() {
    forEachSeed(40) { seed in
      var random = SplitMix64(seed: seed)
      let m = 1 + random.uniformInt(in: 0...6)
      let n = 1 + random.uniformInt(in: 0...6)
      let base = (0..<m).map { _ in Double(random.uniformInt(in: 0...5)) }
      let head = (0..<n).map { _ in Double(random.uniformInt(in: 0...5)) }
      let test = MannWhitneyTest(base: base, head: head)
      #expect(test.exact)
      expectClose(
        test.pValue, Self.bruteForcePValue(base: base, head: head), tolerance: Tolerance(absolute: 1e-12, relative: 1e-12),
        "base \(base), head \(head)")
    }
  }

  /// At the hand-over (30 against 30) the exact and the normal p-values agree closely.
  @Test func theNormalApproximationAgreesWithTheExactTestAtTheLimit() {
    forEachSeed(10) { seed in
      var random = SplitMix64(seed: seed)
      let base = (0..<30).map { _ in Double(random.uniformInt(in: 0...1_000)) }
      let head = (0..<30).map { _ in Double(random.uniformInt(in: 0...1_000)) + 150 }
      let exact = MannWhitneyTest(base: base, head: head)
      #expect(exact.exact)
      let pooled = (base + head).sorted()
      var tieTerm = 0.0
      var start = 0
      while start < pooled.count {
        var end = start
        while end + 1 < pooled.count && pooled[end + 1] == pooled[start] { end += 1 }
        let t = Double(end - start + 1)
        tieTerm += t * t * t - t
        start = end + 1
      }
      let normal = MannWhitneyTest.normalPValue(u: exact.u, m: 30, n: 30, tieTerm: tieTerm)
      expectClose(exact.pValue, normal, tolerance: Tolerance(absolute: 0.01, relative: 0.1))
    }
  }

  @Test func theSmallestPValueIsTwoOverTheLabellings() {
    expectClose(MannWhitneyTest.smallestPValue(base: 5, head: 5), 2.0 / 252, tolerance: Tolerance(absolute: 1e-15, relative: 0))
    expectClose(MannWhitneyTest.smallestPValue(base: 3, head: 3), 0.1, tolerance: Tolerance(absolute: 1e-15, relative: 0))
    expectClose(MannWhitneyTest.smallestPValue(base: 1, head: 1), 1, tolerance: Tolerance(absolute: 1e-15, relative: 0))
    // The shortcut equals the exact test on fully separated samples.
    let separated = MannWhitneyTest(base: (0..<7).map(Double.init), head: (7..<16).map(Double.init))
    expectClose(MannWhitneyTest.smallestPValue(base: 7, head: 9), separated.pValue, tolerance: Tolerance(absolute: 1e-15, relative: 1e-12))
    #expect(MannWhitneyTest.smallestPValue(base: 50, head: 50) < 1e-10)
  }

  /// The large-sample median draws give the interval the resampling bootstrap gives, at
  /// n = 300 per side (the twin test of ``BootstrapMedians/largeSample``).
  @Test func largeSampleMedianDrawsMatchResampling() throws {
    var random = SplitMix64(seed: 42)
    func lognormal(_ median: Double) -> [Double] {
      (0..<300).map { _ in
        let u1 = max(Double(random.next() >> 11) * 0x1p-53, 1e-300)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * Double(random.next() >> 11) * 0x1p-53)
        return median * exp(0.1 * z)
      }
    }
    let base = lognormal(1_000)
    let head = lognormal(1_100)
    let resampled = try #require(SampleComparison(base: base, head: head, resamples: 4_000, bootstrap: .resampling))
    let drawn = try #require(SampleComparison(base: base, head: head, resamples: 4_000, bootstrap: .largeSample))
    #expect(resampled.medianRatio == drawn.medianRatio)
    // The interval is about ±0.025 wide; its ends agree within a tenth of that.
    expectClose(drawn.lowerBound, resampled.lowerBound, tolerance: Tolerance(absolute: 0.004, relative: 0))
    expectClose(drawn.upperBound, resampled.upperBound, tolerance: Tolerance(absolute: 0.004, relative: 0))
    #expect(BootstrapMedians.Draw(sorted: base.sorted(), method: .automatic).largeSample == false)
    let many = (0..<(BootstrapMedians.largeSampleThreshold + 1)).map(Double.init)
    #expect(BootstrapMedians.Draw(sorted: many, method: .automatic).largeSample)
  }
}
