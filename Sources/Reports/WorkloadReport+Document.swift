import BenchCore
import Interchange

extension WorkloadReport {
  /// The section of one workload: charts with their legend, what was not measured and
  /// why, peer-call notes, scaling exponents, ratios to the reference, and the full
  /// tables of medians, spread, allocations and counters. O(phases × sizes × backends).
  func blocks(anchor: String, reference: String, palette: BackendPalette, multipleFiles: Bool) -> [ReportBlock] {
    var blocks: [ReportBlock] = [.heading(level: 2, text: [.code(name)], anchor: anchor)]
    if !parameters.isEmpty {
      var text: [Inline] = [.text("Parameters: ")]
      for (index, parameter) in parameters.enumerated() {
        text += [.text(parameter.key + " "), .code(parameter.value), .text(index == parameters.count - 1 ? "; " : ", ")]
      }
      text.append(.text("sizes \(sizes.map(ReportNumbers.grouped).joined(separator: ", "))."))
      blocks.append(.paragraph(text))
    }
    blocks.append(.charts(legend: backends.map { ($0, palette.style(for: $0)) }, charts: charts(anchor: anchor, palette: palette)))
    if !absent.isEmpty {
      blocks.append(.paragraph([.strong("Not measured")]))
      blocks.append(.bulletList(absent.map { [.code($0.backend), .text(" at \(ReportNumbers.grouped($0.size)): \($0.explanation)")] }))
    }
    let notes = peerCallNotes()
    if !notes.isEmpty {
      blocks.append(.paragraph([.strong("Calls into out-of-process peers")]))
      blocks.append(.bulletList(notes))
    }
    blocks.append(.heading(level: 3, text: [.text("Scaling exponents, " + fitRangeCaption)], anchor: nil))
    blocks.append(.table(fitTable()))
    blocks.append(.heading(level: 3, text: [.text("Ratios to "), .code(reference)], anchor: nil))
    blocks += ratioBlocks(reference: reference)
    // A derived phase has no samples, allocations or counters of its own: its parts' tables
    // hold them.
    var tables = phases.filter { !$0.isDerived }.flatMap { phase -> [ReportBlock] in
      [.paragraph([.text("Phase "), .code(phase.name), .text(", per operation:")]), .table(measurementTable(phase, multipleFiles: multipleFiles))]
    }
    if let combined = combinedPhase {
      tables.append(.paragraph(
        [.code(combined.name), .text(" has no table of its own: its medians are the sums of the medians of "), .code(combined.derivedFrom[0])]
          + combined.derivedFrom.dropFirst().flatMap { [.text(" and "), .code($0)] } + [.text(" above.")]))
    }
    blocks.append(.details(summary: "Medians, spread, allocations and counters", blocks: tables))
    return blocks
  }

  /// `fitted over sizes ≥ 100`, or `fitted over every size`.
  var fitRangeCaption: String {
    fitFrom.map { "fitted over sizes ≥ \(ReportNumbers.grouped($0))" } ?? "fitted over every size"
  }

  /// One chart per phase, every backend of the workload on each (absent sizes marked).
  func charts(anchor: String, palette: BackendPalette) -> [LogLogChart] {
    phases.enumerated().map { index, phase in
      let series = backends.map { backend in
        let points = (phase.series(for: backend)?.points ?? []).map { point in
          LogLogChart.Point(
            x: Double(point.size), y: point.statistics.median, low: point.statistics.firstQuartile,
            high: point.statistics.thirdQuartile,
            note: "\(backend), n = \(ReportNumbers.grouped(point.size)), \(phase.name): "
              + (phase.isDerived ? ReportNumbers.sumSummary(point) : ReportNumbers.summary(point.statistics)))
        }
        return LogLogChart.Series(
          name: backend, style: palette.style(for: backend), points: points,
          absent: absentSizes(of: backend, in: phase).map { (Double($0.size), "\(backend), n = \(ReportNumbers.grouped($0.size)): \($0.reason)") })
      }
      return LogLogChart(
        id: "\(anchor)-\(index + 1)", title: phase.name, xLabel: "size n",
        // A derived phase's band is approximate (sums of quartiles): the axis says so.
        yLabel: phase.isDerived ? "sum of medians (band ≈)" : "time per operation",
        xValues: sizes.map(Double.init), series: series)
    }
  }

