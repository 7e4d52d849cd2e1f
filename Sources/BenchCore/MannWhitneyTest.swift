import Foundation

/// The two-sided Mann-Whitney U test of two samples (head against base), with no
/// assumption of normality: timings have long right tails.
///
/// Small samples get the **exact** p-value: the share of all C(m + n, n) ways of labelling
/// the pooled samples as head or base whose rank sum lies at least as far from its mean
/// as the observed one (a permutation test on ranks; averaged ranks over ties, so it stays
/// exact with ties). Five repetitions against five can then reach p = 2/252 ≈ 0.008, which
/// the normal approximation cannot (its smallest p at 5 against 5 is about 0.012). Larger
/// samples use the normal approximation with tie and continuity corrections, which is
/// accurate there and costs O((m + n) log(m + n)).
public struct MannWhitneyTest: Hashable, Sendable {
  /// U of the head samples (ties count one half).
  public var u: Double
  /// Two-sided p-value.
  public var pValue: Double
  /// Whether ``pValue`` is exact (pooled count at most ``exactLimit``).
  public var exact: Bool

  /// Pooled sample counts up to which the p-value is exact. At 60 the counting table has
  /// at most 31 × 3,700 cells and is filled 60 times (under 10 ms); the normal
  /// approximation's error is far below any significance level in use beyond it.
  public static let exactLimit = 60

  /// Ranks the pooled samples and tests. NaN samples must not be passed.
  /// - Complexity: O((m + n) log(m + n)) plus, when exact, O((m + n) · min(m, n) · (m + n)²).
  public init(base: [Double], head: [Double]) {
    let m = base.count
    let n = head.count
    // (value, is head), sorted by value; ranks averaged over runs of equal values, kept
    // doubled so that they are whole numbers for the exact count.
    let pooled = (base.map { ($0, false) } + head.map { ($0, true) }).sorted { $0.0 < $1.0 }
    var doubledRanks = [Int](repeating: 0, count: pooled.count)
    var headDoubledRankSum = 0
    var tieTerm = 0.0
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
      let doubledRank = start + end + 2
      for k in start...end {
        doubledRanks[k] = doubledRank
        if pooled[k].1 { headDoubledRankSum += doubledRank }
      }
      let t = Double(end - start + 1)
      tieTerm += t * t * t - t
      start = end + 1
    }
    u = Double(headDoubledRankSum) / 2 - Double(n * (n + 1)) / 2
    guard m > 0, n > 0 else {
      (pValue, exact) = (1, false)
      return
    }
    if m + n <= Self.exactLimit {
      pValue = Self.exactPValue(doubledRanks: doubledRanks, chosen: n, observedSum: headDoubledRankSum)
      exact = true
    } else {
      pValue = Self.normalPValue(u: u, m: Double(m), n: Double(n), tieTerm: tieTerm)
      exact = false
    }
  }

  /// The share of the C(N, k) subsets of `doubledRanks` of size `chosen` whose sum is at
  /// least as far from the mean as `observedSum`. Counts subsets by sum with the
  /// knapsack recurrence, in Doubles (C(60, 30) ≈ 1.2e17 loses only relative precision
  /// near 1e-16). O(N · k · Σ ranks).
  static func exactPValue(doubledRanks: [Int], chosen: Int, observedSum: Int) -> Double {
    let total = doubledRanks.count
    let rankTotal = doubledRanks.reduce(0, +)
    // The sum of the complement is determined, so counting the smaller side suffices.
    let k = min(chosen, total - chosen)
    let observed = k == chosen ? observedSum : rankTotal - observedSum
    // rowLargest[j]: the largest sum of j ranks, the end of row j's reachable sums.
    var rowLargest = [0]
    for rank in doubledRanks.sorted(by: >).prefix(k) { rowLargest.append(rowLargest[rowLargest.count - 1] + rank) }
    let largest = rowLargest[k]
    // ways[j * width + s]: subsets of size j with sum s.
    let width = largest + 1
    var ways = [Double](repeating: 0, count: (k + 1) * width)
    ways[0] = 1
    var reach = 0
    for (index, rank) in doubledRanks.enumerated() {
      reach += rank
      var j = min(k, index + 1)
      while j >= 1 {
        let row = j * width
        let previous = (j - 1) * width
        var s = min(reach, rowLargest[j])
        while s >= rank {
          ways[row + s] += ways[previous + s - rank]
          s -= 1
        }
        j -= 1
      }
    }
    // The mean of a doubled rank sum is k·(N + 1): a whole number, so distances are exact.
    let mean = k * (total + 1)
    let observedDistance = abs(observed - mean)
    var extreme = 0.0
    var all = 0.0
    for s in 0...largest {
      let count = ways[k * width + s]
      guard count > 0 else { continue }
      all += count
      if abs(s - mean) >= observedDistance { extreme += count }
    }
    return all > 0 ? min(1, extreme / all) : 1
  }

  /// The normal approximation: the variance reduced by Σ(t³ − t) over tie groups, and a
  /// continuity correction of one half toward the mean. With every sample tied, p = 1.
  static func normalPValue(u: Double, m: Double, n: Double, tieTerm: Double) -> Double {
    let total = m + n
    let variance = m * n / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else { return 1 }
    let distance = max(abs(u - m * n / 2) - 0.5, 0)
    return min(1, erfc(distance / variance.squareRoot() / 2.0.squareRoot()))
  }

  /// The smallest two-sided p-value the test can give for these sample counts (every
  /// head sample above every base sample, no ties): when it is not below a significance
  /// level, no samples of these counts can be significant at it. Exact within
  /// ``exactLimit``: 2 / C(m + n, n), O(min(m, n)); else O((m + n) log(m + n)).
  public static func smallestPValue(base m: Int, head n: Int) -> Double {
    guard m > 0, n > 0 else { return 1 }
    guard m + n <= exactLimit else {
      return MannWhitneyTest(base: (0..<m).map(Double.init), head: (m..<(m + n)).map(Double.init)).pValue
    }
    // Of the C(m + n, n) labellings only the two fully separated ones are as extreme.
    var labellings = 1.0
    for k in 0..<min(m, n) { labellings = labellings * Double(m + n - k) / Double(k + 1) }
    return min(1, 2 / labellings)
  }
}
