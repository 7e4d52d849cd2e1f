/// Why ``SceneExplanation`` gave no explanation.
public enum SceneExplanationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scene has no step of that index (`count` steps in all).
  case noSuchStep(Int, count: Int)
  /// No view of that id is present in the state; `present` lists the ids that are, in
  /// view order (for a "did you mean").
  case unknownView(String, step: Int?, present: [String])
  /// The view is a table row or lies in one: rows are laid out alone, each by a layout of
  /// its own (formats.md section 2.1), not by the scene's constraint system.
  case viewInTableRow(String, row: String)
  /// The layout could not go on (the backend cannot express the scene, is over a limit,
  /// or failed).
  case replay(SceneReplayError)

  public var description: String {
    switch self {
    case .noSuchStep(let step, let count):
      let range = count == 0 ? "it has no steps" : "its steps are 0 to \(count - 1)"
      return "no step \(step): \(range) (leave --step out for the initial layout)"
    case .unknownView(let id, let step, _):
      return "no view '\(id)' is present \(step.map { "after step \($0)" } ?? "in the initial layout")"
    case .viewInTableRow(let id, let row):
      let subject = id == row ? "'\(id)' is a table row" : "'\(id)' lies in table row '\(row)'"
      return "\(subject), which is laid out alone, outside the scene's constraint system; only views outside table rows "
        + "can be explained"
    case .replay(let error):
      return error.description
    }
  }
}
