import LayoutModel
import Testing

@testable import Cassowary

/// The C_U / C_S split: rows of unrestricted basics (positions) are stored unreduced and
/// evaluated; only restricted rows and the objective are kept reduced. These tests pin the
/// cases that split introduces (docs/algorithm.md, "Data structures").
@Suite struct UnreducedRowTests {

  /// The kiwi-anchor chain: `x[i+1] == x[i] + w[i] + 8` required, `w[i] >= I @750`,
  /// `w[i] <= I @250`, `x[n] <= W` required, `W` an edit variable. Variables: x0…xn are
  /// 0…n, w0…w(n-1) are n+1…2n, W is 2n+1.
  private func chain(_ n: Int, checkingEachOperation: Bool = true) throws -> (SolverFixture, natural: Double) {
    var f = SolverFixture()
    f.solver.tableau.skipsInvariantChecks = !checkingEachOperation
    let w = { (i: Int) in n + 1 + i }
    let intrinsic = { (i: Int) in Double(20 + (i * 37) % 60) }
    try f.add([(0, 1)], 0, .equal)
    for i in 0..<n {
      try f.add([(i + 1, 1), (i, -1), (w(i), -1)], -8, .equal)
      try f.add([(w(i), 1)], -intrinsic(i), .greaterThanOrEqual, 750)
      try f.add([(w(i), 1)], -intrinsic(i), .lessThanOrEqual, 250)
    }
    try f.add([(n, 1), (2 * n + 1, -1)], 0, .lessThanOrEqual)
    try f.solver.addEditVariable(VariableID(2 * n + 1), priority: Priority(999))
    let natural = (0..<n).reduce(0.0) { $0 + intrinsic($1) + 8 }
    return (f, natural)
  }

  @Test func aLongChainKeepsTheTableauLinear() throws {
    let n = 2_000
    // Per-operation checks are O(tableau) each, so this build checks once at the end.
    var (f, natural) = try chain(n, checkingEachOperation: false)
    try f.solver.suggestValue(natural + 100, for: VariableID(2 * n + 1))
    expectValue(f.value(n), natural, "x[n] at the natural width")
    try f.solver.suggestValue(natural - 50, for: VariableID(2 * n + 1))
    expectValue(f.value(n), natural - 50, "x[n] compressed")
    try f.solver.suggestValue(natural + 100, for: VariableID(2 * n + 1))
    expectValue(f.value(n), natural, "x[n] expanded again")
    let counters = f.solver.counters
    // Fully reduced rows held 1.5 M cells at 1,000 views (every position row carried the
    // chain before it); unreduced position rows keep about 11 per view.
    #expect(counters.cells < 40 * n, "cells \(counters.cells)")
    #expect(counters.pivots < 100, "pivots \(counters.pivots)")
    f.solver.tableau.skipsInvariantChecks = false
    #expect(f.solver.invariantViolations().isEmpty)
    // Positions read in evaluation order agree with the chain.
    for i in stride(from: 0, to: n, by: 97) {
      expectValue(f.value(i + 1) - f.value(i) - f.value(n + 1 + i), 8, "gap \(i)")
    }
    f = SolverFixture()
  }

  @Test func aShortChainPassesEveryPerOperationCheck() throws {
    let n = 40
    let (f, natural) = try chain(n)
    for width in [natural + 100, natural - 50, natural + 100, natural - 300] {
      try f.solver.suggestValue(width, for: VariableID(2 * n + 1))
      expectValue(f.value(n), min(natural, width), "x[n] at \(width)")
    }
  }

  @Test func removingAConstraintWhoseMarkerIsInItsOwnUnreducedRowOnly() throws {
    var f = SolverFixture()
    let pin = try f.add([(0, 1)], -5, .equal)  // x0 == 5: row x0 = 5 - d, unreduced
    try f.add([(1, 1), (0, -1)], -10, .equal)  // x1 == x0 + 10: refers to x0 by name
    expectValues(f.snapshot(2), [5, 15])
    let marker = Int(f.solver.tableau.constraintTable.constraintTags[pin.index].marker)
    #expect(f.solver.tableau.unrestrictedOccurrences[marker] == 1)
    #expect(f.solver.tableau.restrictedOccurrences[marker] == 0)
    try f.solver.remove(pin)
    // The dummy was in x0's row only: x0 becomes parametric (0), x1 follows by evaluation.
    expectValues(f.snapshot(2), [0, 10])
    #expect(f.solver.counters.rows == 1)
  }

