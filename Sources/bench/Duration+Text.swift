extension Duration {
  /// A wall time for people: `734 ns`, `12.345 µs`, `1.234 ms`, `2.500 s`.
  var humanReadable: String {
    let (seconds, attoseconds) = components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    switch nanoseconds {
    case ..<1_000: return "\(nanoseconds) ns"
    case ..<1_000_000: return Self.threeDecimals(nanoseconds, unit: 1_000) + " µs"
    case ..<1_000_000_000: return Self.threeDecimals(nanoseconds, unit: 1_000_000) + " ms"
    default: return Self.threeDecimals(nanoseconds, unit: 1_000_000_000) + " s"
    }
  }

  /// `value / unit` with three decimals, truncated.
  private static func threeDecimals(_ value: Int64, unit: Int64) -> String {
    let thousandths = value / (unit / 1_000)
    let fraction = String(thousandths % 1_000)
    return "\(thousandths / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
