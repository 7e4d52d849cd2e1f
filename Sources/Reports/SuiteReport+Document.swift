import BenchCore
import Interchange

extension SuiteReport {
  /// The report as Markdown, for `<suite>.md`; its chart links point to `<suite>.html`.
  /// O(size of the report).
  public func markdown() -> String {
    MarkdownWriter.render(blocks(), chartsPage: suite + ".html")
  }

  /// The report as a self-contained HTML page, for `<suite>.html`. O(size of the report).
  public func html() -> String {
    HTMLWriter.render(blocks(), title: "LayoutBench report: \(suite)")
  }

  /// The whole report: header (inputs, machine, run settings, warnings), the fastest
  /// backend per workload, how to read it, then one section per workload. O(size of the
  /// report).
  public func blocks() -> [ReportBlock] {
    let palette = BackendPalette(backends: backends)
    var blocks: [ReportBlock] = [
      .heading(level: 1, text: [.text("LayoutBench report: "), .code(suite)], anchor: "top"),
      .paragraph(overview()),
    ]
    if !warnings.isEmpty { blocks.append(.warnings(warnings)) }
    blocks += [
      .heading(level: 2, text: [.text("Fastest backend per workload")], anchor: "summary"),
      .table(leaderTable()),
      .heading(level: 2, text: [.text("Inputs")], anchor: "inputs"),
      .table(inputTable()),
    ]
    if let engines = engineTable() {
      blocks += [.heading(level: 3, text: [.text("Outside engines")], anchor: "engines"), .table(engines)]
    }
    blocks += [
      .heading(level: 3, text: [.text("Machine")], anchor: nil),
      .table(machineTable()),
      .heading(level: 3, text: [.text("Run settings")], anchor: nil),
      .table(runTable()),
      .heading(level: 2, text: [.text("How to read this report")], anchor: "reading"),
      .bulletList(
        Self.readingNotes(
          reference: reference, fitFrom: fitFrom, combined: workloads.contains { $0.combinedPhase != nil })),
    ]
    for (index, workload) in workloads.enumerated() {
      blocks += workload.blocks(anchor: Self.anchor(of: workload.name, index: index), reference: reference, palette: palette, multipleFiles: files.count > 1)
    }
    return blocks
  }

