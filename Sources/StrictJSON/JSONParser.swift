/// A strict RFC 8259 recursive-descent parser over UTF-8 bytes.
///
/// Strict means: no comments, no trailing commas, no single quotes, no NaN or Infinity,
/// no numbers a `Double` cannot hold, no raw control characters or invalid UTF-8 in
/// strings, no duplicate keys in one object, nothing after the value. A leading UTF-8
/// byte order mark is skipped (RFC 8259 section 8.1 allows that). Nesting deeper than
/// ``maximumDepth`` is an error rather than a stack overflow.
///
/// Errors carry the 1-based line and column of the offending byte; they are computed only
/// when an error is thrown, so parsing does no line bookkeeping.
struct JSONParser {
  /// Containers nested deeper than this are refused. Far above any real document, and low
  /// enough that the recursion stays well inside a secondary thread's stack.
  static let maximumDepth = 512

  let bytes: [UInt8]
  let file: String
  var position = 0
  /// Where the value being parsed sits, so a duplicate key can be reported with its path.
  var path: [JSONPath.Component] = []

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// Parses the whole input as one JSON value. O(input length).
  mutating func parseDocument() throws(JSONError) -> JSONValue {
    if bytes.starts(with: JSONParser.byteOrderMark) { position = JSONParser.byteOrderMark.count }
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if position < bytes.count {
      throw failure("expected end of input after the JSON value, found \(foundDescription())")
    }
    return value
  }

  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  // MARK: Values

  mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
    guard position < bytes.count else {
      throw failure("expected a JSON value, found end of input")
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return try parseLiteral()
    case UInt8(ascii: "/"): throw failure("comments are not allowed in JSON")
    case UInt8(ascii: "'"): throw failure("strings must use double quotes")
    default: throw failure("expected a JSON value, found \(foundDescription())")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
    guard depth < JSONParser.maximumDepth else {
      throw failure("nesting is deeper than \(JSONParser.maximumDepth) levels")
    }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    // Small objects (the common case: a constraint, a term list) are checked for duplicate
    // keys by a linear scan; a set is built only once an object grows large.
    var keySet: Set<String>? = nil
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        if members.isEmpty {
          throw failure("expected a string key or '}', found \(foundDescription())")
        }
        let hint = peek() == UInt8(ascii: "}") ? " (trailing commas are not allowed)" : ""
        throw failure("expected a string key after ',', found \(foundDescription())\(hint)")
      }
      let keyPosition = position
      let key = try parseString()
      if JSONParser.isDuplicate(key, in: members, keySet: &keySet) {
        let keyPath = JSONPath(path + [.key(key)])
        throw failure(
          "duplicate key '\(key)' at \(keyPath); keys must be unique within an object",
          at: keyPosition)
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw failure("expected ':' after object key, found \(foundDescription())")
      }
      position += 1
      skipWhitespace()
      path.append(.key(key))
      let value = try parseValue(depth: depth + 1)
      path.removeLast()
      members.append((key, value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default:
        throw failure("expected ',' or '}' after object member, found \(foundDescription())")
      }
    }
  }

  private static func isDuplicate(
    _ key: String, in members: [(key: String, value: JSONValue)], keySet: inout Set<String>?
  ) -> Bool {
    if keySet == nil {
      if members.count < 16 { return members.contains { $0.key == key } }
      keySet = Set(members.map(\.key))
    }
    return keySet?.insert(key).inserted == false
  }

  private mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
    guard depth < JSONParser.maximumDepth else {
      throw failure("nesting is deeper than \(JSONParser.maximumDepth) levels")
    }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek() == UInt8(ascii: "]") {
        throw failure(
          "expected a JSON value after ',', found \(foundDescription()) (trailing commas are not allowed)")
      }
      path.append(.index(elements.count))
      elements.append(try parseValue(depth: depth + 1))
      path.removeLast()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(elements)
      default:
        throw failure("expected ',' or ']' after array element, found \(foundDescription())")
      }
    }
  }

  /// `true`, `false`, `null`, or a helpful error for the words people write instead.
  private mutating func parseLiteral() throws(JSONError) -> JSONValue {
    let start = position
    let word = scanWord()
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default:
      if JSONParser.isNonFiniteWord(word) {
        throw failure("\(word) is not valid JSON: numbers must be finite", at: start)
      }
      throw failure("expected a JSON value, found '\(word)'", at: start)
    }
  }

  static func isNonFiniteWord(_ word: String) -> Bool {
    ["nan", "inf", "infinity"].contains(word.lowercased())
  }

  /// Consumes a run of ASCII letters and digits.
  mutating func scanWord() -> String {
    let start = position
    while let byte = peek(),
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  // MARK: Bytes and positions

  func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position += 1
      default:
        return
      }
    }
  }

  /// A syntax error at `offset` (the current position by default).
  func failure(_ message: String, at offset: Int? = nil) -> JSONError {
    let (line, column) = lineAndColumn(of: offset ?? position)
    return .syntax(file: file, line: line, column: column, message: message)
  }

  /// 1-based line and column of a byte offset; columns count Unicode scalars (every byte
  /// that is not a UTF-8 continuation byte). O(offset), paid only on error.
  func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    let start = bytes.starts(with: JSONParser.byteOrderMark) ? JSONParser.byteOrderMark.count : 0
    var index = start
    while index < min(offset, bytes.count) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return (line, column)
  }

  /// What is at the current position, for "found ..." in messages: `'x'`, `U+0000`,
  /// `byte 0xFF` or `end of input`.
  func foundDescription() -> String {
    guard position < bytes.count else { return "end of input" }
    let byte = bytes[position]
    if byte < 0x20 || byte == 0x7F { return "U+" + JSONParser.hex(UInt32(byte), width: 4) }
    if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
    if let length = utf8SequenceLength(at: position) {
      return "'" + String(decoding: bytes[position..<position + length], as: UTF8.self) + "'"
    }
    return "byte 0x" + JSONParser.hex(UInt32(byte), width: 2)
  }

  static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
