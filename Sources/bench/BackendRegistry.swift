import Cassowary
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
  }

  /// Calls `visitor` once per backend, in listing order.
  static func visitAll<Visitor: BackendVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
    try visitor.visit(
      Entry(
        name: CassowarySolver.backendName,
        summary: "incremental Cassowary (Badros, Borning, Stuckey 2001) on sorted sparse rows, lexicographic priorities"),
      makeSolver: { CassowarySolver() })
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
