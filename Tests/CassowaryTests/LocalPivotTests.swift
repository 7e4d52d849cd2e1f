import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// Dual pivots made within one row (Accelerations/LocalPivots.swift) and dummies without
/// objective vectors (Accelerations/DummyCosts.swift), on an equal-width stack: n views of equal
/// widths placed from the first (as fill-equally is lowered), each with a content size
/// (hugging @250, compression resistance @750, which share a row), resized by an edit
/// variable on the container's width. Every resize that crosses views' intrinsic sizes
/// exchanges the two errors of their rows: pivots within one row. A twin solver that never
/// pivots within a row must agree on every value and every true priority vector; removing
/// required equalities after the resizes (their dummies entering with vectors computed
/// from their columns, edit errors among the rows' basics) must give the optimum of a solver
/// built without them.
@Suite struct LocalPivotTests {

  /// The stack: x[0] = 0; x[i] = x[0] + i·(w[0] + 8) (required); w[i] = w[0] (required,
  /// i ≥ 1); w[i] ≥ intrinsic(i) @750, w[i] ≤ intrinsic(i) @250; x[n-1] + w[n-1] = width,
  /// with `edit` the variable width an edit variable @900 (suggested `width`), without it
  /// a constant (the last constraint, whose constant resizes change, as the scene layer
  /// does). Variables: x[0 ..< n], w[0 ..< n], width. Returns the solver, the constraints
  /// and the ids of the equal-width constraints. The crossings are pivoted at once unless
  /// `holdingFlips` (HeldFlipTests; Accelerations/HeldFlips.swift).
  static func stack(
    views n: Int, width: Double, withinRows: Bool, edit: Bool = true, leavingOut omitted: Set<Int> = [],
    holdingFlips: Bool = false
  ) throws -> (CassowarySolver, [Constraint], [ConstraintID]) {
    let solver = CassowarySolver()
    solver.tableau.localPivotState.pivotsWithinRows = withinRows
    solver.tableau.heldFlipState.holdsFlips = holdingFlips
    var builder = ConstraintBuilder()
    let x = { (i: Int) in i }
    let w = { (i: Int) in n + i }
    let widthVariable = 2 * n
    var batch = [builder.next([(x(0), 1)], 0, .equal)]
    var equalWidths: [ConstraintID] = []
    for i in 1..<n {
      batch.append(builder.next([(x(i), 1), (x(0), -1), (w(0), -Double(i))], -8 * Double(i), .equal))
      let equal = builder.next([(w(i), 1), (w(0), -1)], 0, .equal)
      equalWidths.append(equal.id)
      if !omitted.contains(i) { batch.append(equal) }
    }
    for i in 0..<n {
      batch.append(builder.next([(w(i), 1)], -intrinsic(i), .greaterThanOrEqual, 750))
      batch.append(builder.next([(w(i), 1)], -intrinsic(i), .lessThanOrEqual, 250))
    }
    if edit {
      batch.append(builder.next([(x(n - 1), 1), (w(n - 1), 1), (widthVariable, -1)], 0, .equal))
    } else {
      batch.append(builder.next([(x(n - 1), 1), (w(n - 1), 1)], -width, .equal))
    }
    try solver.add(contentsOf: batch)
    if edit {
      try solver.addEditVariable(VariableID(widthVariable), priority: Priority(900))
      try solver.suggestValue(width, for: VariableID(widthVariable))
    }
    return (solver, batch, equalWidths)
  }

  static func intrinsic(_ i: Int) -> Double { Double(20 + (i * 37) % 41) }

  /// Widths that cross most views' intrinsic sizes each way.
  static func widths(views n: Int) -> [Double] {
    let low = Double(n) * 22 + 8 * Double(n - 1)
    let high = Double(n) * 58 + 8 * Double(n - 1)
    return [high, low, (low + high) / 2, high, low + 5, high - 5]
  }

  /// Every symbol's priority vector as (level priority, coefficient) pairs.
  static func vectors(of solver: CassowarySolver) -> [[Double]] { vectors(of: solver.tableau) }

  static func vectors(of tableau: Tableau) -> [[Double]] {
    var vector = ContiguousArray<ObjectiveEntry>()
    return (0..<tableau.symbolKind.count).map { s in
      tableau.copyObjectiveVector(of: Int32(s), into: &vector)
      return vector.flatMap { [$0.priority, $0.coefficient] }
    }
  }

  /// A tableau with the one row `b = -6 + 2·x + 3·d₁ - d₂`, plus `- 0.5·y` when
  /// `withCostedSymbol`: `b` a slack; `x` an error with cost 1 at 500 and -0.25 at 250, the
  /// row's only dual candidate (`d₁` and `d₂` are dummies, `y`'s coefficient is negative);
  /// `y` an error with cost 2 at 250. Returns it, the row's slot and `x`.
  static func oneRow(withCostedSymbol: Bool) -> (Tableau, Int32, x: Int32) {
    var tableau = Tableau()
    let b = tableau.makeSymbol(.slack)
    let x = tableau.makeSymbol(.error)
    let d1 = tableau.makeSymbol(.dummy)
    let d2 = tableau.makeSymbol(.dummy)
    let y = tableau.makeSymbol(.error)
    let high = tableau.level(for: 500)
    let low = tableau.level(for: 250)
    tableau.scratchBuffers.pivotCells.append(b, -1)
    tableau.scratchBuffers.pivotCells.append(x, 2)
    tableau.scratchBuffers.pivotCells.append(d1, 3)
    tableau.scratchBuffers.pivotCells.append(d2, -1)
    if withCostedSymbol { tableau.scratchBuffers.pivotCells.append(y, -0.5) }
    let slot = tableau.installRow(constant: -6, subject: b)
    tableau.addObjective(x, level: high, delta: 1)
    tableau.addObjective(x, level: low, delta: -0.25)
    if withCostedSymbol { tableau.addObjective(y, level: low, delta: 2) }
    return (tableau, slot, x)
  }

