import BenchCore

extension LogLogChart {
  /// The plot area inside the chart: room on the left for duration labels, below for
  /// size labels and the axis title, above for the chart title. When some series miss
  /// sizes, a strip at the foot of the plot, under a dashed rule, holds their marks, so a
  /// mark can never be read as a measurement; the y axis maps onto the part above it.
  struct Frame {
    var left = 66.0
    var top = 30.0
    var right: Double
    var bottom: Double
    /// The bottom of the part the y axis maps onto.
    var dataBottom: Double

    static let stripRow = 9.0

    init(width: Double, height: Double, absentRows: Int) {
      right = width - 14
      bottom = height - 46
      dataBottom = bottom - (absentRows > 0 ? 6 + Double(absentRows) * Self.stripRow : 0)
    }

    var width: Double { right - left }
    var height: Double { bottom - top }
    var dataHeight: Double { dataBottom - top }

    func x(_ value: Double, on axis: LogAxis) -> Double { left + axis.fraction(of: value) * width }
    func y(_ value: Double, on axis: LogAxis) -> Double { dataBottom - axis.fraction(of: value) * dataHeight }
  }

  /// The chart as an SVG element for inline use in HTML: no scripts, no external
  /// references, every name escaped. Hovering a point shows its note. O(points + ticks).
  public func svg() -> String {
    let frame = Frame(width: width, height: height, absentRows: series.filter { !$0.absent.isEmpty }.count)
    var out = ##"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="\##(n(width))" height="\##(n(height))" "##
    out += ##"viewBox="0 0 \##(n(width)) \##(n(height))" role="img" aria-label="\##(Markup.escaped(title + ": " + yLabel + " against " + xLabel))">"##
    out += "\n<title>\(Markup.escaped(title))</title>\n"
    out += ##"<text class="chart-title" font-size="14" font-weight="600" x="\##(n(frame.left))" y="18">\##(Markup.escaped(title))</text>"## + "\n"
    out += ##"<rect class="plot" fill="#fff" stroke="#999" x="\##(n(frame.left))" y="\##(n(frame.top))" width="\##(n(frame.width))" height="\##(n(frame.height))"/>"## + "\n"
    guard let (dataXAxis, dataYAxis) = axes() else {
      out += ##"<text class="empty" font-size="13" fill="#666" x="\##(n(frame.left + frame.width / 2))" y="\##(n(frame.top + frame.height / 2))" text-anchor="middle">nothing measured</text>"##
      return out + "\n</svg>"
    }
    // 9 px beyond the outermost points, so their markers stay clear of the frame.
    let xAxis = dataXAxis.padded(by: 9 / frame.width)
    let yAxis = dataYAxis.padded(by: 9 / frame.dataHeight)
    let place = { (x: Double, y: Double) -> (Double, Double) in
      (frame.x(x, on: xAxis), frame.y(y, on: yAxis))
    }
    out += grid(frame: frame, xAxis: xAxis, yAxis: yAxis)
    out += ##"<clipPath id="\##(Markup.escaped(id))-plot"><rect x="\##(n(frame.left))" y="\##(n(frame.top))" width="\##(n(frame.width))" height="\##(n(frame.dataHeight))"/></clipPath>"## + "\n"
    out += ##"<g clip-path="url(#\##(Markup.escaped(id))-plot)">"## + "\n"
    for series in series {
      for segment in segments(of: series) { out += band(segment, style: series.style, place: place) }
    }
    for series in series {
      for segment in segments(of: series) where segment.count > 1 {
        let points = segment.map { place($0.x, $0.y) }.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        out += ##"<polyline class="line" fill="none" stroke-width="2" stroke-linejoin="round" points="\##(points)" stroke="\##(series.style.colour)"/>"## + "\n"
      }
    }
    out += "</g>\n"
    for series in series {
      for point in series.points where point.y > 0 && point.y.isFinite {
        let (x, y) = place(point.x, point.y)
        out += "<g><title>\(Markup.escaped(point.note))</title>\(Self.marker(series.style, x: x, y: y))</g>\n"
      }
    }
    out += absentMarks(frame: frame, xAxis: xAxis)
    return out + "</svg>"
  }

