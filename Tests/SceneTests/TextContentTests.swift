import Scene
import Testing

/// Greedy line breaking, the single-line width, scaling and field checks of a label's text
/// (formats.md section 2.1), each worked by hand.
@Suite struct TextContentTests {
  private let text = TextContent(words: [60, 80, 70, 90], space: 4, lineHeight: 20)

  @Test func theSingleLineWidthIsTheWordsAndTheSpacesBetweenThem() {
    #expect(text.singleLineWidth == 312, "60 + 80 + 70 + 90 + 3 × 4")
    #expect(TextContent(words: [], lineHeight: 10).singleLineWidth == 0)
    #expect(TextContent(words: [12], lineHeight: 10).singleLineWidth == 12)
  }

  @Test func linesBreakGreedilyWithinAThousandthOfAPoint() {
    // 60 + 4 + 80 = 144; + 4 + 70 = 218; + 4 + 90 = 312.
    #expect(text.lineCount(atWidth: 312) == 1)
    #expect(text.lineCount(atWidth: 311.9995) == 1, "within 0.001 still fits")
    #expect(text.lineCount(atWidth: 311.998) == 2)
    #expect(text.lineCount(atWidth: 218) == 2, "60 80 70 | 90")
    #expect(text.lineCount(atWidth: 164) == 2, "60 80 | 70 90: 70 + 4 + 90 = 164 fits")
    #expect(text.lineCount(atWidth: 160) == 3, "60 80 | 70 | 90: 164 does not fit 160")
  }

  @Test func aWordWiderThanTheLineTakesALineOfItsOwn() {
    #expect(text.lineCount(atWidth: 50) == 4)
    #expect(text.lineCount(atWidth: 0) == 4)
    #expect(TextContent(words: [], lineHeight: 10).lineCount(atWidth: 0) == 1, "an empty text is one line")
  }

  @Test func theLineLimitCapsTheLines() {
    var limited = text
    limited.maxLines = 2
    #expect(limited.lineCount(atWidth: 50) == 2)
    limited.maxLines = 1
    #expect(limited.lineCount(atWidth: 50) == 1)
    #expect(!limited.wraps)
    #expect(text.wraps)
  }

  @Test func scalingMultipliesEveryLengthButTheLimit() {
    let scaled = TextContent(words: [10, 20], space: 4, lineHeight: 20, ascent: 15, maxLines: 3).scaled(by: 1.5)
    #expect(scaled == TextContent(words: [15, 30], space: 6, lineHeight: 30, ascent: 22.5, maxLines: 3))
    #expect(TextContent(words: [10], lineHeight: 20).ascent == 16, "ascent defaults to 0.8 × line height")
  }

  @Test func problemsNameTheField() {
    #expect(TextContent(words: [1, -2], lineHeight: 10).problem?.key == "words")
    #expect(TextContent(words: [1, -2], lineHeight: 10).problem?.index == 1)
    #expect(TextContent(words: [.infinity], lineHeight: 10).problem?.index == 0)
    #expect(TextContent(words: [1], space: -1, lineHeight: 10).problem?.key == "space")
    #expect(TextContent(words: [1], lineHeight: .nan).problem?.key == "lineHeight")
    #expect(TextContent(words: [1], lineHeight: 10, maxLines: -1).problem?.key == "maxLines")
    #expect(text.problem == nil)
  }
}
