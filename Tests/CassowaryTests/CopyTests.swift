import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// `CassowarySolver.copy()` (Storage/Copy.swift): the copy shares no row with the
/// original, so changing one leaves the other as it was, and it goes on from the copied
/// state exactly as the original does.
@Suite struct CopyTests {
  /// Seeded traces (adds, removals, edits, suggestions, constant and priority changes):
  /// copied halfway, the original runs the second half while the copy waits and must keep
  /// its values and invariants; then the copy runs it too, with the same outcome at every
  /// step and the same values. A failing seed's state at the copy is written as a
  /// constraints file (`bench solve` replays it).
  @Test func aCopyGoesOnAsTheOriginalAndIsNotChangedByIt() {
    var copiedRows = 0
    forEachSeed(120, base: SeedSweep.defaultBase + 24_000_000) { seed in
      let knobs = TraceKnobs(system: SystemKnobs(variableCount: 4, constraintCount: 6), stepCount: 30, maximumPresent: 10)
      let trace = RandomTraceGenerator.trace(seed: seed, knobs: knobs)
      let half = trace.steps.count / 2
      let original = CassowarySolver()
      for step in trace.steps[..<half] { _ = step.operation.outcome(on: original) }
      let copy = original.copy()
      // Read before `counters`, which applies held constants (the copy's own work).
      #expect(copy.tableau.work.pivots == 0 && copy.tableau.work.cellsTouched == 0, "seed \(seed): the copy's work starts at 0")
      copiedRows += copy.counters.rows
      let atCopy = values(of: original, count: trace.variableCount)
      var outcomes: [SolverError?] = []
      for step in trace.steps[half...] { outcomes.append(step.operation.outcome(on: original)) }
      var failures: [String] = []
      if !isClose(values(of: copy, count: trace.variableCount), atCopy) { failures.append("the copy's values moved with the original's") }
      failures += copy.invariantViolations().map { "copy, before its half: \($0)" }
      for (k, step) in trace.steps[half...].enumerated() where step.operation.outcome(on: copy) != outcomes[k] {
        failures.append("step \(half + k) (\(step.operation)): outcome \(String(describing: outcomes[k])) on the original")
      }
      if !isClose(values(of: copy, count: trace.variableCount), values(of: original, count: trace.variableCount)) {
        failures.append("values differ after the second half")
      }
      failures += copy.invariantViolations().map { "copy: \($0)" } + original.invariantViolations().map { "original: \($0)" }
      if !failures.isEmpty {
        let file = FailureArtifact.write(
          half > 0 ? trace.steps[half - 1].stateAfter : TraceState(constraints: [], edits: []), variableCount: trace.variableCount,
          test: "copy", seed: seed, note: "state at the copy")
        Issue.record("seed \(seed): \(failures.prefix(4)); state at the copy: \(file)")
      }
    }
    #expect(copiedRows > 0, "no trace had rows to copy")
  }

  /// Pivots on the original rewrite its rows in place (RowCells' reference semantics): a
  /// copy that shared them would see the new cells.
  @Test func rowsAreNotShared() throws {
    let original = CassowarySolver()
    let x = VariableID(0), y = VariableID(1)
    try original.add(Constraint(id: ConstraintID(0), LinearExpression([Term(x, 1), Term(y, -1)], constant: -10), .equal))
    try original.add(Constraint(id: ConstraintID(1), LinearExpression([Term(y, 1)], constant: -5), .greaterThanOrEqual))
    try original.addEditVariable(y, priority: Priority(500))
    try original.suggestValue(8, for: y)
    let copy = original.copy()
    try original.remove(ConstraintID(0))
    try original.suggestValue(30, for: y)
    expectClose(copy.value(of: x), 18)
    expectClose(copy.value(of: y), 8)
    #expect(copy.invariantViolations().isEmpty)
    try copy.suggestValue(2, for: y)
    expectClose(copy.value(of: y), 5, "y >= 5 holds in the copy")
    expectClose(copy.value(of: x), 15)
    expectClose(original.value(of: y), 30)
  }

  private func isClose(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { Tolerance.comparison.isClose($0, $1) }
  }
}
