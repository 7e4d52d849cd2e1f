import ArgumentParser
import Interchange
import LayoutModel
import Replay

/// `bench solve` as a backend visitor: runs the document on the chosen backend — or, with
/// `--check`, on every backend — and keeps each run. Generic over the solver type, so each
/// replay is compiled for its concrete backend.
struct SolveJob: BackendVisitor {
  let document: ConstraintSystemDocument
  let file: String
  /// The backend whose solution is printed; with `checksAll`, the reference.
  let backendName: String
  let checksAll: Bool
  /// Completed runs, in registry order, with their registry entries.
  private(set) var runs: [(entry: BackendRegistry.Entry, run: ReplayRun)] = []
  /// Backends that refused the system (over a limit, or unable to answer it accurately),
  /// with their message.
  private(set) var refusals: [(backend: String, message: String)] = []
  /// With `checksAll`, backends other than the reference that failed with an internal
  /// error, with their message: a disagreement to report, not a reason to stop checking.
  private(set) var failures: [(backend: String, message: String)] = []

  init(document: ConstraintSystemDocument, file: String, backendName: String, checksAll: Bool) {
    self.document = document
    self.file = file
    self.backendName = backendName
    self.checksAll = checksAll
  }

  /// Whether a backend of that name exists and was tried.
  var foundBackend: Bool {
    runs.contains { $0.run.backend == backendName } || refusals.contains { $0.backend == backendName }
      || failures.contains { $0.backend == backendName }
  }

  /// Runs the document on `backend` when it is the chosen one or `checksAll`. A refusal
  /// (`limitExceeded`, an accuracy refusal) is kept in ``refusals``; an internal error of
  /// a backend other than the reference, under `checksAll`, in ``failures``.
  /// - Throws: `ExitCode(4)` after reporting an internal error of the chosen backend.
  mutating func visit<Solver: LinearSolver>(
    _ backend: BackendRegistry.Entry, makeSolver: () -> Solver
  ) throws(ExitCode) {
    guard checksAll || backend.name == backendName else { return }
    do throws(SolverError) {
      if let injected = SolverFailureInjection.failure(for: backend.name) { throw injected }
      runs.append((backend, try ReplayRun.run(document, on: makeSolver(), backend: backend.name)))
    } catch {
      if case .limitExceeded(let message) = error {
        refusals.append((backend.name, message))
        return
      }
      if error.isAccuracyRefusal {
        refusals.append((backend.name, error.message(names: document)))
        return
      }
      if backend.name != backendName {
        failures.append((backend.name, error.message(names: document)))
        return
      }
      StandardError.print("error: \(file): \(backend.name): \(error.message(names: document))")
      throw ExitCode(4)
    }
  }

  /// Prints `--stats` for a run: each phase's wall time, the counters, and for backends
  /// with a traffic model the effective bandwidth of the whole run beside a memcpy of the
  /// tableau's size measured now.
  static func printStats(_ entry: BackendRegistry.Entry, _ run: ReplayRun) {
    let name = run.backend
    for (index, duration) in run.durations.enumerated() {
      let phase = index == 0 ? "initial build+solve" : "step \(index - 1)"
      StandardError.print("stats: \(name): \(phase): \(duration.humanReadable)")
    }
    let fields = run.counters.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    StandardError.print("stats: \(name): counters: \(fields)")
    guard let perCell = entry.bytesPerCellTouched else { return }
    let moved = Double(run.counters.cellsTouched * perCell)
    let total = run.durations.reduce(Duration.zero, +).seconds
    let tableau = run.counters.cells * MemoryLayout<Double>.stride
    var line = "stats: \(name): bandwidth: \(gigabytes(moved)) moved by row updates in \(seconds(total))"
    if total > 0 { line += ", \(gigabytes(moved / total))/s over the whole run" }
    if let memcpy = MemoryBandwidth.memcpy(size: tableau) {
      line += "; memcpy of the \(megabytes(Double(tableau))) tableau: \(gigabytes(memcpy))/s"
      if total > 0 { line += " (ratio \(threeSignificantDigits(moved / total / memcpy)))" }
    }
    StandardError.print(line)
  }

  private static func gigabytes(_ bytes: Double) -> String { "\(threeSignificantDigits(bytes / 1e9)) GB" }
  private static func megabytes(_ bytes: Double) -> String { "\(threeSignificantDigits(bytes / 1e6)) MB" }
  private static func seconds(_ s: Double) -> String { "\(threeSignificantDigits(s)) s" }
}

/// Three significant digits, without Foundation's formatters: `0.123`, `12.3`, `1230`.
func threeSignificantDigits(_ value: Double) -> String {
  guard value.isFinite, value != 0 else { return value == 0 ? "0" : "\(value)" }
  var decimals = 2
  var magnitude = abs(value)
  while magnitude >= 10 && decimals > 0 {
    magnitude /= 10
    decimals -= 1
  }
  while magnitude < 1 && decimals < 12 {
    magnitude *= 10
    decimals += 1
  }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let text = "\((value * scale).rounded() / scale)"
  return decimals == 0 && text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
