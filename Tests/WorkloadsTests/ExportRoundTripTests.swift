import BenchCore
import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import TestSupport
import Testing
import Workloads

/// `bench export` output read back: the scene file decodes to the same document and lays
/// out to the in-memory case's frames; the constraint file solves to the layout's values
/// at the end of every operation.
@Suite struct ExportRoundTripTests {
  /// One workload of each kind of change, at small sizes.
  static let cases: [(String, Int)] = [
    ("stack.fill.horizontal", 8), ("stack.equalCentering.vertical", 6), ("stack.feed", 10),
    ("deep.tree.constraints", 10), ("churn.sizeClassSwap", 10), ("churn.rebuild", 7), ("churn.hideUnhide", 10),
    ("churn.axisToggle", 10), ("churn.dynamicType", 10), ("churn.constantAnimation", 10), ("enaml", 1),
    ("chain.horizontal", 10), ("examples.d7-animating-stack", 1),
  ]

  /// The first six operations: every kind of change in these traces comes that early.
  static func makeCase(_ name: String, _ size: Int) throws -> WorkloadCase {
    try #require(WorkloadCatalog.workload(named: name)).makeCase(size: size, seed: 11).prefix(operations: 6)
  }

  @Test(arguments: cases)
  func theSceneFileDecodesToTheSameDocumentAndTheSameFrames(name: String, size: Int) throws {
    let workloadCase = try Self.makeCase(name, size)
    let document = try workloadCase.sceneDocument()
    let text = document.jsonText()
    let decoded = try SceneDocument.decode(text, file: "\(name).scene.json")
    #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
    #expect(decoded.document == document)
    #expect(decoded.document.operations?.map(\.steps) == workloadCase.operations.map(\.steps))

    // What `bench layout` does with the file, against the case laid out in memory.
    var replay = SceneReplay(
      document: decoded.document, backend: ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false))
    let states = try replay.run()
    let inMemory = try CaseLayout(cassowary: workloadCase, perStep: true)
    #expect(states.count == inMemory.states.count)
    for (state, expected) in zip(states, inMemory.states) {
      guard case .layout(let layout) = state.outcome else {
        Issue.record("step \(state.step ?? -1) was refused: \(state.outcome)")
        continue
      }
      #expect(layout.frames.count == expected.frames.count)
      let mismatches = layout.frames.filter { entry in
        !expected.ignored.contains(entry.view) && !(expected.frames[entry.view].map { CaseLayout.isClose($0, entry.frame) } ?? false)
      }
      #expect(mismatches.isEmpty, "step \(state.step ?? -1): \(mismatches.prefix(3))")
    }
  }

  @Test(arguments: cases)
  func theConstraintFileSolvesToTheLayoutsValuesAfterEveryOperation(name: String, size: Int) throws {
    let workloadCase = try Self.makeCase(name, size)
    let lowering = try RecordedSystem(recording: workloadCase.sceneDocument(), base: CassowarySolver(), recordingValues: true)
    let text = lowering.document.jsonText()
    let decoded = try ConstraintSystemDocument.decode(text, file: "\(name).constraints.json")
    #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
    #expect(decoded.document.workload == workloadCase.workloadInfo)
    let operations = try #require(decoded.document.operations)
    #expect(operations.map(\.phase) == workloadCase.operations.map(\.phase))
    #expect(decoded.document.variableNames == lowering.document.variableNames)

    var replay = SystemReplay(document: decoded.document, solver: CassowarySolver())
    let states = try replay.run()
    // The initial state, then the state after each operation's last constraint step.
    let boundaries = [0] + operations.map(\.steps.upperBound)
    #expect(lowering.valuesAtBoundaries.count == boundaries.count)
    for (k, (boundary, expected)) in zip(boundaries, lowering.valuesAtBoundaries).enumerated() {
      guard case .values(let values) = states[boundary].outcome else {
        Issue.record("operation \(k): state \(boundary) failed: \(states[boundary].outcome)")
        continue
      }
      expectClose(Array(values.prefix(expected.count)), expected, "\(name): after operation \(k)")
    }
  }

  @Test func theConstraintFileNamesFrameVariablesAndConstraintsLikeDiagnostics() throws {
    let workloadCase = try Self.makeCase("churn.sizeClassSwap", 4)
    let document = try workloadCase.constraintSystem(base: CassowarySolver())
    #expect(document.variableNames.contains("t0.caption.minX"))
    #expect(document.variableNames.contains("t0.width"))
    #expect(document.variableNames.contains("root.minX"))
    #expect(document.constraintNames.contains("compact.t0.width"))
    #expect(Set(document.constraintNames).count == document.constraintNames.count)
  }
}
