import BenchCore
import Cassowary
import Interchange
import Workloads

/// Where the cases of a `bench run` come from: a suite's generated workloads
/// (`--suite`), or the user's own scene files (`--scene`).
enum CaseSource {
  case suite(RunPlan)
  case scenes(ScenePlan)

  /// The results file's `suite`.
  var suiteName: String {
    switch self {
    case .suite(let plan): plan.suite.name
    case .scenes: SceneFile.suiteName
    }
  }

  var workloadNames: [String] {
    switch self {
    case .suite(let plan): plan.workloads.map(\.name)
    case .scenes(let plan): plan.scenes.map(\.workload)
    }
  }

  var backends: [String] {
    switch self {
    case .suite(let plan): plan.backends
    case .scenes(let plan): plan.backends
    }
  }

  var shard: Shard? {
    switch self {
    case .suite(let plan): plan.shard
    case .scenes(let plan): plan.shard
    }
  }

  /// `suite smoke, 6 cases (2 workloads × sizes × cassowary, springs-struts), shard 1/2`.
  func summary(cases: Int) -> String {
    let workloads = workloadNames.count
    let kind: String
    switch self {
    case .suite: kind = "\(workloads) workload\(workloads == 1 ? "" : "s") × sizes"
    case .scenes: kind = "\(workloads) scene file\(workloads == 1 ? "" : "s")"
    }
    return "suite \(suiteName), \(cases) cases (\(kind) × \(backends.joined(separator: ", ")))"
      + (shard.map { ", shard \($0)" } ?? "")
  }

  /// The planned cases, in the order they run. O(cases).
  var cases: [PlannedCase] {
    switch self {
    case .suite(let plan): plan.cases
    case .scenes(let plan): plan.cases
    }
  }

  /// Every case of the plan, whatever the shard: what the plan's fingerprint covers.
  /// O(cases).
  var allCases: [PlannedCase] {
    switch self {
    case .suite(let plan): plan.allCases
    case .scenes(let plan): plan.allCases
    }
  }

  /// What the scene files say, one entry per file (the workload and a fingerprint of the
  /// scene as written back); empty for a suite, whose cases the seed determines. O(the
  /// files' size).
  var sceneContents: [String] {
    guard case .scenes(let plan) = self else { return [] }
    return plan.scenes.map { "\($0.workload)\t\(PlanFingerprint.hash($0.document.jsonText()))" }
  }

  /// What the backends of `driver` are given for `planned` (a generated case or a scene
  /// file's trace, or the constraint system the cassowary backend's layout of it makes)
  /// and the parameters its result records. O(the case), plus one layout of it for
  /// `--driver system`.
  /// - Throws: `WorkloadExportError.noSingleSystem` for `--driver system` and a scene with
  ///   a table (a skip); any other error means the case cannot be generated or exported.
  func input(for planned: PlannedCase, driver: RunDriver) throws -> (input: CaseInput, parameters: [(key: String, value: String)]) {
    switch self {
    case .suite:
      let workloadCase = try workloadCase(for: planned)
      switch driver {
      case .scene: return (.trace(MeasuredTrace(workloadCase)), workloadCase.parameters)
      case .system:
        // What `bench export --format constraints` writes: the calls Cassowary's layout makes.
        let system = try workloadCase.constraintSystem(base: CassowarySolver())
        return (.system(system), workloadCase.parameters + [(key: "driver", value: "system")])
      }
    case .scenes(let plan):
      guard let scene = plan.scene(named: planned.workload) else {
        throw CaseSourceError(description: "no scene file gives workload '\(planned.workload)'")
      }
      switch driver {
      case .scene: return (.trace(MeasuredTrace(scene.document)), scene.parameters)
      case .system:
        let system = try scene.document.constraintSystem(base: CassowarySolver())
        return (.system(system), scene.parameters + [(key: "driver", value: "system")])
      }
    }
  }
}

extension CaseSource {
  /// The generated case `planned` names (what outside engines are given). O(the case).
  /// - Throws: `CaseSourceError` for a scene file's case or a workload the suite lacks;
  ///   `WorkloadError` for a size the workload refuses.
  func workloadCase(for planned: PlannedCase) throws -> WorkloadCase {
    guard case .suite(let plan) = self else {
      throw CaseSourceError(description: "'\(planned.workload)' is a scene file, not a generated workload")
    }
    guard let workload = plan.workload(named: planned.workload) else {
      throw CaseSourceError(description: "no workload '\(planned.workload)' in suite \(plan.suite.name)")
    }
    return try workload.makeCase(size: planned.size, seed: planned.seed ?? plan.seed)
  }
}

/// A planned case its source does not know (a bug of the plan).
struct CaseSourceError: Error, CustomStringConvertible {
  var description: String
}
