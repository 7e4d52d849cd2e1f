import Interchange

/// The `bench run` that repeats a baseline's cases now, as `bench gate` starts it: the
/// baseline's suite, workloads, backends, driver, sizes, seed, warm-up, repetitions,
/// processes and time budget, as recorded in the file.
public struct GateRerun: Sendable {
  /// The baseline's workloads and backends, in first-seen order (a subset of its suite's
  /// when confirming).
  public let workloads: [String]
  public let backends: [String]
  /// Whether the baseline was measured with `bench run --driver system` (its cases carry
  /// the parameter `driver=system`), and is repeated with that driver.
  public let drivesSystems: Bool
  /// The baseline's recorded run settings.
  public let recorded: ResultsDocument.RunSettings
  let suite: String
  let seed: UInt64
  let countsAllocations: Bool
  /// The baseline's cases as "workload size backend".
  let wanted: Set<String>

  /// The rerun of `baseline`, or nil when it records no run settings to repeat. O(cases).
  public init?(baseline: ResultsDocument) {
    guard let recorded = baseline.run else { return nil }
    self.recorded = recorded
    workloads = Self.unique(baseline.cases.map(\.workload))
    backends = Self.unique(baseline.cases.map(\.backend))
    drivesSystems = baseline.cases.contains { entry in
      entry.parameters.contains { $0.key == "driver" && $0.value == "system" }
    }
    suite = baseline.suite
    seed = recorded.seed
    countsAllocations = baseline.environment.allocator != nil
    wanted = Set(baseline.cases.map(Self.caseName))
  }

  /// The `--sizes` that repeat the baseline's cases, or nil when every workload ran at
  /// its own default sizes; `available` are the backend names of this build for the
  /// baseline's driver. O(cases + planned cases).
  /// - Throws: `RunPlan.Invalid` when this build cannot run the baseline (an unknown
  ///   suite, workload, backend or size).
  public func sizes(baseline: ResultsDocument, available: [String]) throws(RunPlan.Invalid) -> [Int]? {
    let plan = try RunPlan(
      suite: suite, workloads: workloads, backends: backends, available: available, sizes: nil, seed: seed, shard: nil)
    let sizes = Self.sizesArgument(baseline, plan: plan)
    if let sizes {
      _ = try RunPlan(
        suite: suite, workloads: workloads, backends: backends, available: available, sizes: sizes, seed: seed, shard: nil)
    }
    return sizes
  }

  /// The `--sizes` that repeat the baseline's cases, or nil when every workload ran at its
  /// own default sizes: the sizes its sized workloads ran at (transcribed scenes have one
  /// size and ignore `--sizes`). O(cases).
  public static func sizesArgument(_ baseline: ResultsDocument, plan: RunPlan) -> [Int]? {
    var recorded: [String: Set<Int>] = [:]
    for entry in baseline.cases { recorded[entry.workload, default: []].insert(entry.size) }
    let sized = plan.workloads.filter { $0.sizes.count > 1 }
    guard sized.contains(where: { recorded[$0.name] != Set(plan.sizes(of: $0)) }) else { return nil }
    return sized.flatMap { recorded[$0.name] ?? [] }.reduce(into: Set<Int>()) { $0.insert($1) }.sorted()
  }

  /// The arguments of `bench run` (without the per-process share, ``ProcessSchedule``):
  /// every case of the baseline runs, whatever smaller sizes predict. O(workloads +
  /// backends + sizes).
  public func arguments(sizes: [Int]?, debugBuild: Bool) -> [String] {
    var arguments = [
      "--suite", suite, "--workloads", workloads.joined(separator: ","), "--backends", backends.joined(separator: ","),
      "--seed", String(seed), "--warmup", String(recorded.warmup), "--case-limit", "1e9",
    ]
    if let sizes { arguments += ["--sizes", sizes.map(String.init).joined(separator: ",")] }
    if drivesSystems { arguments += ["--driver", "system"] }
    if debugBuild { arguments.append("--allow-debug") }
    if !countsAllocations { arguments.append("--no-allocations") }
    return arguments
  }

  /// `document` without the cases the baseline lacks: `--sizes` applies to every
  /// workload, so a baseline whose workloads ran at different sizes runs some cases it
  /// does not hold; they are measured but not kept, and `plannedCases` no longer counts
  /// them, so a complete document stays complete. O(cases).
  public func keepingBaselineCases(of document: ResultsDocument) -> ResultsDocument {
    var result = document
    let before = result.cases.count
    result.cases.removeAll { !wanted.contains(Self.caseName($0)) }
    // The cases left out were planned and run; what remains is the plan of the file.
    if let planned = result.plannedCases { result.plannedCases = planned - (before - result.cases.count) }
    return result
  }

  /// The run settings a document of the rerun records, `command` being the gate's own
  /// command line.
  public func runSettings(command: String) -> ResultsDocument.RunSettings {
    ResultsDocument.RunSettings(
      command: command, repetitions: recorded.repetitions, warmup: recorded.warmup,
      timeBudgetSeconds: recorded.timeBudgetSeconds, seed: recorded.seed, workloads: workloads, backends: backends,
      processes: recorded.processes)
  }

  /// Where the same-run base's document goes beside `out`: `.base.json` in place of
  /// `.json`.
  public static func basePath(besides out: String) -> String {
    out.hasSuffix(".json") ? String(out.dropLast(5)) + ".base.json" : out + ".base.json"
  }

  /// The revision the base side of a same-run measurement records: `given`
  /// (`--base-revision`) when there is one; else the one the base build `reported`, when
  /// it lies in another checkout than this build (`head` is this build's); else the
  /// baseline's, which a build outside any checkout or inside this one (make gate's,
  /// from `git archive` sources under `.build`) stands for.
  public static func baseRevision(given: String?, reported: String?, head: String?, baseline: String?) -> String? {
    if let given { return given }
    func clean(_ revision: String?) -> String? { revision.map { $0.hasSuffix("+dirty") ? String($0.dropLast(6)) : $0 } }
    if let reported, clean(reported) != clean(head) { return reported }
    return baseline
  }

  /// `names` without repeats, in first-seen order. O(names²).
  public static func unique(_ names: [String]) -> [String] {
    var seen: [String] = []
    for name in names where !seen.contains(name) { seen.append(name) }
    return seen
  }

  static func caseName(_ entry: ResultsDocument.Case) -> String { "\(entry.workload) \(entry.size) \(entry.backend)" }
}