  /// Grid lines, tick labels and axis titles.
  func grid(frame: Frame, xAxis: LogAxis, yAxis: LogAxis) -> String {
    var out = ""
    for value in xAxis.minorTicks() {
      let x = frame.x(value, on: xAxis)
      out += ##"<line class="grid-minor" stroke="#eeeeee" x1="\##(n(x))" y1="\##(n(frame.top))" x2="\##(n(x))" y2="\##(n(frame.bottom))"/>"## + "\n"
    }
    for value in yAxis.minorTicks() {
      let y = frame.y(value, on: yAxis)
      out += ##"<line class="grid-minor" stroke="#eeeeee" x1="\##(n(frame.left))" y1="\##(n(y))" x2="\##(n(frame.right))" y2="\##(n(y))"/>"## + "\n"
    }
    // Labels run about 6.5 px a character at 12 px: keep x labels apart by their width.
    let xMaximum = max(2, Int(frame.width / 48))
    for value in xAxis.majorTicks(maximumLabels: xMaximum) {
      let x = frame.x(value, on: xAxis)
      out += ##"<line class="grid" stroke="#d4d4d4" x1="\##(n(x))" y1="\##(n(frame.top))" x2="\##(n(x))" y2="\##(n(frame.bottom + 4))"/>"## + "\n"
      out += ##"<text class="tick" font-size="11.5" fill="#333" x="\##(n(x))" y="\##(n(frame.bottom + 17))" text-anchor="middle">\##(xQuantity.label(value))</text>"## + "\n"
    }
    for value in xAxis.intermediateLabelledTicks() where xAxis.decades <= 1.5 {
      let x = frame.x(value, on: xAxis)
      out += ##"<text class="tick minor" font-size="10.5" fill="#777" x="\##(n(x))" y="\##(n(frame.bottom + 17))" text-anchor="middle">\##(xQuantity.label(value))</text>"## + "\n"
    }
    let yMaximum = max(2, Int(frame.dataHeight / 22))
    for value in yAxis.majorTicks(maximumLabels: yMaximum) {
      let y = frame.y(value, on: yAxis)
      out += ##"<line class="grid" stroke="#d4d4d4" x1="\##(n(frame.left - 4))" y1="\##(n(y))" x2="\##(n(frame.right))" y2="\##(n(y))"/>"## + "\n"
      out += ##"<text class="tick" font-size="11.5" fill="#333" x="\##(n(frame.left - 7))" y="\##(n(y + 4))" text-anchor="end">\##(yQuantity.label(value))</text>"## + "\n"
    }
    for value in yAxis.intermediateLabelledTicks() {
      let y = frame.y(value, on: yAxis)
      out += ##"<text class="tick minor" font-size="10.5" fill="#777" x="\##(n(frame.left - 7))" y="\##(n(y + 4))" text-anchor="end">\##(yQuantity.label(value))</text>"## + "\n"
    }
    out += ##"<text class="axis-title" font-size="12" fill="#333" x="\##(n(frame.left + frame.width / 2))" y="\##(n(frame.bottom + 36))" text-anchor="middle">\##(Markup.escaped(xLabel))</text>"## + "\n"
    let middle = frame.top + frame.dataHeight / 2
    out += ##"<text class="axis-title" font-size="12" fill="#333" transform="translate(14 \##(n(middle))) rotate(-90)" text-anchor="middle">\##(Markup.escaped(yLabel))</text>"## + "\n"
    return out
  }

  /// The interquartile band of a segment: a translucent polygon, or for a lone point a
  /// whisker with caps.
  func band(_ segment: [Point], style: BackendPalette.Style, place: (Double, Double) -> (Double, Double)) -> String {
    func low(_ point: Point) -> Double { point.low > 0 ? min(point.low, point.y) : point.y }
    func high(_ point: Point) -> Double { point.high.isFinite ? max(point.high, point.y) : point.y }
    if segment.count == 1 {
      let point = segment[0]
      let (x, top) = place(point.x, high(point))
      let (_, bottom) = place(point.x, low(point))
      return ##"<path class="whisker" fill="none" stroke-width="1.5" d="M\##(n(x)),\##(n(top))V\##(n(bottom))M\##(n(x - 4)),\##(n(top))h8M\##(n(x - 4)),\##(n(bottom))h8" stroke="\##(style.colour)"/>"## + "\n"
    }
    let outline = segment.map { place($0.x, high($0)) } + segment.reversed().map { place($0.x, low($0)) }
    let points = outline.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
    return ##"<polygon class="band" fill-opacity="0.16" stroke="none" points="\##(points)" fill="\##(style.colour)"/>"## + "\n"
  }

