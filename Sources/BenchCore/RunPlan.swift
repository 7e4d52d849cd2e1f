import Workloads

/// What `bench run` was asked for, checked against the catalog and the backends before
/// anything runs, and the list of cases that follows from it.
public struct RunPlan: Sendable {
  public let suite: Suite
  /// The suite's workloads, or those `--workloads` named or matched, in suite order.
  public let workloads: [Workload]
  public let backends: [String]
  /// Sizes from `--sizes` for every sized workload; nil for each workload's defaults.
  public let sizes: [Int]?
  public let seed: UInt64
  public let shard: Shard?

  /// Why a request cannot be planned; each message lists what is valid.
  public struct Invalid: Error, CustomStringConvertible {
    public var description: String
  }

  /// Checks the request. `available` are the backend names of this build.
  /// `workloads` are names or ``NamePattern``s (`stack.fill.*`).
  /// - Throws: `Invalid` for an unknown suite, workload (or one outside the suite) or
  ///   backend, a pattern that cannot be read or matches no workload of the suite, an
  ///   empty list, or a size some named workload does not accept.
  public init(
    suite suiteName: String, workloads workloadNames: [String]?, backends backendNames: [String]?,
    available: [String], sizes: [Int]?, seed: UInt64, shard: Shard?
  ) throws(Invalid) {
    guard let suite = WorkloadCatalog.suite(named: suiteName) else {
      let names = WorkloadCatalog.suites.map(\.name)
      throw Invalid(
        description: "unknown suite '\(suiteName)'\(NameSuggestion.clause(for: suiteName, among: names)) "
          + "(suites: \(names.joined(separator: ", ")))")
    }
    self.suite = suite
    if let workloadNames {
      workloads = try Self.select(workloadNames, of: suite)
    } else {
      workloads = suite.workloads
    }
    backends = try Self.select(backends: backendNames, available: available)
    if let sizes {
      guard !sizes.isEmpty else { throw Invalid(description: "--sizes names no size") }
      for size in sizes {
        for workload in workloads where workload.sizes.count > 1 && !workload.sizes.contains(size) {
          throw Invalid(
            description: "size \(size) is out of range for workload '\(workload.name)' "
              + "(\(workload.sizes.lowerBound) to \(workload.sizes.upperBound) \(workload.sizeMeaning))")
        }
      }
    }
    self.sizes = sizes.map { Array(Set($0)).sorted() }
    self.seed = seed
    self.shard = shard
  }

  /// `names` (`--backends`) in registry order, or every available backend when nil.
  /// O(names · available).
  /// - Throws: ``Invalid`` for an empty list or a name not in `available` (with a
  ///   suggestion for a near miss).
  public static func select(backends names: [String]?, available: [String]) throws(Invalid) -> [String] {
    guard let names else { return available }
    guard !names.isEmpty else { throw Invalid(description: "--backends names no backend") }
    for name in names where !available.contains(name) {
      throw Invalid(
        description: "unknown backend '\(name)'\(NameSuggestion.clause(for: name, among: available)) "
          + "(backends: \(available.joined(separator: ", ")))")
    }
    return available.filter { names.contains($0) }
  }

  /// The sizes `workload` runs at: `--sizes` for a workload with a size range, its one
  /// size for a transcribed scene (enaml, the examples), else its defaults. Ascending.
  public func sizes(of workload: Workload) -> [Int] {
    if workload.sizes.count == 1 { return [workload.sizes.lowerBound] }
    return sizes ?? workload.defaultSizes.sorted()
  }

  /// Every case, workload by workload, size ascending, backend in registry order; only
  /// this shard's when sharded. O(cases).
  public var cases: [PlannedCase] {
    shard?.cases(of: allCases) ?? allCases
  }

  /// Every case of the plan, whatever the shard. O(cases).
  public var allCases: [PlannedCase] {
    var all: [PlannedCase] = []
    for workload in workloads {
      for size in sizes(of: workload) {
        for backend in backends {
          all.append(PlannedCase(workload: workload.name, size: size, backend: backend, seed: seed))
        }
      }
    }
    return all
  }

  /// The workload a planned case names (the suite's own, which may carry other default
  /// sizes than the catalog's).
  public func workload(named name: String) -> Workload? {
    workloads.first { $0.name == name }
  }
}
