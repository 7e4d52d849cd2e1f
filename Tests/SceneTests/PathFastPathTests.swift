import Testing
import TestSupport

@testable import Scene

/// The byte-level fast paths of `appending(_:key:)` and `Scene.splitAnchor` must give what
/// the Character-level rules gave: error paths and anchors are part of the output.
@Suite struct PathFastPathTests {

  /// The rule as it was written before the fast path: Unicode properties per Character.
  private func referenceAppending(_ path: String, key: String) -> String {
    let identifierLike = key.first.map { $0.isLetter || $0 == "_" } ?? false
      && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    if identifierLike { return path.isEmpty ? key : path + "." + key }
    var escaped = ""
    for character in key {
      if character == "\"" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return path + "[\"" + escaped + "\"]"
  }

  private func referenceSplit(_ text: String) -> (String, String)? {
    guard let dot = text.lastIndex(of: ".") else { return nil }
    return (String(text[..<dot]), String(text[text.index(after: dot)...]))
  }

  @Test func asciiKeysRenderAsBefore() {
    #expect(appending("steps[3]", key: "setConstant") == "steps[3].setConstant")
    #expect(appending("", key: "views") == "views")
    #expect(appending("a", key: "_x9") == "a._x9")
    #expect(appending("a", key: "9x") == "a[\"9x\"]")
    #expect(appending("a", key: "row.gap") == "a[\"row.gap\"]")
    #expect(appending("a", key: "q\"b\\") == "a[\"q\\\"b\\\\\"]")
    #expect(appending("a", key: "") == "a[\"\"]")
    #expect(appending("a", key: "x$") == "a[\"x$\"]")
    // Bytes beside the letter ranges that a case-folding test could let through.
    for key in ["@", "[", "`", "{", "a@", "a[", "a`", "a{", "a b", "a\r\nb", "a\u{7F}"] {
      #expect(appending("p", key: key) == referenceAppending("p", key: key), "\(key.debugDescription)")
    }
  }

  @Test func nonASCIIKeysKeepTheUnicodeRule() {
    // Letters and numbers beyond ASCII are identifier-like; symbols and marks after a
    // dot are not; a combining mark joins its letter.
    for key in ["é", "naïve", "日本", "x²", "x٣", "٣x", "a→b", "e\u{301}", "\u{301}", "é.x", "a\"ü", "👍"] {
      #expect(appending("p", key: key) == referenceAppending("p", key: key), "\(key.debugDescription)")
    }
    #expect(appending("p", key: "naïve") == "p.naïve")
    #expect(appending("p", key: "a→b") == "p[\"a→b\"]")
  }

  @Test func randomKeysMatchTheReference() {
    let alphabet: [Character] = ["a", "Z", "_", "0", "9", ".", " ", "\"", "\\", "$", "é", "²", "\u{301}", "→", "\r\n"]
    var random = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let length = Int(random.next() % 6)
      let key = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      #expect(appending("p", key: key) == referenceAppending("p", key: key), "\(key.debugDescription)")
      let split = Scene.splitAnchor(key)
      let reference = referenceSplit(key)
      #expect(split?.item == reference?.0 && split?.attribute == reference?.1, "\(key.debugDescription)")
    }
  }

  @Test func anchorsSplitAtTheLastDot() {
    #expect(Scene.splitAnchor("row.3.margins.leading")?.item == "row.3.margins")
    #expect(Scene.splitAnchor("row.3.margins.leading")?.attribute == "leading")
    #expect(Scene.splitAnchor("a.")?.attribute == "")
    #expect(Scene.splitAnchor("noDot") == nil)
    // A combining mark makes `.\u{301}` one Character that is not a dot: the split
    // follows Characters, as before.
    #expect(Scene.splitAnchor("a.b.\u{301}x")?.item == "a")
    #expect(Scene.splitAnchor("é.width")?.item == "é")
  }
}