  /// The marker shape of a style, centred on (x, y), about 9 px across; the legend draws
  /// the same shapes.
  static func marker(_ style: BackendPalette.Style, x: Double, y: Double) -> String {
    func n(_ value: Double) -> String { coordinate(value) }
    let colour = style.colour
    let shape: String
    switch style.marker {
    case .circle:
      shape = ##"<circle cx="\##(n(x))" cy="\##(n(y))" r="4""##
    case .square:
      shape = ##"<rect x="\##(n(x - 3.6))" y="\##(n(y - 3.6))" width="7.2" height="7.2""##
    case .triangle:
      shape = ##"<path d="M\##(n(x)),\##(n(y - 4.8))L\##(n(x + 4.6)),\##(n(y + 3.4))L\##(n(x - 4.6)),\##(n(y + 3.4))Z""##
    case .invertedTriangle:
      shape = ##"<path d="M\##(n(x)),\##(n(y + 4.8))L\##(n(x + 4.6)),\##(n(y - 3.4))L\##(n(x - 4.6)),\##(n(y - 3.4))Z""##
    case .diamond:
      shape = ##"<path d="M\##(n(x)),\##(n(y - 5))L\##(n(x + 5)),\##(n(y))L\##(n(x)),\##(n(y + 5))L\##(n(x - 5)),\##(n(y))Z""##
    case .cross:
      shape = ##"<path d="M\##(n(x - 4)),\##(n(y - 4))L\##(n(x + 4)),\##(n(y + 4))M\##(n(x - 4)),\##(n(y + 4))L\##(n(x + 4)),\##(n(y - 4))" stroke-width="2.2""##
    }
    return shape + ##" class="marker" fill="\##(colour)" stroke="\##(colour)"/>"##
  }

  /// A small × in the series' colour at each x the series was not measured at, in the
  /// strip under the plot (one row per series that misses sizes), with the reason on
  /// hover: the gap is visibly a gap.
  func absentMarks(frame: Frame, xAxis: LogAxis) -> String {
    let missing = series.filter { !$0.absent.isEmpty }
    guard !missing.isEmpty else { return "" }
    var out = ##"<line class="strip" stroke="#aaaaaa" stroke-dasharray="3 3" x1="\##(n(frame.left))" y1="\##(n(frame.dataBottom))" x2="\##(n(frame.right))" y2="\##(n(frame.dataBottom))"/>"## + "\n"
    let middle = (frame.dataBottom + frame.bottom) / 2
    out += ##"<text class="strip-label" font-size="9.5" fill="#777" x="\##(n(frame.left - 7))" y="\##(n(middle + 3.5))" text-anchor="end">no data</text>"## + "\n"
    for (row, series) in missing.enumerated() {
      for absent in series.absent {
        let x = frame.x(absent.x, on: xAxis)
        let y = frame.dataBottom + 3 + Frame.stripRow * (Double(row) + 0.5)
        let cross = ##"<path class="absent" fill="none" stroke-width="1.6" d="M\##(n(x - 3)),\##(n(y - 3))L\##(n(x + 3)),\##(n(y + 3))M\##(n(x - 3)),\##(n(y + 3))L\##(n(x + 3)),\##(n(y - 3))" stroke="\##(series.style.colour)"/>"##
        out += "<g><title>\(Markup.escaped(absent.note))</title>\(cross)</g>\n"
      }
    }
    return out
  }

  /// A legend entry's picture: a short line through the marker, as the series is drawn.
  public static func legendSwatch(_ style: BackendPalette.Style) -> String {
    ##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="14" viewBox="0 0 30 14" aria-hidden="true">"##
      + ##"<line x1="1" y1="7" x2="29" y2="7" stroke="\##(style.colour)" stroke-width="2"/>"##
      + marker(style, x: 15, y: 7) + "</svg>"
  }

  func n(_ value: Double) -> String { Self.coordinate(value) }

  /// Coordinates with one decimal: enough for a screen, short in the file.
  static func coordinate(_ value: Double) -> String {
    Formatting.fixed(value, decimals: 1)
  }
}
