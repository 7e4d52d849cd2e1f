/// Renders report blocks as one self-contained HTML page: inline CSS, charts as inline
/// SVG, no scripts and no external references, so the file can be mailed, archived or
/// opened offline and shows the same everywhere. Every name from the results is escaped.
public enum HTMLWriter {
  /// - Complexity: O(size of the blocks and charts).
  public static func render(_ blocks: [ReportBlock], title: String) -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escaped(title))</title>
      <style>
      \(stylesheet)
      </style>
      </head>
      <body>
      <main>

      """
    for block in blocks { out += render(block) }
    return out + "</main>\n</body>\n</html>\n"
  }

  static func render(_ block: ReportBlock) -> String {
    switch block {
    case .heading(let level, let text, let anchor):
      let id = anchor.map { #" id="\#(Markup.escaped($0))""# } ?? ""
      return "<h\(level)\(id)>\(inline(text))</h\(level)>\n"
    case .paragraph(let text):
      return "<p>\(inline(text))</p>\n"
    case .bulletList(let items):
      return "<ul>\n" + items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
    case .table(let table):
      return self.table(table)
    case .charts(let legend, let charts):
      var out = #"<figure class="charts">"# + "\n" + #"<div class="legend">"#
      for entry in legend {
        out += "<span>\(LogLogChart.legendSwatch(entry.style))\(Markup.escaped(entry.name))</span>"
      }
      out += "</div>\n" + #"<div class="multiples">"# + "\n"
      for chart in charts { out += chart.svg() + "\n" }
      return out + "</div>\n</figure>\n"
    case .details(let summary, let blocks):
      return "<details>\n<summary>\(Markup.escaped(summary))</summary>\n" + blocks.map(render).joined() + "</details>\n"
    case .warnings(let warnings):
      return #"<div class="warnings"><strong>Warnings</strong><ul>"# + "\n"
        + warnings.map { "<li>\(Markup.escaped($0))</li>\n" }.joined() + "</ul></div>\n"
    }
  }

  static func table(_ table: ReportTable) -> String {
    func cellClass(_ column: Int) -> String { table.alignments[column] == .right ? #" class="num""# : "" }
    var out = #"<div class="table-wrap"><table>"# + "\n<thead><tr>"
    for (column, name) in table.header.enumerated() { out += "<th\(cellClass(column))>\(Markup.escaped(name))</th>" }
    out += "</tr></thead>\n<tbody>\n"
    for row in table.rows {
      out += "<tr>" + row.enumerated().map { column, cell in "<td\(cellClass(column))>\(inline(cell))</td>" }.joined() + "</tr>\n"
    }
    out += "</tbody>\n</table></div>\n"
    if !table.footnote.isEmpty { out += #"<p class="footnote">"# + inline(table.footnote) + "</p>\n" }
    return out
  }

  static func inline(_ runs: [Inline]) -> String {
    runs.map { run in
      switch run {
      case .text(let text): Markup.escaped(text)
      case .code(let text): "<code>\(Markup.escaped(text))</code>"
      case .strong(let text): "<strong>\(Markup.escaped(text))</strong>"
      case .emphasis(let text): "<em>\(Markup.escaped(text))</em>"
      case .link(let text, let target): #"<a href="\#(Markup.escaped(target))">\#(Markup.escaped(text))</a>"#
      }
    }.joined()
  }

  /// Presentation only: the charts carry their own colours and sizes as attributes, so
  /// they look the same when copied out of the page.
  static let stylesheet = """
    body { margin: 0; background: #fff; color: #1b1b1b; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
    main { max-width: 1200px; margin: 0 auto; padding: 20px 24px 64px; }
    h1 { font-size: 26px; margin: 8px 0 10px; }
    h2 { font-size: 21px; margin: 40px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #d8d8d8; }
    h3 { font-size: 16px; margin: 22px 0 6px; }
    code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; background: #f2f2f2; padding: 1px 4px; border-radius: 3px; }
    h2 code { font-size: 19px; background: none; padding: 0; }
    a { color: #0b5cad; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; font-size: 13px; margin: 6px 0 2px; }
    th, td { padding: 3px 10px; border-bottom: 1px solid #e4e4e4; text-align: left; vertical-align: top; }
    th { background: #f5f5f5; font-weight: 600; border-bottom: 1px solid #cfcfcf; }
    .num { text-align: right; font-variant-numeric: tabular-nums; }
    td.num { white-space: nowrap; }
    td code { font-size: 12px; }
    td:first-child code { white-space: nowrap; }
    .footnote { font-size: 12.5px; color: #555; margin: 2px 0 10px; }
    .warnings { border-left: 4px solid #D55E00; background: #fff5ee; padding: 8px 14px; margin: 12px 0; }
    .warnings ul { margin: 4px 0; padding-left: 20px; }
    figure.charts { margin: 10px 0 6px; }
    .legend { display: flex; flex-wrap: wrap; gap: 6px 24px; font-size: 14px; margin: 0 0 4px 8px; }
    .legend span { display: inline-flex; align-items: center; gap: 6px; }
    .multiples { display: flex; flex-wrap: wrap; gap: 6px 10px; }
    svg.chart { font-family: system-ui, "DejaVu Sans", sans-serif; }
    details { margin: 10px 0; }
    details summary { cursor: pointer; font-weight: 600; margin: 8px 0; }
    """
}
