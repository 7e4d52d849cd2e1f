extension JSONParser {
  /// Parses a string literal starting at its opening quote. O(length).
  ///
  /// Segments without escapes are copied straight from the input; a scratch buffer is
  /// used only once an escape appears.
  mutating func parseString() throws(JSONError) -> String {
    let openingQuote = position
    position += 1
    var segmentStart = position
    var unescaped: [UInt8]? = nil
    while true {
      guard position < bytes.count else {
        throw failure("unterminated string", at: openingQuote)
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let text: String
        if var buffer = unescaped {
          buffer.append(contentsOf: bytes[segmentStart..<position])
          text = String(decoding: buffer, as: UTF8.self)
        } else {
          text = String(decoding: bytes[segmentStart..<position], as: UTF8.self)
        }
        position += 1
        return text
      case UInt8(ascii: "\\"):
        var buffer = unescaped ?? []
        buffer.append(contentsOf: bytes[segmentStart..<position])
        try parseEscape(into: &buffer, openingQuote: openingQuote)
        unescaped = buffer
        segmentStart = position
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        // A line break inside a string almost always means a missing closing quote, so
        // point at the string's start.
        throw failure("unterminated string (a line break inside a string must be written \\n)", at: openingQuote)
      case 0..<0x20:
        throw failure(
          "control character U+\(JSONParser.hex(UInt32(byte), width: 4)) must be escaped in a string")
      case 0x20..<0x80:
        position += 1
      default:
        guard let length = utf8SequenceLength(at: position) else {
          throw failure("invalid UTF-8 byte 0x\(JSONParser.hex(UInt32(byte), width: 2)) in string")
        }
        position += length
      }
    }
  }

  /// Decodes the escape at the backslash under `position` and appends its UTF-8 bytes.
  private mutating func parseEscape(
    into buffer: inout [UInt8], openingQuote: Int
  ) throws(JSONError) {
    let escapeStart = position
    position += 1
    guard position < bytes.count else {
      throw failure("unterminated string", at: openingQuote)
    }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      position = escapeStart + 1
      throw failure("invalid escape '\\\(foundCharacter())' in string", at: escapeStart)
    }
  }

  /// The scalar of `\uXXXX`, or of a `\uD83D\uDE00` surrogate pair; `position` is just
  /// after the first `u`.
  private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONError) -> Unicode.Scalar {
    let first = try parseHexQuad(escapeStart: escapeStart)
    switch first {
    case 0xD800...0xDBFF:
      let lowStart = position
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else {
        throw failure(
          "unpaired surrogate \\u\(JSONParser.hex(first, width: 4)) in string", at: escapeStart)
      }
      position += 2
      let second = try parseHexQuad(escapeStart: lowStart)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw failure(
          "unpaired surrogate \\u\(JSONParser.hex(first, width: 4)) in string", at: escapeStart)
      }
      let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      // Always valid: the arithmetic yields 0x10000...0x10FFFF.
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    case 0xDC00...0xDFFF:
      throw failure(
        "unpaired surrogate \\u\(JSONParser.hex(first, width: 4)) in string", at: escapeStart)
    default:
      return Unicode.Scalar(first) ?? "\u{FFFD}"
    }
  }

  private mutating func parseHexQuad(escapeStart: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = JSONParser.hexValue(bytes[position]) else {
        throw failure("expected 4 hex digits after '\\u'", at: escapeStart)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The character at `position` for a message, without the quotes `foundDescription`
  /// adds.
  private func foundCharacter() -> String {
    let found = foundDescription()
    if found.hasPrefix("'") && found.hasSuffix("'") && found.count >= 3 {
      return String(found.dropFirst().dropLast())
    }
    return found
  }

  /// The length of the well-formed UTF-8 sequence starting at `offset` (RFC 3629: no
  /// overlong forms, no surrogates, nothing above U+10FFFF), or nil. O(1).
  func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; secondRange = 0xA0...0xBF
    case 0xED: length = 3; secondRange = 0x80...0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0: length = 4; secondRange = 0x90...0xBF
    case 0xF4: length = 4; secondRange = 0x80...0x8F
    case 0xF1...0xF3: length = 4
    default: return nil
    }
    guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
    for index in offset + 2..<offset + length where !(0x80...0xBF).contains(bytes[index]) {
      return nil
    }
    return length
  }
}
