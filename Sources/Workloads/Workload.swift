import Scene

/// One generated instance: a scene description plus a trace of changes, grouped into
/// measured operations.
public struct WorkloadCase: Sendable {
  /// The workload's catalog name, e.g. `stack.fill.horizontal`.
  public var workload: String
  /// The size parameter (number of views, depth, cells, ... as the workload defines it),
  /// after clamping into the workload's ``Workload/sizes``.
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

  /// Builds the validated initial Scene.
  /// - Throws: `SceneError` — a generator bug; the tests assert it never throws.
  /// - Complexity: that of `Scene.init`.
  public func makeScene() throws(SceneError) -> Scene {
    try Scene(container: container, views: views, guides: guides, constraints: constraints)
  }

  /// The JSON path of step `index` as a scene file gives it, for `Scene.apply(_:path:)`.
  public static func stepPath(_ index: Int) -> String { "steps[\(index)]" }
}

/// A run of consecutive steps measured as one sample of `phase` (`resizeContainer`,
/// `sizeClassSwap`, `rebuild`, ...; docs/workloads.md lists them).
public struct WorkloadOperation: Hashable, Sendable {
  public var phase: String
  public var steps: Range<Int>

  public init(phase: String, steps: Range<Int>) {
    self.phase = phase
    self.steps = steps
  }
}

/// A seeded, deterministic generator of cases over a size parameter.
public struct Workload: Sendable {
  /// Unique and dotted: `stack.fill.horizontal`, `deep.chain.constraints`,
  /// `churn.sizeClassSwap`, `enaml`, `examples.b1-pin-edges`, ...
  public var name: String
  /// One line for `bench list`.
  public var summary: String
  /// The sweep `bench run` uses when `--sizes` is not given.
  public var defaultSizes: [Int]
  /// Whether the scene uses only what springs-struts supports: no user constraints and
  /// no layout guides, every view but the root either autoresizing or arranged in a
  /// stack, and every arranged view a leaf or a stack — in every state of every case
  /// (``FrameLayoutSupport/isFrameLayoutOnly(_:)``).
  public var isFrameLayoutOnly: Bool
  /// What the size parameter counts: `arranged views`, `views`, `depth`, ...
  public var sizeMeaning: String
  /// The sizes the workload has; ``makeCase(size:seed:)`` clamps into it. `1...1` for a
  /// workload with one size.
  public var sizes: ClosedRange<Int>
  /// Whether the seed changes the case (false for transcribed scenes such as `enaml`).
  public var isSeeded: Bool
  let viewCountForSize: @Sendable (Int) -> ClosedRange<Int>
  let generate: @Sendable (_ size: Int, _ rng: inout SplitMix64) -> WorkloadCase

  init(
    name: String, summary: String, defaultSizes: [Int], isFrameLayoutOnly: Bool, sizeMeaning: String,
    sizes: ClosedRange<Int> = 1...Int.max, isSeeded: Bool = true,
    viewCount: @escaping @Sendable (Int) -> ClosedRange<Int>,
    generate: @escaping @Sendable (_ size: Int, _ rng: inout SplitMix64) -> WorkloadCase
  ) {
    self.name = name
    self.summary = summary
    self.defaultSizes = defaultSizes
    self.isFrameLayoutOnly = isFrameLayoutOnly
    self.sizeMeaning = sizeMeaning
    self.sizes = sizes
    self.isSeeded = isSeeded
    self.viewCountForSize = viewCount
    self.generate = generate
  }

  /// Deterministic: the same (size, seed) gives an identical case. The size is clamped
  /// into ``sizes``; the random stream is the seed mixed with the workload's name, so
  /// workloads given one seed draw different numbers.
  /// - Complexity: O(views + constraints + steps).
  public func makeCase(size: Int, seed: UInt64) -> WorkloadCase {
    let clamped = min(max(size, sizes.lowerBound), sizes.upperBound)
    var rng = SplitMix64(seed: seed ^ SplitMix64.hash(name))
    var result = generate(clamped, &rng)
    result.workload = name
    result.size = clamped
    result.seed = seed
    return result
  }

  /// How many views (the root included) a case of this size has.
  public func viewCount(size: Int) -> ClosedRange<Int> {
    viewCountForSize(min(max(size, sizes.lowerBound), sizes.upperBound))
  }

  /// The same workload with another default sweep (the `smoke` suite's small sizes).
  public func withDefaultSizes(_ sizes: [Int]) -> Workload {
    var copy = self
    copy.defaultSizes = sizes
    return copy
  }
}

/// A named list of workloads that `bench run --suite NAME` runs.
public struct Suite: Sendable {
  public var name: String
  public var summary: String
  public var workloads: [Workload]

  public init(name: String, summary: String, workloads: [Workload]) {
    self.name = name
    self.summary = summary
    self.workloads = workloads
  }
}
