import Scene
import Testing
import Workloads

/// `isFrameLayoutOnly` is the promise that springs-struts can take every state of every
/// case: only autoresizing views and stacks, no user constraint, no guide.
@Suite struct FrameLayoutOnlyTests {
  /// Whether every state of the case (initial, after each step) is frame-layout-only.
  static func everyState(_ workloadCase: WorkloadCase) throws -> (all: Bool, any: Bool) {
    var scene = try workloadCase.makeScene()
    var all = FrameLayoutSupport.isFrameLayoutOnly(scene)
    var any = all
    for (k, step) in workloadCase.steps.enumerated() {
      _ = try scene.apply(step, path: WorkloadCase.stepPath(k))
      let only = FrameLayoutSupport.isFrameLayoutOnly(scene)
      all = all && only
      any = any || only
    }
    return (all, any)
  }

  @Test(arguments: WorkloadCatalog.allWorkloads.map(\.name))
  func theFlagMatchesEveryStateOfTheCase(name: String) throws {
    let workload = try #require(WorkloadCatalog.workload(named: name))
    for size in [1, 10, 23] where workload.sizes.contains(size) {
      let states = try Self.everyState(try workload.makeCase(size: size, seed: 5))
      if workload.isFrameLayoutOnly {
        #expect(states.all, "\(name) at \(size) claims frame layout only but a state is not")
      } else if size >= 10 {
        // Not over-cautious (below 10 a tree may be the bare root): a workload that could run on springs-struts must say so.
        #expect(!states.any, "\(name) at \(size) is frame-layout-only in some state but does not claim it")
      }
    }
  }

  @Test func theCheckRejectsConstraintsGuidesAndPlainViews() throws {
    var root = ViewDescription(id: "root")
    root.path = "views[0]"
    var legacy = ViewDescription(id: "legacy", parent: "root", path: "views[1]")
    legacy.translatesAutoresizingMask = true
    legacy.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    let container = Container(width: 100, height: 100)
    #expect(FrameLayoutSupport.isFrameLayoutOnly(try Scene(container: container, views: [root, legacy])))
    let plain = ViewDescription(id: "plain", parent: "root", path: "views[2]")
    #expect(!FrameLayoutSupport.isFrameLayoutOnly(try Scene(container: container, views: [root, legacy, plain])))
    #expect(
      !FrameLayoutSupport.isFrameLayoutOnly(
        try Scene(container: container, views: [root, legacy], guides: [("g", "root", "guides[0]")])))
    let inactive = ConstraintDescription(
      id: "w", form: .anchors(first: "legacy.width", relation: .equal, second: nil, multiplier: 1, constant: 5),
      isActive: false, path: "constraints[0]")
    #expect(!FrameLayoutSupport.isFrameLayoutOnly(try Scene(container: container, views: [root, legacy], constraints: [inactive])))
  }
}
