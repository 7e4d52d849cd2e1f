/// The content of a report, independent of its output format: headings, prose, tables,
/// charts. ``SuiteReport/blocks()`` says what is shown; ``MarkdownWriter`` and
/// ``HTMLWriter`` only say how, so both outputs always show the same things.
public indirect enum ReportBlock: Sendable {
  /// `anchor` is a stable id for links within the page.
  case heading(level: Int, text: [Inline], anchor: String?)
  case paragraph([Inline])
  case bulletList([[Inline]])
  case table(ReportTable)
  /// Small multiples sharing one legend. Markdown cannot draw them and points to the HTML.
  case charts(legend: [(name: String, style: BackendPalette.Style)], charts: [LogLogChart])
  /// Detail a reader opens on demand (HTML `<details>`); Markdown shows it in full.
  case details(summary: String, blocks: [ReportBlock])
  /// Something the reader must not miss (replaced cases, mixed machines).
  case warnings([String])
}

/// A run of text with one style. Text from results files is kept raw here and escaped by
/// the writer.
public enum Inline: Sendable, Hashable {
  case text(String)
  /// A name as written: a workload, backend, phase or file.
  case code(String)
  case strong(String)
  case emphasis(String)
  /// A link within the report (`#anchor`) or to a file.
  case link(text: String, target: String)
}

/// A table of inline cells.
public struct ReportTable: Sendable {
  public enum Alignment: Sendable { case left, right }

  public var header: [String]
  public var alignments: [Alignment]
  public var rows: [[[Inline]]]
  /// A sentence under the table (footnotes to its marks).
  public var footnote: [Inline]

  /// - Precondition: every row has one cell per header column.
  public init(header: [String], alignments: [Alignment], rows: [[[Inline]]], footnote: [Inline] = []) {
    precondition(alignments.count == header.count && rows.allSatisfy { $0.count == header.count })
    self.header = header
    self.alignments = alignments
    self.rows = rows
    self.footnote = footnote
  }
}
