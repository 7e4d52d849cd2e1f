import Interchange

/// Combines the results files of one sweep run in parts (`--shard i/n` on several
/// machines) into one file, as `bench merge` does.
public enum ResultsMerge {
  /// Why files cannot be merged.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Merges `inputs` (file name and document, in the order given).
  ///
  /// Every input must be of the same suite, revision and plan (`run.plan`; numbers of
  /// different code or of different plans cannot be one sweep) and no case (workload,
  /// backend, size) may appear twice. Cases come out in plan order (``planOrder(_:run:)``).
  /// The merged environment is the first file's, with each input's kept in `mergedFrom`.
  /// The merged file is complete only when every shard is there and every input is
  /// complete (``completeness(_:)``).
  /// - Returns: the document and warnings: missing shards, differing machines or
  ///   configurations, inputs that are incomplete or do not say, inputs that record no
  ///   plan.
  /// - Complexity: O(c log c) for c cases in all.
  /// - Throws: `Failure` naming the files that disagree or the duplicated case.
  public static func merge(
    _ inputs: [(file: String, document: ResultsDocument)], createdAt: String
  ) throws(Failure) -> (document: ResultsDocument, warnings: [String]) {
    guard let first = inputs.first else { throw Failure(description: "no results files to merge") }
    var warnings: [String] = []
    for input in inputs.dropFirst() {
      if input.document.suite != first.document.suite {
        throw Failure(
          description: "\(input.file) is of suite '\(input.document.suite)' but \(first.file) is of '\(first.document.suite)'")
      }
      if input.document.environment.gitRevision != first.document.environment.gitRevision {
        throw Failure(
          description: "\(input.file) was measured at revision \(input.document.environment.gitRevision ?? "unknown") "
            + "but \(first.file) at \(first.document.environment.gitRevision ?? "unknown")")
      }
      switch (first.document.run?.plan, input.document.run?.plan) {
      case (let a?, let b?) where a != b:
        throw Failure(description: planDifference(first, input))
      case (nil, _?), (_?, nil):
        let without = first.document.run?.plan == nil ? first.file : input.file
        warnings.append("\(without) records no plan (run.plan): whether it is a part of the same plan cannot be checked")
      default: break
      }
      for (field, a, b) in [
        ("configuration", input.document.environment.configuration, first.document.environment.configuration),
        ("cpu", input.document.environment.cpu, first.document.environment.cpu),
        ("swiftVersion", input.document.environment.swiftVersion, first.document.environment.swiftVersion),
        ("allocator", input.document.environment.allocator, first.document.environment.allocator),
      ] where a != b {
        warnings.append("\(input.file) differs from \(first.file) in \(field) (\(a ?? "none") vs \(b ?? "none")): its timings are not comparable across files")
      }
    }
    var seen: [ResultsDocument.CaseKey: String] = [:]
    var cases: [ResultsDocument.Case] = []
    var sources: [ResultsDocument.Source] = []
    for input in inputs {
      for result in input.document.cases {
        if let earlier = seen[result.key] {
          throw Failure(description: "the case \(result.key) is in both \(earlier) and \(input.file)")
        }
        seen[result.key] = input.file
        cases.append(result)
      }
      if let warning = input.document.completenessWarning(file: input.file) { warnings.append(warning) }
      sources.append(
        ResultsDocument.Source(
          file: input.file, createdAt: input.document.createdAt, shard: input.document.run?.shard,
          cases: input.document.cases.count, environment: input.document.environment))
    }
    warnings += missingShards(inputs)
    cases = planOrder(cases, run: first.document.run)

    var run = first.document.run
    run?.shard = nil
    run?.interrupted = inputs.contains { $0.document.run?.interrupted == true }
    let (complete, plannedCases) = completeness(inputs)
    let document = ResultsDocument(
      suite: first.document.suite, createdAt: createdAt, environment: first.document.environment, run: run,
      mergedFrom: sources, cases: cases, complete: complete, plannedCases: plannedCases)
    return (document, warnings)
  }

