import Scene

/// A `layoutbench.frames/1` document (formats.md section 2): what `bench layout` prints.
///
/// One state for the initial layout (`step` nil, written `"step": null`) and one per
/// step: every present view's frame in view order, with the diagnostics of that layout,
/// or the error of a step that could not be applied.
public struct FramesDocument: Hashable, Sendable {
  /// The `format` value of a frames file.
  public static let formatName = "layoutbench.frames/1"

  public var backend: String
  public var states: [State]

  public init(backend: String, states: [State]) {
    self.backend = backend
    self.states = states
  }

  /// The result of the initial layout or of one step.
  public struct State: Hashable, Sendable {
    /// Nil for the initial layout, else the 0-based step index.
    public var step: Int?
    public var outcome: Outcome

    public init(step: Int?, outcome: Outcome) {
      self.step = step
      self.outcome = outcome
    }
  }

  public enum Outcome: Hashable, Sendable {
    /// The layout after the step.
    case layout(Layout)
    /// The step was refused; the scene stays as it was before it.
    case failed(StepError)
  }

  /// Frames and diagnostics of one layout.
  public struct Layout: Hashable, Sendable {
    /// Every present view, in view order (the order views were added), with its frame in
    /// its superview's coordinates (the root's in the container's).
    public var frames: [ViewFrame]
    public var diagnostics: [LayoutDiagnostic]

    public init(frames: [ViewFrame], diagnostics: [LayoutDiagnostic] = []) {
      self.frames = frames
      self.diagnostics = diagnostics
    }
  }

  public struct ViewFrame: Hashable, Sendable {
    public var view: String
    public var frame: Rect

    public init(_ view: String, _ frame: Rect) {
      self.view = view
      self.frame = frame
    }
  }

  /// An `"error"` object of a refused step.
  public struct StepError: Hashable, Sendable {
    /// The kind of a step the scene refused (``invalidStep``).
    public static let invalidStep = "invalidStep"

    public var kind: String
    /// Names the JSON path of the entry at fault, e.g. `steps[3].setConstant.gap: no
    /// constraint 'gap' is present`.
    public var message: String

    public init(kind: String, message: String) {
      self.kind = kind
      self.message = message
    }
  }
}
