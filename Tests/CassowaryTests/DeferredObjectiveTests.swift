import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// The deferred objective contribution of a long row (Accelerations/DeferredObjective.swift):
/// a chain of views whose closing row is long, resized across the sum of the intrinsic
/// widths again and again, on a solver that defers and on a twin that never does. The
/// twins must agree on every value, and on every symbol's true priority vector once the
/// deferring one writes its contribution out; debug builds check the invariants (on the
/// true vectors) after every operation as well.
@Suite struct DeferredObjectiveTests {

  /// `views` views in a chain: x[i+1] = x[i] + w[i] + 8 (required), w[i] ≥ intrinsic @750,
  /// w[i] ≤ intrinsic @250, x[0] = 0, and the container's width `x[views] = width` as a
  /// required constraint whose constant the resizes change. Variables: x[0 ... views],
  /// then w[0 ..< views]. Returns the id of the width constraint.
  static func chain(
    views: Int, intrinsic: (Int) -> Double, minimumDeferredRow: Int, width: Double
  ) throws -> (CassowarySolver, ConstraintID) {
    let solver = CassowarySolver()
    solver.tableau.deferredObjectiveState.deferredObjectiveMinimumRow = minimumDeferredRow
    // Every symbol of the chain's closing row is in that row alone, so with flips held the
    // closing row would wait (Accelerations/HeldFlips.swift) instead of pivoting: these tests are
    // about the pivot that defers.
    solver.tableau.heldFlipState.holdsFlips = false
    var builder = ConstraintBuilder()
    let x = { (i: Int) in i }
    let w = { (i: Int) in views + 1 + i }
    var batch = [builder.next([(x(0), 1)], 0, .equal)]
    for i in 0..<views {
      batch.append(builder.next([(x(i + 1), 1), (x(i), -1), (w(i), -1)], -8, .equal))
      batch.append(builder.next([(w(i), 1)], -intrinsic(i), .greaterThanOrEqual, 750))
      batch.append(builder.next([(w(i), 1)], -intrinsic(i), .lessThanOrEqual, 250))
    }
    let widthConstraint = builder.next([(x(views), 1)], -width, .equal)
    batch.append(widthConstraint)
    try solver.add(contentsOf: batch)
    return (solver, widthConstraint.id)
  }

  static func intrinsic(_ i: Int) -> Double { Double(20 + (i * 37) % 41) }

  /// Every symbol's priority vector, written out, as (level priority, coefficient) pairs.
  static func trueVectors(of solver: CassowarySolver) -> [[Double]] {
    var tableau = solver.tableau
    tableau.materializeDeferredObjective()
    var vector = ContiguousArray<ObjectiveEntry>()
    return (0..<tableau.symbolKind.count).map { s in
      tableau.copyObjectiveVector(of: Int32(s), into: &vector)
      return vector.flatMap { [$0.priority, $0.coefficient] }
    }
  }

  @Test func resizesAcrossTheIntrinsicSumAgreeWithATwinThatNeverDefers() throws {
    let views = 120
    let natural = (0..<views).reduce(0.0) { $0 + Self.intrinsic($1) + 8 }
    let (deferring, width) = try Self.chain(
      views: views, intrinsic: Self.intrinsic, minimumDeferredRow: 64, width: natural)
    let (writing, twinWidth) = try Self.chain(
      views: views, intrinsic: Self.intrinsic, minimumDeferredRow: .max, width: natural)
    let count = 2 * views + 1
    for step in 0..<12 {
      let target = natural + (step % 2 == 0 ? 150 : -150) + Double(step)
      try deferring.setConstant(-target, of: width)
      try writing.setConstant(-target, of: twinWidth)
      expectValues(values(of: deferring, count: count), values(of: writing, count: count), "step \(step)")
      #expect(deferring.invariantViolations().isEmpty, "step \(step): \(deferring.invariantViolations())")
    }
    #expect(deferring.tableau.deferredObjectiveState.deferredObjectivePivots > 0, "the closing row's pivots did not defer")
    #expect(writing.tableau.deferredObjectiveState.deferredObjectivePivots == 0)
    let deferred = Self.trueVectors(of: deferring)
    let written = Self.trueVectors(of: writing)
    #expect(deferred.count == written.count)
    for (s, (d, w)) in zip(deferred, written).enumerated() {
      #expect(d.count == w.count, "symbol \(s): \(d) against \(w)")
      if d.count == w.count { expectClose(d, w, "symbol \(s)") }
    }
  }

