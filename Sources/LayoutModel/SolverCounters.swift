/// Deterministic work counters of a solver: identical input gives identical counts, so
/// they may be asserted in tests and gated in CI (timings may not).
///
/// `pivots` and `cellsTouched` accumulate over the solver's life; `rows`, `cells` and
/// `symbols` describe the tableau now.
public struct SolverCounters: Hashable, Sendable {
  /// Basis exchanges of every kind: primal, dual, phase one, marker pivots on removal.
  public var pivots: Int = 0
  /// Rows in the tableau now (basic symbols).
  public var rows: Int = 0
  /// Non-zero cells over all rows now.
  public var cells: Int = 0
  /// Symbols (variables, slacks, errors, markers) currently allocated.
  public var symbols: Int = 0
  /// Cells written by row updates (merges and substitutions), a proxy for memory traffic.
  public var cellsTouched: Int = 0
  /// Layout-level, accumulated by the layout driver, 0 from a solver: solves the layout
  /// passes made (formats.md 2.1) and table rows fitted alone.
  public var layoutPasses: Int = 0
  public var rowsFitted: Int = 0

  public init() {}

  /// Name-value pairs in a fixed order, for output files.
  public var fields: [(name: String, value: Int)] {
    [("pivots", pivots), ("rows", rows), ("cells", cells), ("symbols", symbols),
     ("cellsTouched", cellsTouched)]
  }
}
