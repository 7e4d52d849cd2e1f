import Scene
import SpringsAndStruts
import Testing
import Workloads

/// What `isFrameLayoutOnly` promises `bench run`: springs-struts lays the workload out,
/// every state, with Cassowary's frames.
@Suite struct SpringsAndStrutsAgreementTests {
  static let frameLayoutOnly = WorkloadCatalog.allWorkloads.filter(\.isFrameLayoutOnly).map(\.name)

  @Test func everyFamilyButEnamlHasFrameLayoutWorkloads() {
    let names = Set(Self.frameLayoutOnly)
    for name in ["stack.fill.horizontal", "stack.equalCentering.vertical", "stack.nested", "stack.feed",
                 "deep.chain.autoresizing", "deep.tree.autoresizing", "churn.hideUnhide", "churn.dynamicType",
                 "churn.axisToggle", "examples.a5-nested-autoresizing"] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test(arguments: frameLayoutOnly)
  func springsAndStrutsGivesCassowarysFrames(name: String) throws {
    let workload = try #require(WorkloadCatalog.workload(named: name))
    do {
      let size = min(12, workload.sizes.upperBound)
      let workloadCase = try workload.makeCase(size: size, seed: 2).prefix(operations: 10)
      #expect(SpringsAndStruts.unsupportedElement(in: try workloadCase.makeScene()) == nil)
      let springs = try CaseLayout(workloadCase, on: SpringsAndStruts())
      let cassowary = try CaseLayout(cassowary: workloadCase)
      springs.expectSameFrames(as: cassowary, "\(name) at \(size)")
    }
  }
}
