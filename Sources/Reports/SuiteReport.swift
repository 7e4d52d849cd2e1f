import Interchange

/// What `bench report` shows for one suite: per workload and phase, each backend's median
/// time per operation at each size with its spread, the fitted scaling exponent, and the
/// ratios to a reference backend; the cases that were skipped or failed; the files the
/// numbers came from. Writers (``MarkdownWriter``, ``HTMLWriter``) only lay it out.
public struct SuiteReport: Sendable {
  public var suite: String
  /// The input files of this suite, in the order given.
  public var files: [ReportInputs.File]
  /// Every backend of the suite, in plan order; colours and table columns follow it.
  public var backends: [String]
  /// The backend the ratios divide by.
  public var reference: String
  public var workloads: [WorkloadReport]
  /// Replaced duplicates, interrupted runs, files from different machines.
  public var warnings: [String]
  /// Cases after joining the files.
  public var caseCount: Int

  /// The cassowary backend, the incremental solver the others are measured against,
  /// unless a report asks for another.
  public static let defaultReference = "cassowary"

  /// Why a report cannot be made.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// `--reference` names a backend with no case in the suite.
    case unknownReference(String, suite: String, backends: [String])
    /// The suite's name cannot name the report's files (it would leave the output folder
    /// or be hidden).
    case unusableSuiteName(String, file: String)

    public var description: String {
      switch self {
      case .unknownReference(let name, let suite, let backends):
        "unknown reference backend '\(name)': suite '\(suite)' has \(backends.joined(separator: ", "))"
      case .unusableSuiteName(let name, let file):
        "\(file): suite: '\(name)' cannot name report files (letters, digits, '.', '-' and '_' only, not starting with '.')"
      }
    }
  }

  /// Builds the report of one suite.
  /// - Parameter reference: the backend to divide by; nil for ``defaultReference`` when the
  ///   suite has it, else its first backend.
  /// - Complexity: O(s log s) for s samples in all (each phase's samples are sorted once).
  /// - Throws: ``Failure/unknownReference(_:suite:backends:)`` when `reference` is given
  ///   and no case of the suite is on that backend; ``Failure/unusableSuiteName(_:file:)``
  ///   when the suite's name cannot be a file name.
  public init(_ suite: ReportInputs.Suite, reference: String? = nil) throws(Failure) {
    guard Self.isUsableFileStem(suite.name) else {
      throw .unusableSuiteName(suite.name, file: suite.files.first?.path ?? "")
    }
    if let reference, !suite.backends.contains(reference) {
      throw .unknownReference(reference, suite: suite.name, backends: suite.backends)
    }
    self.suite = suite.name
    files = suite.files
    backends = suite.backends
    self.reference =
      reference ?? (suite.backends.contains(Self.defaultReference) ? Self.defaultReference : suite.backends.first ?? "")
    warnings = suite.warnings
    caseCount = suite.cases.count
    workloads = suite.workloads.map { name in
      WorkloadReport(name: name, cases: suite.cases.filter { $0.result.workload == name }, backends: suite.backends)
    }
    for index in workloads.indices { workloads[index].computeRatios(reference: self.reference) }
  }
}

extension SuiteReport {
  /// The report's file names are `<suite>.md` and `<suite>.html`.
  static func isUsableFileStem(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".")
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
  }

  /// The report as Markdown, for `<suite>.md`; its chart links point to `<suite>.html`.
  /// O(size of the report).
  public func markdown() -> String {
    MarkdownWriter.render(blocks(), chartsPage: suite + ".html")
  }

  /// The report as a self-contained HTML page, for `<suite>.html`. O(size of the report).
  public func html() -> String {
    HTMLWriter.render(blocks(), title: "LayoutBench report: \(suite)")
  }
}

/// One workload of a suite: its phases measured across sizes and backends.
public struct WorkloadReport: Sendable {
  public var name: String
  /// The parameters every case of the workload shares (size-dependent ones, such as a
  /// count of views, are left out).
  public var parameters: [(key: String, value: String)]
  /// Every size any case was planned at, ascending, measured or not.
  public var sizes: [Int]
  /// The backends with a case of this workload, in the suite's order.
  public var backends: [String]
  /// Phases in the order the cases list them.
  public var phases: [PhaseReport]
  /// Cases skipped or failed, by size then backend.
  public var absent: [AbsentCase]