  @Test(arguments: [false, true])
  func aPivotWithinARowLeavesWhatTheGeneralPivotLeaves(withCostedSymbol: Bool) {
    // Two tableaux built alike: a copy would share the rows' buffers (Storage/RowCells.swift).
    var (local, slot, x) = Self.oneRow(withCostedSymbol: withCostedSymbol)
    var (general, _, _) = Self.oneRow(withCostedSymbol: withCostedSymbol)
    #expect(local.soleDualCandidate(inRow: slot) == x)
    #expect(local.pivotStaysWithinRow(entering: x, slot: slot))
    local.pivotWithinRow(entering: x, slot: slot)
    general.pivot(entering: x, slot: slot)
    #expect(local.rows[Int(slot)].basic == x)
    #expect(Array(local.rows[Int(slot)].cells.symbols) == Array(general.rows[Int(slot)].cells.symbols))
    expectClose(Array(local.rows[Int(slot)].cells.coefficients), Array(general.rows[Int(slot)].cells.coefficients))
    expectClose(local.rows[Int(slot)].constant, general.rows[Int(slot)].constant)
    expectClose(local.rows[Int(slot)].constant, 3, "b = -6 + 2x: x = 3 + b/2 + ...")
    let localVectors = Self.vectors(of: local)
    let generalVectors = Self.vectors(of: general)
    for (s, (a, b)) in zip(localVectors, generalVectors).enumerated() {
      #expect(a.count == b.count, "symbol \(s): \(a) against \(b)")
      if a.count == b.count { expectClose(a, b, "symbol \(s)") }
    }
    // b takes x's vector over x's coefficient: (1, -0.25) / 2.
    expectClose(localVectors[0], [500, 0.5, 250, -0.125])
    #expect(local.invariantViolations().isEmpty, "\(local.invariantViolations())")
    #expect(local.localPivotState.rowLocalPivots == 1 && general.localPivotState.rowLocalPivots == 0)
  }

  @Test func resizesPivotWithinRowsAndAgreeWithATwinThatNever() throws {
    let n = 30
    let widths = Self.widths(views: n)
    let (local, localConstraints, _) = try Self.stack(views: n, width: widths[0], withinRows: true, edit: false)
    let (general, _, _) = try Self.stack(views: n, width: widths[0], withinRows: false, edit: false)
    let width = localConstraints.last!.id
    for (step, target) in widths.enumerated() {
      try local.setConstant(-target, of: width)
      try general.setConstant(-target, of: width)
      expectValues(values(of: local, count: 2 * n), values(of: general, count: 2 * n), "step \(step)")
      #expect(local.invariantViolations().isEmpty, "step \(step): \(local.invariantViolations())")
    }
    #expect(local.tableau.localPivotState.rowLocalPivots > 0, "no resize pivoted within a row")
    #expect(general.tableau.localPivotState.rowLocalPivots == 0)
    #expect(local.counters.pivots == general.counters.pivots, "the same pivots, made another way")
    let localVectors = Self.vectors(of: local)
    let generalVectors = Self.vectors(of: general)
    for (s, (a, b)) in zip(localVectors, generalVectors).enumerated() {
      #expect(a.count == b.count, "symbol \(s): \(a) against \(b)")
      if a.count == b.count { expectClose(a, b, "symbol \(s)") }
    }
  }

  @Test func dummiesKeepNoVector() throws {
    let n = 12
    let (solver, _, _) = try Self.stack(views: n, width: Self.widths(views: n)[1], withinRows: true)
    let tableau = solver.tableau
    let dummies = (0..<tableau.symbolIDs.symbolCount).filter { tableau.symbolKind[$0] == .dummy }
    #expect(!dummies.isEmpty)
    for d in dummies { #expect(tableau.objectiveHead[d] < 0, "dummy \(d) has a vector") }
  }

  @Test func removingRequiredEqualitiesAfterResizesReachesTheOptimumWithoutThem() throws {
    // Each removal pivots the equality's dummy in (its vector from its column, where edit
    // errors and content-size errors are basics), then drops its row.
    let n = 16
    let widths = Self.widths(views: n)
    let removed = [3, 7, 8, 12]
    for withinRows in [true, false] {
      let (solver, constraints, equalWidths) = try Self.stack(views: n, width: widths[0], withinRows: withinRows)
      let width = VariableID(2 * n)
      for target in widths { try solver.suggestValue(target, for: width) }
      let removedIDs = removed.map { equalWidths[$0 - 1] }
      for id in removedIDs { try solver.remove(id) }
      #expect(solver.invariantViolations().isEmpty, "\(solver.invariantViolations())")
      let (fresh, _, _) = try Self.stack(
        views: n, width: widths.last!, withinRows: withinRows, leavingOut: Set(removed))
      let kept = constraints.filter { !removedIDs.contains($0.id) }
      #expect(LexicographicOracle.satisfiesRequired(kept, at: solver.value))
      let after = LexicographicOracle.levelErrors(of: kept, at: solver.value)
      let expected = LexicographicOracle.levelErrors(of: kept, at: fresh.value)
      expectClose(after.map(\.error), expected.map(\.error), "level errors, within rows: \(withinRows)")
      expectClose(solver.value(of: width), widths.last!, "the suggested width, within rows: \(withinRows)")
    }
  }
}
