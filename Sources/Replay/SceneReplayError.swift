import Scene

/// Why a ``SceneReplay`` ended before its last step. Unlike a refused step, which is
/// recorded in its state, these leave no trustworthy frames: `bench layout` prints no
/// document and exits 3 (``Kind/unsupported``, ``Kind/limitExceeded``) or 4
/// (``Kind/internalError``).
public struct SceneReplayError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The backend cannot express the scene; the message names the first element.
    case unsupported
    /// The backend is over one of its limits (e.g. a dense tableau's memory, or the
    /// accuracy contract for a lowered constraint).
    case limitExceeded
    /// The backend failed where no input explains it (a solver that lost its invariants,
    /// an unexpected solver error after a valid change, a non-finite frame): a bug.
    case internalError
  }

  public var kind: Kind
  /// Where the replay stopped: nil for the initial layout, else the step index.
  public var step: Int?
  public var message: String

  public init(kind: Kind, step: Int?, message: String) {
    self.kind = kind
    self.step = step
    self.message = message
  }

  /// Classifies a backend's `LayoutError`: `unsupported`, `limitExceeded` and accuracy
  /// refusals are the backend declining; every other solver error reaching the replay is a bug, because
  /// the scene validated the change and backends record broken constraints as
  /// diagnostics rather than throwing them.
  public init(_ error: LayoutError, step: Int?) {
    switch error {
    case .unsupported(let message): self.init(kind: .unsupported, step: step, message: message)
    case .solver(.limitExceeded(let message)): self.init(kind: .limitExceeded, step: step, message: message)
    case .solver(let solverError) where solverError.isAccuracyRefusal:
      // A lowered constraint outside the accuracy contract (lengths that add up beyond
      // it): the backend declines, as over any other limit.
      self.init(kind: .limitExceeded, step: step, message: solverError.description)
    case .solver(let solverError): self.init(kind: .internalError, step: step, message: solverError.description)
    }
  }

  /// `initial layout: message` or `step 3: message`.
  public var description: String {
    (step.map { "step \($0)" } ?? "initial layout") + ": " + message
  }
}
