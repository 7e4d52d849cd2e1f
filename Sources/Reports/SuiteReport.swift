import BenchCore
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
  /// Scaling exponents are fitted over sizes ≥ this; nil for every size.
  public var fitFrom: Int?

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
        "unknown reference backend '\(name)'\(NameSuggestion.clause(for: name, among: backends)): suite '\(suite)' has "
          + backends.joined(separator: ", ")
      case .unusableSuiteName(let name, let file):
        "\(file): suite: '\(name)' cannot name report files (letters, digits, '.', '-' and '_' only, not starting with '.')"
      }
    }
  }

  /// Builds the report of one suite.
  /// - Parameter reference: the backend to divide by; nil for ``defaultReference`` when the
  ///   suite has it, else its first backend.
  /// - Parameter fitFrom: the smallest size the scaling fits use (`bench report
  ///   --fit-from`); nil for every size.
  /// - Precondition: `fitFrom` is nil or positive.
  /// - Complexity: O(s log s) for s samples in all (each phase's samples are sorted once).
  /// - Throws: ``Failure/unknownReference(_:suite:backends:)`` when `reference` is given
  ///   and no case of the suite is on that backend; ``Failure/unusableSuiteName(_:file:)``
  ///   when the suite's name cannot be a file name.
  public init(_ suite: ReportInputs.Suite, reference: String? = nil, fitFrom: Int? = nil) throws(Failure) {
    precondition(fitFrom.map { $0 > 0 } ?? true, "fitFrom must be positive")
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
    self.fitFrom = fitFrom
    workloads = suite.workloads.map { name in
      WorkloadReport(name: name, cases: suite.cases.filter { $0.result.workload == name }, backends: suite.backends, fitFrom: fitFrom)
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
}
