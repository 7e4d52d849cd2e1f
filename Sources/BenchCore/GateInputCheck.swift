import Interchange

/// Whether a baseline and a current results file can be judged against each other at all
/// (docs/comparing.md, "What the gate refuses"): the gate compares like with like, so two
/// files that differ in what was measured are refused (exit 2) before any verdict, rather
/// than judged on the cases that happen to pair up.
///
/// Refused: another suite; another seed, or a file that does not say its seed; a baseline
/// with no `ok` case (it compares nothing), a failed baseline case, or a baseline case
/// skipped where the current file measured it (the baseline holds no bar for it: a
/// case a backend does not support is skipped in both and passes); cases of one file
/// missing from the other; cases whose workload parameters differ; a file that is not
/// complete (formats.md section 3: `"complete": true` only when its run finished its
/// whole plan).
///
/// A current case that is present but skipped or failing is not refused: that is a
/// regression, which ``RegressionGate`` fails (exit 1).
public enum GateInputCheck {
  /// One reason the two files cannot be judged against each other.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Every problem, baseline first, cases in the baseline's order; at most `limit` case
  /// problems are listed one by one, then counted. O(cases log cases).
  public static func problems(baseline: ResultsDocument, current: ResultsDocument, limit: Int = 10) -> [Problem] {
    var problems: [Problem] = []
    for (label, document) in [("the baseline", baseline), ("the current file", current)] where !document.isComplete {
      problems.append(
        Problem(
          description: "\(label) is not known to be complete (\(completenessText(document))): "
            + "a gate judges only runs that finished their whole plan"))
    }
    if baseline.suite != current.suite {
      problems.append(Problem(description: "the suites differ: '\(baseline.suite)' in the baseline, '\(current.suite)' in the current file"))
    }
    switch (baseline.run?.seed, current.run?.seed) {
    case (let a?, let b?) where a != b:
      problems.append(Problem(description: "the seeds differ: \(a) in the baseline, \(b) in the current file: the workloads are not the same"))
    case (nil, _), (_, nil):
      problems.append(Problem(description: "\(baseline.run == nil ? "the baseline" : "the current file") does not say its seed ('run' settings): record it with 'bench run'"))
    default: break
    }
    var caseProblems: [String] = []
    var currentCases: [ResultsDocument.CaseKey: ResultsDocument.Case] = [:]
    for result in current.cases { currentCases[result.key] = result }
    let baselineKeys = Set(baseline.cases.map(\.key))
    if !baseline.cases.contains(where: { $0.status == .ok }) {
      problems.append(Problem(description: "the baseline measures no case (\(baseline.cases.count) cases, none ok): it holds nothing to"))
    }
    for result in baseline.cases {
      if case .error(let message) = result.status {
        caseProblems.append("baseline case \(result.key) failed (\(message)): a baseline must measure each of its cases")
      }
      guard let other = currentCases[result.key] else {
        caseProblems.append("baseline case \(result.key) is not in the current file")
        continue
      }
      if case .skipped(let reason) = result.status, other.status == .ok {
        caseProblems.append("baseline case \(result.key) is skipped (\(reason)) but measured in the current file: the baseline holds no bar for it")
      }
      if let difference = parameterDifference(result.parameters, other.parameters) {
        caseProblems.append("case \(result.key): parameters differ (\(difference))")
      }
    }
    for result in current.cases where !baselineKeys.contains(result.key) {
      caseProblems.append("current case \(result.key) is not in the baseline")
    }
    problems += caseProblems.prefix(limit).map { Problem(description: $0) }
    if caseProblems.count > limit {
      problems.append(Problem(description: "and \(caseProblems.count - limit) more case problems"))
    }
    return problems
  }

  /// `complete: false, 12 of 96 planned cases`, `it does not say whether it is complete`.
  static func completenessText(_ document: ResultsDocument) -> String {
    guard let complete = document.complete else { return "it does not say whether it is complete" }
    return "complete: \(complete)" + (document.plannedCases.map { ", \(document.cases.count) of \($0) planned cases" } ?? "")
      + (document.run?.interrupted == true ? ", interrupted" : "")
  }

  /// The first parameter whose value differs or that one side lacks, as
  /// `distribution 'fill' in the baseline, 'fillEqually' in the current file`; nil when
  /// they agree (in any order). The `injectedRegression` parameter is the gate's own
  /// marker of a deliberately slowed build and is passed over. O(p log p).
  static func parameterDifference(_ a: [(key: String, value: String)], _ b: [(key: String, value: String)]) -> String? {
    let ignored = RegressionInjection.parameterName
    let left = Dictionary(a.filter { $0.key != ignored }.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let right = Dictionary(b.filter { $0.key != ignored }.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
      return "\(key) \(left[key].map { "'\($0)'" } ?? "absent") in the baseline, \(right[key].map { "'\($0)'" } ?? "absent") in the current file"
    }
    return nil
  }
}
