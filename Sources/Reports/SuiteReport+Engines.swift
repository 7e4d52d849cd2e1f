import Foundation
import Interchange

extension SuiteReport {
  /// The outside engines among the inputs (docs/engines.md), one row each: who they are,
  /// how many of their cases were measured and checked, and where their answers differ
  /// from the reference backend's; nil when no case came from an engine. O(cases).
  func engineTable() -> ReportTable? {
    let engineCases = files.flatMap { file in file.document.cases.filter { $0.engine != nil } }
    guard !engineCases.isEmpty else { return nil }
    var names: [String] = []
    for result in engineCases where !names.contains(result.backend) { names.append(result.backend) }
    let rows = names.map { name -> [[Inline]] in
      let cases = engineCases.filter { $0.backend == name }
      let engine = cases.first!.engine!
      let measured = cases.filter { $0.status == .ok }
      let checked = measured.compactMap(\.check)
      let differing = measured.filter { $0.check?.passed == false }
      var differences: [Inline] = differing.isEmpty ? [.text(checked.isEmpty ? "—" : "none")] : []
      for (index, result) in differing.enumerated() {
        let check = result.check!
        if index > 0 { differences.append(.text("; ")) }
        differences += [
          .code(result.workload), .text(" at \(ReportNumbers.grouped(result.size)): \(ReportNumbers.grouped(check.mismatches)) of \(ReportNumbers.grouped(check.values))"),
        ]
        if let example = check.examples.first {
          let engineValue = example.engine.map(Self.valueText) ?? "refused"
          let referenceValue = example.reference.map(Self.valueText) ?? "refused"
          differences += [.text(", e.g. "), .code(example.name), .text(" \(engineValue) against \(referenceValue) in state \(example.state)")]
        }
      }
      let reference = checked.first?.reference ?? "cassowary"
      return [
        [.code(name)], [.text([engine.version, engine.language].compactMap { $0 }.joined(separator: ", "))],
        [.text(engine.binding ?? "none stated")], [.text("\(measured.count) of \(cases.count)")],
        [.text("\(checked.count) against "), .code(reference)], differences,
      ]
    }
    return ReportTable(
      header: ["engine", "version, language", "binding", "cases measured", "answers checked", "answers that differ"],
      alignments: [.left, .left, .left, .right, .left, .left], rows: rows,
      footnote: [
        .text("Engines run outside this process and time themselves (docs/engines.md); every answer of every state is compared with the reference backend's on the same file, within 1e-6 + 1e-6 · max(|a|, |b|).")
      ])
  }

  /// A compared value, to seven significant digits (enough to show what differs).
  static func valueText(_ value: Double) -> String { String(format: "%.7g", value) }
}
