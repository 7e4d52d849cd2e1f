/// The unit of one column of times: chosen once from the column's values, stated in its
/// header, so cells carry numbers only and compare at a glance down the column.
public enum TimeUnit: String, CaseIterable, Sendable {
  case nanoseconds = "ns"
  case microseconds = "µs"
  case milliseconds = "ms"
  case seconds = "s"

  /// The header's name of the unit (`µs`).
  public var symbol: String { rawValue }

  /// Nanoseconds in one of this unit.
  public var nanoseconds: Double {
    switch self {
    case .nanoseconds: 1
    case .microseconds: 1e3
    case .milliseconds: 1e6
    case .seconds: 1e9
    }
  }

  /// The unit in which the middle value of `nanoseconds` (the lower median) reads 1 to
  /// 999, so most cells of a column show one to three digits before the point; larger or
  /// smaller values in the same column keep that unit (`12300`, `0.0420`). Microseconds
  /// for an empty column. O(n log n).
  public static func suited(to nanoseconds: [Double]) -> TimeUnit {
    let sorted = nanoseconds.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return .microseconds }
    let middle = sorted[(sorted.count - 1) / 2]
    return allCases.last { middle >= $0.nanoseconds } ?? .nanoseconds
  }

  /// `nanoseconds` in this unit with three significant digits (at most six decimals):
  /// `0`, `0.0420`, `4.20`, `42.0`, `420`, `42000`. O(1).
  public func format(_ nanoseconds: Double) -> String {
    let value = nanoseconds / self.nanoseconds
    guard value.isFinite else { return "-" }
    guard value != 0 else { return "0" }
    let magnitude = abs(value)
    if magnitude >= 100 { return Formatting.fixed(value, decimals: 0) }
    var decimals = 0
    var scaled = magnitude
    while scaled < 100 && decimals < 6 {
      scaled *= 10
      decimals += 1
    }
    return Formatting.fixed(value, decimals: decimals)
  }
}
