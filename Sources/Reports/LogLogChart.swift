/// A log-log line chart of several series (one per backend): the median at each x with its
/// interquartile range as a band, markers on the measured points, and marks for the x
/// values a series was not measured at. ``svg()`` draws it (LogLogChart+SVG.swift).
public struct LogLogChart: Sendable {
  /// How tick labels read.
  public enum Quantity: Sendable {
    /// Nanoseconds, labelled `1 µs`, `10 ms`, ...
    case duration
    /// Plain counts, labelled `10`, `1k`, ...
    case count

    func label(_ value: Double) -> String {
      switch self {
      case .duration: TickLabel.duration(nanoseconds: value)
      case .count: TickLabel.count(value)
      }
    }
  }

  public struct Point: Sendable {
    public var x: Double
    public var y: Double
    /// The band around `y` (e.g. the first and third quartiles).
    public var low: Double
    public var high: Double
    /// Shown on hover (an SVG `<title>`).
    public var note: String

    public init(x: Double, y: Double, low: Double, high: Double, note: String) {
      self.x = x
      self.y = y
      self.low = low
      self.high = high
      self.note = note
    }
  }

  public struct Series: Sendable {
    public var name: String
    public var style: BackendPalette.Style
    /// Ascending by x.
    public var points: [Point]
    /// x values of the chart this series has no point at, and why (skipped, failed).
    public var absent: [(x: Double, note: String)]

    public init(name: String, style: BackendPalette.Style, points: [Point], absent: [(x: Double, note: String)] = []) {
      self.name = name
      self.style = style
      self.points = points.sorted { $0.x < $1.x }
      self.absent = absent
    }
  }

  /// Unique within the page: names the chart's clip path.
  public var id: String
  public var title: String
  public var xLabel: String
  public var yLabel: String
  public var xQuantity: Quantity
  public var yQuantity: Quantity
  /// Every x the chart is about (all planned sizes), measured or not: a series' line is
  /// broken across an x it has no point at, rather than drawn over the gap.
  public var xValues: [Double]
  public var series: [Series]
  public var width: Double = 372
  public var height: Double = 300

  public init(
    id: String, title: String, xLabel: String, yLabel: String, xQuantity: Quantity = .count,
    yQuantity: Quantity = .duration, xValues: [Double], series: [Series]
  ) {
    self.id = id
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.xQuantity = xQuantity
    self.yQuantity = yQuantity
    self.xValues = xValues.sorted()
    self.series = series
  }

  /// The axes: x over every x value and point, y over every band; nil when no series has
  /// a positive point to show. O(points).
  public func axes() -> (x: LogAxis, y: LogAxis)? {
    let xs = (xValues + series.flatMap { $0.points.map(\.x) }).filter { $0 > 0 && $0.isFinite }
    let ys = series.flatMap { $0.points.flatMap { [$0.low, $0.y, $0.high] } }.filter { $0 > 0 && $0.isFinite }
    guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else { return nil }
    return (LogAxis(covering: xMin...xMax), LogAxis(covering: yMin...yMax))
  }

  /// A series' points split where the line must break: at an x of ``xValues`` between two
  /// points that the series has no point at. O(points × xValues).
  func segments(of series: Series) -> [[Point]] {
    var segments: [[Point]] = []
    for point in series.points where point.y > 0 && point.y.isFinite {
      if let previous = segments.last?.last,
        !xValues.contains(where: { $0 > previous.x && $0 < point.x })
      {
        segments[segments.count - 1].append(point)
      } else {
        segments.append([point])
      }
    }
    return segments
  }
}