  /// Sizes the backend has a case at but no measurement of `phase`: skipped, failed, or
  /// (rarely) a case that did not time this phase.
  func absentSizes(of backend: String, in phase: PhaseReport) -> [(size: Int, reason: String)] {
    var result = absent.filter { $0.backend == backend }.map { ($0.size, $0.explanation) }
    let measured = Set(phases.flatMap { $0.series(for: backend)?.points.map(\.size) ?? [] })
    let missing = phase.isDerived ? "not both " + phase.derivedFrom.joined(separator: " and ") : "no \(phase.name) phase"
    for size in measured.sorted() where phase.series(for: backend)?.point(at: size) == nil {
      result.append((size, "\(missing) in this case"))
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// Per backend and phase with peer-call figures: the overhead per operation across
  /// sizes and its largest share of the median, so a peer's timings are read knowing how
  /// much of them is the crossing into Python.
  func peerCallNotes() -> [[Inline]] {
    var notes: [[Inline]] = []
    for backend in backends {
      for phase in phases {
        let points = (phase.series(for: backend)?.points ?? []).filter { $0.calls != nil || $0.callOverheadNanoseconds != nil }
        guard let first = points.first, let last = points.last else { continue }
        func figure(_ point: PhaseMeasurement) -> String {
          let calls = point.calls.map { count in
            let number = count == count.rounded() && count < 1e15 ? ReportNumbers.grouped(Int(count)) : Formatting.count(count)
            return "\(number) \(count == 1 ? "call" : "calls")"
          }
          guard let overhead = point.callOverheadNanoseconds else { return calls ?? "" }
          return "≈ \(Formatting.duration(nanoseconds: overhead))" + (calls.map { " (\($0))" } ?? "")
        }
        var text: [Inline] = [.code(backend), .text(" timings of "), .code(phase.name)]
        if points.allSatisfy({ $0.callOverheadNanoseconds == nil }) {
          text.append(.text(" make \(figure(first)) into the peer per operation"))
        } else {
          text.append(.text(" include \(figure(first)) of Python-call overhead per operation"))
        }
        if points.allSatisfy({ figure($0) == figure(first) }) {
          text.append(.text(points.count == 1 ? " at n = \(ReportNumbers.grouped(first.size))" : " at every size"))
        } else {
          text.append(.text(" at n = \(ReportNumbers.grouped(first.size)), \(figure(last)) at n = \(ReportNumbers.grouped(last.size))"))
        }
        let shares = points.compactMap { point in point.callOverheadNanoseconds.map { $0 / max(point.statistics.median, 1) } }
        if let largest = shares.max() {
          let share = largest * 100 < 1 ? "under 1" : "at most " + Formatting.fixed(largest * 100, decimals: 0)
          text.append(.text("; \(share) % of the median"))
        }
        text.append(.text("."))
        notes.append(text)
      }
    }
    return notes
  }

  /// Backends down, phases across: k with R² and the number of sizes it was fitted over.
  func fitTable() -> ReportTable {
    let bound = fitFrom.map { " ≥ \(ReportNumbers.grouped($0))" } ?? ""
    let rows = backends.map { backend -> [[Inline]] in
      [[.code(backend)]] + phases.map { phase -> [Inline] in
        guard let series = phase.series(for: backend) else { return [.text("— (not measured)")] }
        guard let fit = series.fit else {
          let count = series.fittedPoints.count
          return [.text(count == 0 ? "— (no size\(bound))" : "— (1 size\(bound))")]
        }
        return [.text(ReportNumbers.fit(fit))]
      }
    }
    var footnote: [Inline] = [
      .text("k: slope of log(median) against log(size), t ≈ c·n^k, \(fitRangeCaption); in brackets R² and the sizes it rests on.")
    ]
    if let combined = combinedPhase { footnote += Self.combinedFootnote(combined) }
    return ReportTable(
      header: ["backend"] + phases.map(\.name), alignments: [.left] + phases.map { _ in .left }, rows: rows, footnote: footnote)
  }

  /// ` build+firstLayout: the sum of build's and firstLayout's medians (approximate spread).`
  static func combinedFootnote(_ phase: PhaseReport) -> [Inline] {
    [.text(" "), .code(phase.name), .text(": the sum of ")]
      + phase.derivedFrom.enumerated().flatMap { index, name -> [Inline] in
        [.text(index == 0 ? "" : index == phase.derivedFrom.count - 1 ? " and " : ", "), .code(name), .text("'s")]
      }
      + [.text(" medians at each size (its spread approximate), not timed as one.")]
  }

  func ratioBlocks(reference: String) -> [ReportBlock] {
    guard backends.contains(reference) else {
      return [.paragraph([.text("No "), .code(reference), .text(" case in this workload: no ratios.")])]
    }
    let others = backends.filter { $0 != reference }
    guard !others.isEmpty else { return [.paragraph([.text("Only "), .code(reference), .text(" measured this workload.")])] }
    var rows: [[[Inline]]] = []
    var anyWithinSpread = false
    for phase in phases {
      for row in phase.ratios where row.entries.contains(where: { $0.ratio != nil }) {
        let cells = others.map { backend -> [Inline] in
          guard let entry = row.entries.first(where: { $0.backend == backend }), let ratio = entry.ratio else { return [.text("—")] }
          anyWithinSpread = anyWithinSpread || entry.withinSpread
          return [.text((entry.withinSpread ? "≈ " : "") + ReportNumbers.ratio(ratio))]
        }
        let base: [Inline] = [.text(row.referenceMedian.map { Formatting.duration(nanoseconds: $0) } ?? "—")]
        rows.append([[.code(phase.name)], [.text(ReportNumbers.grouped(row.size))], base] + cells)
      }
    }
    let footnote: [Inline] =
      [.text("Median over "), .code(reference), .text("'s median at the same size: above 1 slower; — where either was not measured.")]
      + (anyWithinSpread ? [.text(" ≈: the interquartile ranges overlap.")] : [])
      + (combinedPhase.map(Self.combinedFootnote) ?? [])
    return [
      .table(
        ReportTable(
          header: ["phase", "n", reference + " median"] + others, alignments: [.left, .right, .right] + others.map { _ in .right },
          rows: rows, footnote: footnote))
    ]
  }

  /// Every measurement of a phase: size, backend, median and spread, samples, allocations,
  /// each counter any of them has, and the peer figures when present.
  func measurementTable(_ phase: PhaseReport, multipleFiles: Bool) -> ReportTable {
    let points = sizes.flatMap { size in phase.series.compactMap { series in series.point(at: size).map { (series.backend, $0) } } }
    var counterNames: [String] = []
    for (_, point) in points {
      for counter in point.counters where !counterNames.contains(counter.name) { counterNames.append(counter.name) }
    }
    let hasCalls = points.contains { $0.1.calls != nil }
    let hasOverhead = points.contains { $0.1.callOverheadNanoseconds != nil }
    var header = ["n", "backend", "median", "p25–p75", "MAD", "samples", "allocations", "bytes"] + counterNames
    if hasCalls { header.append("calls") }
    if hasOverhead { header.append("call overhead") }
    if multipleFiles { header.append("file") }
    let rows = points.map { backend, point -> [[Inline]] in
      let statistics = point.statistics
      var cells: [[Inline]] = [
        [.text(ReportNumbers.grouped(point.size))], [.code(backend)], [.text(Formatting.duration(nanoseconds: statistics.median))],
        [.text(ReportNumbers.interquartileRange(statistics))], [.text(Formatting.duration(nanoseconds: statistics.medianAbsoluteDeviation))],
        [.text(ReportNumbers.grouped(statistics.count))],
        [.text(point.allocations.map { Formatting.count($0.count) } ?? "—")],
        [.text(point.allocations.map { Formatting.bytes($0.bytes) } ?? "—")],
      ]
      cells += counterNames.map { name in [.text(point.counters.first { $0.name == name }.map { Formatting.count($0.value) } ?? "—")] }
      if hasCalls { cells.append([.text(point.calls.map(Formatting.count) ?? "—")]) }
      if hasOverhead { cells.append([.text(point.callOverheadNanoseconds.map { Formatting.duration(nanoseconds: $0) } ?? "—")]) }
      if multipleFiles { cells.append([.code(SuiteReport.fileName(point.file))]) }
      return cells
    }
    let alignments: [ReportTable.Alignment] = header.enumerated().map { index, _ in index == 1 || (multipleFiles && index == header.count - 1) ? .left : .right }
    return ReportTable(
      header: header, alignments: alignments, rows: rows,
      footnote: [.text("Per operation. MAD: median absolute deviation. Allocations and bytes: mean per operation in the counting pass; — when not counted.")])
  }
}
