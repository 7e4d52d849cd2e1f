import Scene
import StrictJSON

/// A `layoutbench.scene/1` file (formats.md section 2) in memory: the descriptions it
/// gives, each with the JSON path of its entry, the initial ``scene`` built from them, and
/// the steps as `SceneChange`s.
///
/// The initial scene is validated when the document is made, so a document always holds
/// a valid one. Steps are not: formats.md makes a step that cannot be applied (an unknown
/// id, an invalid constraint) an error of that step's state, judged against the scene as
/// it is when the step runs (see `SceneReplay`).
public struct SceneDocument: Sendable {
  /// The `format` value of a scene file.
  public static let formatName = "layoutbench.scene/1"

  public let container: Container
  /// In file order; each `path` is `views[i]`.
  public let views: [ViewDescription]
  public let guides: [GuideDescription]
  /// In file order; each `path` is `constraints[i]`.
  public let constraints: [ConstraintDescription]
  public let steps: [Step]
  /// The scene before any step.
  public let scene: Scene
  /// Extension (docs/interchange.md): the generated workload this document is, if any.
  public var workload: WorkloadInfo?
  /// Extension (docs/interchange.md): the steps grouped into measured operations,
  /// consecutive and covering every step; nil when the file gives none.
  public var operations: [MeasuredOperation]?
  /// The first number of the file outside the accuracy contract, found when the file was
  /// decoded (`accuracyRefusal(in:)`); nil when every number lies within it, or for a
  /// document made in code. `bench` refuses such a file with exit status 3.
  public var accuracyRefusal: AccuracyRefusal?

  /// Builds and validates the initial scene from the descriptions.
  /// - Complexity: that of `Scene.init`.
  /// - Throws: the `SceneError` of the first problem `Scene` finds, naming its path.
  public init(
    container: Container, views: [ViewDescription], guides: [GuideDescription] = [],
    constraints: [ConstraintDescription] = [], steps: [Step] = [], workload: WorkloadInfo? = nil,
    operations: [MeasuredOperation]? = nil
  ) throws(SceneError) {
    self.container = container
    self.views = views
    self.guides = guides
    self.constraints = constraints
    self.steps = steps
    self.workload = workload
    self.operations = operations
    scene = try Scene(
      container: container, views: views, guides: guides.map { ($0.id, $0.owner, $0.path) },
      constraints: constraints)
  }

  /// The steps grouped into measured operations: ``operations`` when the file gives them,
  /// else one operation per step whose phase is the step's kind (`resizeContainer`,
  /// `setConstant`, `layout`, ...). Consecutive and covering every step. O(steps).
  public var measuredOperations: [MeasuredOperation] {
    operations ?? steps.indices.map { MeasuredOperation(phase: steps[$0].change.kind, steps: $0..<($0 + 1)) }
  }

  /// A layout guide entry `{"id": ..., "owner": ...}`.
  public struct GuideDescription: Hashable, Sendable {
    public var id: String
    /// The view the guide belongs to (it goes when the view goes).
    public var owner: String
    /// Where the entry is, e.g. `guides[0]`.
    public var path: String

    public init(id: String, owner: String, path: String = "") {
      self.id = id
      self.owner = owner
      self.path = path
    }
  }

  /// One step and where it is in the file (`steps[4]`), so errors found when it is
  /// applied can name it.
  public struct Step: Hashable, Sendable {
    public var change: SceneChange
    public var path: JSONPath

    public init(_ change: SceneChange, path: JSONPath) {
      self.change = change
      self.path = path
    }
  }
}
