/// Whether a results file holds its run's whole plan (formats.md section 3, `complete` and
/// `plannedCases`), and the warning readers print when it may not.
extension ResultsDocument {
  /// True only when the file says its run finished its whole plan; a file that does not
  /// say is not known to be complete. O(1).
  public var isComplete: Bool { complete == true }

  /// What a reader warns about a file that is not known to be complete, naming `file`;
  /// nil for a complete file. O(1).
  public func completenessWarning(file: String) -> String? {
    if complete == true { return nil }
    let held = plannedCases.map { "\(cases.count) of \($0) planned cases" } ?? "\(cases.count) cases, fewer than planned"
    if run?.interrupted == true { return "\(file) is incomplete: its run was interrupted; it holds \(held)" }
    guard complete != nil else {
      return "\(file) does not say whether its run finished its plan (no \"complete\" member): cases may be missing"
    }
    return "\(file) is incomplete: it holds \(held) (written while its run went on, or left by a run that was stopped)"
  }
}
