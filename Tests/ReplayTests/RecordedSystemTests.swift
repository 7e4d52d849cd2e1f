import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import Testing

/// `RecordedSystem`: a scene as the constraint system its layout builds, step by step
/// (`bench export --format constraints`).
@Suite struct RecordedSystemTests {
  /// A view pinned 50 from the root's edges, with a 2:1 width swap and these operations:
  /// a resize, a constant, a refused step (unknown id), a deactivate+activate pair.
  static let text = #"""
    {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
     "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
     "constraints": [
       {"id": "aLeading", "first": "a.leading", "second": "root.leading", "constant": 20},
       {"id": "aTop", "first": "a.top", "second": "root.top", "constant": 50},
       {"id": "aHeight", "first": "a.height", "constant": 100},
       {"id": "bLeading", "first": "b.leading", "second": "a.trailing", "constant": 20},
       {"id": "bTop", "first": "b.top", "second": "a.top"},
       {"id": "bHeight", "first": "b.height", "second": "a.height"},
       {"id": "bTrailing", "first": "root.trailing", "second": "b.trailing", "constant": 20},
       {"id": "bWide", "first": "b.width", "second": "a.width", "multiplier": 2},
       {"id": "aWide", "first": "a.width", "second": "b.width", "multiplier": 2, "active": false}
     ],
     "steps": [
       {"resizeContainer": {"width": 667, "height": 375}},
       {"setConstant": {"aTop": 70}},
       {"setConstant": {"nope": 1}},
       {"deactivate": ["bWide"]}, {"activate": ["aWide"]}
     ],
     "operations": [
       {"phase": "resizeContainer", "steps": [0, 1]}, {"phase": "constant", "steps": [1, 2]},
       {"phase": "refused", "steps": [2, 3]}, {"phase": "sizeClassSwap", "steps": [3, 5]}
     ]}
    """#

  static func lowered() throws -> RecordedSystem {
    let document = try SceneDocument.decode(text, file: "s.json").document
    return try RecordedSystem(recording: document, base: CassowarySolver(), recordingValues: true)
  }

  @Test func namesConstraintsAsDiagnosticsDoAndVariablesByViewAndQuantity() throws {
    let document = try Self.lowered().document
    for name in ["aLeading", "aTop", "bWide", "root.encapsulated(width)"] {
      #expect(document.constraintNames.contains(name), "\(name) missing from \(document.constraintNames)")
    }
    #expect(!document.constraints.contains { document.constraintNames[$0.id.index] == "aWide" }, "inactive at first")
    #expect(Set(["a.minX", "a.minY", "a.width", "a.height", "b.minX", "root.width"]).isSubset(of: document.variableNames))
  }

  @Test func eachSceneOperationBecomesItsSolverCalls() throws {
    let document = try Self.lowered().document
    let operations = try #require(document.operations)
    #expect(operations.map(\.phase) == ["resizeContainer", "constant", "refused", "sizeClassSwap"])
    // A constant edit stays a constant edit.
    let constant = operations[1].steps
    #expect(constant.count == 1)
    guard case .setConstant(let entries) = document.steps[constant.lowerBound] else {
      Issue.record("expected setConstant, found \(document.steps[constant.lowerBound])")
      return
    }
    #expect(entries.map { document.constraintNames[$0.0.index] } == ["aTop"])
    // The refused step made no call: one empty step keeps the operation's state.
    #expect(operations[2].steps.count == 1)
    #expect(document.steps[operations[2].steps.lowerBound] == .remove([]))
    // The swap: a removal, then an addition.
    let swap = operations[3].steps.map { document.steps[$0] }
    #expect(swap.count == 2)
    if case .remove(let removed) = swap.first, case .add(let added) = swap.last {
      #expect(removed.map { document.constraintNames[$0.index] } == ["bWide"])
      #expect(added.map { document.constraintNames[$0.id.index] } == ["aWide"])
    } else {
      Issue.record("expected remove then add, found \(swap)")
    }
  }

  /// Replaying the text gives the layout's values at the end of every operation.
  @Test func replayingTheFileGivesTheLayoutsValues() throws {
    let lowering = try Self.lowered()
    let decoded = try ConstraintSystemDocument.decode(lowering.document.jsonText(), file: "c.json").document
    #expect(decoded == lowering.document)
    var replay = SystemReplay(document: decoded, solver: CassowarySolver())
    let states = try replay.run()
    let boundaries = [0] + (decoded.operations ?? []).map(\.steps.upperBound)
    #expect(boundaries.count == lowering.valuesAtBoundaries.count)
    for (boundary, expected) in zip(boundaries, lowering.valuesAtBoundaries) {
      guard case .values(let values) = states[boundary].outcome else {
        Issue.record("state \(boundary): \(states[boundary].outcome)")
        continue
      }
      #expect(values.prefix(expected.count).elementsEqual(expected) { abs($0 - $1) <= 1e-9 })
    }
    // After the swap, a is twice as wide as b: (667 - 60) · 2/3.
    let aWidth = try #require(decoded.variableNames.firstIndex(of: "a.width"))
    #expect(abs((lowering.valuesAtBoundaries.last?[aWidth] ?? 0) - 404.6666666666667) < 1e-9)
  }
}
