import Interchange

/// The table `bench run` prints when it ends: a row per case with, for `build`,
/// `firstLayout` and their per-repetition sum `build+firstLayout`, the median per
/// operation, its interquartile range and the number of samples; then each change phase
/// (a row of its own after the first) with the same three figures and its allocations per
/// operation; a skipped or failed case says why after a dash in the `build` column.
///
/// Each time column has one unit, chosen from its medians and named in the header; the
/// interquartile range beside a median is in the same unit. `build+firstLayout` is there
/// because backends split the work differently: cassowary solves while it builds, the
/// others in the first layout, so `build` alone misleads.
public struct RunSummaryTable {
  /// One line: a case (with `build` and the first change phase), or a further change
  /// phase of the case above (`head` then blank).
  struct Row {
    var head: [String]
    var build: Spread?
    var firstLayout: Spread?
    var buildPlusFirstLayout: Spread?
    var change: (name: String, spread: Spread?, allocations: Double?)?
    /// `skipped: reason` or `error: message`; empty for a measured case.
    var note = ""
  }

  let rows: [Row]

  /// The rows of every case in file order. O(samples · log samples).
  public init(_ document: ResultsDocument) {
    var rows: [Row] = []
    for result in document.cases {
      let head = [result.workload, String(result.size), result.backend]
      switch result.status {
      case .skipped(let reason):
        rows.append(Row(head: head, note: Self.shortened("skipped: " + reason)))
        continue
      case .error(let message):
        rows.append(Row(head: head, note: Self.shortened("error: " + message)))
        continue
      case .ok: break
      }
      let build = result.phases.first { $0.name == MeasuredTrace.buildPhase }
      let first = result.phases.first { $0.name == MeasuredTrace.firstLayoutPhase }
      var row = Row(
        head: head, build: build.flatMap { Spread($0.perOperationSamples) },
        firstLayout: first.flatMap { Spread($0.perOperationSamples) },
        buildPlusFirstLayout: Self.buildPlusFirstLayoutSamples(result).flatMap { Spread($0) })
      let changes = result.phases.filter { $0.name != MeasuredTrace.buildPhase && $0.name != MeasuredTrace.firstLayoutPhase }
      for (index, phase) in changes.enumerated() {
        if index > 0 { row = Row(head: ["", "", ""]) }
        row.change = (phase.name, Spread(phase.perOperationSamples), phase.allocations?.count)
        rows.append(row)
      }
      if changes.isEmpty { rows.append(row) }
    }
    self.rows = rows
  }

  /// The aligned table, header and rule first. O(cells).
  public var text: String {
    let build = TimeUnit.suited(to: rows.compactMap(\.build?.median))
    let first = TimeUnit.suited(to: rows.compactMap(\.firstLayout?.median))
    let combined = TimeUnit.suited(to: rows.compactMap(\.buildPlusFirstLayout?.median))
    let change = TimeUnit.suited(to: rows.compactMap(\.change?.spread?.median))
    func cells(_ spread: Spread?, _ unit: TimeUnit, shown: Bool) -> [String] {
      guard shown else { return ["", "", ""] }
      guard let spread else { return ["-", "", ""] }
      return [unit.format(spread.median), unit.format(spread.interquartileRange), String(spread.count)]
    }
    let body = rows.map { row -> [String] in
      guard row.note.isEmpty else { return row.head + ["-"] }
      let isCase = !row.head[0].isEmpty
      var line = row.head
      line += cells(row.build, build, shown: isCase)
      line += cells(row.firstLayout, first, shown: isCase)
      line += cells(row.buildPlusFirstLayout, combined, shown: isCase)
      if let phase = row.change {
        line += [phase.name] + cells(phase.spread, change, shown: true) + [phase.allocations.map(Formatting.count) ?? "n/a"]
      } else {
        line.append("-")
      }
      return line
    }
    let header = [
      "workload", "size", "backend",
      "build \(build.symbol)", "IQR", "n",
      "firstLayout \(first.symbol)", "IQR", "n",
      "build+firstLayout \(combined.symbol)", "IQR", "n",
      "change", "\(change.symbol)", "IQR", "n", "allocs/op",
    ]
    var lines = Formatting.table(body, header: header, leftAlignedColumns: [0, 2, 12]).split(separator: "\n").map(String.init)
    // A case without measurements says why after its dash, outside the columns, so a long
    // reason does not widen them.
    for (index, row) in rows.enumerated() where !row.note.isEmpty { lines[index + 2] += "  " + row.note }
    return lines.joined(separator: "\n")
  }

  private static func shortened(_ text: String) -> String {
    text.count > 120 ? String(text.prefix(117)) + "..." : text
  }
}
