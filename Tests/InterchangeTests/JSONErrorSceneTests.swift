import Interchange
import Scene
import StrictJSON
import Testing

/// A scene's own error as a JSON error at the path the scene names.
@Suite struct JSONErrorSceneTests {
  @Test func aSceneErrorBecomesAnInvalidDocumentAtItsPath() {
    let error = JSONError(SceneError(path: #"views[3].stack.customSpacing["a.b"]"#, "not arranged"), file: "f.json")
    #expect(
      error == .invalidDocument(
        file: "f.json", path: JSONPath([.key("views"), .index(3), .key("stack"), .key("customSpacing"), .key("a.b")]),
        message: "not arranged"))
    #expect(error.description == #"f.json: views[3].stack.customSpacing["a.b"]: not arranged"#)
  }
}
