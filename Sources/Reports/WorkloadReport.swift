import Interchange

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
  /// Phases in the order the cases list them, with the derived
  /// ``PhaseReport/combinedName`` right after `firstLayout` when the workload has both
  /// `build` and `firstLayout`.
  public var phases: [PhaseReport]
  /// Cases skipped or failed, by size then backend.
  public var absent: [AbsentCase]

  /// The smallest size the scaling fits use; nil for every size.
  public var fitFrom: Int?

  init(name: String, cases: [(result: ResultsDocument.Case, file: String)], backends suiteBackends: [String], fitFrom: Int? = nil) {
    self.fitFrom = fitFrom
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
        return points.isEmpty ? nil : BackendSeries(backend: backend, points: points, fitFrom: fitFrom)
      }
      return PhaseReport(name: phaseName, series: series)
    }
    if let build = phases.first(where: { $0.name == PhaseReport.buildName }),
      let layoutIndex = phases.firstIndex(where: { $0.name == PhaseReport.firstLayoutName }),
      let combined = PhaseReport.combined(build: build, firstLayout: phases[layoutIndex], fitFrom: fitFrom)
    {
      phases.insert(combined, at: layoutIndex + 1)
    }
  }

  /// The derived `build+firstLayout` phase, when the workload has one.
  public var combinedPhase: PhaseReport? { phases.first { $0.isDerived && $0.name == PhaseReport.combinedName } }
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
