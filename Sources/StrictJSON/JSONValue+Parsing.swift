extension JSONValue {
  /// Parses `text` as one strict RFC 8259 JSON value (see ``parse(utf8:file:)``).
  /// O(length).
  /// - Throws: ``JSONError/syntax(file:line:column:message:)``.
  public static func parse(_ text: String, file: String = "<input>") throws(JSONError) -> JSONValue {
    try parse(utf8: Array(text.utf8), file: file)
  }

  /// Parses UTF-8 bytes as one strict RFC 8259 JSON value: no comments, trailing commas,
  /// NaN/Infinity, out-of-range numbers, raw control characters, invalid UTF-8, duplicate
  /// keys, nesting deeper than 512, or trailing text. A leading byte order mark is skipped.
  /// O(length); recursion depth is bounded by the nesting limit.
  /// - Throws: ``JSONError/syntax(file:line:column:message:)`` with the 1-based
  ///   line and column of the problem and what was expected there.
  public static func parse(utf8 bytes: [UInt8], file: String = "<input>") throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, file: file)
    return try parser.parseDocument()
  }
}
