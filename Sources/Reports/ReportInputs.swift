import BenchCore
import Interchange

/// The results files given to `bench report`, grouped by suite, with each suite's cases
/// joined across files by (workload, backend, size).
///
/// Files of one suite may overlap: a re-run of some cases, or a peer's file (kiwisolver)
/// beside the Swift run. When two files hold the same case, the newer file's case is kept
/// (by `createdAt`; on equal or missing times, the file given later), with a warning naming
/// both, so a report never silently shows one of two measurements.
public struct ReportInputs: Sendable {
  /// One input file, as given on the command line.
  public struct File: Sendable {
    public var path: String
    public var document: ResultsDocument

    public init(path: String, document: ResultsDocument) {
      self.path = path
      self.document = document
    }
  }

  /// One suite's files and its cases after joining, in plan order.
  public struct Suite: Sendable {
    public var name: String
    /// The files of this suite, in the order given.
    public var files: [File]
    /// Every kept case and the path of the file it came from.
    public var cases: [(result: ResultsDocument.Case, file: String)]
    /// Backends in the order the runs planned them, then any others by first appearance.
    public var backends: [String]
    /// Workloads likewise.
    public var workloads: [String]
    /// Replaced duplicates, files not known to be complete (interrupted runs, files
    /// written while a run went on or that do not say), files from different machines.
    public var warnings: [String]
  }

  public var suites: [Suite]

  /// Groups `files` by suite (suites in order of first appearance) and joins their cases.
  /// - Complexity: O(c log c) for c cases in all.
  public init(_ files: [File]) {
    var order: [String] = []
    var bySuite: [String: [File]] = [:]
    for file in files {
      if bySuite[file.document.suite] == nil { order.append(file.document.suite) }
      bySuite[file.document.suite, default: []].append(file)
    }
    suites = order.map { Self.join(name: $0, files: bySuite[$0]!) }
  }

  static func join(name: String, files: [File]) -> Suite {
    var warnings: [String] = []
    // Position in the list of files, by age: later wins.
    let age = files.indices.sorted { a, b in
      (files[a].document.createdAt, a) < (files[b].document.createdAt, b)
    }
    var rank = [Int](repeating: 0, count: files.count)
    for (position, index) in age.enumerated() { rank[index] = position }

    var kept: [ResultsDocument.CaseKey: (result: ResultsDocument.Case, file: Int)] = [:]
    for (index, file) in files.enumerated() {
      for result in file.document.cases {
        guard let earlier = kept[result.key] else {
          kept[result.key] = (result, index)
          continue
        }
        let newer = rank[index] > rank[earlier.file] ? index : earlier.file
        let older = newer == index ? earlier.file : index
        if earlier.file == index {
          warnings.append("the case \(result.key) appears twice in \(file.path): keeping the later one")
        } else {
          let (new, old) = (files[newer].document.createdAt, files[older].document.createdAt)
          let why = new > old ? "created \(new), after \(old)" : "given later; the creation times do not decide"
          warnings.append(
            "the case \(result.key) is in both \(files[older].path) and \(files[newer].path): keeping \(files[newer].path)'s (\(why))")
        }
        if newer == index { kept[result.key] = (result, index) }
      }
      if let warning = file.document.completenessWarning(file: file.path) { warnings.append(warning) }
    }
    warnings += machineWarnings(files)

    // Plan order as `bench merge` restores it: the first file that recorded a plan decides
    // the ranks of its workloads and backends; the others follow by first appearance.
    let run = files.first { $0.document.run != nil }?.document.run
    let ordered = ResultsMerge.planOrder(kept.values.sorted { $0.result.key < $1.result.key }.map(\.result), run: run)
    let sources = kept.mapValues { files[$0.file].path }
    var backends: [String] = []
    var workloads: [String] = []
    for name in run?.backends ?? [] where !backends.contains(name) && ordered.contains(where: { $0.backend == name }) {
      backends.append(name)
    }
    for name in run?.workloads ?? [] where !workloads.contains(name) && ordered.contains(where: { $0.workload == name }) {
      workloads.append(name)
    }
    for result in ordered {
      if !backends.contains(result.backend) { backends.append(result.backend) }
      if !workloads.contains(result.workload) { workloads.append(result.workload) }
    }
    return Suite(
      name: name, files: files, cases: ordered.map { ($0, sources[$0.key]!) }, backends: backends,
      workloads: workloads, warnings: warnings)
  }

  /// Files measured on different hardware, or on different builds of the same backends:
  /// their timings sit side by side in the report but are not comparable one to one. A
  /// peer's file (backends of its own) has a configuration of its own by nature (e.g.
  /// `kiwisolver 1.5.1 (Python 3.11.7)`), so only the CPU is compared for it.
  static func machineWarnings(_ files: [File]) -> [String] {
    guard let first = files.first else { return [] }
    let firstBackends = Set(first.document.cases.map(\.backend))
    var warnings: [String] = []
    for file in files.dropFirst() {
      let a = file.document.environment
      let b = first.document.environment
      var fields = [("cpu", a.cpu, b.cpu)]
      if file.document.cases.contains(where: { firstBackends.contains($0.backend) }) {
        fields.append(("configuration", a.configuration, b.configuration))
      }
      for (field, mine, theirs) in fields where mine != nil && theirs != nil && mine != theirs {
        warnings.append(
          "\(file.path) and \(first.path) differ in \(field) (\(mine!) vs \(theirs!)): their timings are not comparable")
      }
    }
    return warnings
  }
}
