/// A label's text as layout sees it (formats.md section 2.1, docs/scene-semantics.md
/// "Text"): the advances of its words, the space between words, the line height, the
/// first baseline's offset and a line limit. No glyphs, no fonts: a word is its width.
public struct TextContent: Hashable, Sendable {
  /// Each word's advance in points, finite and >= 0, in reading order.
  public var words: [Double]
  public var space: Double
  public var lineHeight: Double
  /// The first baseline's offset from the top.
  public var ascent: Double
  /// 0: unlimited; 1: a single line.
  public var maxLines: Int

  /// `ascent` defaults to 0.8 × `lineHeight`, as formats.md gives it.
  public init(words: [Double], space: Double = 4, lineHeight: Double, ascent: Double? = nil, maxLines: Int = 0) {
    self.words = words
    self.space = space
    self.lineHeight = lineHeight
    self.ascent = ascent ?? 0.8 * lineHeight
    self.maxLines = maxLines
  }

  /// Every length multiplied by `scale` (Dynamic Type's `setTextScale`). O(words).
  public func scaled(by scale: Double) -> TextContent {
    guard scale != 1 else { return self }
    return TextContent(
      words: words.map { $0 * scale }, space: space * scale, lineHeight: lineHeight * scale, ascent: ascent * scale,
      maxLines: maxLines)
  }

  /// The width of the text on one line: the words and the spaces between them. O(words).
  public var singleLineWidth: Double {
    guard !words.isEmpty else { return 0 }
    return words.reduce(0, +) + space * Double(words.count - 1)
  }

  /// Whether the text may take more than one line (`maxLines` ≠ 1): such a label counts as
  /// `wrapsText` in a stack.
  public var wraps: Bool { maxLines != 1 }

  /// Lines the greedy rule gives at `width`: a word starts a new line when the line's
  /// width plus a space and the word exceeds `width + 0.001`; a word wider than the width
  /// takes a line of its own. Capped by `maxLines`; an empty text is one line.
  /// O(words), no allocation.
  public func lineCount(atWidth width: Double) -> Int {
    var lines = 1
    var lineWidth = -1.0  // below zero: the line is empty
    for advance in words {
      if lineWidth < 0 {
        lineWidth = advance
      } else if lineWidth + space + advance > width + 0.001 {
        lines += 1
        lineWidth = advance
      } else {
        lineWidth += space + advance
      }
    }
    return maxLines > 0 ? min(lines, maxLines) : lines
  }

  /// The first problem with the fields, or nil: non-finite or negative advances, space,
  /// line height or ascent, or a negative line limit. Named by its key in the text object
  /// (`words[3]`, `lineHeight`). O(words).
  public var problem: (key: String, index: Int?, message: String)? {
    for (k, advance) in words.enumerated() where !(advance.isFinite && advance >= 0) {
      return ("words", k, "expected a finite advance >= 0, found \(advance)")
    }
    for (key, value) in [("space", space), ("lineHeight", lineHeight), ("ascent", ascent)]
    where !(value.isFinite && value >= 0) {
      return (key, nil, "expected a finite number >= 0, found \(value)")
    }
    if maxLines < 0 { return ("maxLines", nil, "expected a line limit >= 0, found \(maxLines)") }
    return nil
  }
}
