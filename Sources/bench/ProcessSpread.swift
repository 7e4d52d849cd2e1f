import ArgumentParser
import BenchCore
import Foundation
import Interchange

/// Starts the `bench run` children of a ``ProcessSchedule`` one after another and pools
/// their results (`--processes K`; `ResultsPooling` says why).
enum ProcessSpread {
  /// A `bench` executable whose `bench run` children are spread over processes.
  struct Build: Sendable {
    /// The executable; `/proc/self/exe` is this build.
    var executable: URL
    /// Environment variables removed from the children's environment.
    var removedEnvironment: [String] = []
    /// Environment variables set in the children's environment.
    var addedEnvironment: [String: String] = [:]

    static let this = Build(executable: URL(fileURLWithPath: "/proc/self/exe"))
  }

  /// Runs `bench run` `processes` times with `arguments` (which hold no `--processes`,
  /// `--repetitions`, `--time-budget` or `--out`) plus each child's share of the
  /// repetitions and the time budget, and pools the parts. The caller writes the result.
  /// An interrupted child ends the whole run: the finished parts are not kept.
  /// - Throws: `ExitCode` with a child's status when it fails other than with exit 1 (a
  ///   case in error, which is kept), or 2 when a part cannot be read or pooled.
  static func run(arguments: [String], processes: Int, repetitions: Int, timeBudget: Double) throws -> ResultsDocument {
    try run(builds: [.this], arguments: arguments, processes: processes, repetitions: repetitions, timeBudget: timeBudget)[0]
      .pooled
  }

  /// As ``run(arguments:processes:repetitions:timeBudget:)`` for several builds at once,
  /// their processes interleaved as ``ProcessSchedule`` orders them, so that a slow minute
  /// on a shared host lands on both: their timings are ratios measured in one run.
  /// Returns per build, in the order of `builds`, the pooled document and the
  /// parts it pooled (one per process, in order: the gate compares them pair by pair).
  /// - Throws: as above; a build that cannot be started fails with exit 2.
  static func run(builds: [Build], arguments: [String], processes: Int, repetitions: Int, timeBudget: Double) throws
    -> [(pooled: ResultsDocument, parts: [ResultsDocument])]
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-processes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var parts: [[ResultsDocument]] = Array(repeating: [], count: builds.count)
    let schedule = ProcessSchedule(
      builds: builds.count, processes: processes, repetitions: repetitions, timeBudgetSeconds: timeBudget)
    for slot in schedule.slots {
      let build = builds[slot.build]
      let part = folder.appendingPathComponent("part-\(slot.build + 1)-\(slot.process + 1).json").path
      StandardError.print(
        "process \(slot.process + 1) of \(processes)\(builds.count > 1 ? " (\(build.executable.path))" : ""): "
          + "\(slot.repetitions) repetitions")
      let child = Process()
      child.executableURL = build.executable
      child.arguments = ProcessSchedule.childArguments(arguments, slot: slot, out: part)
      if !build.removedEnvironment.isEmpty || !build.addedEnvironment.isEmpty {
        child.environment = ProcessInfo.processInfo.environment.filter { !build.removedEnvironment.contains($0.key) }
          .merging(build.addedEnvironment) { _, added in added }
      }
      // The children's summary tables would repeat the pooled one.
      child.standardOutput = FileHandle.nullDevice
      do { try child.run() } catch {
        StandardError.print("error: \(build.executable.path): cannot be started: \(error)")
        throw ExitCode(2)
      }
      child.waitUntilExit()
      let status = child.terminationStatus
      guard status == 0 || status == 1 else { throw ExitCode(status) }
      parts[slot.build].append(try ResultsInput.read(part))
    }
    do {
      return try parts.map { buildParts in
        let pooled = try ResultsPooling.pool(buildParts)
        for warning in pooled.warnings { StandardError.print("warning: \(warning)") }
        return (pooled.document, buildParts)
      }
    } catch {
      StandardError.print("error: \(error)")
      throw ExitCode(2)
    }
  }
}
