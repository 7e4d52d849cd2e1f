/// Renders report blocks as GitHub-flavoured Markdown: the same headings, prose and tables
/// as the HTML page; charts are only in the page, so each chart block becomes a link to it.
public enum MarkdownWriter {
  /// - Parameter chartsPage: the HTML page's file name, for the chart links.
  /// - Complexity: O(size of the blocks).
  public static func render(_ blocks: [ReportBlock], chartsPage: String) -> String {
    var out = ""
    for block in blocks { out += render(block, chartsPage: chartsPage) }
    return out
  }

  static func render(_ block: ReportBlock, chartsPage: String) -> String {
    switch block {
    case .heading(let level, let text, let anchor):
      // GitHub derives its own heading ids; an explicit anchor keeps the summary's links.
      let target = anchor.map { #"<a id="\#(Markup.escaped($0))"></a>"# + "\n\n" } ?? ""
      return target + String(repeating: "#", count: level) + " " + inline(text) + "\n\n"
    case .paragraph(let text):
      return inline(text) + "\n\n"
    case .bulletList(let items):
      return items.map { "* " + inline($0) + "\n" }.joined() + "\n"
    case .table(let table):
      return self.table(table)
    case .charts(_, let charts):
      let names = charts.map { Markup.markdownCode($0.title) }.joined(separator: ", ")
      return "Charts (\(names)): [\(Markup.markdownEscaped(chartsPage))](\(linkTarget(chartsPage))).\n\n"
    case .details(let summary, let blocks):
      return "**\(Markup.markdownEscaped(summary))**\n\n" + render(blocks, chartsPage: chartsPage)
    case .warnings(let warnings):
      return warnings.map { "> **Warning:** " + Markup.markdownEscaped($0) }.joined(separator: "\n>\n") + "\n\n"
    }
  }

  static func table(_ table: ReportTable) -> String {
    func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
    var out = row(table.header.map { $0.isEmpty ? " " : Markup.markdownEscaped($0) })
    out += row(table.alignments.map { $0 == .right ? "---:" : "---" })
    for cells in table.rows { out += row(cells.map(inline)) }
    if !table.footnote.isEmpty { out += "\n" + inline(table.footnote) + "\n" }
    return out + "\n"
  }

  static func inline(_ runs: [Inline]) -> String {
    runs.map { run in
      switch run {
      case .text(let text): Markup.markdownEscaped(text)
      case .code(let text): Markup.markdownCode(text)
      case .strong(let text): "**" + Markup.markdownEscaped(text) + "**"
      case .emphasis(let text): "*" + Markup.markdownEscaped(text) + "*"
      case .link(let text, let target): "[" + Markup.markdownEscaped(text) + "](" + linkTarget(target) + ")"
      }
    }.joined()
  }

  /// Link targets with `(`, `)`, spaces or `<` would end or break the link: percent-encode
  /// them.
  static func linkTarget(_ target: String) -> String {
    var out = ""
    for byte in target.utf8 {
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), 0..<0x20, 0x7f...:
        let hex = Array("0123456789ABCDEF")
        out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      default:
        out += String(UnicodeScalar(byte))
      }
    }
    return out
  }
}
