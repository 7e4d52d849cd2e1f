import BenchCore
import Testing

struct NamePatternTests {
  static func matches(_ pattern: String, _ name: String) throws -> Bool {
    try NamePattern(pattern).matches(name)
  }

  @Test(arguments: [
    ("stack.fill.*", "stack.fill.horizontal", true),
    ("stack.fill.*", "stack.fill.", true),
    ("stack.fill.*", "stack.fillEqually.vertical", false),
    ("stack.*.vertical", "stack.fillEqually.vertical", true),
    ("stack.*.vertical", "stack.fill.horizontal", false),
    ("*", "", true),
    ("*", "anything.at.all", true),
    ("", "", true),
    ("", "a", false),
    ("enaml", "enaml", true),
    ("enaml", "Enaml", false),
    ("enaml", "enamlx", false),
    ("deep.*.*", "deep.chain.constraints", true),
    ("*chain*", "deep.chain.constraints", true),
    ("**a", "bba", true),
    ("*a*a", "banana", true),
    ("*a*a", "banan", false),
  ])
  func starsMatchAnyRunLiteralsThemselves(pattern: String, name: String, expected: Bool) throws {
    #expect(try Self.matches(pattern, name) == expected)
  }

  @Test(arguments: [
    ("deep.tree.?onstraints", "deep.tree.constraints", true),
    ("deep.tree.?onstraints", "deep.tree.onstraints", false),
    ("??", "ab", true),
    ("stack?fill*", "stack.fill.vertical", true),
    ("??", "abc", false),
    ("examples.[abd]?-*", "examples.b1-pin-edges", true),
    ("examples.[abd]?-*", "examples.e6-deactivate-then-activate", false),
    ("examples.[a-d]*", "examples.d7-animating-stack", true),
    ("examples.[a-d]*", "examples.nest-dynamic-type", false),
    ("examples.[!a-d]*", "examples.nest-dynamic-type", true),
    ("examples.[^a-d]*", "examples.b1-pin-edges", false),
    ("[]]x", "]x", true),
    ("[a-]", "-", true),
    ("a\\*", "a*", true),
    ("a\\*", "ab", false),
    ("[\\]]", "]", true),
  ])
  func questionMarksAndSetsMatchOneCharacter(pattern: String, name: String, expected: Bool) throws {
    #expect(try Self.matches(pattern, name) == expected)
  }

  @Test func literalPatternsAreRecognised() throws {
    #expect(try NamePattern("stack.fill.horizontal").isLiteral)
    #expect(try NamePattern("a\\*").isLiteral)
    #expect(try !NamePattern("stack.*").isLiteral)
    #expect(try !NamePattern("stack.[ab]").isLiteral)
  }

  @Test(arguments: [
    ("stack.[fill", 7, "'[' has no closing ']'"),
    ("x[]", 2, "'[' has no closing ']'"),
    ("[z-a]", 2, "the range 'z-a' runs backwards"),
    ("stack\\", 6, "'\\' has no character after it"),
  ])
  func unreadablePatternsNameTheCharacter(pattern: String, position: Int, message: String) {
    #expect {
      try NamePattern(pattern)
    } throws: { error in
      guard let invalid = error as? NamePattern.Invalid else { return false }
      return invalid.position == position && invalid.message.hasPrefix(message)
        && invalid.description.hasPrefix("pattern '\(pattern)', character \(position): ")
    }
  }

  @Test func selectKeepsTheNamesOrderAndEachOnce() throws {
    let patterns = try ["b*", "*a"].map(NamePattern.init)
    #expect(NamePattern.select(patterns, from: ["ba", "a", "c", "bb"]) == ["ba", "a", "bb"])
  }
}
