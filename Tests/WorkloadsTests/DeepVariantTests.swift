import Scene
import Testing
import Workloads

/// The constraint and autoresizing variants of `deep.*` give the same frames in every
/// state, so the three backends can be compared on one geometry.
@Suite struct DeepVariantTests {
  @Test(arguments: [("deep.chain", 12), ("deep.tree", 30)])
  func bothVariantsGiveTheSameFrames(family: String, size: Int) throws {
    let constraints = try #require(WorkloadCatalog.workload(named: "\(family).constraints"))
    let autoresizing = try #require(WorkloadCatalog.workload(named: "\(family).autoresizing"))
    #expect(!constraints.isFrameLayoutOnly)
    #expect(autoresizing.isFrameLayoutOnly)
    let a = try CaseLayout(cassowary: try constraints.makeCase(size: size, seed: 8))
    let b = try CaseLayout(cassowary: try autoresizing.makeCase(size: size, seed: 8))
    a.expectSameFrames(as: b, family)
    // And the geometry is not degenerate: the innermost views keep a positive size.
    for state in a.states {
      #expect(state.frames.values.allSatisfy { $0.width > 0 && $0.height > 0 })
    }
  }

  @Test func theChainIsNestedDViewsDeep() throws {
    let workload = try #require(WorkloadCatalog.workload(named: "deep.chain.autoresizing"))
    let scene = try workload.makeCase(size: 25, seed: 1).makeScene()
    var depth = 0
    var current = try #require(scene.viewIndex(of: "level25"))
    while let parent = scene.view(current)?.parent {
      depth += 1
      current = parent
    }
    #expect(depth == 25)
  }

  @Test func theTreeHasFanOutFour() throws {
    let workload = try #require(WorkloadCatalog.workload(named: "deep.tree.constraints"))
    let scene = try workload.makeCase(size: 21, seed: 1).makeScene()
    let root = try #require(scene.viewIndex(of: "root"))
    #expect(scene.view(root)?.children.count == 4)
    #expect(scene.view(try #require(scene.viewIndex(of: "n1")))?.children.count == 4)
    #expect(scene.presentViews.count == 21)
  }
}
