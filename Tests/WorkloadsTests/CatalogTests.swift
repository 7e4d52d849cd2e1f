import Scene
import Testing
import Workloads

@Suite struct CatalogTests {
  /// The measured suites, then `anchor` (kiwi's anchor benchmark) before the examples.
  @Test func suitesAreListedInOrder() {
    #expect(WorkloadCatalog.suites.map(\.name) == ["stackviews", "deep", "churn", "enaml", "anchor", "screens", "examples", "smoke"])
    for suite in WorkloadCatalog.suites {
      #expect(WorkloadCatalog.suite(named: suite.name)?.name == suite.name)
      #expect(!suite.workloads.isEmpty, "\(suite.name) is empty")
      #expect(!suite.summary.isEmpty)
    }
    #expect(WorkloadCatalog.suite(named: "nope") == nil)
  }

  @Test func workloadNamesAreUniqueAndFound() {
    let names = WorkloadCatalog.allWorkloads.map(\.name)
    #expect(Set(names).count == names.count)
    for name in names { #expect(WorkloadCatalog.workload(named: name)?.name == name) }
    #expect(WorkloadCatalog.workload(named: "stack.fill") == nil)
  }

  @Test func stackviewsHasEveryDistributionOnBothAxesNestedAndFeed() throws {
    let suite = try #require(WorkloadCatalog.suite(named: "stackviews"))
    let names = Set(suite.workloads.map(\.name))
    for distribution in Distribution.allCases {
      for axis in Axis.allCases { #expect(names.contains("stack.\(distribution.rawValue).\(axis.rawValue)")) }
    }
    #expect(names.contains("stack.nested"))
    #expect(names.contains("stack.feed"))
    for workload in suite.workloads {
      #expect(workload.defaultSizes.min() == 10, "\(workload.name)")
      #expect((workload.defaultSizes.max() ?? 0) >= 10_000, "\(workload.name): the stack suite reaches 10,000 views")
      #expect(workload.defaultSizes == workload.defaultSizes.sorted())
    }
  }

  @Test func deepAndChurnHaveTheirVariants() throws {
    let deep = Set(try #require(WorkloadCatalog.suite(named: "deep")).workloads.map(\.name))
    #expect(deep == ["deep.chain.constraints", "deep.chain.autoresizing", "deep.tree.constraints", "deep.tree.autoresizing"])
    let churn = Set(try #require(WorkloadCatalog.suite(named: "churn")).workloads.map(\.name))
    #expect(
      churn == [
        "churn.constantAnimation", "churn.sizeClassSwap", "churn.rebuild", "churn.hideUnhide", "churn.dynamicType",
        "churn.axisToggle",
      ])
  }

  @Test func smokeHasEveryWorkloadOnceAtOneSmallSize() throws {
    let smoke = try #require(WorkloadCatalog.suite(named: "smoke"))
    #expect(smoke.workloads.map(\.name) == WorkloadCatalog.allWorkloads.map(\.name))
    for workload in smoke.workloads {
      #expect(workload.defaultSizes.count == 1)
      #expect(workload.defaultSizes[0] <= WorkloadCatalog.smokeSize)
      #expect(workload.sizes.contains(workload.defaultSizes[0]))
    }
    // The full workload keeps its own sweep.
    #expect(WorkloadCatalog.workload(named: "stack.fill.horizontal")?.defaultSizes.count ?? 0 > 1)
  }

  @Test func everyDefaultSizeIsAccepted() throws {
    for workload in WorkloadCatalog.allWorkloads {
      for size in workload.defaultSizes { #expect(workload.sizes.contains(size), "\(workload.name) \(size)") }
    }
  }
}
