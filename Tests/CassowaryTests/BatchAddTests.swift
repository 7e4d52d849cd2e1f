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

  /// A vertical stack of n rows, each centring a child of height 20: `top[i+1] == top[i] +
  /// h[i] + 12`, `c[i] == 0.5·h[i] − 10`, `c[i] >= 0`, `h[i] == 0 @250` (the row hugs), and
  /// the stack's height `H == top[n−1] + h[n−1]`. Variables: top[i] = 3i, h[i] = 3i+1,
  /// c[i] = 3i+2, H = 3n. Every row is 20 high and 32 apart.
  static func centredRows(_ n: Int, ids: inout ConstraintBuilder) -> [Constraint] {
    let (top, h, c) = ({ (i: Int) in 3 * i }, { (i: Int) in 3 * i + 1 }, { (i: Int) in 3 * i + 2 })
    var batch = [ids.next([(top(0), 1)], 0, .equal)]
    // In variable order, as the scene lowering writes them: h[i] is met before top[i+1].
    for i in 0..<(n - 1) { batch.append(ids.next([(top(i), -1), (h(i), -1), (top(i + 1), 1)], -12, .equal)) }
    batch.append(ids.next([(3 * n, 1), (top(n - 1), -1), (h(n - 1), -1)], 0, .equal))
    for i in 0..<n {
      batch.append(ids.next([(c(i), 1), (h(i), -0.5)], 10, .equal))
      batch.append(ids.next([(c(i), 1)], 0, .greaterThanOrEqual))
      batch.append(ids.next([(h(i), 1)], 0, .equal, 250))
    }
    return batch
  }

  /// The gap's unreduced subject is the variable the rest of the batch mentions least:
  /// `top[i+1]`, not `h[i]`. With `h[i]` basic, `c[i] >= 0` reduces to positions, which
  /// then had to be solved for with rows carrying the chain before them (O(n²) cells; a
  /// 1,000-view sign-in form held 207 k cells and re-evaluated 170 k per relayout).
  /// Cells and pivots are deterministic.
  @Test func aBatchKeepsRowsOfAStackOfCentredRowsShort() throws {
    let n = 400
    var ids = ConstraintBuilder()
    let solver = CassowarySolver()
    solver.tableau.skipsInvariantChecks = true
    try solver.add(contentsOf: Self.centredRows(n, ids: &ids))
    for i in [0, 1, 199, 399] {
      expectValue(solver.value(of: VariableID(3 * i)), Double(32 * i), "top[\(i)]")
      expectValue(solver.value(of: VariableID(3 * i + 1)), 20, "h[\(i)]")
    }
    expectValue(solver.value(of: VariableID(3 * n)), Double(32 * (n - 1) + 20), "H")
    #expect(solver.counters.cells < 20 * n, "cells \(solver.counters.cells)")
    solver.tableau.skipsInvariantChecks = false
    #expect(solver.invariantViolations().isEmpty)
  }


  /// A horizontal fill-equally stack in the order a scene lowers it: each view's size
  /// preferences `w[i] >= c[i] @750`, `w[i] <= c[i] @250` (c[i] = 10 + (7·i mod 40)), then
  /// `x[0] == 0`, the end `x[n−1] + w[n−1] == W`, the gaps `x[i+1] == x[i] + w[i] + 8` and
  /// the sizes `w[i] == w[0]`, with W = 30·n + 8·(n − 1): every width is 30.
  /// Variables: x[i] = 2i, w[i] = 2i+1.
  static func fillEquallyStack(_ n: Int, ids: inout ConstraintBuilder) -> [Constraint] {
    let (x, w) = ({ (i: Int) in 2 * i }, { (i: Int) in 2 * i + 1 })
    var batch: [Constraint] = []
    for i in 0..<n {
      let c = Double(10 + (7 * i) % 40)
      batch.append(ids.next([(w(i), 1)], -c, .greaterThanOrEqual, 750))
      batch.append(ids.next([(w(i), 1)], -c, .lessThanOrEqual, 250))
    }
    batch.append(ids.next([(x(0), 1)], 0, .equal))
    batch.append(ids.next([(x(n - 1), 1), (w(n - 1), 1)], -Double(30 * n + 8 * (n - 1)), .equal))
    for i in 0..<(n - 1) { batch.append(ids.next([(x(i), -1), (w(i), -1), (x(i + 1), 1)], -8, .equal)) }
    for i in 1..<n { batch.append(ids.next([(w(i), 1), (w(0), -1)], 0, .equal)) }
    return batch
  }

  /// Once the size preferences have made every width basic, the last gap and each size
  /// constraint reduce to slacks and errors only and need phase one. Entered in order,
  /// the last gap's row (every view's slack and error) came first, and each size
  /// constraint's pivot substituted it further. A bulk batch enters those rows last,
  /// shortest first. Cells touched are deterministic. (Measured at n = 120: 131 k in
  /// order, 58 k set aside; the scene's 1,000-view fill-equally stack, whose rows grew
  /// as O(n³): 933 M in order, 5.8 M set aside.)
  @Test func aBulkBatchEntersTheRowsThatNeedPhaseOneLast() throws {
    let n = 120
    var ids = ConstraintBuilder()
    let solver = CassowarySolver()
    solver.tableau.skipsInvariantChecks = true
    try solver.add(contentsOf: Self.fillEquallyStack(n, ids: &ids))
    for i in [0, 1, 60, n - 1] {
      expectValue(solver.value(of: VariableID(2 * i)), Double(38 * i), "x[\(i)]")
      expectValue(solver.value(of: VariableID(2 * i + 1)), 30, "w[\(i)]")
    }
    #expect(solver.counters.cellsTouched < 6 * n * n, "cells touched \(solver.counters.cellsTouched)")
    solver.tableau.skipsInvariantChecks = false
    #expect(solver.invariantViolations().isEmpty)
  }

  /// A batch under `setAsideState.setAsideMinimumBatch` enters in the order given, even into an empty
  /// tableau: its chains are short, and entering late can cost phase one more pivots
  /// than the set-aside saves in cells. Same batch, same counters as with the set-aside
  /// turned off; different counters with it forced on.
  @Test func aSmallBulkBatchEntersInOrder() throws {
    func counters(minimumBatch: Int) throws -> (pivots: Int, cellsTouched: Int) {
      var ids = ConstraintBuilder()
      let solver = CassowarySolver()
      solver.tableau.setAsideState.setAsideMinimumBatch = minimumBatch
      let batch = Self.fillEquallyStack(20, ids: &ids)
      #expect(batch.count < 256)
      try solver.add(contentsOf: batch)
      for i in [0, 7, 19] { expectValue(solver.value(of: VariableID(2 * i + 1)), 30, "w[\(i)]") }
      return (solver.counters.pivots, solver.counters.cellsTouched)
    }
    let byDefault = try counters(minimumBatch: Tableau().setAsideState.setAsideMinimumBatch)
    let inOrder = try counters(minimumBatch: .max)
    let setAside = try counters(minimumBatch: 0)
    #expect(byDefault == inOrder, "default \(byDefault), in order \(inOrder)")
    #expect(setAside != inOrder, "the set-aside path must change this batch's entry")
  }

  /// A row set aside for phase one that cannot be satisfied fails the batch as it would
  /// in order: it is named with the constraints it conflicts with, and everything the
  /// batch entered, before and after it, is removed again.
  @Test func aSetAsideRowThatCannotBeSatisfiedFailsTheBatch() throws {
    var f = SolverFixture()
    f.solver.tableau.setAsideState.setAsideMinimumBatch = 0
    let fixed = f.reserveID()
    let atLeast = f.reserveID()
    let later = f.reserveID()
    let batch = [
      SolverFixture.constraint(fixed, [(0, 1)], -10, .equal),  // x0 == 10
      SolverFixture.constraint(atLeast, [(0, 1)], -20, .greaterThanOrEqual),  // x0 >= 20: phase one
      SolverFixture.constraint(later, [(1, 1)], -3, .equal),  // x1 == 3, entered before it
    ]
    #expect {
      try f.solver.add(contentsOf: batch)
    } throws: { error in
      guard case SolverError.unsatisfiable(let id, let conflicts) = error else { return false }
      return id == atLeast && conflicts == [fixed]
    }
    for id in [fixed, atLeast, later] { #expect(!f.solver.contains(id)) }
    #expect(f.solver.counters.rows == 0)
    #expect(f.solver.invariantViolations().isEmpty)
    try f.solver.add(contentsOf: [batch[0], batch[2]])
    expectValue(f.value(0), 10, "x0")
    expectValue(f.value(1), 3, "x1")
  }
}
