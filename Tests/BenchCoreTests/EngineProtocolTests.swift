import Foundation
import Interchange
import LayoutModel
import StrictJSON
import Testing

@testable import BenchCore

/// The runner's side of `layoutbench.engine/1` without a process: replies decoded and
/// checked against the case, answers compared, manifests read, the results members.
@Suite struct EngineProtocolTests {
  static let settings = MeasurementSettings(repetitions: 2, warmup: 0, timeBudgetSeconds: 5, countsAllocations: false)

  static func request(_ phases: [String] = ["resize", "resize", "edit"]) -> EngineCaseRequest {
    EngineCaseRequest(
      workload: "w", size: 10, seed: 1, input: .constraints, fileText: "{}", operationPhases: phases, settings: settings,
      caseLimitSeconds: 60)
  }

  static func reply(_ text: String) throws -> EngineReply { try EngineReply.decode(try JSONValue.parse(text)) }

  static let good = """
    {"message": "result", "repetitions": 2, "phases": [
      {"name": "build", "operations": 1, "samplesNanoseconds": [10, 11]},
      {"name": "firstLayout", "operations": 1, "samplesNanoseconds": [20, 21], "counters": {"pivots": 3}},
      {"name": "resize", "operations": 2, "samplesNanoseconds": [1, 2, 3, 4], "calls": 5, "callOverheadNanoseconds": 0.5},
      {"name": "edit", "operations": 1, "samplesNanoseconds": [7, 8]}],
     "answers": {"names": ["a", "b"], "states": [[1, 2], [1, 2], null, [3, 4]]},
     "parameters": {"mapping": "ranked"}}
    """

  @Test func theRequestCountsOperationsPerPhaseInFirstMetOrder() {
    let request = Self.request(["resize", "edit", "resize"])
    #expect(request.phases.map(\.name) == ["build", "firstLayout", "resize", "edit"])
    #expect(request.phases.map(\.operations) == [1, 1, 2, 1])
    #expect(request.stateCount == 4)
  }

  @Test func aWellFormedResultPassesTheCaseChecks() throws {
    guard case .result(let result) = try Self.reply(Self.good) else {
      Issue.record("not a result")
      return
    }
    try EngineConnection.validate(result, against: Self.request())
    #expect(result.phases[1].counters.map(\.name) == ["pivots"])
    #expect(result.phases[2].calls == 5)
    #expect(result.states[2] == nil)
    #expect(result.parameters.map(\.key) == ["mapping"] && result.parameters.map(\.value) == ["ranked"])
  }

