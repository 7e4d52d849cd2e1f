import Foundation
import Interchange
import Workloads

/// How a phase's timing samples in one run (head) compare with another (base): the ratio
/// of medians, a bootstrap confidence interval for it and the two-sided p-value of the
/// Mann-Whitney U test (no assumption of normality; timings have long right tails).
/// `bench compare` and `bench gate` build on it.
public struct SampleComparison: Hashable, Sendable {
  /// median(head) / median(base): above 1 is slower.
  public var medianRatio: Double
  /// Percentile bootstrap interval of the ratio at ``confidenceLevel``.
  public var lowerBound: Double
  public var upperBound: Double
  public var confidenceLevel: Double
  /// U of the head samples (ties count one half).
  public var u: Double
  /// Two-sided, from the normal approximation with tie and continuity corrections.
  public var pValue: Double

  /// Nil when either side has no samples or a median is not positive.
  /// - Parameters:
  ///   - resamples: bootstrap resamples; the interval is deterministic for a given `seed`.
  /// - Complexity: O(resamples × (m + n) log(m + n)) for the bootstrap, O((m + n) log(m + n))
  ///   for the test.
  public init?(base: [Double], head: [Double], confidenceLevel: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 1) {
    precondition(confidenceLevel > 0 && confidenceLevel < 1 && resamples >= 1)
    guard !base.isEmpty, !head.isEmpty else { return nil }
    let baseMedian = Self.median(base)
    guard baseMedian > 0, Self.median(head) >= 0 else { return nil }
    medianRatio = Self.median(head) / baseMedian
    self.confidenceLevel = confidenceLevel

    var random = SplitMix64(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var baseDraw = [Double](repeating: 0, count: base.count)
    var headDraw = [Double](repeating: 0, count: head.count)
    for _ in 0..<resamples {
      for k in baseDraw.indices { baseDraw[k] = base[random.int(in: 0...(base.count - 1))] }
      for k in headDraw.indices { headDraw[k] = head[random.int(in: 0...(head.count - 1))] }
      let denominator = Self.median(baseDraw)
      if denominator > 0 { ratios.append(Self.median(headDraw) / denominator) }
    }
    ratios.sort()
    let tail = (1 - confidenceLevel) / 2
    lowerBound = ratios.isEmpty ? medianRatio : SampleStatistics.quantile(tail, ofSorted: ratios)
    upperBound = ratios.isEmpty ? medianRatio : SampleStatistics.quantile(1 - tail, ofSorted: ratios)
    (u, pValue) = Self.mannWhitney(base: base, head: head)
  }

  /// U of `head` against `base` and the two-sided p-value. Ranks are averaged over ties;
  /// the variance is reduced by Σ(t³ − t) over tie groups, and a continuity correction of
  /// one half moves U toward its mean. With every sample tied, p = 1.
  static func mannWhitney(base: [Double], head: [Double]) -> (u: Double, p: Double) {
    let m = Double(base.count)
    let n = Double(head.count)
    // (value, is head), sorted by value; ranks averaged over runs of equal values.
    let pooled = (base.map { ($0, false) } + head.map { ($0, true) }).sorted { $0.0 < $1.0 }
    var headRankSum = 0.0
    var tieTerm = 0.0
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
      let rank = Double(start + end) / 2 + 1
      for k in start...end where pooled[k].1 { headRankSum += rank }
      let t = Double(end - start + 1)
      tieTerm += t * t * t - t
      start = end + 1
    }
    let u = headRankSum - n * (n + 1) / 2
    let total = m + n
    let variance = m * n / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else { return (u, 1) }
    let mean = m * n / 2
    let distance = max(abs(u - mean) - 0.5, 0)
    let z = distance / variance.squareRoot()
    return (u, min(1, erfc(z / 2.0.squareRoot())))
  }

  /// The smallest two-sided p-value the test can give for these sample counts (every
  /// head sample above every base sample): when it is not below a significance level, no
  /// samples of these counts can be significant at it. O((m + n) log(m + n)).
  public static func smallestPValue(base m: Int, head n: Int) -> Double {
    guard m > 0, n > 0 else { return 1 }
    return mannWhitney(base: (0..<m).map(Double.init), head: (m..<(m + n)).map(Double.init)).p
  }

  static func median(_ samples: [Double]) -> Double {
    SampleStatistics.quantile(0.5, ofSorted: samples.sorted())
  }
}
