import BenchCore

/// Short labels for the round values an axis puts ticks on: `1 µs`, `20 ms`, `100 s`;
/// `10`, `500`, `1k`, `10k`, `1M`. Unlike ``Formatting``, which gives three significant
/// digits for measured values, a tick label shows only the digits the value has.
public enum TickLabel {
  /// A duration given in nanoseconds, in the largest unit (ns, µs, ms, s) that keeps
  /// the number at 1 or more. O(1).
  public static func duration(nanoseconds value: Double) -> String {
    let units: [(scale: Double, name: String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1, "ns")]
    let unit = units.first { value >= $0.scale * (1 - 1e-9) } ?? units[units.count - 1]
    return shortest(value / unit.scale) + " " + unit.name
  }

  /// A size or count: `10`, `200`, `1k`, `20k`, `1M`. O(1).
  public static func count(_ value: Double) -> String {
    // The tolerance keeps 999.9999999 (10^3 by way of logarithms) a `1k`.
    if value >= 1e6 * (1 - 1e-9) { return shortest(value / 1e6) + "M" }
    if value >= 1e3 * (1 - 1e-9) { return shortest(value / 1e3) + "k" }
    return shortest(value)
  }

  /// The value with as few decimals as it needs (at most three): `1`, `2.5`, `0.001`.
  static func shortest(_ value: Double) -> String {
    for decimals in 0...3 {
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      if abs((value * scale).rounded() - value * scale) < 1e-6 * max(1, abs(value * scale)) {
        return Formatting.fixed(value, decimals: decimals)
      }
    }
    return Formatting.fixed(value, decimals: 3)
  }
}
