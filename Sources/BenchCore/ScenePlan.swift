/// What `bench run --scene` was asked for: the user's scene files, each a workload of
/// suite ``SceneFile/suiteName`` at one size, on the chosen backends; checked before
/// anything runs.
public struct ScenePlan: Sendable {
  /// In the order given.
  public let scenes: [SceneFile]
  public let backends: [String]
  public let shard: Shard?

  /// `available` are the backend names of this build.
  /// - Throws: `RunPlan.Invalid` for no file, two files that give one workload name
  ///   (naming both), or an unknown backend or empty `--backends`.
  public init(scenes: [SceneFile], backends backendNames: [String]?, available: [String], shard: Shard?) throws(RunPlan.Invalid) {
    guard !scenes.isEmpty else { throw RunPlan.Invalid(description: "--scene names no file") }
    if let problem = Self.duplicateProblem(paths: scenes.map(\.path)) { throw RunPlan.Invalid(description: problem) }
    self.scenes = scenes
    self.backends = try RunPlan.select(backends: backendNames, available: available)
    self.shard = shard
  }

  /// Why `paths` cannot run together: the first two that give one workload name
  /// (``SceneFile/workloadName(ofPath:)``), named; nil when the names are distinct. O(paths).
  public static func duplicateProblem(paths: [String]) -> String? {
    var firstPath: [String: String] = [:]
    for path in paths {
      let workload = SceneFile.workloadName(ofPath: path)
      if let other = firstPath[workload] {
        return "scene files '\(other)' and '\(path)' both give workload '\(workload)' "
          + "(a file's name without .scene.json or .json); rename one"
      }
      firstPath[workload] = path
    }
    return nil
  }

  /// Every case: file by file in the order given, backend in registry order; only this
  /// shard's when sharded. O(cases).
  public var cases: [PlannedCase] {
    shard?.cases(of: allCases) ?? allCases
  }

  /// Every case of the plan, whatever the shard. O(cases).
  public var allCases: [PlannedCase] {
    scenes.flatMap { scene in
      backends.map { PlannedCase(workload: scene.workload, size: scene.size, backend: $0, seed: nil) }
    }
  }

  /// The file a planned case names. O(files).
  public func scene(named workload: String) -> SceneFile? {
    scenes.first { $0.workload == workload }
  }
}
