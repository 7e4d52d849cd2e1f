import LayoutModel

/// A cursor over the Characters of a VFL string: the lexical layer of ``VisualFormat``.
///
/// It reads the tokens whose shape does not depend on where they stand (names, numbers,
/// relations) and builds errors that point at a Character offset; which token may come
/// next is the parser's business. Every method is O(1) apart from the scans, which are
/// O(length of the token), and the error builders, which are O(length of the format).
struct VisualFormatScanner {
  /// A number as written: its value, its text (messages quote it as written) and where it
  /// starts.
  struct Number {
    var value: Double
    var text: String
    var offset: Int
  }

  let format: String
  /// The format split into Characters once, so offsets are Character offsets and random
  /// access is O(1).
  let characters: [Character]
  private(set) var position = 0

  init(format: String) {
    self.format = format
    characters = Array(format)
  }

  var isAtEnd: Bool { position >= characters.count }

  /// The Character `ahead` places past the cursor, or nil past the end.
  func peek(_ ahead: Int = 0) -> Character? {
    let index = position + ahead
    return index < characters.count ? characters[index] : nil
  }

  mutating func advance() {
    if position < characters.count { position += 1 }
  }

  /// Consumes `character` when it is next. O(1).
  mutating func consume(_ character: Character) -> Bool {
    guard peek() == character else { return false }
    position += 1
    return true
  }

  // MARK: Character classes (ASCII only: VFL names and numbers are ASCII)

  // `asciiValue` rather than `Character` ranges: "5\u{301}" sorts between "0" and "9" but is
  // not a digit.
  static func isDigit(_ character: Character?) -> Bool {
    guard let value = character?.asciiValue else { return false }
    return value >= 0x30 && value <= 0x39
  }

  static func isLetter(_ character: Character?) -> Bool {
    guard let value = character?.asciiValue else { return false }
    return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
  }

  static func isNameStart(_ character: Character?) -> Bool {
    isLetter(character) || character == "_"
  }

  static func isNameContinuation(_ character: Character?) -> Bool {
    isNameStart(character) || isDigit(character) || character == "."
  }

  // MARK: Tokens

  /// Whether a number starts at the cursor: a digit, or a sign followed by a digit.
  var atNumber: Bool {
    Self.isDigit(peek()) || ((peek() == "-" || peek() == "+") && Self.isDigit(peek(1)))
  }

  var atName: Bool { Self.isNameStart(peek()) }

  /// Scans `[A-Za-z_][A-Za-z0-9_.]*` at the cursor, or returns nil (consuming nothing) when
  /// no name starts there. O(length of the name).
  mutating func scanName() -> (name: String, offset: Int)? {
    guard atName else { return nil }
    let start = position
    while Self.isNameContinuation(peek()) { position += 1 }
    return (String(characters[start..<position]), start)
  }

  /// Scans `['+'|'-'] digits ['.' digits]` at the cursor, or returns nil (consuming nothing)
  /// when ``atNumber`` is false. O(length of the number).
  ///
  /// - Throws: `VFLError` at the character after a `.` that is not a digit, or at the
  ///   number's first character when it does not fit in a finite `Double`.
  mutating func scanNumber() throws(VFLError) -> Number? {
    guard atNumber else { return nil }
    let start = position
    if peek() == "-" || peek() == "+" { position += 1 }
    while Self.isDigit(peek()) { position += 1 }
    if peek() == ".", !Self.isDigit(peek(1)) {
      // Nothing else may follow a number's '.', so say what is missing rather than
      // leaving the parser to complain about the '.' itself.
      position += 1
      throw unexpected("expected a digit after the decimal point")
    }
    if consume(".") {
      while Self.isDigit(peek()) { position += 1 }
    }
    let text = String(characters[start..<position])
    guard let value = Double(text), value.isFinite else {
      throw error(at: start, "the number \(text) is too large")
    }
    return Number(value: value, text: text, offset: start)
  }

  /// Scans `==`, `<=` or `>=` at the cursor, or returns nil (consuming nothing) when the
  /// next character is none of `=`, `<`, `>`.
  ///
  /// - Throws: `VFLError` at a `=`, `<` or `>` that is not followed by `=`.
  mutating func scanRelation() throws(VFLError) -> Relation? {
    let relation: Relation
    switch peek() {
    case "=": relation = .equal
    case "<": relation = .lessThanOrEqual
    case ">": relation = .greaterThanOrEqual
    default: return nil
    }
    guard peek(1) == "=" else {
      throw error(at: position, "\(Self.describe(peek())) is not a relation; use ==, <= or >=")
    }
    position += 2
    return relation
  }

  // MARK: Errors

  /// An error at `offset` of this format.
  func error(at offset: Int, _ message: String) -> VFLError {
    VFLError(offset: offset, message: message, format: format)
  }

  /// An error at the cursor: `expectation` (e.g. "expected ']' to close the view started at
  /// character 0"), then what was found there. Whitespace gets its own wording, since the
  /// fix is to delete it rather than to add what was expected.
  func unexpected(_ expectation: String) -> VFLError {
    guard let found = peek() else {
      return error(at: position, "\(expectation), found the end of the format")
    }
    if found.isWhitespace {
      return error(at: position, "whitespace is not allowed in a visual format; \(expectation)")
    }
    return error(at: position, "\(expectation), found \(Self.describe(found))")
  }

  /// A character as messages quote it: `'x'`, or its code points when it would not show.
  static func describe(_ character: Character?) -> String {
    guard let character else { return "the end of the format" }
    if VFLError.isPrintable(character) { return "'\(character)'" }
    let scalars = character.unicodeScalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return scalars.joined(separator: " ")
  }
}
