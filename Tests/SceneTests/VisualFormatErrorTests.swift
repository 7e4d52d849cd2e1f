import Scene
import Testing

/// The error `format` gives, or nil when it parses.
private func failure(_ format: String) -> VFLError? {
  do {
    _ = try VisualFormat.parse(format)
    return nil
  } catch {
    return error
  }
}

private let viewInConnection =
  "view names are not allowed in a connection's predicate ('b' is a view; compare views in a "
  + "view's own list, as in [a(==b)]); use a number"

@Suite struct VisualFormatErrorTests {
  @Test(arguments: [
    // Empty, missing views.
    ("", 0, "the format is empty; it needs at least one view, as in [a]"),
    ("H:", 2, "expected '|' or '[' after 'H:', found the end of the format"),
    ("|", 1, "expected '-' or '[' after '|', found the end of the format"),
    ("|-", 2, "expected a number, '(', '[' or '|' after '-', found the end of the format"),
    ("||", 1, "expected a view ('[') before the closing '|'; a format needs at least one view"),
    ("|-|", 2, "expected a view ('[') before the closing '|'; a format needs at least one view"),
    ("H:|-8-|", 6, "expected a view ('[') before the closing '|'; a format needs at least one view"),
    ("|-8-", 4, "expected '[' (a view) after the connection, found the end of the format"),
    ("-[a]", 0, "expected '|' or '[' at the start of the format, found '-'"),
    ("a", 0, "expected '|' or '[' at the start of the format, found 'a'"),
    ("V:a", 2, "expected '|' or '[' after 'V:', found 'a'"),
    // Views.
    ("[]", 1, "expected a view name after '[', found ']'"),
    ("[(50)]", 1, "expected a view name after '[', found '('"),
    ("[1a]", 1, "expected a view name after '[' (view names start with a letter or '_'), found '1'"),
    ("[a", 2, "expected ']' to close the view started at character 0, found the end of the format"),
    ("[a][b", 5, "expected ']' to close the view started at character 3, found the end of the format"),
    ("[a(50)", 6, "expected ']' to close the view started at character 0, found the end of the format"),
    ("[a[b]]", 2, "expected ']' to close the view started at character 0, found '['"),
    ("H:|-[ab,c]", 7, "expected ']' to close the view started at character 4, found ','"),
    // Predicate lists.
    ("H:[a(50]", 7, "expected ',' or ')' to close the predicate list started at character 4, found ']'"),
    ("[a]-(8-[b]", 6, "expected ',' or ')' to close the predicate list started at character 4, found '-'"),
    ("[a(50,)]", 6, "expected a predicate (a number or a view name, optionally after ==, <= or >=), found ')'"),
    ("[a()]", 3, "expected a predicate (a number or a view name, optionally after ==, <= or >=), found ')'"),
    ("[a]-()-[b]", 5, "expected a predicate (a number, optionally after ==, <= or >=), found ')'"),
    ("[a(@750)]", 3, "expected a predicate (a number or a view name, optionally after ==, <= or >=), found '@'"),
    // Relations with no object, and relations that are not relations.
    ("[a(>=)]", 5, "expected a number or a view name after '>=', found ')'"),
    ("[a(==@750)]", 5, "expected a number or a view name after '==', found '@'"),
    ("[a]-(<=)-[b]", 7, "expected a number after '<=', found ')'"),
    ("[a(=50)]", 3, "'=' is not a relation; use ==, <= or >="),
    ("[a(<50)]", 3, "'<' is not a relation; use ==, <= or >="),
    ("[a]-(>8)-[b]", 5, "'>' is not a relation; use ==, <= or >="),
    // Priorities.
    ("[a(50@0)]", 6, "priority 0 is outside [1, 1000]"),
    ("[a(50@1001)]", 6, "priority 1001 is outside [1, 1000]"),
    ("[a(50@-5)]", 6, "priority -5 is outside [1, 1000]"),
    ("[a(50@0.5)]", 6, "priority 0.5 is outside [1, 1000]"),
    ("[a]-(8@high)-[b]", 7, "metrics are not supported here; use a number in [1, 1000]"),
    ("[a(50@)]", 6, "expected a priority (a number in [1, 1000]) after '@', found ')'"),
    ("[a(50@@1)]", 6, "expected a priority (a number in [1, 1000]) after '@', found '@'"),
    // Metrics and view names where a number is needed.
    ("|-padding-[a]", 2, "metrics are not supported here; use a number"),
    ("|-(padding)-[a]", 3, "metrics are not supported here; use a number"),
    ("[a]-(>=spacing@750)-[b]", 7, "metrics are not supported here; use a number"),
    ("[a]-(b)-[b]", 5, viewInConnection),
    ("[b]-(>=b)-[c]", 7, viewInConnection),
    ("[a]-b-[b(20)]", 4, viewInConnection),
    // Numbers.
    ("[a(5.)]", 5, "expected a digit after the decimal point, found ')'"),
    ("[a]-8.-[b]", 6, "expected a digit after the decimal point, found '-'"),
    ("[a(.5)]", 3, "expected a predicate (a number or a view name, optionally after ==, <= or >=), found '.'"),
    ("[a(5.5.5)]", 6, "expected ',' or ')' to close the predicate list started at character 2, found '.'"),
    ("[a(-b)]", 3, "expected a predicate (a number or a view name, optionally after ==, <= or >=), found '-'"),
    // Connections.
    ("[a]--[b]", 4, "expected a number, '(', '[' or '|' after '-', found '-'"),
    ("[a]-8[b]", 5, "expected '-' to end the connection started at character 3, found '['"),
    ("[a]-(8)[b]", 7, "expected '-' to end the connection started at character 3, found '['"),
    ("[a]-8-", 6, "expected '[' (a view) or '|' after the connection, found the end of the format"),
    ("[a]-8-x", 6, "expected '[' (a view) or '|' after the connection, found 'x'"),
    // Trailing characters.
    ("[a]x", 3, "expected '-', '[', '|' or the end of the format after the view 'a', found 'x'"),
    ("[a]]", 3, "expected '-', '[', '|' or the end of the format after the view 'a', found ']'"),
    ("[a]|x", 4, "expected the end of the format after the closing '|', found 'x'"),
    ("[a]-|[b]", 5, "expected the end of the format after the closing '|', found '['"),
    ("[a]||", 4, "expected the end of the format after the closing '|', found '|'"),
    // Orientation.
    ("H:H:[a]", 2, "the orientation is given twice; 'H:' at character 0 already gives it"),
    ("V:H:[a]", 2, "the orientation is given twice; 'V:' at character 0 already gives it"),
    ("V:X:[a]", 2, "the orientation is given twice; 'V:' at character 0 already gives it"),
    ("X:[a]", 0, "unknown orientation 'X:'; use 'H:' or 'V:' (or none for H)"),
    ("h:[a]", 0, "unknown orientation 'h:'; use 'H:' or 'V:' (or none for H)"),
    ("Horizontal:[a]", 0, "unknown orientation 'Horizontal:'; use 'H:' or 'V:' (or none for H)"),
    (":[a]", 0, "expected '|' or '[' at the start of the format, found ':'"),
    ("[a]:", 3, "expected '-', '[', '|' or the end of the format after the view 'a', found ':'"),
    // Whitespace, anywhere.
    (" [a]", 0, "whitespace is not allowed in a visual format; expected '|' or '[' at the start of the format"),
    ("H: [a]", 2, "whitespace is not allowed in a visual format; expected '|' or '[' after 'H:'"),
    ("[a] - [b]", 3, "whitespace is not allowed in a visual format; expected '-', '[', '|' or the end of the format after the view 'a'"),
    ("[a ]", 2, "whitespace is not allowed in a visual format; expected ']' to close the view started at character 0"),
    ("[ a]", 1, "whitespace is not allowed in a visual format; expected a view name after '['"),
    ("[a(50, 60)]", 6, "whitespace is not allowed in a visual format; expected a predicate (a number or a view name, optionally after ==, <= or >=)"),
    ("[a(50 )]", 5, "whitespace is not allowed in a visual format; expected ',' or ')' to close the predicate list started at character 2"),
    ("[a(50@ 750)]", 6, "whitespace is not allowed in a visual format; expected a priority (a number in [1, 1000]) after '@'"),
    ("[a]\t[b]", 3, "whitespace is not allowed in a visual format; expected '-', '[', '|' or the end of the format after the view 'a'"),
    ("[a]|\r\n", 4, "whitespace is not allowed in a visual format; expected the end of the format after the closing '|'"),
    // Characters outside ASCII count as one offset each, however many scalars they hold.
    ("[e\u{301}]", 1, "expected a view name after '[', found 'e\u{301}'"),
    ("[ab]e\u{301}x", 4, "expected '-', '[', '|' or the end of the format after the view 'ab', found 'e\u{301}'"),
    ("H:[a]-[b]🙂", 9, "expected '-', '[', '|' or the end of the format after the view 'b', found '🙂'"),
    ("[a]\u{0}", 3, "expected '-', '[', '|' or the end of the format after the view 'a', found U+0000"),
  ])
  func reportsTheOffendingCharacter(format: String, offset: Int, message: String) throws {
    let error = try #require(failure(format))
    #expect(error.offset == offset)
    #expect(error.message == message)
    #expect(error.format == format)
  }

  @Test func aNumberTooLargeForADouble() throws {
    let digits = String(repeating: "9", count: 400)
    let error = try #require(failure("[a(\(digits))]"))
    #expect(error.offset == 3)
    #expect(error.message == "the number \(digits) is too large")
  }

  @Test func descriptionQuotesTheFormatWithACaret() throws {
    let error = try #require(failure("H:|-[ab,c]"))
    #expect(
      error.description == """
        character 7: expected ']' to close the view started at character 4, found ','
          H:|-[ab,c]
                 ^
        """)
  }

  @Test func descriptionPointsPastTheEndWhenTheFormatStopsShort() throws {
    let error = try #require(failure("[a]-8-"))
    #expect(error.description.hasSuffix("\n  [a]-8-\n        ^"))
  }

  @Test func descriptionKeepsTheQuoteOnOneLine() throws {
    // A tab or newline in the quote would move the caret off its character.
    let error = try #require(failure("[a]\n[b]"))
    #expect(error.offset == 3)
    #expect(error.description.hasSuffix("\n  [a] [b]\n     ^"))
  }
}
