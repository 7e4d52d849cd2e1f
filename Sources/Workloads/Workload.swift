import Scene

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
  /// The sizes ``makeCase(size:seed:)`` accepts: `1...1` for a workload with one size
  /// (a transcribed scene), else `1...Workload.largestSize`.
  public var sizes: ClosedRange<Int>
  /// Whether the seed changes the case (false for transcribed scenes such as `enaml`).
  public var isSeeded: Bool
  /// Mixed into the seed: the name, or a family's name when its variants must draw the
  /// same numbers (`deep.chain` for both variants, so they have the same geometry).
  let stream: String
  let viewCountForSize: @Sendable (Int) -> ClosedRange<Int>
  let generate: @Sendable (_ size: Int, _ rng: inout SplitMix64) -> WorkloadCase

  init(
    name: String, summary: String, defaultSizes: [Int], isFrameLayoutOnly: Bool, sizeMeaning: String,
    sizes: ClosedRange<Int> = 1...Workload.largestSize, isSeeded: Bool = true, stream: String? = nil,
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
    self.stream = stream ?? name
    self.viewCountForSize = viewCount
    self.generate = generate
  }

  /// The largest size any generated workload accepts: a bound on what one command line
  /// can ask to build (a million arranged views is already far past every backend).
  public static let largestSize = 1_000_000

  /// Deterministic: the same (size, seed) gives an identical case, on every platform
  /// (SplitMix64, no hash-order dependence). The random stream is the seed mixed with the
  /// workload's name (its family's, for variants that share a geometry), so workloads
  /// given one seed draw different numbers.
  /// - Complexity: O(views + constraints + steps).
  /// - Throws: ``WorkloadError/sizeOutOfRange(workload:size:sizes:)`` for a size outside
  ///   ``sizes`` (zero and negative sizes included).
  public func makeCase(size: Int, seed: UInt64) throws(WorkloadError) -> WorkloadCase {
    guard sizes.contains(size) else { throw .sizeOutOfRange(workload: name, size: size, sizes: sizes) }
    var rng = SplitMix64(seed: seed ^ SplitMix64.hash(stream))
    var result = generate(size, &rng)
    result.workload = name
    result.size = size
    result.seed = seed
    return result
  }

  /// How many views (the root included) a case of this size has, without building it
  /// (a runner compares it with a backend's size limit). Sizes outside ``sizes`` are
  /// clamped into it. O(1) for generated workloads.
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
