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
    /// Solves the layout took (formats.md section 2.1, "Layout passes").
    public var passes: Int
    /// Every present scroll view's content size, in view order.
    public var contentSizes: [ContentSize]
    /// Per table, the rows not fitted yet (their frames are estimates), in row order.
    public var estimatedRows: [EstimatedRows]

    public init(
      frames: [ViewFrame], diagnostics: [LayoutDiagnostic] = [], passes: Int = 1, contentSizes: [ContentSize] = [],
      estimatedRows: [EstimatedRows] = []
    ) {
      self.frames = frames
      self.diagnostics = diagnostics
      self.passes = passes
      self.contentSizes = contentSizes
      self.estimatedRows = estimatedRows
    }
  }

  /// A table's rows not fitted yet, in row order.
  public struct EstimatedRows: Hashable, Sendable {
    public var table: String
    public var rows: [String]

    public init(_ table: String, rows: [String]) {
      self.table = table
      self.rows = rows
    }
  }

  /// A scroll view's content size.
  public struct ContentSize: Hashable, Sendable {
    public var view: String
    public var width: Double
    public var height: Double

    public init(_ view: String, width: Double, height: Double) {
      self.view = view
      self.width = width
      self.height = height
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