  @Test(arguments: [
    ("\"operations\": 2, \"samplesNanoseconds\": [1, 2, 3, 4]", "\"operations\": 2, \"samplesNanoseconds\": [1, 2, 3]", "3 samples"),
    ("{\"name\": \"edit\"", "{\"name\": \"other\"", "the case has build×1, firstLayout×1, resize×2, edit×1"),
    ("\"repetitions\": 2", "\"repetitions\": 3", "more than the 2 asked for"),
    ("[3, 4]]", "[3]]", "answers.states[3] has 1 numbers; 2 expected"),
    ("[1, 2], null, [3, 4]]", "[1, 2], [3, 4]]", "answers.states has 3 states; the case has 4"),
    ("\"names\": [\"a\", \"b\"]", "\"names\": [\"a\", \"a\"]", "repeats a name"),
  ])
  func aResultThatDoesNotFitTheCaseIsRefused(original: String, replacement: String, message: String) throws {
    let text = Self.good.replacingOccurrences(of: original, with: replacement)
    #expect(text != Self.good)
    guard case .result(let result) = try Self.reply(text) else {
      Issue.record("not a result")
      return
    }
    #expect {
      try EngineConnection.validate(result, against: Self.request())
    } throws: { error in
      (error as? EngineProtocolError)?.description.contains(message) == true
    }
  }

  @Test(arguments: [
    (#"{"message": "result", "repetitions": 1, "phases": [{"name": "build", "operations": 1, "samplesNanoseconds": [-1]}], "answers": {"names": [], "states": []}}"#, "phases[0].samplesNanoseconds[0]"),
    (#"{"message": "hello", "protocol": "layoutbench.engine/2", "engine": "x", "version": "1", "inputs": []}"#, "protocol"),
    (#"{"message": "hello", "protocol": "layoutbench.engine/1", "engine": "x", "version": "1", "inputs": ["grid"]}"#, "inputs[0]"),
    (#"{"message": "hello", "protocol": "layoutbench.engine/1", "engine": "x", "version": "1", "inputs": ["flex"], "precision": "float16"}"#, "precision"),
    (#"{"message": "goodbye"}"#, "message"),
    (#"{"message": "skipped"}"#, "reason"),
  ])
  func malformedRepliesNameTheMemberAtFault(text: String, member: String) {
    #expect {
      _ = try Self.reply(text)
    } throws: { error in
      "\(error)".contains(member)
    }
  }

  @Test func answersAreComparedByNameWithinTheTolerance() throws {
    let reference: AnswerComparison.Answers = (["a", "b"], [[1, 2], [3, 4], nil])
    let same = try AnswerComparison.check((["b", "a"], [[2, 1], [4, 3 + 1e-9], nil]), against: reference, valuesPerName: 1, referenceName: "cassowary")
    #expect(same.passed)
    #expect(same.values == 5)
    let differ = try AnswerComparison.check((["a", "b"], [[1, 2.5], [3, 4], [0, 0]]), against: reference, valuesPerName: 1, referenceName: "cassowary")
    #expect(differ.mismatches == 2)
    #expect(differ.examples.map(\.name) == ["b", "(refused by cassowary only)"])
    #expect(differ.examples[0].engine == 2.5 && differ.examples[0].reference == 2)
  }

  @Test func aFloat32EngineSaysSoAndIsComparedAtItsOwnTolerance() throws {
    let hello = try Self.reply(
      #"{"message": "hello", "protocol": "layoutbench.engine/1", "engine": "y", "version": "1", "inputs": ["flex"], "precision": "float32"}"#)
    guard case .hello(let info, let inputs) = hello else {
      Issue.record("not a hello: \(hello)")
      return
    }
    #expect(info.precision == "float32" && inputs == [.flex])
    #expect(AnswerComparison.tolerance(for: info) == AnswerComparison.float32Tolerance)
    #expect(AnswerComparison.tolerance(for: ResultsDocument.EngineInfo(name: "k", version: "1")) == AnswerComparison.tolerance)
    // 500.02 against 500: within 1e-4 of the value, far outside the default rule.
    let reference: AnswerComparison.Answers = (["v"], [[500, 0, 10, 20]])
    let float = try AnswerComparison.check(
      (["v"], [[500.02, 0, 10, 20.0005]]), against: reference, valuesPerName: 4, referenceName: "cassowary",
      tolerance: AnswerComparison.float32Tolerance)
    #expect(float.passed && float.tolerance == AnswerComparison.float32Tolerance)
    let strict = try AnswerComparison.check((["v"], [[500.02, 0, 10, 20]]), against: reference, valuesPerName: 4, referenceName: "cassowary")
    #expect(strict.mismatches == 1 && strict.tolerance == nil)
    let wrong = try AnswerComparison.check(
      (["v"], [[503.5, 0, 10, 20]]), against: reference, valuesPerName: 4, referenceName: "cassowary",
      tolerance: AnswerComparison.float32Tolerance)
    #expect(wrong.mismatches == 1)
  }

  /// A variable no present constraint mentions may report any value (formats.md
  /// section 1): the reference leaves it NaN and it is not compared or counted.
  @Test func valuesTheReferenceLeavesFreeAreNotCompared() throws {
    let reference: AnswerComparison.Answers = (["a", "hidden"], [[1, .nan]])
    let check = try AnswerComparison.check((["a", "hidden"], [[1, 242]]), against: reference, valuesPerName: 1, referenceName: "cassowary")
    #expect(check.passed)
    #expect(check.values == 1)
  }

  @Test func framesAreComparedFourNumbersPerView() throws {
    let reference: AnswerComparison.Answers = (["v"], [[0, 0, 10, 20]])
    let check = try AnswerComparison.check((["v"], [[0, 0, 10, 21]]), against: reference, valuesPerName: 4, referenceName: "cassowary")
    #expect(check.values == 4)
    #expect(check.examples.map(\.name) == ["v.height"])
  }

  @Test func answersNamingOtherVariablesAreRefused() {
    #expect(throws: EngineProtocolError.self) {
      try AnswerComparison.check((["a", "c"], [[1, 2]]), against: (["a", "b"], [[1, 2]]), valuesPerName: 1, referenceName: "cassowary")
    }
    #expect(throws: EngineProtocolError.self) {
      try AnswerComparison.check((["a"], [[1], [1]]), against: (["a"], [[1]]), valuesPerName: 1, referenceName: "cassowary")
    }
  }

  @Test func theEngineMembersOfACaseRoundTrip() throws {
    var document = ResultsDocument(suite: "deep", createdAt: "2026-12-06T00:00:00Z", environment: ResultsDocument.Environment())
    document.cases = [
      ResultsDocument.Case(
        workload: "w", backend: "toy", size: 10, status: .ok, phases: [ResultsDocument.Phase(name: "build", samplesNanoseconds: [1])],
        engine: ResultsDocument.EngineInfo(name: "toy", version: "1.0", language: "C++", binding: nil, precision: "float32"),
        check: ResultsDocument.AnswerCheck(
          reference: "cassowary", states: 2, values: 8, mismatches: 1,
          examples: [ResultsDocument.Mismatch(state: 1, name: "x", engine: 1, reference: nil)],
          tolerance: Tolerance(absolute: 1e-3, relative: 1e-4)))
    ]
    let decoded = try ResultsDocument.decode(document.jsonText(), file: "t.json")
    #expect(decoded.warnings.isEmpty)
    #expect(decoded.document.cases[0].engine == document.cases[0].engine)
    #expect(decoded.document.cases[0].check == document.cases[0].check)
  }

  @Test func manifestsAreReadAndBadOnesNamed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ name: String, _ text: String) throws {
      try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(name)/engine.json"))
    }
    try write("b", #"{"format": "layoutbench.engine-manifest/1", "name": "beta", "inputs": ["scene"], "command": ["./beta"]}"#)
    try write("a", #"{"format": "layoutbench.engine-manifest/1", "name": "alpha", "inputs": ["constraints", "scene"], "command": ["python3", "a.py"], "summary": "s"}"#)
    let manifests = try EngineManifest.discover(in: folder.path)
    #expect(manifests.map(\.name) == ["alpha", "beta"])
    #expect(manifests[0].inputs == [.constraints, .scene])
    #expect(manifests[0].directory == folder.appendingPathComponent("a").path)
    #expect(try EngineManifest.discover(in: folder.appendingPathComponent("none").path).isEmpty)
    try write("c", #"{"format": "layoutbench.engine-manifest/1", "name": "alpha", "inputs": ["scene"], "command": ["x"]}"#)
    #expect(throws: JSONError.self) { try EngineManifest.discover(in: folder.path) }
    for (text, member) in [
      (#"{"format": "layoutbench.engine-manifest/1", "name": "9x", "inputs": ["scene"], "command": ["x"]}"#, "name"),
      (#"{"format": "layoutbench.engine-manifest/1", "name": "x", "inputs": [], "command": ["x"]}"#, "inputs"),
      (#"{"format": "layoutbench.engine-manifest/1", "name": "x", "inputs": ["scene"], "command": []}"#, "command"),
      (#"{"format": "other", "name": "x", "inputs": ["scene"], "command": ["x"]}"#, "format"),
    ] {
      try write("c", text)
      #expect {
        _ = try EngineManifest.read(path: folder.appendingPathComponent("c/engine.json").path)
      } throws: { error in
        "\(error)".contains(member) && "\(error)".contains("c/engine.json")
      }
    }
  }
}
