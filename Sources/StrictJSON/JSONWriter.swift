/// Writes JSON text deterministically: the same value always gives the same bytes.
///
/// Numbers that are integral with magnitude below 1e15 print as integers (`320`, never
/// `320.0`; `-0` prints `0`); other numbers print in Swift's shortest round-trip form,
/// which is valid JSON (`0.1`, `1e-05`, `1000000000000000.0`, `1e+16`). Strings are
/// escaped per RFC 8259. Object members keep their order. Separators are `", "` and
/// `": "` so single lines stay readable.
public struct JSONWriter {
  /// Where line breaks go.
  public enum Layout: Hashable, Sendable {
    /// Everything on one line.
    case singleLine
    /// Each member of the top-level object (or element of a top-level array) on its own
    /// line, and each element of an array that is such a member on its own line; deeper
    /// values stay on one line. Gives one constraint or one state per line, which keeps
    /// diffs readable.
    case entryPerLine
  }

  /// The text written so far.
  public private(set) var text = ""

  public init() {}

  /// The text of `value`. O(size of the value).
  /// - Precondition: every number in `value` is finite (the parser never produces others;
  ///   code that builds values must not either).
  public static func text(of value: JSONValue, layout: Layout = .singleLine) -> String {
    var writer = JSONWriter()
    switch layout {
    case .singleLine: writer.write(value)
    case .entryPerLine: writer.writeEntryPerLine(value, level: 0)
    }
    return writer.text
  }

  /// Appends `value` on one line. O(size of the value).
  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .number(let number): text += JSONWriter.numberText(number)
    case .string(let string): text += JSONWriter.quoted(string)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ", " }
        write(element)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += ", " }
        text += JSONWriter.quoted(member.key)
        text += ": "
        write(member.value)
      }
      text += "}"
    }
  }

  /// Level 0 is the document, level 1 a member of its top-level object; below that,
  /// everything stays on one line.
  private mutating func writeEntryPerLine(_ value: JSONValue, level: Int) {
    let indent = String(repeating: "  ", count: level + 1)
    let closingIndent = String(repeating: "  ", count: level)
    switch value {
    case .array(let elements) where level < 2 && !elements.isEmpty:
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += indent
        if level == 0 { writeEntryPerLine(element, level: 1) } else { write(element) }
        text += index + 1 < elements.count ? ",\n" : "\n"
      }
      text += closingIndent + "]"
    case .object(let members) where level == 0 && !members.isEmpty:
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += indent + JSONWriter.quoted(member.key) + ": "
        writeEntryPerLine(member.value, level: 1)
        text += index + 1 < members.count ? ",\n" : "\n"
      }
      text += "}"
    default:
      write(value)
    }
  }

  /// The JSON text of a finite number. O(1).
  /// - Precondition: `number.isFinite`.
  public static func numberText(_ number: Double) -> String {
    precondition(number.isFinite, "JSON cannot represent \(number)")
    if number == number.rounded(.towardZero) && abs(number) < 1e15 {
      // Exact: every integer below 1e15 is representable in both Double and Int64.
      return String(Int64(number))
    }
    return number.description
  }

  /// `string` as a JSON string literal, quotes included. O(length).
  public static func quoted(_ string: String) -> String {
    var result = "\""
    result.unicodeScalars.reserveCapacity(string.utf8.count + 2)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where scalar.value < 0x20:
        result += "\\u00" + hexDigits(scalar.value >> 4) + hexDigits(scalar.value & 0xF)
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    result += "\""
    return result
  }

  private static func hexDigits(_ nibble: UInt32) -> String {
    String(nibble, radix: 16, uppercase: true)
  }
}
