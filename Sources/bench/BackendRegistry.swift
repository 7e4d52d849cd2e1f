import Cassowary
import DenseSimplex
import LayoutModel

/// The one place that names every backend `bench` can run (docs/architecture.md: only
/// the executable names backends).
///
/// Each backend is one line in ``visitAll(_:)``: its name, a one-line description and its
/// concrete solver type. Passing the concrete type to a generic visitor settles "which
/// backend" once per invocation: the code behind the visitor is generic over the solver
/// type, compiled for it where the optimizer can see it, and makes no existential call
/// per solver operation.
enum BackendRegistry {
  /// A backend as `bench list` shows it and `--backend` names it.
  struct Entry: Hashable, Sendable {
    let name: String
    let summary: String
    /// Memory traffic per cell its counters count as touched, when the backend is
    /// bandwidth-bound enough for that to mean something (dense pivots: read and write of
    /// each updated cell, the pivot row staying in cache). `--stats` turns it into an
    /// effective bandwidth next to a memcpy of the tableau's size.
    var bytesPerCellTouched: Int? = nil
  }

  /// Calls `visitor` once per backend, in listing order.
  static func visitAll<Visitor: BackendVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
    try visitor.visit(
      Entry(
        name: CassowarySolver.backendName,
        summary: "incremental Cassowary (Badros, Borning, Stuckey 2001) on sorted sparse rows, lexicographic priorities"),
      makeSolver: { CassowarySolver() })
    for tuned in CassowaryTunings.requested {
      try visitor.visit(Entry(name: tuned.name, summary: tuned.summary), makeSolver: { CassowarySolver(tuning: tuned.tuning) })
    }
    try visitor.visit(
      Entry(
        name: DenseSimplexSolver.backendName,
        summary: "re-solves from scratch on a dense tableau, levels one after another; refuses tableaux over "
          + "\(DenseSimplexSolver.describeMemoryLimit(DenseSimplexSolver.defaultMemoryLimit)) "
          + "(LAYOUTBENCH_DENSE_MEMORY_LIMIT)",
        bytesPerCellTouched: 16),
      makeSolver: { DenseSimplexSolver() })
  }

  /// Every backend, in listing order.
  static var entries: [Entry] {
    var collector = EntryCollector()
    visitAll(&collector)
    return collector.entries
  }

  private struct EntryCollector: BackendVisitor {
    var entries: [Entry] = []

    mutating func visit<Solver: LinearSolver>(_ backend: Entry, makeSolver: () -> Solver) {
      entries.append(backend)
    }
  }
}
