import BenchCore
import Foundation
import Interchange
import Testing

/// What the runner's results file says while the run goes on and once it is over: a file
/// read between two cases (what a run killed there leaves) is not complete and says how
/// many cases were planned; only the file written after the last case is complete.
struct BenchmarkRunTests {
  static let plan = [
    PlannedCase(workload: "w", size: 10, backend: "b", seed: 1),
    PlannedCase(workload: "w", size: 100, backend: "b", seed: 1),
    PlannedCase(workload: "w", size: 1000, backend: "b", seed: 1),
  ]

  static func document() -> ResultsDocument {
    ResultsDocument(
      suite: "s", createdAt: "2026-11-21T10:00:00Z", environment: .init(),
      run: .init(command: "bench run", repetitions: 1, warmup: 0, timeBudgetSeconds: 1, seed: 1))
  }

  static func read(_ path: String) throws -> ResultsDocument {
    try ResultsDocument.decode(String(contentsOfFile: path, encoding: .utf8), file: path).document
  }

  @Test func aFileLeftMidRunIsIncompleteAndTheFinalOneComplete() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("benchmark-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("run.json").path
    var run = BenchmarkRun(document: Self.document(), outputPath: path, progress: RunProgress(isTerminal: false))
    var seenOnDisk: [(cases: Int, complete: Bool?, planned: Int?)] = []
    try run.run(Self.plan) { planned, _ in
      // What is on disk while this case runs is what a SIGKILL here would leave.
      if let document = try? Self.read(path) {
        seenOnDisk.append((document.cases.count, document.complete, document.plannedCases))
      }
      return BenchmarkRun.Measured(outcome: .skipped(reason: "size \(planned.size)"), parameters: [])
    }
    #expect(seenOnDisk.map(\.cases) == [0, 1, 2])
    #expect(seenOnDisk.allSatisfy { $0.complete == false && $0.planned == 3 })
    let final = try Self.read(path)
    #expect(final.complete == true)
    #expect(final.plannedCases == 3)
    #expect(final.cases.count == 3)
    #expect(final.run?.interrupted == false)
    #expect(run.document.isComplete)
    // The directory holds the results file alone: no temporary file is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.json"])
  }

  @Test func anEmptyPlanIsComplete() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("benchmark-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("run.json").path
    var run = BenchmarkRun(document: Self.document(), outputPath: path, progress: RunProgress(isTerminal: false))
    try run.run([]) { _, _ in BenchmarkRun.Measured(outcome: .failed("never"), parameters: []) }
    let final = try Self.read(path)
    #expect(final.complete == true && final.plannedCases == 0)
  }
}