  /// `workload-3-stack.nested`: unique by index, readable by name.
  static func anchor(of workload: String, index: Int) -> String {
    let slug = String(workload.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
    return "workload-\(index + 1)-\(slug)"
  }

  func overview() -> [Inline] {
    let cases = workloads.flatMap { workload in workload.absent.map(\.status) }
    let skipped = cases.filter { if case .skipped = $0 { true } else { false } }.count
    let failed = cases.count - skipped
    var text: [Inline] = [
      .text("\(caseCount) cases from \(files.count) \(files.count == 1 ? "file" : "files") (\(caseCount - cases.count) measured, \(skipped) skipped, \(failed) failed), "),
      .text("\(workloads.count) \(workloads.count == 1 ? "workload" : "workloads"), backends "),
    ]
    for (index, backend) in backends.enumerated() {
      text.append(.code(backend))
      text.append(.text(index == backends.count - 1 ? ". " : ", "))
    }
    text += [.text("Ratios are each backend's median over "), .code(reference), .text("'s at the same size and phase (above 1: slower).")]
    return text
  }

  /// Per workload and phase: who is fastest where the most backends can be compared.
  /// `build+firstLayout` stands in `build`'s place for a workload that has it: `build`
  /// alone does not compare backends that solve at different phases.
  func leaderTable() -> ReportTable {
    var phaseNames: [String] = []
    for workload in workloads {
      for name in Self.leaderPhases(of: workload) where !phaseNames.contains(name) { phaseNames.append(name) }
    }
    let rows = workloads.enumerated().map { index, workload -> [[Inline]] in
      let leaders = workload.leaders()
      let cells = phaseNames.map { name -> [Inline] in
        guard Self.leaderPhases(of: workload).contains(name), let leader = leaders.first(where: { $0.phase == name }) else {
          return [.text("—")]
        }
        var cell: [Inline] = [.code(leader.backend), .text(" at \(ReportNumbers.grouped(leader.size))")]
        if let runnerUp = leader.runnerUp {
          cell += [.text(", \(ReportNumbers.ratio(runnerUp.ratio)) ahead of "), .code(runnerUp.backend)]
        } else {
          cell.append(.text(", the only one measured"))
        }
        return cell
      }
      return [[.link(text: workload.name, target: "#" + Self.anchor(of: workload.name, index: index))]] + cells
    }
    return ReportTable(
      header: ["workload"] + phaseNames, alignments: [.left] + phaseNames.map { _ in .left }, rows: rows,
      footnote: [.text("At the largest size at least two backends measured; \"ahead\" is the next fastest backend's median over the fastest's.")]
        + (phaseNames.contains(PhaseReport.combinedName)
          ? [
            .text(" "), .code(PhaseReport.combinedName), .text(" (the sum of the two phases' medians) stands in for "),
            .code(PhaseReport.buildName), .text(": cassowary solves while it builds, the other backends in "),
            .code(PhaseReport.firstLayoutName), .text("."),
          ] : []))
  }

  /// The phases the summary names a leader for, in the workload's order, with
  /// `build+firstLayout` in `build`'s place when the workload has it.
  static func leaderPhases(of workload: WorkloadReport) -> [String] {
    guard workload.combinedPhase != nil else { return workload.phases.map(\.name) }
    return workload.phases.compactMap { phase in
      if phase.isDerived { return nil }
      return phase.name == PhaseReport.buildName ? PhaseReport.combinedName : phase.name
    }
  }

  func inputTable() -> ReportTable {
    let rows = files.map { file -> [[Inline]] in
      let document = file.document
      let backends = document.cases.reduce(into: [String]()) { names, result in
        if !names.contains(result.backend) { names.append(result.backend) }
      }
      return [
        [.code(file.path)], [.text(document.createdAt.isEmpty ? "—" : document.createdAt)],
        [document.environment.gitRevision.map { .code(String($0.prefix(12))) } ?? .text("—")],
        [.text(ReportNumbers.grouped(document.cases.count))],
        backends.enumerated().flatMap { index, name in [.code(name)] + (index < backends.count - 1 ? [.text(", ")] : []) },
      ]
    }
    return ReportTable(
      header: ["file", "created", "revision", "cases", "backends"], alignments: [.left, .left, .left, .right, .left],
      rows: rows)
  }

  /// One column per distinct environment (files sharing a machine and build share one).
  func machineTable() -> ReportTable {
    var environments: [(environment: ResultsDocument.Environment, files: [String])] = []
    for file in files {
      if let index = environments.firstIndex(where: { $0.environment == file.document.environment }) {
        environments[index].files.append(file.path)
      } else {
        environments.append((file.document.environment, [file.path]))
      }
    }
    let fields: [(String, (ResultsDocument.Environment) -> String?)] = [
      ("CPU", \.cpu), ("cores", { $0.cores.map(String.init) }), ("memory", { $0.memoryBytes.map(Formatting.bytes) }),
      ("OS", \.os), ("Swift", \.swiftVersion), ("configuration", \.configuration),
      ("allocator", { $0.allocator ?? "none (allocations not counted)" }),
      ("clock resolution", { $0.clockResolutionNanoseconds.map { Formatting.duration(nanoseconds: $0) } }),
      ("host", \.hostname),
    ]
    let rows = fields.map { name, value -> [[Inline]] in
      [[.text(name)]] + environments.map { [.text(value($0.environment) ?? "—")] }
    }
    let header = environments.count == 1 ? ["", "all files"] : [""] + environments.map { $0.files.map(Self.fileName).joined(separator: ", ") }
    return ReportTable(header: header, alignments: header.map { _ in .left }, rows: rows)
  }

  /// The command last: it is the one long cell, and wraps in the width the others leave.
  func runTable() -> ReportTable {
    let rows = files.map { file -> [[Inline]] in
      guard let run = file.document.run else {
        return [[.code(Self.fileName(file.path))]] + Array(repeating: [.text("—")], count: 6) + [[.text("— (not recorded)")]]
      }
      return [
        [.code(Self.fileName(file.path))], [.text(String(run.repetitions))], [.text(String(run.warmup))],
        [.text(TickLabel.shortest(run.timeBudgetSeconds) + " s")], [.text(String(run.seed))], [.text(run.shard ?? "—")],
        [.text(run.interrupted ? "yes: cases missing" : "no")], [.code(run.command)],
      ]
    }
    return ReportTable(
      header: ["file", "repetitions", "warm-up", "time budget", "seed", "shard", "interrupted", "command"],
      alignments: [.left, .right, .right, .right, .right, .left, .left, .left], rows: rows,
      footnote: [.text("Repetitions asked for per case (the time budget, per case, may stop a case sooner), warm-up repetitions discarded, the seed of the generated workloads.")])
  }

  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// - Parameters:
  ///   - fitFrom: the smallest size the exponents are fitted over; nil for every size.
  ///   - combined: whether some workload has the derived `build+firstLayout` phase.
  static func readingNotes(reference: String, fitFrom: Int?, combined: Bool) -> [[Inline]] {
    let range = fitFrom.map { "Exponents are fitted over sizes ≥ \(ReportNumbers.grouped($0)) only (--fit-from \($0)); smaller sizes are in the charts and tables but not in the fit." }
      ?? "Exponents are fitted over every size measured."
    var notes: [[Inline]] = [
      [.text("Times are per operation: the median of every timed sample (each divided by the operations it timed), with the interquartile range (p25–p75) as the band in the charts and the spread in the tables. Both axes are logarithmic.")],
      [.text("The scaling exponent k is the least-squares slope of log(median) against log(size): t ≈ c·n^k, so k = 1 is linear and k = 2 quadratic. R² is the share of the variation of log(median) the line explains; with two sizes the line passes through both points and R² says nothing. " + range)],
    ]
    if combined {
      notes.append([
        .code(PhaseReport.combinedName), .text(" is derived, not timed: at each size its median is the median of "),
        .code(PhaseReport.buildName), .text(" plus the median of "), .code(PhaseReport.firstLayoutName),
        .text(" — a sum of medians, not a median of sums, because the two phases are timed in separate samples. Its spread (p25–p75, the band and the ≈ of its ratios) is the sum of the two p25s to the sum of the two p75s, an approximation. It is the figure to compare backends by: cassowary solves while it builds, the other backends solve in "),
        .code(PhaseReport.firstLayoutName), .text(", so "), .code(PhaseReport.buildName), .text(" alone is not comparable."),
      ])
    }
    return notes + [
      [.text("Ratios divide each backend's median by "), .code(reference), .text("'s at the same size and phase: 2.00× is twice as slow, 0.50× twice as fast. ≈ marks a ratio whose two interquartile ranges overlap: the spread of the samples alone cannot separate them.")],
      [.text("A case skipped (predicted over the time limit, over a backend's limits, a scene it cannot express) or failed has no point: its line stops (it is not drawn across the gap), a × in the backend's colour marks the size in the \"no data\" strip at the foot of the chart, and the reason is listed under the charts.")],
      [.text("Allocations are per operation from a separate counting pass (jemalloc); — means not counted. Counters are solver work per operation (pivots, cellsTouched) and the tableau's size after the phase (rows, cells, symbols).")],
    ]
  }
}
