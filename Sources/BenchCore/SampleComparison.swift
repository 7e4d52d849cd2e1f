import Foundation
import Interchange
import Workloads

/// How a phase's timing samples in one run (head) compare with another (base): the ratio
/// of medians, a bootstrap confidence interval for it and the two-sided p-value of the
/// Mann-Whitney U test (``MannWhitneyTest``: exact for small samples, no assumption of
/// normality). `bench compare` and `bench gate` build on it.
public struct SampleComparison: Hashable, Sendable {
  /// median(head) / median(base) of the values compared: above 1 is slower.
  public var medianRatio: Double
  /// Percentile bootstrap interval of the ratio at ``confidenceLevel``.
  public var lowerBound: Double
  public var upperBound: Double
  public var confidenceLevel: Double
  /// U of the head samples (ties count one half).
  public var u: Double
  /// Two-sided; exact when ``exact``.
  public var pValue: Double
  public var exact: Bool

  /// Nil when either side has no samples, a sample is not finite or a median is not
  /// positive.
  /// - Parameters:
  ///   - resamples: bootstrap resamples; the interval is deterministic for a given `seed`.
  ///   - bootstrap: how each resample's medians are drawn (``BootstrapMedians``).
  /// - Complexity: O((m + n) log(m + n)) to sort, plus O(resamples × (m + n) log(m + n))
  ///   when the bootstrap resamples, O(resamples) when it draws large-sample medians, plus
  ///   the exact test's count within ``MannWhitneyTest/exactLimit``.
  public init?(
    base: [Double], head: [Double], confidenceLevel: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 1,
    bootstrap: BootstrapMedians = .automatic
  ) {
    precondition(confidenceLevel > 0 && confidenceLevel < 1 && resamples >= 1)
    guard !base.isEmpty, !head.isEmpty, base.allSatisfy(\.isFinite), head.allSatisfy(\.isFinite) else { return nil }
    let sortedBase = base.sorted()
    let sortedHead = head.sorted()
    let baseMedian = SampleStatistics.quantile(0.5, ofSorted: sortedBase)
    let headMedian = SampleStatistics.quantile(0.5, ofSorted: sortedHead)
    guard baseMedian > 0, headMedian >= 0 else { return nil }
    medianRatio = headMedian / baseMedian
    self.confidenceLevel = confidenceLevel

    var random = SplitMix64(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var baseDraw = BootstrapMedians.Draw(sorted: sortedBase, method: bootstrap)
    var headDraw = BootstrapMedians.Draw(sorted: sortedHead, method: bootstrap)
    for _ in 0..<resamples {
      let denominator = baseDraw.next(&random)
      if denominator > 0 { ratios.append(headDraw.next(&random) / denominator) }
    }
    ratios.sort()
    let tail = (1 - confidenceLevel) / 2
    lowerBound = ratios.isEmpty ? medianRatio : SampleStatistics.quantile(tail, ofSorted: ratios)
    upperBound = ratios.isEmpty ? medianRatio : SampleStatistics.quantile(1 - tail, ofSorted: ratios)
    let test = MannWhitneyTest(base: base, head: head)
    (u, pValue, exact) = (test.u, test.pValue, test.exact)
  }

  /// The smallest two-sided p-value the test can give for these sample counts
  /// (``MannWhitneyTest/smallestPValue(base:head:)``).
  public static func smallestPValue(base m: Int, head n: Int) -> Double {
    MannWhitneyTest.smallestPValue(base: m, head: n)
  }

  /// O(n log n).
  static func median(_ samples: [Double]) -> Double {
    SampleStatistics.quantile(0.5, ofSorted: samples.sorted())
  }
}

/// How the bootstrap draws a resample's median.
///
/// * `resampling` draws n samples with replacement and takes their median: the textbook
///   percentile bootstrap, O(n log n) per resample — minutes for 2,000 resamples of
///   10^6 samples.
/// * `largeSample` draws the median directly from its large-sample bootstrap distribution:
///   the median of n draws from the empirical distribution is its quantile at
///   1/2 + Z / (2√n) with Z standard normal (the binomial count of draws below a point is
///   asymptotically normal), so one normal draw and one look-up in the sorted samples give
///   it, O(1) per resample. Its twin test holds the two intervals together at n = 300.
/// * `automatic` resamples up to ``largeSampleThreshold`` samples per side and draws
///   large-sample medians above it.
public enum BootstrapMedians: Hashable, Sendable {
  case resampling
  case largeSample
  case automatic

  /// Samples per side above which `automatic` draws large-sample medians: at 1,000 the
  /// resampling costs about 2,000 × 10 µs per side, and the two intervals agree within
  /// a few thousandths (the twin test).
  public static let largeSampleThreshold = 1_000

  /// Draws bootstrap medians of one side's sorted samples.
  struct Draw {
    let sorted: [Double]
    let largeSample: Bool
    var scratch: [Double]

    init(sorted: [Double], method: BootstrapMedians) {
      self.sorted = sorted
      largeSample =
        switch method {
        case .resampling: false
        case .largeSample: true
        case .automatic: sorted.count > BootstrapMedians.largeSampleThreshold
        }
      scratch = largeSample ? [] : [Double](repeating: 0, count: sorted.count)
    }

    /// One bootstrap median. O(1) large-sample, O(n log n) resampling; no allocation.
    mutating func next(_ random: inout SplitMix64) -> Double {
      let n = sorted.count
      if largeSample {
        let q = 0.5 + Self.standardNormal(&random) / (2 * Double(n).squareRoot())
        return SampleStatistics.quantile(min(max(q, 0), 1), ofSorted: sorted)
      }
      for k in 0..<n { scratch[k] = sorted[random.int(in: 0...(n - 1))] }
      scratch.sort()
      return SampleStatistics.quantile(0.5, ofSorted: scratch)
    }

    /// Box-Muller: one standard normal draw from two uniform ones.
    static func standardNormal(_ random: inout SplitMix64) -> Double {
      // 53 random bits each; u1 kept off 0 so the logarithm is finite.
      let u1 = max(Double(random.next() >> 11) * 0x1p-53, Double.leastNormalMagnitude)
      let u2 = Double(random.next() >> 11) * 0x1p-53
      return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
  }
}
