@testable import BenchCore
import LayoutModel
import TestSupport
import Testing

struct SampleComparisonTests {
  /// Every head sample above every base sample, 5 against 5: U = 25; of the C(10, 5) =
  /// 252 labellings only this one and its mirror are as extreme, p = 2/252 (exact). The
  /// normal approximation would give 0.012186, which cannot decide at 0.01.
  @Test func separatedSamplesGiveTheHandComputedU() throws {
    let comparison = try #require(SampleComparison(base: [1, 2, 3, 4, 5], head: [6, 7, 8, 9, 10]))
    #expect(comparison.u == 25)
    #expect(comparison.exact)
    expectClose(comparison.pValue, 2.0 / 252, tolerance: Tolerance(absolute: 1e-12, relative: 0))
    expectClose(comparison.medianRatio, 8.0 / 3.0, tolerance: Tolerance(absolute: 1e-12, relative: 0))
  }

  @Test func theTestIsSymmetricInDirection() throws {
    let slower = try #require(SampleComparison(base: [1, 2, 3, 4, 5], head: [6, 7, 8, 9, 10]))
    let faster = try #require(SampleComparison(base: [6, 7, 8, 9, 10], head: [1, 2, 3, 4, 5]))
    #expect(faster.u == 0)
    expectClose(faster.pValue, slower.pValue, tolerance: Tolerance(absolute: 1e-12, relative: 0))
  }

  @Test func identicalSamplesAreNotDifferent() throws {
    let tied = try #require(SampleComparison(base: [5, 5, 5], head: [5, 5, 5, 5]))
    #expect(tied.u == 6)
    #expect(tied.pValue == 1)
    expectClose(tied.medianRatio, 1, tolerance: Tolerance(absolute: 1e-12, relative: 0))
  }

  @Test func tiesShareTheirAverageRank() {
    // Pooled 1 1 2 2 3: ranks 1.5 1.5 3.5 3.5 5. Head {1, 2, 3}: 1.5 + 3.5 + 5 = 10, U = 10 − 6 = 4.
    let result = MannWhitneyTest(base: [1, 2], head: [1, 2, 3])
    #expect(result.u == 4)
  }

  @Test func theBootstrapIntervalHoldsTheRatioAndIsDeterministic() throws {
    var random = SplitMix64(seed: 7)
    let base = (0..<30).map { _ in 100 + random.unitDouble() * 10 }
    let head = base.map { $0 * 2 }
    let first = try #require(SampleComparison(base: base, head: head, seed: 3))
    let again = try #require(SampleComparison(base: base, head: head, seed: 3))
    #expect(first == again)
    expectClose(first.medianRatio, 2, tolerance: Tolerance(absolute: 1e-12, relative: 0))
    #expect(first.lowerBound <= 2 && 2 <= first.upperBound)
    #expect(first.upperBound - first.lowerBound < 0.4)
    #expect(first.pValue < 1e-6)
  }

  @Test func emptyOrZeroBasesGiveNoComparison() {
    #expect(SampleComparison(base: [], head: [1]) == nil)
    #expect(SampleComparison(base: [1], head: []) == nil)
    #expect(SampleComparison(base: [0, 0, 0], head: [1]) == nil)
  }

  /// Same distribution: p < 0.01 in at most 2 % of 300 seeded trials (1 % expected); a
  /// 10 % shift of the median under 3 % noise, 30 samples each: detected in every trial.
  @Test func falsePositivesAreRareAndATenPercentShiftIsDetected() {
    var random = SplitMix64(seed: 2026)
    var falsePositives = 0
    var detected = 0
    let trials = 300
    for _ in 0..<trials {
      let base = (0..<30).map { _ in 1000 * (1 + 0.03 * random.unitDouble()) }
      let same = (0..<30).map { _ in 1000 * (1 + 0.03 * random.unitDouble()) }
      let shifted = (0..<30).map { _ in 1100 * (1 + 0.03 * random.unitDouble()) }
      if SampleComparison(base: base, head: same, resamples: 1)!.pValue < 0.01 { falsePositives += 1 }
      if SampleComparison(base: base, head: shifted, resamples: 1)!.pValue < 0.01 { detected += 1 }
    }
    #expect(falsePositives <= trials * 2 / 100, "\(falsePositives) of \(trials)")
    #expect(detected == trials)
  }
}
