import ArgumentParser
import BenchCore
import Foundation
import Interchange

/// Runs `bench run` in several child processes one after another and pools their results
/// (`--processes K`; `ResultsPooling` says why): each child runs the whole plan with its
/// share of the repetitions and the time budget, in a process of its own.
enum ProcessSpread {
  /// Runs `bench run` `processes` times with `arguments` (which hold no `--processes`,
  /// `--repetitions`, `--time-budget` or `--out`) plus each child's share of the
  /// repetitions and the time budget, and pools the parts. The caller writes the result.
  /// An interrupted child ends the whole run: the finished parts are not kept.
  /// - Throws: `ExitCode` with a child's status when it fails other than with exit 1 (a
  ///   case in error, which is kept), or 2 when a part cannot be read or pooled.
  static func run(arguments: [String], processes: Int, repetitions: Int, timeBudget: Double) throws -> ResultsDocument {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-processes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var parts: [ResultsDocument] = []
    for k in 0..<processes {
      // Repetitions dealt out as evenly as they go: 20 over 3 is 7, 7, 6.
      let share = repetitions / processes + (k < repetitions % processes ? 1 : 0)
      let part = folder.appendingPathComponent("part-\(k + 1).json").path
      StandardError.print("process \(k + 1) of \(processes): \(share) repetitions")
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      child.arguments = ["run"] + arguments + [
        "--processes", "1", "--repetitions", String(share), "--time-budget", String(timeBudget / Double(processes)),
        "--out", part,
      ]
      // The children's summary tables would repeat the pooled one.
      child.standardOutput = FileHandle.nullDevice
      try child.run()
      child.waitUntilExit()
      let status = child.terminationStatus
      guard status == 0 || status == 1 else { throw ExitCode(status) }
      parts.append(try ResultsInput.read(part))
    }
    do {
      let pooled = try ResultsPooling.pool(parts)
      for warning in pooled.warnings { StandardError.print("warning: \(warning)") }
      return pooled.document
    } catch {
      StandardError.print("error: \(error)")
      throw ExitCode(2)
    }
  }
}
