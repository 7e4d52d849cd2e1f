import Foundation
import Interchange
import LayoutModel

/// Writes a failing solver state as a `layoutbench.constraints/1` file that `bench solve`
/// replays: the present constraints (current constants and priorities), the edit variables,
/// and one step suggesting each edit's last value. Returns the file's path.
///
/// Files go to `$LAYOUTBENCH_FAILURE_DIR`, or `layoutbench-failures` in the temporary
/// directory; names carry the test and the seed.
public enum FailureArtifact {
  public static func write(
    _ state: TraceState, variableCount: Int, test: String, seed: UInt64, note: String
  ) -> String {
    // Ids are renumbered densely in order (the format's rule); names keep the originals.
    var constraints: [Constraint] = []
    var names: [String] = []
    for (k, constraint) in state.constraints.enumerated() {
      var renumbered = constraint
      renumbered.id = ConstraintID(k)
      constraints.append(renumbered)
      names.append("c\(constraint.id.rawValue)")
    }
    let suggestions = state.edits.compactMap { edit in edit.suggestion.map { (edit.variable, $0) } }
    let document = ConstraintSystemDocument(
      variableNames: (0..<variableCount).map { "v\($0)" }, constraintNames: names,
      constraints: constraints,
      edits: state.edits.map { .init(variable: $0.variable, priority: $0.priority) },
      steps: suggestions.isEmpty ? [] : [.suggest(suggestions)])
    return write(document.jsonText(), named: "\(test)-seed-\(seed).json", note: note)
  }

  /// Writes `text` under `name` in the failure directory; returns its path, or a note
  /// saying why it could not be written.
  public static func write(_ text: String, named name: String, note: String = "") -> String {
    let directory =
      ProcessInfo.processInfo.environment["LAYOUTBENCH_FAILURE_DIR"]
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("layoutbench-failures")
    let path = (directory as NSString).appendingPathComponent(name)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      return "(could not write \(path): \(error); \(note))"
    }
    return path
  }
}