  init(name: String, cases: [(result: ResultsDocument.Case, file: String)], backends suiteBackends: [String]) {
    self.name = name
    sizes = Array(Set(cases.map(\.result.size))).sorted()
    let backends = suiteBackends.filter { backend in cases.contains { $0.result.backend == backend } }
    self.backends = backends
    // Skipped cases may carry no parameters; they neither add nor veto one.
    let described = cases.map(\.result.parameters).filter { !$0.isEmpty }
    parameters = (described.first ?? []).filter { parameter in
      described.allSatisfy { list in list.contains { $0 == parameter } }
    }
    absent = cases.compactMap { entry in
      if case .ok = entry.result.status { return nil }
      return AbsentCase(backend: entry.result.backend, size: entry.result.size, status: entry.result.status, file: entry.file)
    }.sorted { ($0.size, backends.firstIndex(of: $0.backend)!) < ($1.size, backends.firstIndex(of: $1.backend)!) }

    var phaseNames: [String] = []
    for entry in cases where entry.result.status == .ok {
      for phase in entry.result.phases where !phaseNames.contains(phase.name) { phaseNames.append(phase.name) }
    }
    phases = phaseNames.map { phaseName in
      let series = backends.compactMap { backend -> BackendSeries? in
        let points = cases.filter { $0.result.backend == backend && $0.result.status == .ok }
          .compactMap { entry in
            entry.result.phases.first { $0.name == phaseName }.flatMap { PhaseMeasurement(entry.result, $0, file: entry.file) }
          }
          .sorted { $0.size < $1.size }
        return points.isEmpty ? nil : BackendSeries(backend: backend, points: points)
      }
      return PhaseReport(name: phaseName, series: series)
    }
  }
}

/// A case that has no timings: skipped (with the reason) or failed (with the error).
public struct AbsentCase: Sendable {
  public var backend: String
  public var size: Int
  public var status: ResultsDocument.Status
  public var file: String

  /// `skipped: predicted 255 s per repetition ...` or `error: ...`.
  public var explanation: String {
    switch status {
    case .ok: "measured"
    case .skipped(let reason): "skipped: \(reason)"
    case .error(let message): "error: \(message)"
    }
  }
}

/// One phase of a workload (`build`, `firstLayout`, a change kind) on every backend.
public struct PhaseReport: Sendable {
  public var name: String
  /// One per backend that measured the phase at some size, in the suite's order.
  public var series: [BackendSeries]
  /// Per size (ascending), each backend's median relative to the reference's.
  public var ratios: [SizeRatios] = []

  public func series(for backend: String) -> BackendSeries? { series.first { $0.backend == backend } }
}

/// A backend's measurements of one phase across sizes, and the power law through them.
public struct BackendSeries: Sendable {
  public var backend: String
  /// Ascending by size.
  public var points: [PhaseMeasurement]
  /// Nil with fewer than two sizes.
  public var fit: ScalingFit?

  init(backend: String, points: [PhaseMeasurement]) {
    self.backend = backend
    self.points = points
    fit = ScalingFit(points: points.map { (Double($0.size), $0.statistics.median) })
  }

  public func point(at size: Int) -> PhaseMeasurement? { points.first { $0.size == size } }
}

/// One phase of one case: time per operation and what else the file says about it.
public struct PhaseMeasurement: Sendable {
  public var size: Int
  /// Of the samples per operation (each sample divided by its iterations).
  public var statistics: SampleStatistics
  public var operations: Int?
  /// Per operation; nil when not counted.
  public var allocations: ResultsDocument.Allocations?
  public var counters: [(name: String, value: Double)]
  /// Peer figures per operation, when the file has them.
  public var calls: Double?
  public var callOverheadNanoseconds: Double?
  /// The file the case came from.
  public var file: String

  init?(_ result: ResultsDocument.Case, _ phase: ResultsDocument.Phase, file: String) {
    guard let statistics = phase.statistics else { return nil }
    size = result.size
    self.statistics = statistics
    operations = phase.operations
    allocations = phase.allocations
    counters = phase.counters
    calls = phase.calls
    callOverheadNanoseconds = phase.callOverheadNanoseconds
    self.file = file
  }

  /// Whether the interquartile ranges of the two measurements overlap: if they do, the
  /// spread of the samples alone cannot tell the two apart.
  public func spreadOverlaps(_ other: PhaseMeasurement) -> Bool {
    statistics.firstQuartile <= other.statistics.thirdQuartile && other.statistics.firstQuartile <= statistics.thirdQuartile
  }
}
