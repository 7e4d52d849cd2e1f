import Interchange
import LayoutModel

/// The result of the initial solve or of one step of a ``SystemReplay``, in solver ids.
/// ``SolutionDocument`` renders it with the document's names.
public struct ReplayState: Hashable, Sendable {
  /// Nil for the initial solve, else the 0-based step index.
  public var step: Int?
  public var outcome: Outcome
  /// Initial state only: errors of edit variables and initial constraints that could
  /// not be added and were skipped, in file order.
  public var skipped: [SolverError]

  public init(step: Int?, outcome: Outcome, skipped: [SolverError] = []) {
    self.step = step
    self.outcome = outcome
    self.skipped = skipped
  }

  public enum Outcome: Hashable, Sendable {
    /// The value of every variable of the document, indexed by `VariableID.index`.
    case values([Double])
    /// The step was refused and undone: the system is as it was before the step.
    case failed(SolverError)
  }
}
