import Foundation
import Interchange
import Reports
import Testing

/// What the writers put on the page: names escaped wherever they appear, a page with no
/// scripts or network references, chart lines inside their frames, peer notes.
@Suite struct ReportRenderingTests {
  static let hostileWorkload = #"stack.<b>&"quoted"|x"#
  static let hostileBackend = #"kiwi<script>alert("x")</script>"#

  static func hostileReport() throws -> SuiteReport {
    let cases = [10, 100].flatMap { size in
      [
        ReportFixtures.measured(hostileWorkload, "cassowary", size, median: Double(size) * 100),
        ReportFixtures.measured(hostileWorkload, hostileBackend, size, median: Double(size) * 50),
      ]
    } + [ResultsDocument.Case(workload: hostileWorkload, backend: hostileBackend, size: 1000, status: .error(#"boom <&> "here""#))]
    let document = ReportFixtures.document(cases: cases)
    return try SuiteReport(ReportInputs([.init(path: #"runs/<odd>&"name".json"#, document: document)]).suites[0])
  }

  @Test func namesWithMarkupCharactersAreEscapedInTheHTMLAndSVG() throws {
    let html = try Self.hostileReport().html()
    #expect(!html.contains("<b>"))
    #expect(!html.contains("<script"))
    #expect(!html.contains(#""quoted""#))
    #expect(html.contains("stack.&lt;b&gt;&amp;&quot;quoted&quot;|x"))
    #expect(html.contains("kiwi&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
    #expect(html.contains("boom &lt;&amp;&gt; &quot;here&quot;"))
    // Every element that opens closes: the names did not cut a tag or an attribute short.
    for tag in ["svg", "table", "details", "figure", "g", "title", "text", "ul", "li", "p", "code", "h2"] {
      #expect(Self.count("<\(tag)[ >]", in: html) == Self.count("</\(tag)>", in: html), "<\(tag)>")
    }
    // Attribute values never hold a raw quote or angle bracket from a name.
    #expect(Self.count(#"=\"[^\"]*[<>][^\"]*\""#, in: html) == 0)
  }

  @Test func namesWithMarkdownCharactersKeepTablesWhole() throws {
    let markdown = try Self.hostileReport().markdown()
    // Outside code spans (shown literally) the only raw markup is the anchors written on
    // purpose; every other `<` from a name is escaped.
    let prose = markdown.replacing(/`[^`]*`/, with: "").replacing(/<a id="[a-z0-9.-]+"><\/a>/, with: "")
    #expect(Self.count(#"(?<!\\)<"#, in: prose) == 0)
    #expect(Self.count(#"(?<!\\)&"#, in: prose) == 0)
    // Each table row has as many unescaped cell separators as its header.
    var columns: Int?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else { columns = nil; continue }
      let separators = Self.count(#"(?<!\\)\|"#, in: String(line))
      if let columns { #expect(separators == columns, "\(line)") } else { columns = separators }
    }
  }

  @Test func thePageIsSelfContained() throws {
    let html = try ReportFixtures.suite().html()
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("<script"))
    #expect(!html.contains("src="))
    #expect(!html.contains("<link"))
    #expect(!html.contains("@import"))
    // The only URL is the SVG namespace, which is a name, not a fetch.
    let urls = Self.matches(#"https?://[^"' )]+"#, in: html)
    #expect(Set(urls) == ["http://www.w3.org/2000/svg"])
    #expect(Self.count("<svg", in: html) == 2 * 1 + 3)  // 2 charts, 3 legend swatches
  }

  /// Every line and band vertex lies inside its chart's plot rectangle.
  @Test func chartLinesStayInsideThePlot() throws {
    let chart = try #require(try ReportFixtures.suite().workloads.first.map { workload in
      LogLogChart(
        id: "c", title: "build", xLabel: "size n", yLabel: "time per operation", xValues: workload.sizes.map(Double.init),
        series: workload.phases[0].series.map { series in
          LogLogChart.Series(
            name: series.backend, style: BackendPalette(backends: ["cassowary", "fast", "slow"]).style(for: series.backend),
            points: series.points.map { .init(x: Double($0.size), y: $0.statistics.median, low: $0.statistics.firstQuartile, high: $0.statistics.thirdQuartile, note: "") })
        })
    })
    let svg = chart.svg()
    let plot = try #require(Self.matches(#"<rect class="plot"[^>]*>"#, in: svg).first)
    func attribute(_ name: String) throws -> Double { try #require(Double(Self.matches(#"(?<= \#(name)=")[0-9.]+"#, in: plot)[0])) }
    let (left, top, width, height) = (try attribute("x"), try attribute("y"), try attribute("width"), try attribute("height"))
    let vertices = Self.matches(#"(?<=points=")[^"]+"#, in: svg).flatMap { $0.split(separator: " ") }
    #expect(vertices.count >= 3 * 3)
    for vertex in vertices {
      let xy = vertex.split(separator: ",").compactMap { Double($0) }
      #expect(xy.count == 2)
      #expect(xy[0] >= left && xy[0] <= left + width && xy[1] >= top && xy[1] <= top + height, "\(vertex)")
    }
    #expect(Self.count("<polyline", in: svg) == 3)
    #expect(Self.count("<polygon", in: svg) == 3)
  }

  /// A series missing a size in the middle is drawn as two pieces, and the size is marked.
  @Test func aMissingSizeBreaksTheLineAndIsMarked() {
    let style = BackendPalette(backends: ["a"]).style(for: "a")
    let points = [10.0, 1000, 10000].map { LogLogChart.Point(x: $0, y: $0, low: $0, high: $0, note: "") }
    let chart = LogLogChart(
      id: "c", title: "t", xLabel: "x", yLabel: "y", xValues: [10, 100, 1000, 10000],
      series: [.init(name: "a", style: style, points: points, absent: [(100, "a at 100: error: boom")])])
    let svg = chart.svg()
    #expect(Self.count("<polyline", in: svg) == 1)  // 1,000 to 10,000; 10 stands alone
    #expect(Self.count(#"class="whisker""#, in: svg) == 1)
    #expect(Self.count(#"class="absent""#, in: svg) == 1)
    #expect(svg.contains("<title>a at 100: error: boom</title>"))
  }

  @Test func peerCallFiguresBecomeANoteAndColumns() throws {
    var peer = ReportFixtures.measured("w", "kiwisolver", 10, median: 10_000)
    peer.phases[0].calls = 31
    peer.phases[0].callOverheadNanoseconds = 2_500
    let document = ReportFixtures.document(cases: [ReportFixtures.measured("w", "cassowary", 10, median: 20_000), peer])
    let markdown = try SuiteReport(ReportInputs([.init(path: "r.json", document: document)]).suites[0]).markdown()
    #expect(markdown.contains("`kiwisolver` timings of `build` include ≈ 2.50 µs (31 calls) of Python-call overhead per operation at n = 10; at most 25 % of the median."))
    #expect(markdown.contains("| calls | call overhead |"))
    #expect(markdown.contains("| 31 | 2.50 µs |"))
    // No allocation figures: a dash, never 0.
    #expect(markdown.contains("| 5 | — | — |"))
  }

  /// The kiwisolver peer writes its call figures as counters: they are read as call
  /// figures all the same, and not repeated as counter columns.
  @Test func peerCallFiguresWrittenAsCountersAreReadTheSameWay() throws {
    var peer = ReportFixtures.measured("w", "kiwisolver", 10, median: 10_000)
    peer.phases[0].counters = [("calls", 31), ("callOverheadNanoseconds", 2_500)]
    let document = ReportFixtures.document(cases: [ReportFixtures.measured("w", "cassowary", 10, median: 20_000), peer])
    let report = try SuiteReport(ReportInputs([.init(path: "r.json", document: document)]).suites[0])
    let point = try #require(report.workloads.first?.phases.first?.series(for: "kiwisolver")?.points.first)
    #expect(point.calls == 31 && point.callOverheadNanoseconds == 2_500)
    #expect(point.counters.isEmpty)
    let markdown = report.markdown()
    #expect(markdown.contains("include ≈ 2.50 µs (31 calls) of Python-call overhead per operation at n = 10"))
    #expect(markdown.contains("| samples | allocations | bytes | calls | call overhead |"))
  }

  static func matches(_ pattern: String, in text: String) -> [String] {
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
  }

  static func count(_ pattern: String, in text: String) -> Int { matches(pattern, in: text).count }
}
