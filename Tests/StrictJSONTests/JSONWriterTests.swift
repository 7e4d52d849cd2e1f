import StrictJSON
import Testing

@Suite struct JSONWriterTests {
  @Test(arguments: [
    (320.0, "320"),
    (-0.0, "0"),
    (0.0, "0"),
    (-17.0, "-17"),
    (999_999_999_999_999.0, "999999999999999"),
    (1e15, "1000000000000000.0"),
    (1e16, "1e+16"),
    (-2.5, "-2.5"),
    (0.1, "0.1"),
    (1.0 / 3.0, "0.3333333333333333"),
    (1e-7, "1e-07"),
    (Double.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e+308"),
  ])
  func writesNumbersInTheirShortestForm(number: Double, expected: String) throws {
    #expect(JSONWriter.numberText(number) == expected)
    // Every form must be valid JSON that reads back as the same double.
    #expect(try JSONValue.parse(expected) == .number(number))
  }

  @Test func escapesStringsPerRFC8259() {
    #expect(JSONWriter.quoted("plain") == #""plain""#)
    #expect(JSONWriter.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(JSONWriter.quoted("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
    #expect(JSONWriter.quoted("\u{00}\u{1F}\u{7F}") == "\"\\u0000\\u001F\u{7F}\"")
    #expect(JSONWriter.quoted("é😀/") == "\"é😀/\"")
  }

  @Test func writesOneLineByDefault() {
    let value = JSONValue.object([
      ("b", .array([.number(1), .null, .bool(true)])), ("a", .object([("x", .string("y"))])),
    ])
    #expect(value.jsonText() == #"{"b": [1, null, true], "a": {"x": "y"}}"#)
    #expect(JSONValue.array([]).jsonText() == "[]")
    #expect(JSONValue.object([]).jsonText() == "{}")
  }

  @Test func entryPerLinePutsTopLevelMembersAndTheirElementsOnLines() {
    let value = JSONValue.object([
      ("format", .string("f")),
      ("items", .array([.object([("id", .string("a")), ("n", .array([.number(1), .number(2)]))]), .number(2)])),
      ("empty", .array([])),
      ("nested", .object([("k", .number(1))])),
    ])
    #expect(
      value.jsonText(layout: .entryPerLine) == """
        {
          "format": "f",
          "items": [
            {"id": "a", "n": [1, 2]},
            2
          ],
          "empty": [],
          "nested": {"k": 1}
        }
        """)
  }

  @Test func writtenTextParsesBackToTheSameValue() throws {
    let value = JSONValue.object([
      ("strings", .array(["", "quote\" backslash\\ slash/", "\u{00}\u{01}\u{1F}\n\t", "é€😀", "root.title0.left"].map(JSONValue.string))),
      ("numbers", .array([0, -0.0, 1, -1, 0.1, 1e-300, 1e300, 123.456, 1e15, 999_999_999_999_999, 2.5e-8].map(JSONValue.number))),
      ("literals", .array([.null, .bool(true), .bool(false)])),
      ("nested", .object([("a b", .object([("", .array([.array([])]))]))])),
    ])
    for layout in [JSONWriter.Layout.singleLine, .entryPerLine] {
      #expect(try JSONValue.parse(value.jsonText(layout: layout)) == value)
    }
  }
}
