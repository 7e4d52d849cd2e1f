import Workloads

extension RunPlan {
  /// The workloads of `suite` that `entries` (`--workloads`: names or ``NamePattern``s)
  /// name or match, in suite order. O(entries · workloads · name length²).
  /// - Throws: ``Invalid`` for an empty list, a pattern that cannot be read, a name that
  ///   is not in the suite (saying so when it is in another suite), or a pattern that
  ///   matches none of the suite's workloads; each message lists the suite's workloads and,
  ///   for a near miss, suggests one (``NameSuggestion``).
  static func select(_ entries: [String], of suite: Suite) throws(Invalid) -> [Workload] {
    let names = suite.workloads.map(\.name)
    let listed = names.joined(separator: ", ")
    var patterns: [NamePattern] = []
    for entry in entries {
      let pattern: NamePattern
      do { pattern = try NamePattern(entry) } catch { throw Invalid(description: "--workloads: \(error)") }
      if !names.contains(where: pattern.matches) {
        let elsewhere = WorkloadCatalog.allWorkloads.map(\.name).filter(pattern.matches)
        if pattern.isLiteral {
          guard elsewhere.isEmpty else {
            throw Invalid(description: "unknown workload '\(entry)' (it is not in suite '\(suite.name)', which has: \(listed))")
          }
          throw Invalid(
            description: "unknown workload '\(entry)'\(NameSuggestion.clause(for: entry, among: names)) "
              + "(suite '\(suite.name)' has: \(listed))")
        }
        let unmatched = "pattern '\(entry)' matches no workload of suite '\(suite.name)'"
        guard elsewhere.isEmpty else {
          throw Invalid(
            description: "\(unmatched) (it matches \(elsewhere.joined(separator: ", ")) of other suites; "
              + "suite '\(suite.name)' has: \(listed))")
        }
        throw Invalid(
          description: "\(unmatched)\(NameSuggestion.clause(for: entry, among: names)) (suite '\(suite.name)' has: \(listed))")
      }
      patterns.append(pattern)
    }
    let chosen = suite.workloads.filter { workload in patterns.contains { $0.matches(workload.name) } }
    guard !chosen.isEmpty else { throw Invalid(description: "--workloads names no workload") }
    return chosen
  }
}
