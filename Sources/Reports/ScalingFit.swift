#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The power law `t ≈ c · n^k` through one backend's medians of one phase: the ordinary
/// least-squares line of log t against log n. The slope k is the scaling exponent (1
/// linear, 2 quadratic); R² says how much of the spread of log t the line explains.
///
/// With two sizes the line passes through both points and R² is 1 by construction, so it
/// says nothing about fit quality: ``isExactThroughTwoPoints`` lets a report say so.
public struct ScalingFit: Hashable, Sendable {
  /// k, the slope of log t against log n.
  public var exponent: Double
  /// c, the fitted value at n = 1, in the unit of the values.
  public var coefficient: Double
  /// 1 − SS_res / SS_tot in log space; 1 when the points lie on the line (or are all
  /// equal).
  public var rSquared: Double
  /// The number of distinct sizes the fit rests on.
  public var sizeCount: Int

  public var isExactThroughTwoPoints: Bool { sizeCount == 2 }

  /// Fits `points` (size, value). Points with a non-positive size or value have no
  /// logarithm and are left out.
  /// - Returns: nil when fewer than two distinct sizes remain (no slope to fit).
  /// - Complexity: O(points).
  public init?(points: [(size: Double, value: Double)]) {
    let logs = points.filter { $0.size > 0 && $0.value > 0 && $0.size.isFinite && $0.value.isFinite }
      .map { (x: log($0.size), y: log($0.value)) }
    let distinctSizes = Set(logs.map(\.x)).count
    guard distinctSizes >= 2 else { return nil }
    let count = Double(logs.count)
    let meanX = logs.reduce(0) { $0 + $1.x } / count
    let meanY = logs.reduce(0) { $0 + $1.y } / count
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for point in logs {
      let dx = point.x - meanX
      let dy = point.y - meanY
      sxx += dx * dx
      sxy += dx * dy
      syy += dy * dy
    }
    exponent = sxy / sxx
    coefficient = exp(meanY - exponent * meanX)
    var residual = 0.0
    for point in logs {
      let error = point.y - (meanY + exponent * (point.x - meanX))
      residual += error * error
    }
    // Equal values leave nothing to explain; the flat line fits them exactly.
    rSquared = syy > 0 ? max(0, 1 - residual / syy) : 1
    sizeCount = distinctSizes
  }

  /// The fitted value at `size`. O(1).
  public func value(at size: Double) -> Double {
    coefficient * pow(size, exponent)
  }
}
