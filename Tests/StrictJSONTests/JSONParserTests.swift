import StrictJSON
import Testing

/// The syntax error `text` gives, as `bench` prints it, or nil when it parses.
private func syntaxError(_ text: String) -> String? {
  syntaxError(utf8: Array(text.utf8))
}

private func syntaxError(utf8 bytes: [UInt8]) -> String? {
  do {
    _ = try JSONValue.parse(utf8: bytes, file: "t.json")
    return nil
  } catch {
    guard case .syntax = error else { return "not a syntax error: \(error)" }
    return error.description
  }
}

@Suite struct JSONParserTests {
  @Test func parsesEveryKindOfValue() throws {
    let value = try JSONValue.parse(#" {"a": [1, -2.5, 1e3, true, false, null, "s"], "b": {}, "c": []} "#)
    let expected = JSONValue.object([
      ("a", .array([.number(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null, .string("s")])),
      ("b", .object([])),
      ("c", .array([])),
    ])
    #expect(value == expected)
  }

  @Test func keepsObjectKeysInFileOrder() throws {
    let value = try JSONValue.parse(#"{"z": 1, "a": 2, "m": 3}"#)
    guard case .object(let members) = value else {
      Issue.record("expected an object, got \(value)")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m"])
    #expect(value["a"] == .number(2))
    #expect(value["missing"] == nil)
  }

  @Test func objectEqualityIsOrderSensitive() throws {
    #expect(try JSONValue.parse(#"{"a": 1, "b": 2}"#) != JSONValue.parse(#"{"b": 2, "a": 1}"#))
  }

  @Test(arguments: [
    ("", "t.json:1:1: expected a JSON value, found end of input"),
    ("   \n  ", "t.json:2:3: expected a JSON value, found end of input"),
    (#"{"a": 1,}"#, "t.json:1:9: expected a string key after ',', found '}' (trailing commas are not allowed)"),
    ("[1, 2,]", "t.json:1:7: expected a JSON value after ',', found ']' (trailing commas are not allowed)"),
    (#"{"a": 1 "b": 2}"#, #"t.json:1:9: expected ',' or '}' after object member, found '"'"#),
    (#"{"a": 1"#, "t.json:1:8: expected ',' or '}' after object member, found end of input"),
    ("[1 2]", "t.json:1:4: expected ',' or ']' after array element, found '2'"),
    ("[1", "t.json:1:3: expected ',' or ']' after array element, found end of input"),
    (#"{"a" 1}"#, "t.json:1:6: expected ':' after object key, found '1'"),
    ("{1: 2}", "t.json:1:2: expected a string key or '}', found '1'"),
    ("{a: 2}", "t.json:1:2: expected a string key or '}', found 'a'"),
    (#""abc"#, "t.json:1:1: unterminated string"),
    ("[\"abc\ndef\"]", "t.json:1:2: unterminated string (a line break inside a string must be written \\n)"),
    ("{\n  \"a\": \"x\ty\"\n}", "t.json:2:10: control character U+0009 must be escaped in a string"),
    (#""a\qb""#, #"t.json:1:3: invalid escape '\q' in string"#),
    (#""\u12G4""#, #"t.json:1:2: expected 4 hex digits after '\u'"#),
    (#""\u12"#, #"t.json:1:2: expected 4 hex digits after '\u'"#),
    (#""\uD800""#, #"t.json:1:2: unpaired surrogate \uD800 in string"#),
    (#""x\uD83D\u0041""#, #"t.json:1:3: unpaired surrogate \uD83D in string"#),
    (#""\uDC00""#, #"t.json:1:2: unpaired surrogate \uDC00 in string"#),
    ("[NaN]", "t.json:1:2: NaN is not valid JSON: numbers must be finite"),
    ("Infinity", "t.json:1:1: Infinity is not valid JSON: numbers must be finite"),
    (#"{"a": -Infinity}"#, "t.json:1:7: -Infinity is not valid JSON: numbers must be finite"),
    ("1e400", "t.json:1:1: number 1e400 is out of range"),
    ("[0, -1.5e999]", "t.json:1:5: number -1.5e999 is out of range"),
    ("01", "t.json:1:1: leading zeros are not allowed in numbers"),
    ("-01", "t.json:1:1: leading zeros are not allowed in numbers"),
    ("1.", "t.json:1:3: expected a digit after '.', found end of input"),
    ("1.e5", "t.json:1:3: expected a digit after '.', found 'e'"),
    ("1e+", "t.json:1:4: expected a digit after the exponent's 'e', found end of input"),
    ("-", "t.json:1:2: expected a digit after '-', found end of input"),
    ("-x", "t.json:1:2: expected a digit after '-', found 'x'"),
    ("+1", "t.json:1:1: expected a JSON value, found '+'"),
    (".5", "t.json:1:1: expected a JSON value, found '.'"),
    ("{} x", "t.json:1:4: expected end of input after the JSON value, found 'x'"),
    ("1 2", "t.json:1:3: expected end of input after the JSON value, found '2'"),
    ("tru", "t.json:1:1: expected a JSON value, found 'tru'"),
    ("True", "t.json:1:1: expected a JSON value, found 'True'"),
    ("// note\n{}", "t.json:1:1: comments are not allowed in JSON"),
    ("['a']", "t.json:1:2: strings must use double quotes"),
    ("\u{01}", "t.json:1:1: expected a JSON value, found U+0001"),
    ("{\n  \"é\": x}", "t.json:2:8: expected a JSON value, found 'x'"),
    ("{\r\n  x}", "t.json:2:3: expected a string key or '}', found 'x'"),
    ("[é]", "t.json:1:2: expected a JSON value, found 'é'"),
  ])
  func reportsSyntaxErrorsWithLineAndColumn(text: String, expected: String) {
    #expect(syntaxError(text) == expected)
  }

  @Test func rejectsDuplicateKeysNamingKeyAndPath() {
    #expect(
      syntaxError(#"{"steps": [{"suggest": {"W": 1, "W": 2}}]}"#)
        == "t.json:1:33: duplicate key 'W' at steps[0].suggest.W; keys must be unique within an object")
    #expect(
      syntaxError("{\"a\": 1,\n \"a\": 2}")
        == "t.json:2:2: duplicate key 'a' at a; keys must be unique within an object")
  }

  @Test func rejectsDuplicateKeysInLargeObjects() {
    // Past 16 members the parser switches from a scan to a set; both must catch repeats.
    let members = (0..<40).map { "\"k\($0)\": \($0)" }
    #expect(syntaxError("{" + members.joined(separator: ", ") + "}") == nil)
    let withRepeat = members + ["\"k3\": 0"]
    let text = "{" + withRepeat.joined(separator: ", ") + "}"
    let error = syntaxError(text)
    #expect(error?.hasSuffix("duplicate key 'k3' at k3; keys must be unique within an object") == true)
  }

  @Test func rejectsInvalidUTF8() {
    #expect(syntaxError(utf8: [0x22, 0xFF, 0x22]) == "t.json:1:2: invalid UTF-8 byte 0xFF in string")
    // Overlong encoding of '/', a UTF-16 surrogate encoded in UTF-8, a truncated sequence.
    #expect(syntaxError(utf8: [0x22, 0xC0, 0xAF, 0x22]) == "t.json:1:2: invalid UTF-8 byte 0xC0 in string")
    #expect(syntaxError(utf8: [0x22, 0xED, 0xA0, 0x80, 0x22]) == "t.json:1:2: invalid UTF-8 byte 0xED in string")
    #expect(syntaxError(utf8: [0x22, 0x61, 0xE2, 0x82]) == "t.json:1:3: invalid UTF-8 byte 0xE2 in string")
    #expect(syntaxError(utf8: [0x5B, 0xFF, 0x5D]) == "t.json:1:2: expected a JSON value, found byte 0xFF")
  }

  @Test func acceptsValidMultibyteUTF8() throws {
    #expect(try JSONValue.parse(#"["é", "€", "😀", "root.title0.left"]"#)
      == .array([.string("é"), .string("€"), .string("😀"), .string("root.title0.left")]))
  }

  @Test func skipsALeadingByteOrderMark() throws {
    #expect(try JSONValue.parse(utf8: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    #expect(syntaxError(utf8: [0xEF, 0xBB, 0xBF] + Array("[x]".utf8)) == "t.json:1:2: expected a JSON value, found 'x'")
  }

  @Test func decodesEscapes() throws {
    let value = try JSONValue.parse(#""\u00e9\uD83D\uDE00\n\t\r\b\f\"\\\/\u0000 plain""#)
    #expect(value == .string("é😀\n\t\r\u{08}\u{0C}\"\\/\u{00} plain"))
    #expect(try JSONValue.parse(#""\u20AC""#) == .string("€"))
  }

  @Test func parsesNumbers() throws {
    func number(_ text: String) throws -> Double? {
      guard case .number(let value) = try JSONValue.parse(text) else { return nil }
      return value
    }
    #expect(try number("0") == 0)
    #expect(try number("-12") == -12)
    #expect(try number("1E2") == 100)
    #expect(try number("1.5e-3") == 0.0015)
    #expect(try number("0.1") == 0.1)
    #expect(try number("-2.5E+2") == -250)
    #expect(try number("123456789012345") == 123_456_789_012_345)
    // Past 15 digits the standard library rounds correctly: 2^53 + 1 rounds to even.
    #expect(try number("9007199254740993") == 9_007_199_254_740_992)
    #expect(try number("123456789012345678901234567890") == 1.2345678901234568e29)
    #expect(try number("1.7976931348623157e308") == .greatestFiniteMagnitude)
    // Underflow is not out of range: the nearest double is zero.
    #expect(try number("1e-400") == 0)
    let negativeZero = try #require(try number("-0"))
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
  }

  @Test func limitsNestingDepth() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(syntaxError(deepest) == nil)
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(syntaxError(tooDeep) == "t.json:1:513: nesting is deeper than 512 levels")
    let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
    #expect(syntaxError(objects) == "t.json:1:2561: nesting is deeper than 512 levels")
    // Far deeper input must fail the same way, not overflow the stack.
    let huge = String(repeating: "[", count: 100_000)
    #expect(syntaxError(huge) == "t.json:1:513: nesting is deeper than 512 levels")
  }

  @Test func defaultFileNameAppearsInErrors() {
    #expect(throws: JSONError.syntax(file: "<input>", line: 1, column: 2, message: "expected a JSON value, found ','")) {
      try JSONValue.parse("[,]")
    }
  }
}
