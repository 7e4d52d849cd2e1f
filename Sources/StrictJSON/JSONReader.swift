/// Reads typed fields out of parsed JSON for a document decoder. Every failure becomes an
/// ``JSONError/invalidDocument(file:path:message:)`` that names the file, the path
/// and what was expected and found; every unknown field becomes a ``Warning``.
public struct JSONReader {
  public let file: String
  public private(set) var warnings: [Warning] = []

  public init(file: String) {
    self.file = file
  }

  /// The value of the member named `key`, or nil. O(members).
  public static func member(_ key: String, of members: [(key: String, value: JSONValue)]) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  public func invalid(_ message: String, at path: JSONPath) -> JSONError {
    .invalidDocument(file: file, path: path, message: message)
  }

  /// "expected X, found Y[; reason]", or for a missing field (`found` nil)
  /// "missing required field 'k'; expected X".
  public func mismatch(
    expected: String, found: JSONValue?, at path: JSONPath, reason: String? = nil
  ) -> JSONError {
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
  public static func describe(_ value: JSONValue) -> String {
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
  public mutating func object(
    _ value: JSONValue?, at path: JSONPath, knownKeys: [String]? = nil
  ) throws(JSONError) -> [(key: String, value: JSONValue)] {
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

  public func array(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> [JSONValue] {
    guard case .array(let elements)? = value else {
      throw mismatch(expected: "an array", found: value, at: path)
    }
    return elements
  }

  public func string(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> String {
    guard case .string(let string)? = value else {
      throw mismatch(expected: "a string", found: value, at: path)
    }
    return string
  }

  /// A finite number (the parser already refuses others; checked again so documents
  /// built in code are held to the same rule).
  public func number(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> Double {
    guard case .number(let number)? = value, number.isFinite else {
      throw mismatch(expected: "a finite number", found: value, at: path)
    }
    return number
  }

  /// A finite number that `isAllowed` accepts; `expected` names the range for the
  /// message, e.g. `a number in (0, 1000]`.
  public func number(
    _ value: JSONValue?, at path: JSONPath, expected: String, reason: String? = nil,
    where isAllowed: (Double) -> Bool
  ) throws(JSONError) -> Double {
    guard case .number(let number)? = value, number.isFinite, isAllowed(number) else {
      throw mismatch(expected: expected, found: value, at: path, reason: reason)
    }
    return number
  }
}
