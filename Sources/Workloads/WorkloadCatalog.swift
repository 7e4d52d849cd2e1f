import Scene

/// Every suite and workload `bench run`, `bench list` and `bench export` know, in a fixed
/// order (docs/workloads.md). Workload names are unique across suites; `smoke` reuses
/// the other suites' workloads with one small size each.
public enum WorkloadCatalog {
  /// The seed `bench run` and `bench export` use when none is given.
  public static let defaultSeed: UInt64 = 1

  /// `stackviews`, `deep`, `churn`, `enaml`, `anchor`, `examples`, `smoke`.
  public static let suites: [Suite] = [stackviews, deep, churn, enaml, anchor, screens, examples, smoke]

  /// Every workload once, in suite order (`smoke` adds none of its own).
  public static let allWorkloads: [Workload] = suites.filter { $0.name != smoke.name }.flatMap(\.workloads)

  /// O(suites).
  public static func suite(named name: String) -> Suite? {
    suites.first { $0.name == name }
  }

  /// The workload with its full default sizes (not `smoke`'s). O(workloads).
  public static func workload(named name: String) -> Workload? {
    allWorkloads.first { $0.name == name }
  }

  // MARK: Suites

  public static let stackviews = Suite(
    name: "stackviews",
    summary: "flat stacks of every distribution along both axes, nested stacks and a feed of composite cells, under alternating resizes",
    workloads: StackWorkloads.distributions.flatMap { distribution in
      Axis.allCases.map { StackWorkloads.flat(distribution, $0) }
    } + [CompositeStackWorkloads.nested, CompositeStackWorkloads.feed])

  public static let deep = Suite(
    name: "deep",
    summary: "deep chains and balanced trees of nested views, each with constraints and with autoresizing (same frames)",
    workloads: [
      DeepWorkloads.chain(autoresizing: false), DeepWorkloads.chain(autoresizing: true),
      DeepWorkloads.tree(autoresizing: false), DeepWorkloads.tree(autoresizing: true),
    ])

  public static let churn = Suite(
    name: "churn",
    summary: "the change patterns apps make (autolayout-semantics.md 10.4), and the remove-everything anti-pattern",
    workloads: [
      ChurnConstraintWorkloads.constantAnimation, ChurnConstraintWorkloads.sizeClassSwap,
      ChurnConstraintWorkloads.rebuild, ChurnStackWorkloads.hideUnhide, ChurnStackWorkloads.dynamicType,
      ChurnStackWorkloads.axisToggle,
    ])

  public static let enaml = Suite(
    name: "enaml", summary: "kiwi's enaml-like benchmark as a scene, so published kiwi numbers have a twin",
    workloads: [EnamlWorkload.workload])

  public static let anchor = Suite(
    name: "anchor",
    summary: "the kiwi anchor: a horizontal chain of N views with intrinsic widths, required gaps and a resizing container (kiwi's anchor benchmark)",
    workloads: [AnchorWorkload.chain])

  public static let screens = Suite(
    name: "screens",
    summary: "whole screens with wrapping text: a table feed of self-sizing rows, a settings scroll view, a Dynamic Type sweep, and stacks nested by depth",
    workloads: [ScreenWorkloads.feed, ScreenWorkloads.settings, ScreenWorkloads.article, NestedWorkloads.nested])

  public static let examples = Suite(
    name: "examples", summary: "worked seed layouts from Tests/Fixtures, their steps cycled",
    workloads: ExampleWorkloads.all.map(ExampleWorkloads.workload))

  /// Size 10 (or the one size) of every workload above: seconds in all, for CI.
  public static let smoke = Suite(
    name: "smoke", summary: "one small case of every workload, for CI",
    workloads: [stackviews, deep, churn, enaml, anchor, screens, examples].flatMap(\.workloads).map {
      $0.withDefaultSizes([$0.sizes.contains(smokeSize) ? smokeSize : $0.sizes.lowerBound])
    })

  /// The size of every generated workload in `smoke`.
  public static let smokeSize = 10
}
