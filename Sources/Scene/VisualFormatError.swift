/// Why a VFL string was rejected, and where.
public struct VFLError: Error, Hashable, Sendable, CustomStringConvertible {
  /// 0-based offset of the offending character, in Characters of the format string;
  /// `format.count` when the format ends where something else was needed.
  public var offset: Int
  /// What was expected and what was found, without the position.
  public var message: String
  /// The whole format string, for the quoted line of ``description``.
  public var format: String

  public init(offset: Int, message: String, format: String) {
    self.offset = offset
    self.message = message
    self.format = format
  }

  /// `character 7: expected ']' to close the view started at character 4, found ','`, then
  /// the format quoted on its own line with a caret under the offending character.
  ///
  /// Whitespace and control characters in the quote are shown as one space each, so the
  /// quote stays on one line and the caret stays under its character. O(length of format).
  public var description: String {
    let quoted = String(format.map { $0 == " " || Self.isPrintable($0) ? $0 : " " })
    let caret = String(repeating: " ", count: max(0, offset)) + "^"
    return "character \(offset): \(message)\n  \(quoted)\n  \(caret)"
  }

  /// Whether a character shows as itself on one line: no whitespace, no control character.
  static func isPrintable(_ character: Character) -> Bool {
    !character.isWhitespace
      && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
