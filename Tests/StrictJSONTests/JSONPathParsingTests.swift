import StrictJSON
import Testing

@Suite struct JSONPathParsingTests {
  private static let paths: [JSONPath] = [
    .root,
    JSONPath([.key("views"), .index(3), .key("stack"), .key("distribution")]),
    JSONPath([.key("steps"), .index(12), .key("addViews"), .index(0), .key("id")]),
    JSONPath([.key("terms"), .key("root.title0.left")]),
    JSONPath([.index(2), .key("_x$1")]),
    JSONPath([.key("x"), .key("")]),
    JSONPath([.key("x"), .key("say \"hi\" \\ [0].y")]),
    JSONPath([.key("x"), .key("tab\there\u{1}")]),
    JSONPath([.key("é"), .key("9lives"), .index(0), .index(12)]),
  ]

  @Test(arguments: paths)
  func readsBackWhatItRenders(path: JSONPath) {
    #expect(JSONPath(rendered: path.description) == path)
  }

  @Test func readsScenesRenderings() {
    // Scene writes non-ASCII letters as `.key` and escapes only `"` and `\` in brackets.
    #expect(JSONPath(rendered: "views[1].stack.customSpacing.é") == JSONPath([.key("views"), .index(1), .key("stack"), .key("customSpacing"), .key("é")]))
    #expect(JSONPath(rendered: #"steps[0].setHidden["a.b \"c\""]"#) == JSONPath([.key("steps"), .index(0), .key("setHidden"), .key(#"a.b "c""#)]))
    #expect(JSONPath(rendered: "") == .root)
    #expect(JSONPath(rendered: "views") == JSONPath([.key("views")]))
  }

  @Test func keepsTextThatIsNotAPathAsAKeyInsteadOfFailing() {
    #expect(JSONPath(rendered: "views[") == JSONPath([.key("views"), .key("[")]))
    #expect(JSONPath(rendered: "views[x]") == JSONPath([.key("views"), .key("[x]")]))
    #expect(JSONPath(rendered: #"a["open"#) == JSONPath([.key("a"), .key(#"["open"#)]))
    #expect(JSONPath(rendered: "a[99999999999999999999999]") == JSONPath([.key("a"), .key("[99999999999999999999999]")]))
    #expect(JSONPath(rendered: #"a["bad \q"]"#) == JSONPath([.key("a"), .key(#"["bad \q"]"#)]))
  }
}
