import Scene

/// One generated instance: a scene description plus a trace of changes, grouped into
/// measured operations.
public struct WorkloadCase: Sendable {
  /// The workload's catalog name, e.g. `stack.fill.horizontal`.
  public var workload: String
  /// The size parameter (number of views, depth, ... as the workload defines it; see
  /// ``Workload/sizeMeaning``).
  public var size: Int
  public var seed: UInt64
  /// Ordered, keys unique, e.g. `[("distribution", "fill"), ("axis", "horizontal")]`.
  public var parameters: [(key: String, value: String)]
  public var container: Container
  /// Each with its path as a scene file would give it (`views[3]`).
  public var views: [ViewDescription]
  public var guides: [(id: String, owner: String, path: String)]
  public var constraints: [ConstraintDescription]
  public var steps: [SceneChange]
  /// Consecutive, non-overlapping, covering `steps` in order: each is measured as one
  /// sample of `phase` (apply each step's change with `scene.apply` + `backend.update`,
  /// then ONE `backend.layoutIfNeeded`).
  public var operations: [WorkloadOperation]

  public init(
    workload: String, size: Int, seed: UInt64, parameters: [(key: String, value: String)], container: Container,
    views: [ViewDescription], guides: [(id: String, owner: String, path: String)],
    constraints: [ConstraintDescription], steps: [SceneChange], operations: [WorkloadOperation]
  ) {
    self.workload = workload
    self.size = size
    self.seed = seed
    self.parameters = parameters
    self.container = container
    self.views = views
    self.guides = guides
    self.constraints = constraints
    self.steps = steps
    self.operations = operations
  }

  /// Builds a fresh, validated initial scene (a measured loop rebuilds it for every
  /// repetition, outside the clock).
  /// - Throws: `SceneError` — only for a generator bug; the tests build every workload.
  /// - Complexity: that of `Scene.init`, O(views · depth + constraints).
  public func makeScene() throws(SceneError) -> Scene {
    try Scene(container: container, views: views, guides: guides, constraints: constraints)
  }

  /// The JSON path of step `index` as a scene file gives it, for `Scene.apply(_:path:)`.
  public static func stepPath(_ index: Int) -> String { "steps[\(index)]" }
}
