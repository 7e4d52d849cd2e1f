#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers for people, in tables and progress lines. Every function takes any `Double`:
/// values beyond what a whole number holds exactly are written with an exponent
/// (`1.00e25`), infinities and NaN as `inf`, `-inf`, `nan`, so a file with absurd figures
/// is shown, never a trap.
public enum Formatting {
  /// `812 ns`, `8.12 µs`, `1.23 ms`, `2.50 s`: three significant digits.
  public static func duration(nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: return fixed(nanoseconds, decimals: 0) + " ns"
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
    case ..<1024: return fixed(value, decimals: 0) + " B"
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

  /// `value` rounded to `decimals` places (0 to 17), without Foundation's formatters;
  /// ``scientific(_:)`` when the rounded value has 16 digits or more, `inf`, `-inf` or
  /// `nan` for those. O(decimals).
  public static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let decimals = min(max(decimals, 0), 17)
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    // Past 1e15 a double no longer holds every whole number of the digits shown, and past
    // Int's range the conversion below would trap.
    guard scaled < 1e15 else { return scientific(value) }
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
      let fraction = String(Int(scaled - Double(whole) * scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// Three significant digits and a power of ten: `1.00e25`, `-2.50e-7`; `0` for zero,
  /// `inf`, `-inf`, `nan` for those. O(1).
  public static func scientific(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    guard value != 0 else { return "0" }
    var exponent = Int(log10(abs(value)).rounded(.down))
    var mantissa = abs(value) / pow(10, Double(exponent))
    // Rounding to three digits can carry into the next power (9.996e3 is 1.00e4).
    if (mantissa * 100).rounded() >= 1000 {
      exponent += 1
      mantissa /= 10
    }
    if (mantissa * 100).rounded() < 100 {
      // log10 of a value just under a power of ten can round up to it.
      exponent -= 1
      mantissa *= 10
    }
    return (value < 0 ? "-" : "") + fixed(mantissa, decimals: 2) + "e" + String(exponent)
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