  @Test func removingAConstraintWhoseMarkerIsInSeveralUnreducedRows() throws {
    var f = SolverFixture()
    let pin = try f.add([(0, 1)], -5, .equal)  // x0 == 5: x0 = 5 - d0
    try f.add([(1, 1), (0, -1), (2, -1)], 0, .equal)  // x1 == x0 + y: x1 unreduced, y referenced
    // x1 == 2·x0 + 1 introduces no free variable: fully reduced, it solves for y, whose row
    // then carries d0 directly (y = x0 + 1 through x0's row).
    try f.add([(1, 1), (0, -2)], -1, .equal)
    expectValues(f.snapshot(3), [5, 11, 6])
    let marker = Int(f.solver.tableau.constraintTable.constraintTags[pin.index].marker)
    #expect(f.solver.tableau.unrestrictedOccurrences[marker] == 2)
    #expect(f.solver.tableau.restrictedOccurrences[marker] == 0)
    try f.solver.remove(pin)
    // d0 enters on the unreduced row with the lowest evaluation key (y's), and x0's row
    // takes y's place: y is free (0), x0 = y - 1, x1 = 2·x0 + 1.
    let (x0, x1, y) = (f.value(0), f.value(1), f.value(2))
    expectValue(x1, x0 + y, "x1 == x0 + y")
    expectValue(x1, 2 * x0 + 1, "x1 == 2·x0 + 1")
    expectValues([x0, x1, y], [-1, -1, 0])
  }

  @Test func setConstantInTheMiddleOfAChainMovesEverythingAfterIt() throws {
    var f = SolverFixture()
    let n = 10
    try f.add([(0, 1)], 0, .equal)
    var gaps: [ConstraintID] = []
    for i in 0..<n {
      try f.add([(n + 1 + i, 1)], -20, .equal)  // w[i] == 20
      gaps.append(try f.add([(i + 1, 1), (i, -1), (n + 1 + i, -1)], -8, .equal))
    }
    let before = f.solver.counters
    let marker = Int(f.solver.tableau.constraintTable.constraintTags[gaps[5].index].marker)
    #expect(f.solver.tableau.unrestrictedOccurrences[marker] == 1)
    try f.solver.setConstant(-20, of: gaps[5])  // gap 5 becomes 20
    for i in 0...n {
      expectValue(f.value(i), Double(i * 28 + (i > 5 ? 12 : 0)), "x\(i)")
    }
    #expect(f.solver.counters.pivots == before.pivots)
    try f.solver.setConstant(-8, of: gaps[5])
    for i in 0...n { expectValue(f.value(i), Double(i * 28), "x\(i) restored") }
  }

