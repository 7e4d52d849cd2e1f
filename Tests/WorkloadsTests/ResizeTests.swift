import Scene
import Testing
import Workloads

/// Resizes must alternate: repeating one size measures nothing (the solver has nothing
/// to do), and widths that only grow never make a stack switch back from stretching to
/// compressing.
@Suite struct ResizeTests {
  static let resizing = WorkloadCatalog.allWorkloads.filter { workload in
    (try? workload.makeCase(size: workload.sizes.lowerBound, seed: 1))?.operations.contains { $0.phase == "resizeContainer" } ?? false
  }

  @Test func theResizingFamiliesResize() {
    let names = Set(Self.resizing.map(\.name))
    for name in [
      "stack.fill.horizontal", "stack.nested", "stack.feed", "deep.chain.constraints", "deep.tree.autoresizing", "enaml",
      "chain.horizontal",
    ] {
      #expect(names.contains(name), "\(name) has no resize")
    }
  }

  @Test(arguments: resizing.map(\.name))
  func everyResizeChangesTheWidthAndWidthsGoBothWays(name: String) throws {
    let workload = try #require(WorkloadCatalog.workload(named: name))
    for size in [workload.sizes.lowerBound, min(2000, workload.sizes.upperBound)] {
      let workloadCase = try workload.makeCase(size: size, seed: 1)
      var width = workloadCase.container.width
      var grew = 0
      var shrank = 0
      for operation in workloadCase.operations where operation.phase == "resizeContainer" {
        for k in operation.steps {
          guard case .resizeContainer(let newWidth, _, _) = workloadCase.steps[k] else {
            Issue.record("\(name): a resizeContainer operation holds \(workloadCase.steps[k].kind)")
            continue
          }
          #expect(newWidth != width, "\(name) at \(size): step \(k) repeats width \(width)")
          if newWidth > width { grew += 1 } else { shrank += 1 }
          width = newWidth
        }
      }
      #expect(grew >= 2 && shrank >= 2, "\(name) at \(size): widths grew \(grew) and shrank \(shrank) times")
    }
  }
}
