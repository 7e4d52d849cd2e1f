import BenchCore
import Interchange
import Scene
import StrictJSON
import Testing

/// A user's scene file as a workload of `bench run --scene`: its name, size, operations
/// and the refusals that come before anything runs.
struct SceneFileTests {
  /// A root and one view; two resizes then a constant change, `operations` as given.
  static func text(operations: String? = nil) -> String {
    """
    {"format": "layoutbench.scene/1", "container": {"width": 100, "height": 200},
     "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
     "constraints": [{"id": "aTop", "first": "a.top", "second": "root.top", "constant": 4}],
     "steps": [{"resizeContainer": {"width": 200, "height": 100}}, {"resizeContainer": {"width": 100, "height": 200}},
               {"setConstant": {"aTop": 8}}]\(operations.map { ", \"operations\": \($0)" } ?? "")}
    """
  }

  static func file(_ path: String = "mine.scene.json", operations: String? = nil) throws -> SceneFile {
    try SceneFile.decode(utf8: Array(text(operations: operations).utf8), path: path).file
  }

  @Test(arguments: [
    ("feed.scene.json", "feed"), ("screens/feed.scene.json", "feed"), ("/tmp/a/feed.json", "feed"),
    ("feed.txt", "feed.txt"), ("feed", "feed"), (".json", ".json"), (".scene.json", ".scene"), ("a.b.json", "a.b"),
  ])
  func theWorkloadIsTheFileNameWithoutItsJSONSuffix(path: String, workload: String) {
    #expect(SceneFile.workloadName(ofPath: path) == workload)
  }

  @Test func theSizeIsTheNumberOfViewsAndTheParametersNameTheFile() throws {
    let file = try Self.file("dir/mine.scene.json")
    #expect(file.workload == "mine")
    #expect(file.size == 2)
    #expect(file.parameters.map { "\($0.key)=\($0.value)" } == ["file=dir/mine.scene.json"])
  }

  /// Without `operations`, each step is an operation whose phase is its kind.
  @Test func withoutOperationsEachStepIsOneOfItsKind() throws {
    let trace = MeasuredTrace(try Self.file().document)
    #expect(trace.operations.map(\.phase) == ["resizeContainer", "resizeContainer", "setConstant"])
    #expect(trace.operations.map(\.steps) == [0..<1, 1..<2, 2..<3])
    #expect(trace.phaseNames == ["build", "firstLayout", "resizeContainer", "setConstant"])
    #expect(try trace.makeScene().views.count == 2)
  }

  @Test func theFilesOperationsGroupTheSteps() throws {
    let file = try Self.file(operations: #"[{"phase": "rotation", "steps": [0, 2]}, {"phase": "nudge", "steps": [2, 3]}]"#)
    let trace = MeasuredTrace(file.document)
    #expect(trace.operations.map(\.phase) == ["rotation", "nudge"])
    #expect(trace.operations.map(\.steps) == [0..<2, 2..<3])
  }

  /// An operation may not take the name of the load's or the first layout's phase.
  @Test(arguments: ["build", "firstLayout"])
  func anOperationNamedLikeAFixedPhaseIsBadInput(phase: String) {
    #expect {
      try Self.file(operations: #"[{"phase": "x", "steps": [0, 2]}, {"phase": "\#(phase)", "steps": [2, 3]}]"#)
    } throws: { error in
      guard case .invalidDocument(let file, let path, _) = error as? JSONError else { return false }
      return file == "mine.scene.json" && path.description == "operations[1].phase"
    }
  }
}
