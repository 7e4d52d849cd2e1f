import BenchCore
import Cassowary
import Interchange
import LayoutModel
import Measurement
import Testing

/// `bench run --driver system`'s loop: a constraint system straight into a solver, with
/// the phases a solver peer is timed on.
@Suite struct SystemMeasurementTests {
  /// x (variable 0) held by an edit at 500; y == x + 10 required; y <= 200 at 250.
  /// Steps: two suggestions of x, a constant change of the offset, a removal and a re-add
  /// of the cap; grouped into three operations unless `grouped` is false.
  static func system(grouped: Bool = true) -> ConstraintSystemDocument {
    let x = VariableID(0)
    let y = VariableID(1)
    let offset = Constraint(id: ConstraintID(0), LinearExpression([Term(y, 1), Term(x, -1)], constant: -10), .equal)
    let cap = Constraint(id: ConstraintID(1), LinearExpression([Term(y, 1)], constant: -200), .lessThanOrEqual, priority: Priority(250))
    return ConstraintSystemDocument(
      variableNames: ["x", "y"], constraintNames: ["offset", "cap"], constraints: [offset, cap],
      edits: [.init(variable: x, priority: Priority(500))],
      steps: [
        .suggest([(x, 100)]), .suggest([(x, 300)]), .setConstant([(ConstraintID(0), -20)]), .remove([ConstraintID(1)]),
        .add([cap]),
      ],
      operations: grouped
        ? [
          MeasuredOperation(phase: "drag", steps: 0..<2), MeasuredOperation(phase: "setConstant", steps: 2..<3),
          MeasuredOperation(phase: "toggle", steps: 3..<5),
        ] : nil)
  }

  static func phases(_ outcome: CaseOutcome) -> [ResultsDocument.Phase] {
    guard case .measured(let phases, _, _) = outcome else {
      Issue.record("not measured: \(outcome)")
      return []
    }
    return phases
  }

  @Test func eachOperationOfTheFileIsOneSampleOfItsPhase() {
    let measurement = SystemMeasurement(
      system: Self.system(), settings: MeasurementSettings(repetitions: 3, warmup: 1, countsAllocations: true),
      makeSolver: { CassowarySolver() })
    let phases = Self.phases(measurement.run())
    #expect(phases.map(\.name) == ["build", "firstLayout", "drag", "setConstant", "toggle"])
    #expect(phases.map(\.samplesNanoseconds.count) == [3, 3, 3, 3, 3])
    #expect(phases.map(\.operations) == [1, 1, 1, 1, 1])
    // The solver's counters are read around every operation: the build holds the rows.
    let build = phases.first { $0.name == "build" }
    #expect(build?.counters.first { $0.name == "rows" }.map { $0.value > 0 } == true, "\(build?.counters ?? [])")
    // Allocations are counted per operation when jemalloc counts (their number on a
    // fresh solver's first edit is not a steady state, so it is not asserted here).
    if AllocationCounter.isAvailable {
      #expect(phases.allSatisfy { $0.allocations != nil })
    }
  }

  @Test func withoutOperationsEveryStepIsAPhaseNamedAfterItsKind() {
    let measurement = SystemMeasurement(
      system: Self.system(grouped: false), settings: MeasurementSettings(repetitions: 2, warmup: 0, countsAllocations: false),
      makeSolver: { CassowarySolver() })
    #expect(measurement.operations.map(\.phase) == ["suggest", "suggest", "setConstant", "remove", "add"])
    let phases = Self.phases(measurement.run())
    #expect(phases.map(\.name) == ["build", "firstLayout", "suggest", "setConstant", "remove", "add"])
    #expect(phases.map(\.samplesNanoseconds.count) == [2, 2, 4, 2, 2, 2])
  }

  /// The loop makes the calls directly, without `bench solve`'s undo: a step that fails
  /// fails the case, naming it.
  @Test func aStepTheSolverRefusesFailsTheCaseNamingTheStep() {
    var system = Self.system()
    system.steps[3] = .remove([ConstraintID(7)])
    let outcome = SystemMeasurement(
      system: system, settings: MeasurementSettings(repetitions: 1, warmup: 0, countsAllocations: false),
      makeSolver: { CassowarySolver() }
    ).run()
    guard case .failed(let message) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(message.hasPrefix("steps[3]: "), "\(message)")
  }
}
