import Interchange
import LayoutModel

/// Compares two backends' explanations of the same view in the same state. The sets a
/// backend finds depend only on the constraint system (docs/explain.md), so any
/// difference is reported, never resolved by choosing one.
public enum ExplanationComparison {
  /// Every disagreement of `other` with `reference`, one sentence each, naming the
  /// attribute and the constraints one backend lists and the other does not; empty when
  /// they agree. Per attribute: whether it is ambiguous, its value (within
  /// `Tolerance.comparison`) when fixed, and the sets `determinedBy` and `redundant`
  /// (order aside). O(attributes · named constraints²).
  public static func disagreements(of other: ExplanationDocument, with reference: ExplanationDocument) -> [String] {
    let (them, us) = (other.backends.joined(separator: ", "), reference.backends.joined(separator: ", "))
    guard other.attributes.map(\.name) == reference.attributes.map(\.name) else {
      return ["\(them) explains \(other.attributes.map(\.name)), \(us) \(reference.attributes.map(\.name))"]
    }
    var found: [String] = []
    for (mine, theirs) in zip(other.attributes, reference.attributes) {
      let at = "'\(other.view)'.\(mine.name)"
      switch (mine.value, theirs.value) {
      case (nil, nil): break
      case (let value?, nil):
        found.append("\(at): \(them) fixes it at \(value); \(us) finds it ambiguous")
      case (nil, let value?):
        found.append("\(at): \(them) finds it ambiguous; \(us) fixes it at \(value)")
      case (let value?, let expected?):
        if !Tolerance.comparison.isClose(value, expected) {
          found.append("\(at): \(them) gives \(value), \(us) \(expected)")
        }
      }
      for (list, a, b) in [
        ("determinedBy", mine.determinedBy, theirs.determinedBy), ("redundant", mine.redundant, theirs.redundant),
      ] {
        let (ids, expected) = (a.map(\.id), b.map(\.id))
        let onlyMine = ids.filter { !expected.contains($0) }
        let onlyTheirs = expected.filter { !ids.contains($0) }
        if !onlyMine.isEmpty { found.append("\(at): \(list): only \(them) lists \(quoted(onlyMine))") }
        if !onlyTheirs.isEmpty { found.append("\(at): \(list): only \(us) lists \(quoted(onlyTheirs))") }
      }
    }
    return found
  }

  private static func quoted(_ ids: [String]) -> String {
    ids.map { "'\($0)'" }.joined(separator: ", ")
  }
}
