/// Reads typed fields out of parsed JSON for a document decoder. Every failure becomes an
/// ``InterchangeError/invalidDocument(file:path:message:)`` that names the file, the path
/// and what was expected and found; every unknown field becomes a ``Warning``.
struct JSONReader {
  let file: String
  private(set) var warnings: [Warning] = []

  init(file: String) {
    self.file = file
  }

  /// The value of the member named `key`, or nil. O(members).
  static func member(_ key: String, of members: [(key: String, value: JSONValue)]) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  func invalid(_ message: String, at path: JSONPath) -> InterchangeError {
    .invalidDocument(file: file, path: path, message: message)
  }

  /// "expected X, found Y[; reason]", or for a missing field (`found` nil)
  /// "missing required field 'k'; expected X".
  func mismatch(
    expected: String, found: JSONValue?, at path: JSONPath, reason: String? = nil
  ) -> InterchangeError {
    let suffix = reason.map { "; " + $0 } ?? ""
    guard let found else {
      if case .key(let key)? = path.components.last {
        return invalid("missing required field '\(key)'; expected \(expected)\(suffix)", at: path)
      }
      return invalid("expected \(expected), found nothing\(suffix)", at: path)
    }
    return invalid("expected \(expected), found \(JSONReader.describe(found))\(suffix)", at: path)
  }

  /// How a value is named after "found": `an array`, `an object`, `null`, `true`, `1200`,
  /// `"abc"` (long strings shortened).
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return JSONWriter.numberText(number)
    case .string(let string):
      let shown = string.count > 40 ? String(string.prefix(37)) + "..." : string
      return JSONWriter.quoted(shown)
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The members of an object. When `knownKeys` is given, each other key is reported as
  /// a warning ("unknown field 'k' ignored") and still returned; callers look up only the
  /// keys they know. O(members × known keys).
  mutating func object(
    _ value: JSONValue?, at path: JSONPath, knownKeys: [String]? = nil
  ) throws(InterchangeError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members)? = value else {
      throw mismatch(expected: "an object", found: value, at: path)
    }
    if let knownKeys {
      for member in members where !knownKeys.contains(member.key) {
        warnings.append(
          Warning(file: file, path: path.appending(member.key), message: "unknown field '\(member.key)' ignored"))
      }
    }
    return members
  }

  func array(_ value: JSONValue?, at path: JSONPath) throws(InterchangeError) -> [JSONValue] {
    guard case .array(let elements)? = value else {
      throw mismatch(expected: "an array", found: value, at: path)
    }
    return elements
  }

  func string(_ value: JSONValue?, at path: JSONPath) throws(InterchangeError) -> String {
    guard case .string(let string)? = value else {
      throw mismatch(expected: "a string", found: value, at: path)
    }
    return string
  }

  /// A finite number (the parser already refuses others; checked again so documents
  /// built in code are held to the same rule).
  func number(_ value: JSONValue?, at path: JSONPath) throws(InterchangeError) -> Double {
    guard case .number(let number)? = value, number.isFinite else {
      throw mismatch(expected: "a finite number", found: value, at: path)
    }
    return number
  }

  /// A finite number that `isAllowed` accepts; `expected` names the range for the
  /// message, e.g. `a number in (0, 1000]`.
  func number(
    _ value: JSONValue?, at path: JSONPath, expected: String, reason: String? = nil,
    where isAllowed: (Double) -> Bool
  ) throws(InterchangeError) -> Double {
    guard case .number(let number)? = value, number.isFinite, isAllowed(number) else {
      throw mismatch(expected: expected, found: value, at: path, reason: reason)
    }
    return number
  }
}
