import Scene

/// What the measured loop runs: a way to build the initial scene, the changes that follow,
/// and how they group into measured operations. Built from a generated workload case, or
/// from a scene file.
public struct MeasuredTrace: Sendable {
  public struct Operation: Hashable, Sendable {
    /// The phase this operation is a sample of, e.g. `resizeContainer`, `sizeClassSwap`.
    public var phase: String
    /// Consecutive steps applied before the operation's one layout pass.
    public var steps: Range<Int>

    public init(phase: String, steps: Range<Int>) {
      self.phase = phase
      self.steps = steps
    }
  }

  /// Builds a fresh initial scene; called outside the clock once per repetition.
  public var makeScene: @Sendable () throws(SceneError) -> Scene
  public var steps: [SceneChange]
  /// Consecutive and covering `steps` in order.
  public var operations: [Operation]

  public init(makeScene: @escaping @Sendable () throws(SceneError) -> Scene, steps: [SceneChange], operations: [Operation]) {
    precondition(
      operations.map(\.steps.count).reduce(0, +) == steps.count
        && zip(operations, operations.dropFirst()).allSatisfy { $0.steps.upperBound == $1.steps.lowerBound }
        && (operations.first?.steps.lowerBound ?? 0) == 0,
      "operations must cover the steps in order")
    self.makeScene = makeScene
    self.steps = steps
    self.operations = operations
  }

  /// The phase names in order of first appearance: `build`, `firstLayout`, then the
  /// operations' phases.
  public var phaseNames: [String] {
    var names = [MeasuredTrace.buildPhase, MeasuredTrace.firstLayoutPhase]
    for operation in operations where !names.contains(operation.phase) { names.append(operation.phase) }
    return names
  }

  /// `load`: lowering the scene and building the solver's system (for an incremental
  /// solver, most of the solving happens here).
  public static let buildPhase = "build"
  /// The first `layoutIfNeeded` and reading every frame.
  public static let firstLayoutPhase = "firstLayout"
}
