import Workloads

extension Bench.List {
  /// One block per suite: its name and summary, then a line per workload with its sizes
  /// (the default sweep of `bench run`), what the size counts, and the backends that can
  /// lay it out (frame-layout-only backends only where the workload needs no constraints;
  /// a backend may still skip a case over one of its limits when it runs).
  static func printSuites(backends: [LayoutBackendRegistry.Entry]) {
    print("Suites (bench run --suite NAME):")
    for suite in WorkloadCatalog.suites {
      print("  \(suite.name)  \(suite.summary)")
      let width = suite.workloads.map(\.name.count).max() ?? 0
      for workload in suite.workloads {
        let sizes =
          workload.sizes.count == 1
          ? "one size"
          : "sizes " + workload.defaultSizes.map(String.init).joined(separator: ", ") + " (\(workload.sizeMeaning))"
        let able = backends.filter { !$0.needsFrameLayoutOnly || workload.isFrameLayoutOnly }.map(\.name)
        let padding = String(repeating: " ", count: width - workload.name.count)
        print("    \(workload.name)\(padding)  \(sizes); backends: \(able.joined(separator: ", "))")
      }
    }
  }
}
