/// Order statistics of a set of timing samples, the figures a results file derives from
/// the samples it keeps. Robust ones first: timings on a shared machine have a long right
/// tail, so the median and the median absolute deviation describe them better than the
/// mean and standard deviation, which are kept for completeness.
public struct SampleStatistics: Hashable, Sendable {
  public var count: Int
  public var minimum: Double
  public var maximum: Double
  public var mean: Double
  public var median: Double
  /// Median absolute deviation from the median (unscaled).
  public var medianAbsoluteDeviation: Double
  /// The 0.25 and 0.75 quantiles (``quantile(_:ofSorted:)``): the interquartile range that
  /// reports draw as a band around the median.
  public var firstQuartile: Double
  public var thirdQuartile: Double

  /// Nil for no samples. O(n log n) (sorts a copy).
  public init?<Samples: Collection>(_ samples: Samples) where Samples.Element: BinaryInteger {
    self.init(doubles: samples.map { Double($0) })
  }

  /// Nil for no samples. O(n log n) (sorts a copy).
  public init?(doubles samples: [Double]) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    count = sorted.count
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    mean = sorted.reduce(0, +) / Double(sorted.count)
    median = Self.quantile(0.5, ofSorted: sorted)
    firstQuartile = Self.quantile(0.25, ofSorted: sorted)
    thirdQuartile = Self.quantile(0.75, ofSorted: sorted)
    let m = median
    medianAbsoluteDeviation = Self.quantile(0.5, ofSorted: sorted.map { abs($0 - m) }.sorted())
  }

  /// The `q`-quantile of sorted samples by linear interpolation between closest ranks
  /// (type 7 of Hyndman and Fan, the default of R and NumPy). O(1).
  /// - Precondition: `sorted` is non-empty and ascending; `q` in [0, 1].
  public static func quantile(_ q: Double, ofSorted sorted: [Double]) -> Double {
    precondition(!sorted.isEmpty && (0...1).contains(q))
    let position = q * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let fraction = position - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }
}
