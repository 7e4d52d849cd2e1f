import Scene
import Testing
import Workloads

@Suite struct SizeTests {
  @Test(arguments: [0, -1, Int.min])
  func sizesThatAreNotPositiveAreRefused(size: Int) throws {
    let workload = try #require(WorkloadCatalog.workload(named: "stack.fill.horizontal"))
    #expect(throws: WorkloadError.sizeOutOfRange(workload: workload.name, size: size, sizes: workload.sizes)) {
      try workload.makeCase(size: size, seed: 1)
    }
  }

  @Test func sizesAboveTheBoundAreRefused() throws {
    let workload = try #require(WorkloadCatalog.workload(named: "deep.chain.constraints"))
    #expect(workload.sizes.upperBound == Workload.largestSize)
    #expect(throws: WorkloadError.self) { try workload.makeCase(size: Workload.largestSize + 1, seed: 1) }
  }

  @Test func aOneSizeWorkloadRefusesOtherSizesAndSaysSo() throws {
    let enaml = try #require(WorkloadCatalog.workload(named: "enaml"))
    #expect(enaml.sizes == 1...1)
    do {
      _ = try enaml.makeCase(size: 10, seed: 1)
      Issue.record("size 10 of enaml was accepted")
    } catch {
      #expect(error.description == "workload 'enaml' has one size, 1; 10 was asked for")
    }
  }

  /// `viewCount(size:)` is what a runner compares with a backend's limit without building
  /// the case: it must be the case's real view count.
  @Test func viewCountPredictsTheScene() throws {
    for workload in WorkloadCatalog.allWorkloads {
      for size in [1, 7, 10, 41] where workload.sizes.contains(size) {
        let scene = try workload.makeCase(size: size, seed: 3).makeScene()
        #expect(workload.viewCount(size: size).contains(scene.presentViews.count), "\(workload.name) at \(size)")
      }
    }
  }

  @Test func flatStacksHaveExactlySizeArrangedViews() throws {
    for name in ["stack.fill.horizontal", "stack.equalCentering.vertical"] {
      let workload = try #require(WorkloadCatalog.workload(named: name))
      let scene = try workload.makeCase(size: 37, seed: 1).makeScene()
      let stack = try #require(scene.viewIndex(of: "stack"))
      #expect(scene.arrangedSubviews(of: stack).count == 37)
    }
  }
}
