/// A `layoutbench.explanation/1` document (docs/interchange.md): what `bench explain`
/// prints. For one view in one state of a scene, per axis, each frame attribute's value
/// and the constraints that determine it (docs/explain.md), as every constraint backend
/// found them.
public struct ExplanationDocument: Hashable, Sendable {
  /// The `format` value of an explanation file.
  public static let formatName = "layoutbench.explanation/1"

  /// The view's id.
  public var view: String
  /// Nil for the initial layout, else the 0-based index of the step after which the state
  /// is taken: the `step` of the matching `bench layout` state.
  public var step: Int?
  /// The error of that step when the scene refused it; the state explained is then the
  /// one before it, which stays in place (formats.md section 2).
  public var stepError: FramesDocument.StepError?
  /// A hidden arranged view: its stack lays it out no more, so its frame is whatever its
  /// own constraints leave (formats.md: checkers ignore it).
  public var isHiddenInStack: Bool
  /// The backends that produced the explanation and agree on it, in registry order.
  public var backends: [String]
  /// minX, minY, width, height, in that order.
  public var attributes: [Attribute]

  public init(
    view: String, step: Int?, stepError: FramesDocument.StepError? = nil, isHiddenInStack: Bool = false,
    backends: [String], attributes: [Attribute]
  ) {
    self.view = view
    self.step = step
    self.stepError = stepError
    self.isHiddenInStack = isHiddenInStack
    self.backends = backends
    self.attributes = attributes
  }

  /// One frame attribute.
  public struct Attribute: Hashable, Sendable {
    /// `minX`, `minY`, `width` or `height`.
    public var name: String
    /// Nil when ambiguous (the backend's own choice among optima).
    public var value: Double?
    public var isAmbiguous: Bool
    /// The constraints that determine it: user constraints in file order, then generated
    /// ones in lowering order.
    public var determinedBy: [ConstraintReference]
    /// Required constraints that fix it only together with others that imply them.
    public var redundant: [ConstraintReference]

    public init(
      name: String, value: Double?, isAmbiguous: Bool, determinedBy: [ConstraintReference],
      redundant: [ConstraintReference]
    ) {
      self.name = name
      self.value = value
      self.isAmbiguous = isAmbiguous
      self.determinedBy = determinedBy
      self.redundant = redundant
    }

    /// Whether the attribute lies on the horizontal axis (minX, width).
    public var isHorizontal: Bool { name == "minX" || name == "width" }
  }

  /// A constraint as the explanation names it.
  public struct ConstraintReference: Hashable, Sendable {
    /// A user constraint's id (`ID.k` for the k-th of a VFL entry), or the name of a
    /// generated one as diagnostics give it (`row.stack(spacing-after:a)`).
    public var id: String
    public var priority: Double
    public var isGenerated: Bool

    public init(id: String, priority: Double, isGenerated: Bool) {
      self.id = id
      self.priority = priority
      self.isGenerated = isGenerated
    }
  }
}
