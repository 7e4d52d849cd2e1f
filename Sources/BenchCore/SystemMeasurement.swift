import Interchange
import LayoutModel
import Measurement
import Replay

/// The measured loop for a constraint system (`layoutbench.constraints/1`, as `bench
/// export --format constraints` writes a case) driven straight into one solver type: what
/// `bench run --driver system` measures, and the same work a peer such as kiwisolver is
/// timed on (Benchmarks/README.md, "kiwisolver as a peer"), so the two compare solver
/// against solver on one exported workload.
///
/// Per repetition, outside the clock: a fresh solver. The constraints of the file are its
/// input, made once before any repetition, as the peer makes its objects outside its clock.
/// Inside the clock:
/// * `build`: every edit variable added, then the initial constraints as one
///   `add(contentsOf:)`;
/// * `firstLayout`: `solve()` and every variable's value read (`writeValues`);
/// * each operation of the file's `operations` (one per step, named after its kind, when
///   it has none): its steps' solver calls, as ``StepApplier`` makes them (`suggestValue`,
///   `setConstant` and `setPriority` per entry, `remove(contentsOf:)` and
///   `add(contentsOf:)` per step), then `solve()` and every value read.
///
/// A call that fails makes the case fail, naming the step (a generated workload's steps
/// all apply; `bench solve` replays a file whose steps may fail, undoing them). A backend
/// over one of its limits (`limitExceeded`) makes it skipped. The passes are
/// ``RepeatedMeasurement``'s.
public struct SystemMeasurement<Solver: LinearSolver>: RepeatedMeasurement {
  public let system: ConstraintSystemDocument
  public let settings: MeasurementSettings
  let makeSolver: () -> Solver
  /// Called between repetitions with a short status ("rep 2/5").
  public var onProgress: (String) -> Void = { _ in }
  /// Polled between repetitions; true stops the case (an interrupted run).
  public var shouldStop: () -> Bool = { false }
  /// The measured operations: the file's, else one per step.
  public let operations: [MeasuredOperation]

  public init(system: ConstraintSystemDocument, settings: MeasurementSettings, makeSolver: @escaping () -> Solver) {
    self.system = system
    self.settings = settings
    self.makeSolver = makeSolver
    operations =
      system.operations
      ?? system.steps.indices.map { MeasuredOperation(phase: Self.phaseName(of: system.steps[$0]), steps: $0..<($0 + 1)) }
  }

  /// `build`, `firstLayout`, then the operations' phases in order of first appearance.
  public var phaseNames: [String] {
    var names = [MeasuredTrace.buildPhase, MeasuredTrace.firstLayoutPhase]
    for operation in operations where !names.contains(operation.phase) { names.append(operation.phase) }
    return names
  }

  /// Runs the case. Never throws: a failing case becomes `.failed`, one over a limit of
  /// the backend `.skipped`.
  public func run() -> CaseOutcome {
    let names = phaseNames
    return measure(phaseNames: names, phaseOfOperation: operations.map { names.firstIndex(of: $0.phase)! })
  }

  /// The phase a step is measured as when the file names no operations: its kind.
  static func phaseName(of step: ConstraintSystemDocument.Step) -> String {
    switch step {
    case .suggest: "suggest"
    case .setConstant: "setConstant"
    case .setPriority: "setPriority"
    case .remove: "remove"
    case .add: "add"
    }
  }

  func repetition<Meter: RegionMeter>(_ meter: inout Meter, _ phaseOfOperation: [Int]) throws(CaseFailure) {
    let solver = makeSolver()
    let applier = StepApplier(solver: solver)
    var values = [Double](repeating: 0, count: system.variableNames.count)
    meter.start(solver.counters)
    do {
      for edit in system.edits { try solver.addEditVariable(edit.variable, priority: edit.priority) }
      try solver.add(contentsOf: system.constraints)
    } catch {
      throw Self.failure(error, at: "the initial system")
    }
    meter.stop(solver.counters)
    meter.finishOperation(phase: 0)

    meter.start(solver.counters)
    do { try solver.solve() } catch { throw Self.failure(error, at: "the initial solve") }
    values.withUnsafeMutableBufferPointer { solver.writeValues(into: $0) }
    meter.stop(solver.counters)
    meter.finishOperation(phase: 1)

    for (k, operation) in operations.enumerated() {
      meter.start(solver.counters)
      for index in operation.steps {
        do { try applier.apply(system.steps[index]) } catch { throw Self.failure(error, at: "steps[\(index)]") }
      }
      do { try solver.solve() } catch { throw Self.failure(error, at: "the solve after steps[\(operation.steps.upperBound - 1)]") }
      values.withUnsafeMutableBufferPointer { solver.writeValues(into: $0) }
      meter.stop(solver.counters)
      meter.finishOperation(phase: phaseOfOperation[k])
    }
    // Keeps the values alive to the end, so reading them cannot be optimised away.
    if values.isEmpty { meter.note(0) }
  }

  static func failure(_ error: SolverError, at place: String) -> CaseFailure {
    if case .limitExceeded(let message) = error { return .skipped(message) }
    return .failed("\(place): \(error)")
  }
}
