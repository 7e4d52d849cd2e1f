import ArgumentParser
import BenchCore
import Workloads

extension Bench.Run {
  /// The checks of `--suite` against `--scene` that need no file read.
  /// - Throws: `ValidationError` (64) for neither or both, `--scene` with `--workloads`,
  ///   `--sizes`, `--seed` (a scene file is one case of one size, not generated) or
  ///   `--engine` (engines take generated cases), and
  ///   two files that give one workload name.
  func validateSource() throws {
    if suite == nil && scenes.isEmpty { throw ValidationError("give --suite NAME or --scene FILE") }
    guard !scenes.isEmpty else { return }
    if suite != nil {
      throw ValidationError("--scene runs the given scene files as suite '\(SceneFile.suiteName)'; it cannot be combined with --suite")
    }
    if workloads != nil {
      throw ValidationError("--workloads selects a suite's workloads; with --scene, each file is a workload: name only the files to run")
    }
    if sizes != nil { throw ValidationError("--sizes sets generated workloads' sizes; a scene file has one, its number of views") }
    if seed != nil { throw ValidationError("--seed seeds generated workloads; a scene file is not generated") }
    if engine != nil { throw ValidationError("--engine gives outside engines generated workloads; it cannot run --scene files") }
    if let problem = ScenePlan.duplicateProblem(paths: scenes) { throw ValidationError(problem) }
  }

  /// The suite's plan (its backends and the outside `engines`), or the scene files read
  /// and planned. Scene files are read before
  /// anything is measured.
  /// - Throws: `ValidationError` (64) for what ``RunPlan`` or ``ScenePlan`` refuse;
  ///   `ExitCode(2)` after saying why for a scene file that is unreadable or malformed.
  func caseSource(engines: [String]) throws -> CaseSource {
    let available =
      (driver == .scene ? LayoutBackendRegistry.entries.map(\.name) : BackendRegistry.entries.map(\.name)) + engines
    // Without --backends, --engine alone runs only the engines.
    let named = engines.isEmpty ? backends.map(Self.list) : (backends.map(Self.list) ?? []) + engines
    let shard = shard.flatMap(Shard.init(parsing:))
    if let suite {
      do {
        return .suite(
          try RunPlan(
            suite: suite, workloads: workloads.map(Self.list), backends: named, available: available,
            sizes: try sizes.map(Self.sizeList), seed: seed ?? WorkloadCatalog.defaultSeed, shard: shard))
      } catch let error as RunPlan.Invalid {
        throw ValidationError(error.description)
      }
    }
    var files: [SceneFile] = []
    for path in scenes {
      let document = try SceneInput.read(path)
      do { files.append(try SceneFile(path: path, document: document)) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
    }
    do {
      return .scenes(try ScenePlan(scenes: files, backends: backends.map(Self.list), available: available, shard: shard))
    } catch {
      throw ValidationError(error.description)
    }
  }
}