  /// Whether the merge of `inputs` is complete, and the cases it planned: complete when
  /// every input is complete and the inputs are one unsharded file or every shard of one
  /// `i/n` split, each once; planned cases are the inputs' sum when each says and no shard
  /// is missing, else unknown (nil). O(inputs).
  public static func completeness(_ inputs: [(file: String, document: ResultsDocument)]) -> (complete: Bool, plannedCases: Int?) {
    let shards = inputs.map { $0.document.run?.shard.flatMap(Shard.init(parsing:)) }
    let whole: Bool
    if shards.allSatisfy({ $0 == nil }) {
      whole = inputs.count == 1
    } else if let count = shards.first??.count, shards.allSatisfy({ $0?.count == count }) {
      whole = Set(shards.compactMap { $0?.index }) == Set(1...count) && inputs.count == count
    } else {
      whole = false
    }
    let planned = inputs.map(\.document.plannedCases)
    let plannedCases = whole && planned.allSatisfy({ $0 != nil }) ? planned.reduce(0) { $0 + $1! } : nil
    return (whole && inputs.allSatisfy { $0.document.isComplete }, plannedCases)
  }

  /// Why two inputs are parts of different plans: the run settings that differ, or when
  /// none of those does, that the fingerprints (which cover the sizes, the case limit and
  /// the options too) differ. O(workloads + backends).
  static func planDifference(
    _ first: (file: String, document: ResultsDocument), _ other: (file: String, document: ResultsDocument)
  ) -> String {
    guard let a = first.document.run, let b = other.document.run else { return "" }
    var differences: [String] = []
    func compare(_ name: String, _ x: String, _ y: String) { if x != y { differences.append("\(name) \(x) vs \(y)") } }
    compare("repetitions", String(a.repetitions), String(b.repetitions))
    compare("warmup", String(a.warmup), String(b.warmup))
    compare("timeBudgetSeconds", "\(a.timeBudgetSeconds)", "\(b.timeBudgetSeconds)")
    compare("seed", String(a.seed), String(b.seed))
    compare("processes", String(a.processes), String(b.processes))
    compare("workloads", a.workloads.joined(separator: ","), b.workloads.joined(separator: ","))
    compare("backends", a.backends.joined(separator: ","), b.backends.joined(separator: ","))
    let what =
      differences.isEmpty
      ? "their plans differ in what the run settings do not show (sizes, case limit, options such as --driver)"
      : "their plans differ: " + differences.joined(separator: "; ")
    return "\(other.file) and \(first.file) are parts of different plans (run.plan \(b.plan ?? "-") vs \(a.plan ?? "-")): \(what)"
  }

  /// Warnings for shards of an `i/n` split that no input holds, or that do not agree on n.
  static func missingShards(_ inputs: [(file: String, document: ResultsDocument)]) -> [String] {
    let shards = inputs.compactMap { input in input.document.run?.shard.flatMap(Shard.init(parsing:)) }
    guard let count = shards.first?.count else { return [] }
    if shards.contains(where: { $0.count != count }) {
      return ["the inputs are shards of different splits (\(shards.map(\.description).joined(separator: ", ")))"]
    }
    let missing = (1...count).filter { index in !shards.contains { $0.index == index } }
    if missing.isEmpty { return [] }
    return ["shards \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing: the sweep is incomplete"]
  }

  /// Plan order: workloads and backends ranked as the run recorded them (`run.workloads`,
  /// `run.backends`), any others by first appearance after them; sizes ascending.
  public static func planOrder(_ cases: [ResultsDocument.Case], run: ResultsDocument.RunSettings?) -> [ResultsDocument.Case] {
    var workloadRank: [String: Int] = [:]
    var backendRank: [String: Int] = [:]
    for name in run?.workloads ?? [] where workloadRank[name] == nil { workloadRank[name] = workloadRank.count }
    for name in run?.backends ?? [] where backendRank[name] == nil { backendRank[name] = backendRank.count }
    for result in cases {
      if workloadRank[result.workload] == nil { workloadRank[result.workload] = workloadRank.count }
      if backendRank[result.backend] == nil { backendRank[result.backend] = backendRank.count }
    }
    return cases.enumerated().sorted { a, b in
      let left = (workloadRank[a.element.workload]!, a.element.size, backendRank[a.element.backend]!, a.offset)
      let right = (workloadRank[b.element.workload]!, b.element.size, backendRank[b.element.backend]!, b.offset)
      return left < right
    }.map(\.element)
  }
}
