import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// `remove(contentsOf:)` withdraws every constraint, then optimises once: the optimum of
/// removing one by one, with fewer pivots. (The all-or-nothing refusals are contract tests
/// for every backend: `SolverErrorContractTests`.)
@Suite struct BatchRemoveTests {
  /// The fill-equally widths of `BatchAddTests.equalWidths`, then without the equalities
  /// and the container: each width settles on its own preference, w_i = 10·(i+1).
  @Test func aBatchReachesTheOptimumOfOneByOneWithFewerPivots() throws {
    let n = 40
    func build() throws -> (CassowarySolver, [ConstraintID]) {
      var ids = ConstraintBuilder()
      let solver = CassowarySolver()
      let system = BatchAddTests.equalWidths(n, ids: &ids)
      try solver.add(contentsOf: system)
      // The equalities w_i == w_0 and the sum, in the order they were added.
      let shared = system.filter { $0.relation == .equal }.map(\.id)
      return (solver, shared)
    }
    let (batched, shared) = try build()
    let (single, _) = try build()
    let before = batched.counters
    try batched.remove(contentsOf: shared)
    for id in shared { try single.remove(id) }
    for i in 0..<n {
      expectValue(batched.value(of: VariableID(i)), Double(10 * (i + 1)), "batched w\(i)")
      expectValue(single.value(of: VariableID(i)), Double(10 * (i + 1)), "one by one w\(i)")
    }
    #expect(shared.allSatisfy { !batched.contains($0) })
    #expect(batched.counters.rows == single.counters.rows)
    // Deterministic counts. (Measured: 40 pivots and 19,086 cells touched against 48 and
    // 30,015.)
    let batchPivots = batched.counters.pivots - before.pivots
    let singlePivots = single.counters.pivots - before.pivots
    let batchCells = batched.counters.cellsTouched - before.cellsTouched
    let singleCells = single.counters.cellsTouched - before.cellsTouched
    #expect(batchPivots < singlePivots, "pivots \(batchPivots) against \(singlePivots)")
    #expect(batchCells < singleCells, "cells touched \(batchCells) against \(singleCells)")
    #expect(batched.invariantViolations().isEmpty)
  }

  /// A batch may hold constraints whose rows refer to each other; withdrawing one changes
  /// the rows the next one's marker leaves on. Removing the whole system leaves no row.
  @Test func removingEverythingAsABatchEmptiesTheTableau() throws {
    var ids = ConstraintBuilder()
    let solver = CassowarySolver()
    let system = BatchAddTests.centredRows(30, ids: &ids)
    try solver.add(contentsOf: system)
    try solver.remove(contentsOf: system.map(\.id).reversed())
    #expect(solver.counters.rows == 0)
    #expect(solver.invariantViolations().isEmpty)
    // And the solver is as new: the system goes back in with the same values.
    try solver.add(contentsOf: system)
    expectValue(solver.value(of: VariableID(3 * 29)), 32 * 29, "top[29]")
  }
}
