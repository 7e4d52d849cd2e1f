import StrictJSON
import Testing

@Suite struct JSONPathTests {
  @Test func rendersKeysAndIndexes() {
    #expect(JSONPath.root.description == "(top level)")
    #expect(JSONPath.root.appending("constraints").appending(3).appending("priority").description == "constraints[3].priority")
    #expect(JSONPath.root.appending("steps").appending(0).appending("suggest").appending("W").description == "steps[0].suggest.W")
    #expect(JSONPath.root.appending(2).appending("_x$1").description == "[2]._x$1")
  }

  @Test func bracketsKeysThatAreNotIdentifiers() {
    #expect(JSONPath.root.appending("a b").description == #"["a b"]"#)
    #expect(JSONPath.root.appending("terms").appending("root.title0.left").description == #"terms["root.title0.left"]"#)
    #expect(JSONPath.root.appending("x").appending("9lives").description == #"x["9lives"]"#)
    #expect(JSONPath.root.appending("x").appending("").description == #"x[""]"#)
    #expect(JSONPath.root.appending("x").appending("say \"hi\"").description == #"x["say \"hi\""]"#)
    #expect(JSONPath.root.appending("é").description == #"["é"]"#)
  }
}
