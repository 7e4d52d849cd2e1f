import Cassowary
import LayoutModel
import Scene
import Testing
import Workloads

/// Cassowary's pivot counts on generated stacks: deterministic for a workload, size and
/// seed, so a change of the pivoting rules that brings back fill-in fails here rather
/// than only in a benchmark run.
@Suite struct SolverWorkTests {
  /// The build (load and first layout) of a workload case on a fresh Cassowary layout.
  static func buildCounters(_ workload: String, size: Int) throws -> SolverCounters {
    let workload = try #require(WorkloadCatalog.workload(named: workload))
    let scene = try workload.makeCase(size: size, seed: 1).makeScene()
    let layout = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    return layout.solver.counters
  }

  /// An equal-centering stack's closing constraint enters through phase one as a row
  /// over the whole chain. Entering the symbol in the fewest restricted rows keeps that
  /// row out of the others: 316 pivots and 0.32 M cells touched at 100 views, where the
  /// lowest-id rule made 1,896 pivots and touched 4.0 M cells.
  @Test func anEqualCenteringStackEntersItsClosingRowWithLittleFillIn() throws {
    let counters = try Self.buildCounters("stack.equalCentering.horizontal", size: 100)
    #expect(counters.pivots < 600, "pivots \(counters.pivots)")
    #expect(counters.cellsTouched < 1_000_000, "cells touched \(counters.cellsTouched)")
  }

  /// A size-class swap deactivates one placement set (a third of the grid's constraints)
  /// and activates the other. `ConstraintLayout` removes the deactivated ones as one batch
  /// with one optimisation; one optimisation per removal walked the optimum through every
  /// intermediate grid. Measured at 400 views: 21,392 cells touched by two swaps (one
  /// each way), against 89,923 with a re-optimisation after each removal.
  @Test func aSizeClassSwapRemovesItsSetWithOneOptimisation() throws {
    let workload = try #require(WorkloadCatalog.workload(named: "churn.sizeClassSwap"))
    let workloadCase = try workload.makeCase(size: 400, seed: 1)
    var scene = try workloadCase.makeScene()
    let layout = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    let before = layout.solver.counters
    for operation in workloadCase.operations.prefix(2) {
      for k in operation.steps {
        let delta = try scene.apply(workloadCase.steps[k], path: WorkloadCase.stepPath(k))
        try layout.update(scene, delta)
      }
      try layout.layoutIfNeeded(scene)
    }
    let cells = layout.solver.counters.cellsTouched - before.cellsTouched
    #expect(cells < 40_000, "cells touched \(cells)")
  }
}
