import Cassowary
import DenseSimplex
import LayoutModel
import Scene
import SpringsAndStruts

/// The one place that names every layout backend `bench layout` can run, next to
/// ``BackendRegistry`` for solvers (docs/architecture.md: only the executable names
/// backends).
///
/// Each backend is one line in ``visitAll(_:)``: its registry entry and how to make it,
/// with its concrete `LayoutBackend` type, so the replay behind the visitor is compiled
/// for that type.
enum LayoutBackendRegistry {
  /// A layout backend as `bench list` shows it and `bench layout --backend` names it.
  struct Entry: Hashable, Sendable {
    let name: String
    let summary: String
    /// Which scenes it lays out; it refuses the others with exit status 3.
    let supports: String
    /// Whether it lays out only scenes of autoresizing views and stacks (`bench list` and
    /// `bench run` match it with `Workload.isFrameLayoutOnly`).
    var needsFrameLayoutOnly = false
  }

  /// Settings of one `bench layout` run that backends honour where they apply.
  struct Options: Hashable, Sendable {
    /// Probe for ambiguous frames (costly; `--no-ambiguity` turns it off).
    var detectsAmbiguity = true
    /// Keep the configuration a large activate/deactivate toggle leaves and return to it
    /// (ConstraintLayout+Parking.swift); `--no-parking` applies every toggle in place.
    var parksToggles = true
  }

  /// Calls `visitor` once per layout backend, in listing order.
  static func visitAll<Visitor: LayoutBackendVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
    try visitor.visit(
      Entry(
        name: ConstraintLayout<CassowarySolver>.backendName,
        summary: "ConstraintLayout: the scene lowered to constraints, each change a small solver edit",
        supports: "every scene"),
      makeBackend: {
        ConstraintLayout(
          solver: CassowarySolver(), detectsAmbiguity: $0.detectsAmbiguity,
          parkingCopy: $0.parksToggles ? { solver in solver.copy() } : nil)
      })
    for tuned in CassowaryTunings.requested {
      try visitor.visit(
        Entry(name: tuned.name, summary: tuned.summary, supports: "every scene"),
        makeBackend: {
          ConstraintLayout(
            solver: CassowarySolver(tuning: tuned.tuning), detectsAmbiguity: $0.detectsAmbiguity,
            parkingCopy: $0.parksToggles ? { solver in solver.copy() } : nil)
        })
    }
    try visitor.visit(
      Entry(
        name: ConstraintLayout<DenseSimplexSolver>.backendName,
        summary: "ConstraintLayout: the scene lowered to constraints, re-solved from scratch after each change",
        supports: "every scene within the dense memory limit"),
      makeBackend: { ConstraintLayout(solver: DenseSimplexSolver(), detectsAmbiguity: $0.detectsAmbiguity) })
    try visitor.visit(
      Entry(
        name: SpringsAndStruts.backendName,
        summary: "frames computed directly from autoresizing masks and stack rules, no solver",
        supports: "autoresizing views, stacks, tables of stack rows, scroll views of one pinned stack",
        needsFrameLayoutOnly: true),
      makeBackend: { _ in SpringsAndStruts() })
  }

  /// Every layout backend, in listing order.
  static var entries: [Entry] {
    var collector = EntryCollector()
    visitAll(&collector)
    return collector.entries
  }

  private struct EntryCollector: LayoutBackendVisitor {
    var entries: [Entry] = []

    mutating func visit<Backend: LayoutBackend>(_ backend: Entry, makeBackend: (Options) -> Backend) {
      entries.append(backend)
    }
  }
}
