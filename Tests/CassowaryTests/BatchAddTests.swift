import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// `add(contentsOf:)` enters every row, then optimises once: same optimum as adding one by
/// one, fewer pivots, and a failing batch leaves the solver as it was.
@Suite struct BatchAddTests {
  /// A fill-equally stack's widths: n views, width w_i (variable i) equal to w_0, each
  /// with its size preferences w_i >= c_i @750 and w_i <= c_i @250 for c_i = 10·(i+1),
  /// and the views filling a container of width 15·n: Σ w_i == 15·n. The shared width is
  /// 15: every preference of c_i > 15 is given up at 750, every c_i < 15 at 250.
  static func equalWidths(_ n: Int, ids: inout ConstraintBuilder) -> [Constraint] {
    var batch: [Constraint] = []
    for i in 0..<n {
      let c = Double(10 * (i + 1))
      if i > 0 { batch.append(ids.next([(i, 1), (0, -1)], 0, .equal)) }
      batch.append(ids.next([(i, 1)], -c, .greaterThanOrEqual, 750))
      batch.append(ids.next([(i, 1)], -c, .lessThanOrEqual, 250))
    }
    batch.append(ids.next((0..<n).map { ($0, 1.0) }, -15 * Double(n), .equal))
    return batch
  }

  @Test func aBatchReachesTheOptimumOfOneByOneWithFewerPivots() throws {
    var batchIDs = ConstraintBuilder()
    let batched = CassowarySolver()
    try batched.add(contentsOf: Self.equalWidths(40, ids: &batchIDs))
    var singleIDs = ConstraintBuilder()
    let single = CassowarySolver()
    for constraint in Self.equalWidths(40, ids: &singleIDs) { try single.add(constraint) }
    for i in [0, 1, 39] {
      expectValue(batched.value(of: VariableID(i)), 15, "batched w\(i)")
      expectValue(single.value(of: VariableID(i)), 15, "one by one w\(i)")
    }
    // Deterministic counts: one optimisation instead of one per constraint.
    // (Measured: 2 against 155.)
    #expect(batched.counters.pivots <= 40)
    #expect(batched.counters.pivots * 10 < single.counters.pivots)
    #expect(batched.counters.rows == single.counters.rows)
  }

  @Test func anUnsatisfiableConstraintRemovesTheWholeBatch() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .equal)  // x0 == 10
    let before = f.snapshot(3)
    let rowsBefore = f.solver.counters.rows
    let first = f.reserveID()
    let second = f.reserveID()
    let third = f.reserveID()
    let batch = [
      SolverFixture.constraint(first, [(1, 1), (0, -1)], -8, .equal),  // x1 == x0 + 8
      SolverFixture.constraint(second, [(2, 1)], -5, .equal, 500),  // x2 == 5 @500
      SolverFixture.constraint(third, [(1, 1)], -30, .greaterThanOrEqual),  // x1 >= 30: conflicts
    ]
    #expect {
      try f.solver.add(contentsOf: batch)
    } throws: { error in
      guard case SolverError.unsatisfiable(let id, let conflicts) = error else { return false }
      return id == third && conflicts.contains(first)
    }
    #expect(!f.solver.contains(first) && !f.solver.contains(second) && !f.solver.contains(third))
    #expect(f.solver.counters.rows == rowsBefore)
    expectValues(f.snapshot(3), before)
  }

  @Test func anIDRepeatedInTheBatchIsADuplicate() throws {
    var f = SolverFixture()
    let id = f.reserveID()
    let batch = [
      SolverFixture.constraint(id, [(0, 1)], -1, .equal),
      SolverFixture.constraint(id, [(1, 1)], -2, .equal),
    ]
    #expect(throws: SolverError.duplicateConstraint(id)) { try f.solver.add(contentsOf: batch) }
    #expect(!f.solver.contains(id))
    #expect(f.solver.counters.rows == 0)
  }

  @Test func anInvalidConstraintLeavesTheSolverAsItWas() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -3, .equal)
    let good = f.reserveID()
    let bad = f.reserveID()
    let batch = [
      SolverFixture.constraint(good, [(1, 1)], -2, .equal),
      SolverFixture.constraint(bad, [(2, .nan)], 0, .equal),
    ]
    #expect(throws: SolverError.self) { try f.solver.add(contentsOf: batch) }
    #expect(!f.solver.contains(good))
    expectValue(f.value(0), 3)
    expectValue(f.value(1), 0)
  }
}
