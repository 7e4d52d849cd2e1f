import LayoutModel
import Testing

@testable import Cassowary

/// What only the incremental tableau can answer: pivot and row counts of in-place
/// operations. The backend-neutral contract is in DifferentialTests.
@Suite struct TableauTests {

  @Test func repeatingASuggestionCostsNoPivot() throws {
    var f = SolverFixture()
    try f.add([(1, 1), (0, -1)], -8, .equal)  // y == x + 8
    try f.add([(1, 1)], -50, .lessThanOrEqual)  // y <= 50
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(60, for: VariableID(0))  // crosses the bound: pivots
    let pivots = f.solver.counters.pivots
    for _ in 0..<10 { try f.solver.suggestValue(60, for: VariableID(0)) }
    #expect(f.solver.counters.pivots == pivots)
    expectValues(f.snapshot(2), [42, 50])
  }

  @Test func setConstantIsInPlace() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal)  // x0 == 0
    let gap = try f.add([(1, 1), (0, -1)], -8, .equal)  // x1 == x0 + 8
    let before = f.solver.counters
    try f.solver.setConstant(-16, of: gap)
    expectValue(f.value(1), 16)
    // Still the same rows: nothing was removed or re-added, and no bound was crossed.
    #expect(f.solver.counters.rows == before.rows)
    #expect(f.solver.counters.pivots == before.pivots)
    #expect(f.solver.constraint(gap)?.expression.constant == -16)
  }

  @Test func setPriorityToTheSameValueChangesNothing() throws {
    var f = SolverFixture()
    let a = try f.add([(0, 1)], -10, .equal, 750)
    let before = f.solver.counters
    try f.solver.setPriority(Priority(750), of: a)
    #expect(f.solver.counters == before)
    try f.solver.setPriority(Priority(700), of: a)
    #expect(f.solver.constraint(a)?.priority == Priority(700))
  }

  @Test func removingEveryConstraintLeavesAnEmptyTableau() throws {
    var f = SolverFixture()
    var ids: [ConstraintID] = []
    ids.append(try f.add([(0, 1)], 0, .equal))
    ids.append(try f.add([(1, 1), (0, -1)], -8, .greaterThanOrEqual, 750))
    ids.append(try f.add([(1, 1)], -20, .lessThanOrEqual))
    ids.append(try f.add([(2, 1), (1, -1)], 0, .equal, 250))
    for id in ids.reversed() { try f.solver.remove(id) }
    let counters = f.solver.counters
    #expect(counters.rows == 0 && counters.cells == 0)
    #expect(counters.symbols == 3)  // only the three variables remain
  }

  @Test func writeValuesFillsACallerOwnedBuffer() throws {
    var f = SolverFixture()
    try f.add([(3, 1)], -4, .equal)
    var buffer = [Double](repeating: .nan, count: 5)
    buffer.withUnsafeMutableBufferPointer { f.solver.writeValues(into: $0) }
    expectValues(buffer, [0, 0, 0, 4, 0])
  }
}

/// A refused operation restores the tableau itself (the undo of its pivots), not just
/// the values: same rows and cells, invariants intact.
@Suite struct RollbackTests {

  private func expectRestored(
    _ f: SolverFixture, sourceLocation: SourceLocation = #_sourceLocation,
    _ failing: (CassowarySolver) throws -> Void
  ) {
    let values = f.snapshot()
    let before = f.solver.counters
    #expect(throws: SolverError.self, sourceLocation: sourceLocation) { try failing(f.solver) }
    let after = f.solver.counters
    #expect(after.rows == before.rows && after.cells == before.cells, sourceLocation: sourceLocation)
    #expect(f.solver.invariantViolations().isEmpty, sourceLocation: sourceLocation)
    expectValues(f.snapshot(), values, sourceLocation: sourceLocation)
  }

  @Test func phaseOneFailureUndoesItsPivots() throws {
    var f = SolverFixture()
    try f.add([(0, 1), (1, 1)], -10, .greaterThanOrEqual)  // x + y >= 10
    try f.add([(0, 1)], -3, .lessThanOrEqual)  // x <= 3
    try f.add([(0, 1)], -1, .equal, 500)
    let high = f.reserveID()
    expectRestored(f) { try $0.add(SolverFixture.constraint(high, [(1, 1)], -4, .lessThanOrEqual)) }
  }

  @Test func dualFailureOfSetConstantUndoesItsPivots() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .greaterThanOrEqual)
    let ceiling = try f.add([(0, 1)], -20, .lessThanOrEqual)
    try f.add([(0, 1)], -30, .equal, 250)
    expectRestored(f) { try $0.setConstant(-5, of: ceiling) }
  }

  @Test func conflictingEqualityLeavesNoSymbolsBehind() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .equal)
    let symbols = f.solver.counters.symbols
    let twenty = f.reserveID()
    expectRestored(f) { try $0.add(SolverFixture.constraint(twenty, [(0, 1)], -20, .equal)) }
    #expect(f.solver.counters.symbols == symbols)
  }
}
