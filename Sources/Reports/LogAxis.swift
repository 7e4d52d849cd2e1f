#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A base-10 logarithmic axis: the span it shows, where a value falls on it, and its
/// ticks (powers of ten, labelled; 2…9 × 10^k between them, as light grid lines).
///
/// The span covers the data with a little room at both ends and always includes at least
/// two powers of ten, so every axis has labelled ticks even when the data spans less than
/// a decade (or is one value).
public struct LogAxis: Hashable, Sendable {
  /// log10 of the smallest and largest values shown.
  public var lowerLog: Double
  public var upperLog: Double

  /// Room left beyond the data at each end, in decades, so a power of ten just outside
  /// the data still gets its tick.
  static let margin = 0.1

  /// An axis showing every value in `range`.
  /// - Precondition: the bounds are positive and finite.
  /// - Complexity: O(1).
  public init(covering range: ClosedRange<Double>) {
    precondition(range.lowerBound > 0 && range.upperBound.isFinite, "a log axis needs positive finite bounds")
    var lower = log10(range.lowerBound)
    var upper = log10(range.upperBound)
    if ceil(lower - Self.margin) > floor(upper + Self.margin) - 1 {
      // Fewer than two powers of ten inside: widen evenly about the middle until the two
      // nearest are inside (a lone value sits in the middle of its axis, not at an edge).
      let middle = (lower + upper) / 2
      let reach = middle == middle.rounded(.down) ? 1 : max(middle - middle.rounded(.down), middle.rounded(.up) - middle)
      let half = max((upper - lower) / 2, reach)
      lower = middle - half
      upper = middle + half
    }
    lowerLog = lower - Self.margin
    upperLog = upper + Self.margin
  }

  /// The axis extended at both ends by `fraction` of its span: room in pixels for
  /// markers, whatever the number of decades. O(1).
  public func padded(by fraction: Double) -> LogAxis {
    var axis = self
    let room = (upperLog - lowerLog) * fraction
    axis.lowerLog -= room
    axis.upperLog += room
    return axis
  }

  /// How many decades the axis spans.
  public var decades: Double { upperLog - lowerLog }

  /// Where `value` falls, from 0 (the lower end) to 1 (the upper end); outside [0, 1] for
  /// values off the axis. O(1).
  public func fraction(of value: Double) -> Double {
    (log10(value) - lowerLog) / (upperLog - lowerLog)
  }

  /// The powers of ten on the axis, ascending. When the axis spans many decades only
  /// every `stride`-th is returned, so labels keep their room (``majorStride(maximumLabels:)``).
  /// O(decades).
  public func majorTicks(maximumLabels: Int = 10) -> [Double] {
    let stride = majorStride(maximumLabels: maximumLabels)
    let first = Int(ceil(lowerLog))
    let last = Int(floor(upperLog))
    guard first <= last else { return [] }
    return Swift.stride(from: first, through: last, by: 1).filter { $0 % stride == 0 }.map { pow(10, Double($0)) }
  }

  /// 1 while the powers of ten fit `maximumLabels`, else the smallest step that makes them
  /// fit (every second, third, ... power).
  public func majorStride(maximumLabels: Int) -> Int {
    let powers = Int(floor(upperLog)) - Int(ceil(lowerLog)) + 1
    return max(1, (powers + maximumLabels - 1) / max(maximumLabels, 1))
  }

  /// 2…9 × 10^k inside the axis, for grid lines; empty when the axis spans more than
  /// `maximumDecades` (they would be a blur). O(decades).
  public func minorTicks(maximumDecades: Double = 6) -> [Double] {
    guard decades <= maximumDecades else { return [] }
    var ticks: [Double] = []
    for power in Int(floor(lowerLog))...Int(ceil(upperLog)) {
      for multiple in 2...9 {
        let value = Double(multiple) * pow(10, Double(power))
        let position = log10(value)
        if position >= lowerLog && position <= upperLog { ticks.append(value) }
      }
    }
    return ticks
  }

  /// 2 × 10^k and 5 × 10^k inside the axis: worth a label when the axis spans two decades or
  /// less, where the powers of ten alone leave the reader guessing. O(decades).
  public func intermediateLabelledTicks() -> [Double] {
    guard decades <= 2 + 2 * Self.margin else { return [] }
    return minorTicks().filter { value in
      let mantissa = value / pow(10, floor(log10(value)))
      return abs(mantissa - 2) < 1e-9 || abs(mantissa - 5) < 1e-9
    }
  }
}