  @Test func anAddAfterADeferralSeesTheWholeObjective() throws {
    // A deferral is written out before anything but a constant change: an add that makes
    // a view's width required must land where the never-deferring twin lands.
    let views = 100
    let natural = (0..<views).reduce(0.0) { $0 + Self.intrinsic($1) + 8 }
    let (deferring, width) = try Self.chain(
      views: views, intrinsic: Self.intrinsic, minimumDeferredRow: 64, width: natural + 90)
    let (writing, twinWidth) = try Self.chain(
      views: views, intrinsic: Self.intrinsic, minimumDeferredRow: .max, width: natural + 90)
    try deferring.setConstant(-(natural - 90), of: width)
    try writing.setConstant(-(natural - 90), of: twinWidth)
    #expect(deferring.tableau.hasDeferredObjective, "the resize left nothing deferred")
    let pin = ConstraintBuilder.constraint(ConstraintID(10_000), [(views + 1 + 7, 1)], -70, .equal, 1000)
    try deferring.add(pin)
    try writing.add(pin)
    #expect(!deferring.tableau.hasDeferredObjective)
    let count = 2 * views + 1
    expectValues(values(of: deferring, count: count), values(of: writing, count: count), "after the add")
    try deferring.setConstant(-(natural + 60), of: width)
    try writing.setConstant(-(natural + 60), of: twinWidth)
    expectValues(values(of: deferring, count: count), values(of: writing, count: count), "after the next resize")
  }

  @Test func aQueuedCandidateIsJudgedByItsTrueVector() {
    // Row E = 5 + a + 2b with 1 at level 500 deferred on it; b's stored vector is -1 at
    // 500, so b is queued, but its true vector is -1 + 2 · 1 = 1: not a candidate.
    var tableau = Tableau()
    let e = tableau.makeSymbol(.slack)
    let a = tableau.makeSymbol(.error)
    let b = tableau.makeSymbol(.error)
    let level = tableau.level(for: 500)
    tableau.scratchBuffers.pivotCells.append(e, -1)
    tableau.scratchBuffers.pivotCells.append(a, 1)
    tableau.scratchBuffers.pivotCells.append(b, 2)
    _ = tableau.installRow(constant: 5, subject: e)
    // The deferred list: a vector made on a spare symbol, then unlinked from it.
    let carrier = tableau.makeSymbol(.error)
    tableau.addObjective(carrier, level: level, delta: 1)
    tableau.deferredObjectiveState.deferredHead = tableau.objectiveHead[Int(carrier)]
    tableau.objectiveHead[Int(carrier)] = -1
    tableau.levelTable.levelEntries[Int(level)] -= 1
    tableau.deferredObjectiveState.deferredBasic = e
    tableau.addObjective(b, level: level, delta: -1)
    #expect(tableau.nextEnteringSymbol() == nil)
    #expect(!tableau.hasDeferredObjective)
    expectClose(tableau.objectiveCoefficient(of: a, at: level), 1)
    expectClose(tableau.objectiveCoefficient(of: b, at: level), 1)
  }

  @Test func shortRowsNeverDefer() throws {
    let (solver, width) = try Self.chain(
      views: 10, intrinsic: Self.intrinsic, minimumDeferredRow: Tableau().deferredObjectiveState.deferredObjectiveMinimumRow, width: 400)
    for target in [300.0, 500, 300, 500] { try solver.setConstant(-target, of: width) }
    #expect(solver.tableau.deferredObjectiveState.deferredObjectivePivots == 0)
  }
}
