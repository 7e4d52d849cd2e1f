import Scene
import Testing
import Workloads

/// Every workload at its smoke size, through every operation, on Cassowary.
@Suite struct WorkloadLayoutTests {
  static let smoke = WorkloadCatalog.suite(named: "smoke")!.workloads

  static func smokeCase(_ name: String) throws -> WorkloadCase {
    let workload = try #require(smoke.first { $0.name == name })
    return try workload.makeCase(size: workload.defaultSizes[0], seed: WorkloadCatalog.defaultSeed)
  }

  /// No conflict, no ambiguity (probed at the first state of each phase), no refused
  /// step, no negative size; and each operation changes the layout (a trace that repeats
  /// one state measures nothing).
  @Test(arguments: smoke.map(\.name))
  func laysOutCleanlyAndEveryOperationMovesSomething(name: String) throws {
    // Ten operations: a whole resize cycle (8) and at least two of every other cycle.
    let workloadCase = try Self.smokeCase(name).prefix(operations: 10)
    let layout = try CaseLayout(cassowary: workloadCase, probesAmbiguity: CaseLayout.firstOfEachPhase(workloadCase))
    #expect(layout.refusedSteps.isEmpty, "\(layout.refusedSteps.prefix(3))")
    #expect(layout.states.count == workloadCase.operations.count + 1)
    for (k, state) in layout.states.enumerated() {
      #expect(state.diagnostics.isEmpty, "state \(k): \(state.diagnostics.prefix(3))")
      let negative = state.frames.filter { !state.ignored.contains($0.key) && ($0.value.width < -1e-6 || $0.value.height < -1e-6) }
      #expect(negative.isEmpty, "state \(k): \(negative.keys.sorted().prefix(3))")
    }
    for k in layout.states.indices.dropFirst() {
      let (before, after) = (layout.states[k - 1], layout.states[k])
      let moved = after.frames.contains { id, frame in
        guard let old = before.frames[id] else { return true }
        return !CaseLayout.isClose(old, frame) || before.ignored.contains(id) != after.ignored.contains(id)
      }
      #expect(moved || before.frames.count != after.frames.count, "operation \(k - 1) changed no frame")
    }
  }

  @Test(arguments: smoke.map(\.name))
  func operationsAreConsecutiveCoverEveryStepAndNameAPhase(name: String) throws {
    let workloadCase = try Self.smokeCase(name)
    #expect(!workloadCase.operations.isEmpty)
    var next = 0
    for operation in workloadCase.operations {
      #expect(operation.steps.lowerBound == next)
      #expect(!operation.steps.isEmpty)
      #expect(Self.phases.contains(operation.phase), "unknown phase \(operation.phase)")
      next = operation.steps.upperBound
    }
    #expect(next == workloadCase.steps.count)
  }

  /// The phase names docs/workloads.md lists.
  static let phases: Set<String> = [
    "resizeContainer", "constantAnimation", "sizeClassSwap", "rebuild", "hideUnhide", "dynamicType", "axisToggle",
    "setStack", "setHidden", "setIntrinsicSize", "scroll", "rotateAndDynamicType",
  ]
}
