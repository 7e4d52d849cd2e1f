/// Numbers for people, in tables and progress lines.
public enum Formatting {
  /// `812 ns`, `8.12 µs`, `1.23 ms`, `2.50 s`: three significant digits.
  public static func duration(nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: return "\(Int(nanoseconds.rounded())) ns"
    case ..<1_000_000: return significant(nanoseconds / 1_000) + " µs"
    case ..<1_000_000_000: return significant(nanoseconds / 1_000_000) + " ms"
    default: return significant(nanoseconds / 1_000_000_000) + " s"
    }
  }

  /// A count that may be fractional (a mean per operation): `0`, `12`, `3.5`, `1.2k`.
  public static func count(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 10_000 { return String(Int(value)) }
    if abs(value) < 10 { return fixed(value, decimals: 2) }
    if abs(value) < 10_000 { return fixed(value, decimals: 1) }
    if abs(value) < 10_000_000 { return significant(value / 1_000) + "k" }
    return significant(value / 1_000_000) + "M"
  }

  /// Bytes: `512 B`, `1.50 KiB`, `3.20 MiB`, `1.10 GiB`.
  public static func bytes(_ value: Double) -> String {
    switch value {
    case ..<1024: return "\(Int(value.rounded())) B"
    case ..<(1024 * 1024): return significant(value / 1024) + " KiB"
    case ..<(1024 * 1024 * 1024): return significant(value / (1024 * 1024)) + " MiB"
    default: return significant(value / (1024 * 1024 * 1024)) + " GiB"
    }
  }

  /// Three significant digits for values in [1, 1000).
  static func significant(_ value: Double) -> String {
    switch abs(value) {
    case ..<10: fixed(value, decimals: 2)
    case ..<100: fixed(value, decimals: 1)
    default: fixed(value, decimals: 0)
    }
  }

  /// `value` rounded to `decimals` places, without Foundation's formatters.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
      let fraction = String(Int(scaled - Double(whole) * scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// Pads cells into aligned columns: the first `leftAligned` columns to the left, the
  /// rest to the right (numbers), two spaces between.
  public static func table(_ rows: [[String]], header: [String], leftAligned: Int, lastLeftAligned: Bool = false) -> String {
    let columns = ([header] + rows).map(\.count).max() ?? 0
    var left = Set(0..<min(leftAligned, columns))
    if lastLeftAligned && columns > 0 { left.insert(columns - 1) }
    return table(rows, header: header, leftAlignedColumns: left)
  }

  /// Pads cells into aligned columns: the columns in `leftAlignedColumns` (text) to the
  /// left, the others (numbers) to the right, two spaces between, a rule of dashes under
  /// the header; trailing spaces are dropped. O(cells).
  public static func table(_ rows: [[String]], header: [String], leftAlignedColumns: Set<Int>) -> String {
    let all = [header] + rows
    let columns = all.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in all { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) } }
    func line(_ row: [String]) -> String {
      row.enumerated().map { c, cell in
        let padding = String(repeating: " ", count: widths[c] - cell.count)
        return leftAlignedColumns.contains(c) ? cell + padding : padding + cell
      }.joined(separator: "  ").replacing(/\s+$/, with: "")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
