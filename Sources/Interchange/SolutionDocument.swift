/// A `layoutbench.solution/1` document (formats.md section 1): what `bench solve` prints.
///
/// One state for the initial solve (`step` nil, written as `"step": null`) and one per
/// step. Values are listed for every variable of the constraint system, in
/// ``variableNames`` order.
public struct SolutionDocument: Hashable, Sendable {
  /// The `format` value of a solution file.
  public static let formatName = "layoutbench.solution/1"

  public var backend: String
  public var variableNames: [String]
  public var states: [State]

  public init(backend: String, variableNames: [String], states: [State]) {
    self.backend = backend
    self.variableNames = variableNames
    self.states = states
  }

  /// The result of the initial solve or of one step.
  public struct State: Hashable, Sendable {
    /// Nil for the initial solve, else the 0-based step index.
    public var step: Int?
    public var outcome: Outcome
    /// Documented extension, initial state only: initial constraints (and edit
    /// variables) that could not be added and were skipped. Written as `"errors"` when
    /// not empty.
    public var skipped: [ErrorRecord]

    public init(step: Int?, outcome: Outcome, skipped: [ErrorRecord] = []) {
      self.step = step
      self.outcome = outcome
      self.skipped = skipped
    }
  }

  public enum Outcome: Hashable, Sendable {
    /// One value per variable, indexed like ``SolutionDocument/variableNames``.
    case values([Double])
    /// The step was refused; the system stays as it was before the step.
    case failed(ErrorRecord)
  }

  /// An `"error"` object: `kind` and `message` always; `constraint`, `conflicts` and
  /// `variable` when the error is about them.
  public struct ErrorRecord: Hashable, Sendable {
    public var kind: String
    public var message: String
    public var constraint: String?
    /// Present for `unsatisfiable`: the constraints the refused one conflicts with.
    public var conflicts: [String]?
    public var variable: String?

    public init(
      kind: String, message: String, constraint: String? = nil, conflicts: [String]? = nil,
      variable: String? = nil
    ) {
      self.kind = kind
      self.message = message
      self.constraint = constraint
      self.conflicts = conflicts
      self.variable = variable
    }
  }
}
