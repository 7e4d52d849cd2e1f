import BenchCore
import Interchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers as a report shows them. Durations, counts and bytes come from ``Formatting``
/// (three significant digits, as `bench run`'s summary shows them); these are the figures
/// only a report has.
enum ReportNumbers {
  /// `0.0012×`, `0.91×`, `7.41×`, `79.3×`, `1,010×`: at least two significant digits, so
  /// a backend a thousand times faster does not read `0.00×`; with an exponent
  /// (`1.00e-20×`, `3.00e17×`) far from 1, `nan×` and `inf×` for those (a ratio of
  /// absurd figures). O(1).
  static func ratio(_ value: Double) -> String {
    switch value {
    case _ where !value.isFinite: Formatting.fixed(value, decimals: 0) + "×"
    case ...0: "0×"
    case ..<1e-6: Formatting.scientific(value) + "×"
    case ..<0.1: Formatting.fixed(value, decimals: Int(-log10(value).rounded(.down)) + 1) + "×"
    case ..<10: Formatting.fixed(value, decimals: 2) + "×"
    case ..<100: Formatting.fixed(value, decimals: 1) + "×"
    case ..<1e15: grouped(Int(value.rounded())) + "×"
    default: Formatting.scientific(value) + "×"
    }
  }

  /// `10`, `1,000`, `10,000`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// `median 3.58 ms (p25–p75 3.50 ms–3.66 ms, 5 samples)`.
  static func summary(_ statistics: SampleStatistics) -> String {
    "median \(Formatting.duration(nanoseconds: statistics.median)) (p25–p75 \(interquartileRange(statistics)), "
      + "\(statistics.count) \(statistics.count == 1 ? "sample" : "samples"))"
  }

  /// `median 4.10 ms = build 3.58 ms + firstLayout 520 µs (p25–p75 ≈ 3.99 ms–4.21 ms, sums
  /// of the phases' quartiles)`: a derived phase's point, whose spread is approximate.
  static func sumSummary(_ point: PhaseMeasurement) -> String {
    let parts = point.summands.map { "\($0.phase) \(Formatting.duration(nanoseconds: $0.median))" }.joined(separator: " + ")
    return "median \(Formatting.duration(nanoseconds: point.statistics.median)) = \(parts) "
      + "(p25–p75 ≈ \(interquartileRange(point.statistics)), sums of the phases' quartiles)"
  }

  /// `3.50 ms–3.66 ms`.
  static func interquartileRange(_ statistics: SampleStatistics) -> String {
    Formatting.duration(nanoseconds: statistics.firstQuartile) + "–" + Formatting.duration(nanoseconds: statistics.thirdQuartile)
  }

  /// `k = 1.02, R² 0.998, 4 sizes`; for two sizes the line is exact and R² says nothing.
  static func fit(_ fit: ScalingFit) -> String {
    let exponent = Formatting.fixed(fit.exponent, decimals: 2)
    if fit.isExactThroughTwoPoints { return "\(exponent) (2 sizes: exact line, no fit quality)" }
    return "\(exponent) (R² \(Formatting.fixed(fit.rSquared, decimals: 3)), \(fit.sizeCount) sizes)"
  }
}
