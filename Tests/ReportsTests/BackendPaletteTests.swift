import Foundation
import Reports
import Testing

struct BackendPaletteTests {
  @Test func aNamedBackendHasItsColourWhateverTheOrder() {
    for backends in [["cassowary", "dense-simplex", "springs-struts"], ["springs-struts", "kiwisolver", "cassowary"]] {
      let palette = BackendPalette(backends: backends)
      for backend in backends { #expect(palette.style(for: backend).colour == BackendPalette.named[backend]) }
    }
    #expect(BackendPalette(backends: ["kiwisolver"]).style(for: "kiwisolver").colour == "#CC79A7")
  }

  @Test func unknownBackendsTakeTheFallbackColoursInNameOrder() {
    let palette = BackendPalette(backends: ["zeta", "cassowary", "alpha"])
    #expect(palette.style(for: "alpha").colour == BackendPalette.fallback[0])
    #expect(palette.style(for: "zeta").colour == BackendPalette.fallback[1])
    #expect(palette.style(for: "cassowary").colour == "#0072B2")
  }

  /// One variant: a quarter of the way to white; two: a sixth and a third, in name order.
  @Test func aVariantIsALighterShadeOfItsBase() {
    #expect(BackendPalette.base(of: "cassowary:core") == "cassowary")
    #expect(BackendPalette.base(of: "cassowary") == "cassowary")
    #expect(BackendPalette.lighter("#0072B2", by: 0.25) == "#4095C5")
    let one = BackendPalette(backends: ["cassowary", "cassowary:core"])
    #expect(one.style(for: "cassowary:core").colour == "#4095C5")
    let two = BackendPalette(backends: ["cassowary:tuned", "cassowary:core", "cassowary"])
    #expect(two.style(for: "cassowary:core").colour == BackendPalette.lighter("#0072B2", by: 0.5 / 3))
    #expect(two.style(for: "cassowary:tuned").colour == BackendPalette.lighter("#0072B2", by: 1.0 / 3))
    #expect(two.style(for: "cassowary").colour == "#0072B2")
    // A variant of an unknown base is a shade of that base's fallback colour.
    #expect(BackendPalette(backends: ["peer:x"]).style(for: "peer:x").colour == BackendPalette.lighter("#E69F00", by: 0.25))
  }

  @Test func markersFollowTheSuitesOrder() {
    let palette = BackendPalette(backends: ["a", "b"])
    #expect(palette.style(for: "a").marker == .circle)
    #expect(palette.style(for: "b").marker == .square)
    #expect(palette.style(for: "c").marker == .triangle)
  }

  /// The table as a notebook reads it: every `"name": "#rrggbb"` line of the source file,
  /// and the fallback list's colours.
  @Test func theSourceFileHoldsTheTableAsAPlainLiteral() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Reports/BackendPalette.swift")
    let text = try String(contentsOf: source, encoding: .utf8)
    var parsed: [String: String] = [:]
    for match in text.matches(of: /^\s*"([^"]+)": "(#[0-9A-Fa-f]{6})",?$/.anchorsMatchLineEndings()) {
      parsed[String(match.1)] = String(match.2)
    }
    #expect(parsed == BackendPalette.named)
    let fallbackLine = try #require(text.split(separator: "\n").first { $0.contains("static let fallback = [") })
    #expect(fallbackLine.matches(of: /#[0-9A-Fa-f]{6}/).map { String($0.output) } == BackendPalette.fallback)
  }
}