  @Test func setConstantOfAnInequalityWhoseSlackIsBasic() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal)  // x0 == 0
    let floor = try f.add([(1, 1), (0, -1)], -10, .greaterThanOrEqual)  // x1 >= x0 + 10
    try f.add([(2, 1), (1, -1)], -5, .equal)  // x2 == x1 + 5
    try f.add([(1, 1)], -30, .equal, 500)  // x1 == 30 @500
    expectValues(f.snapshot(3), [0, 30, 35])
    // The slack is basic in a C_S row and x1's unreduced row still names it.
    let slack = Int(f.solver.tableau.constraintTable.constraintTags[floor.index].marker)
    #expect(f.solver.tableau.rowOf[slack] >= 0)
    #expect(f.solver.tableau.unrestrictedOccurrences[slack] == 1)
    try f.solver.setConstant(-40, of: floor)  // x1 >= x0 + 40 beats the preference
    expectValues(f.snapshot(3), [0, 40, 45])
    try f.solver.setConstant(-10, of: floor)
    expectValues(f.snapshot(3), [0, 30, 35])
  }

  @Test func anAddWhoseSubjectIsReferencedIsFullyReduced() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal)  // x0 == 0
    try f.add([(1, 1), (0, -1), (2, -1)], -8, .equal)  // x1 == x0 + w + 8: x1's row refers to w
    // w + x1 == 100 has no unreferenced free variable. Solving it as written for w
    // (w = 100 - x1) would close the cycle w → x1 → w; fully reduced it reads
    // 2·w + 8 - 100 = 0 and w's row refers to parametric symbols only.
    try f.add([(2, 1), (1, 1)], -100, .equal)
    expectValues(f.snapshot(3), [0, 54, 46])
    #expect(f.solver.invariantViolations().isEmpty)
    // And the system keeps working on top of it.
    try f.add([(3, 1), (1, -1)], -1, .equal)  // x3 == x1 + 1: unreduced, refers to x1
    expectValue(f.value(3), 55)
  }

  @Test func isFixedAtOptimumFollowsReferencesThroughUnreducedRows() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal)  // x0 == 0
    for i in 0..<50 { try f.add([(i + 1, 1), (i, -1)], -8, .equal) }  // x[i+1] == x[i] + 8
    #expect(f.solver.isFixedAtOptimum(VariableID(50)))
    try f.add([(51, 1), (50, -1), (52, -1)], 0, .equal)  // x51 == x50 + free
    #expect(!f.solver.isFixedAtOptimum(VariableID(51)))
    #expect(f.solver.isFixedAtOptimum(VariableID(50)))
  }

  /// After a constant edit that pivots nothing, only the C_U rows downstream of the moved
  /// constant are re-evaluated, and the values equal a full evaluation's to the bit.
  /// Two chains x[i+1] == x[i] + 8 (variables 0…20) and y[i+1] == y[i] + 8 (21…41): moving
  /// y's anchor re-evaluates y's 21 rows and none of x's; z >= x[n] hangs off x.
  @Test func aConstantEditReevaluatesOnlyTheRowsDownstream() throws {
    var f = SolverFixture()
    let n = 20
    let xAnchor = try f.add([(0, 1)], 0, .equal)
    for i in 0..<n { try f.add([(i + 1, 1), (i, -1)], -8, .equal) }
    let yAnchor = try f.add([(n + 1, 1)], -100, .equal)
    for i in 0..<n { try f.add([(n + 2 + i, 1), (n + 1 + i, -1)], -8, .equal) }
    try f.add([(2 * n + 2, 1), (n, -1)], 0, .greaterThanOrEqual)  // a restricted row too
    _ = f.snapshot(2 * n + 3)
    #expect(f.solver.tableau.incrementalState.rowsEvaluatedByLastRefresh >= 2 * (n + 1), "the first read evaluates everything")
    let pivots = f.solver.counters.pivots
    for (k, anchor) in [yAnchor, xAnchor, yAnchor].enumerated() {
      try f.solver.setConstant(-200 - 10 * Double(k), of: anchor)
      let values = f.snapshot(2 * n + 3)
      #expect(f.solver.counters.pivots == pivots)
      // x's edit also reaches z (variable 2n+2), whose row refers to x[n].
      let downstream = anchor == yAnchor ? n + 1 : n + 2
      #expect(f.solver.tableau.incrementalState.rowsEvaluatedByLastRefresh == downstream, "edit \(k): one chain's rows")
      var full = ContiguousArray<Double>(repeating: 0, count: f.solver.tableau.symbolKind.count)
      _ = f.solver.tableau.evaluateUnrestrictedRows(into: &full)
      #expect(f.solver.tableau.valueCache.lazyValue == full, "edit \(k): the same values as a full evaluation")
      let start = anchor == yAnchor ? n + 1 : 0
      expectValue(values[start + n], 200 + 10 * Double(k) + 8 * Double(n), "edit \(k): the chain's end")
    }
    // A structural change goes back to a full evaluation.
    try f.add([(2 * n + 3, 1)], -1, .equal)
    _ = f.snapshot(2 * n + 4)
    #expect(f.solver.tableau.incrementalState.rowsEvaluatedByLastRefresh >= 2 * (n + 1))
  }

  /// When most of the tableau is downstream of an edit (moving the anchor of one long
  /// chain moves every position), the walk gives up after a thirty-second of the rows (at
  /// least 32) and evaluates everything in one sweep: the heap and column walk per row
  /// cost about ten times that. The values are the full evaluation's either way.
  @Test func anEditThatMovesMostRowsFallsBackToOneFullEvaluation() throws {
    var f = SolverFixture()
    let n = 400
    let anchor = try f.add([(0, 1)], 0, .equal)
    for i in 0..<n { try f.add([(i + 1, 1), (i, -1)], -8, .equal) }
    // A short chain the edit does not reach: only a full evaluation counts its rows.
    try f.add([(n + 1, 1)], -3, .equal)
    for i in 0..<10 { try f.add([(n + 2 + i, 1), (n + 1 + i, -1)], -1, .equal) }
    _ = f.snapshot(n + 12)
    let everyRow = f.solver.tableau.incrementalState.rowsEvaluatedByLastRefresh
    try f.solver.setConstant(-50, of: anchor)
    let values = f.snapshot(n + 12)
    let liveRows = f.solver.counters.rows
    #expect(everyRow >= n + 12)
    #expect(f.solver.tableau.incrementalState.rowsEvaluatedByLastRefresh == everyRow, "a full evaluation, not the walk")
    #expect(liveRows < 32 * 32 && n > 32, "the budget is the minimum of 32 rows: \(liveRows)")
    var full = ContiguousArray<Double>(repeating: 0, count: f.solver.tableau.symbolKind.count)
    _ = f.solver.tableau.evaluateUnrestrictedRows(into: &full)
    #expect(f.solver.tableau.valueCache.lazyValue == full)
    expectValue(values[n], 50 + 8 * Double(n), "the chain's end")
    // The walk's queue was emptied: the next small edit walks again.
    #expect(f.solver.tableau.incrementalState.valueHeap.isEmpty)
  }

  /// The second full evaluation of a structure builds the evaluation program and runs it;
  /// constant edits and pivots keep it, a structural change drops it. Its values are the
  /// row walk's to the bit. A chain of 400 whose anchor moves (every row downstream: a full
  /// evaluation each time), and an inequality the moves make tight and slack again: pivots,
  /// or with flips held (Accelerations/HeldFlips.swift), the row's flip waiting in it.
  @Test(arguments: [false, true])
  func repeatedFullEvaluationsRunTheProgram(holdingFlips: Bool) throws {
    var f = SolverFixture()
    f.solver.tableau.heldFlipState.holdsFlips = holdingFlips
    let n = 400
    let anchor = try f.add([(0, 1)], 0, .equal)
    for i in 0..<n { try f.add([(i + 1, 1), (i, -1)], -8, .equal) }
    // y >= x[n] - 3300, y == 0 @250: tight once x[n] passes 3,300.
    try f.add([(n + 1, 1), (n, -1)], 3300, .greaterThanOrEqual)
    try f.add([(n + 1, 1)], 0, .equal, 250)
    func expectFullEvaluationValues(_ what: String) {
      var full = ContiguousArray<Double>(repeating: 0, count: f.solver.tableau.symbolKind.count)
      _ = f.solver.tableau.evaluateUnrestrictedRows(into: &full)
      #expect(f.solver.tableau.valueCache.lazyValue == full, "\(what): the row walk's values")
    }
    _ = f.snapshot(n + 2)
    #expect(!f.solver.tableau.programState.programIsCurrent, "one evaluation of this structure: no program yet")
    let pivots = f.solver.counters.pivots
    for (k, x0) in [10.0, 200.0, 20.0, 5.0].enumerated() {
      try f.solver.setConstant(-x0, of: anchor)
      let values = f.snapshot(n + 2)
      #expect(f.solver.tableau.programState.programIsCurrent, "edit \(k): the program runs")
      expectFullEvaluationValues("edit \(k)")
      expectValue(values[n], x0 + 8 * Double(n), "edit \(k): the chain's end")
      expectValue(values[n + 1], max(0, x0 + 8 * Double(n) - 3300), "edit \(k): y")
    }
    if holdingFlips {
      #expect(f.solver.tableau.heldFlipState.heldFlipCount > 0 && f.solver.counters.pivots == pivots, "the flip held, the program kept")
    } else {
      #expect(f.solver.counters.pivots > pivots, "the inequality became tight and slack: pivots, the program kept")
    }
    try f.add([(n + 2, 1)], -1, .equal)
    #expect(!f.solver.tableau.programState.programIsCurrent, "a structural change drops it")
    _ = f.snapshot(n + 3)
    #expect(!f.solver.tableau.programState.programIsCurrent)
    expectFullEvaluationValues("after the add")
  }
}
