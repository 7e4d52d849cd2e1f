import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// Flips held in rows with more than one costed symbol (Accelerations/HeldFlips.swift), on the
/// shape of `stack.nested`'s columns: cells aligned leading, centred, trailing or filling
/// inside columns whose width follows the container's. A cell crossing its intrinsic width
/// flips a row that holds its compression error and an alignment slack (each in that row
/// alone) beside the basic: one candidate with another costed symbol, or two candidates
/// that the ratio test chooses between. A twin that makes every flip at once must agree on
/// every value, outcome and, once a structural change has made the held flips, on every
/// priority vector and the basis.
@Suite struct HeldFlipColumnTests {

  static let columns = 4
  static let spacing = 8.0

  /// `cells` cells in `columns` columns. Variables: 0 the container's width `W`, then each
  /// column's width `c = (W - 24) / 4`, then each cell's `x` (from its column's leading
  /// edge) and width `w`. Each cell: its alignment (required), `w ≥ I` at 749–751 and
  /// `w ≤ I` at 250–251. The last constraint fixes `W`; resizes change its constant.
  /// Alignments, intrinsic widths and priorities come from `random`.
  static func scene(cells: Int, width: Double, _ random: inout SplitMix64) -> (constraints: [Constraint], variables: Int) {
    var builder = ConstraintBuilder()
    var constraints: [Constraint] = []
    let column = { (c: Int) in 1 + c }
    let x = { (i: Int) in 1 + columns + 2 * i }
    let w = { (i: Int) in 2 + columns + 2 * i }
    for c in 0..<columns {
      constraints.append(builder.next([(column(c), Double(columns)), (0, -1)], spacing * Double(columns - 1), .equal))
    }
    for i in 0..<cells {
      let c = column(i % columns)
      switch random.uniformInt(in: 0...3) {
      case 0:  // leading
        constraints.append(builder.next([(x(i), 1)], 0, .equal))
        constraints.append(builder.next([(x(i), 1), (w(i), 1), (c, -1)], 0, .lessThanOrEqual))
      case 1:  // centre
        constraints.append(builder.next([(x(i), 2), (w(i), 1), (c, -1)], 0, .equal))
        constraints.append(builder.next([(x(i), 1)], 0, .greaterThanOrEqual))
      case 2:  // trailing
        constraints.append(builder.next([(x(i), 1), (w(i), 1), (c, -1)], 0, .equal))
        constraints.append(builder.next([(x(i), 1)], 0, .greaterThanOrEqual))
      default:  // fill
        constraints.append(builder.next([(x(i), 1)], 0, .equal))
        constraints.append(builder.next([(w(i), 1), (c, -1)], 0, .equal))
      }
      let intrinsic = 30 + 0.5 * Double(random.uniformInt(in: 0...180))
      constraints.append(
        builder.next([(w(i), 1)], -intrinsic, .greaterThanOrEqual, Double(749 + random.uniformInt(in: 0...2))))
      constraints.append(builder.next([(w(i), 1)], -intrinsic, .lessThanOrEqual, Double(250 + random.uniformInt(in: 0...1))))
    }
    constraints.append(builder.next([(0, 1)], -width, .equal))
    return (constraints, 1 + columns + 2 * cells)
  }

  /// Container widths whose columns run from 25 to 125 points wide and back, crossing most
  /// cells' intrinsic widths each way, ending narrow (with flips due).
  static func widths() -> [Double] {
    let width = { (column: Double) in Double(columns) * column + spacing * Double(columns - 1) }
    return [width(125), width(25), width(75), width(125), width(40), width(110), width(125), width(30)]
  }

  static func twins(cells: Int, seed: UInt64) throws -> (
    held: CassowarySolver, made: CassowarySolver, constraints: [Constraint], variables: Int
  ) {
    var random = SplitMix64(seed: seed)
    let (constraints, variables) = scene(cells: cells, width: widths()[0], &random)
    let held = CassowarySolver()
    let made = CassowarySolver()
    made.tableau.heldFlipState.holdsFlips = false
    try held.add(contentsOf: constraints)
    try made.add(contentsOf: constraints)
    return (held, made, constraints, variables)
  }

  /// The most symbols other than dummies in a row whose flip is due: more than one means
  /// a row a candidate-and-dummies rule would not hold.
  static func widestDueRow(_ solver: CassowarySolver) -> Int {
    let tableau = solver.tableau
    var widest = 0
    for r in tableau.rows.indices where tableau.holdsDueFlip(r) {
      let symbols = tableau.rows[r].symbols
      widest = max(widest, symbols.indices.count { tableau.symbolKind[Int(symbols[$0])] != .dummy })
    }
    return widest
  }

  /// Forty cells move few enough rows for the incremental evaluation; four hundred take
  /// the full one.
  @Test(arguments: [40, 400])
  func resizesHoldFlipsBesideCostedSymbolsAndAgreeWithATwin(cells: Int) throws {
    let (held, made, constraints, n) = try Self.twins(cells: cells, seed: 7)
    let width = constraints.last!.id
    var widest = 0
    for (step, target) in Self.widths().enumerated() {
      try held.setConstant(-target, of: width)
      try made.setConstant(-target, of: width)
      expectValues(values(of: held, count: n), values(of: made, count: n), "step \(step)")
      expectClose(HeldFlipTests.symbolValues(of: held), HeldFlipTests.symbolValues(of: made), "every symbol, step \(step)")
      #expect(held.invariantViolations().isEmpty, "step \(step): \(held.invariantViolations().prefix(3))")
      widest = max(widest, Self.widestDueRow(held))
    }
    #expect(widest >= 2, "no held row had a symbol besides its candidate (widest \(widest))")
    #expect(held.counters.pivots < made.counters.pivots, "held flips are not pivots")
    #expect(held.tableau.hasDueFlips, "the last resize left no flip due")
    // A structural change makes the due flips first: the twins then hold the same basis
    // and the same vectors.
    let compression = constraints[Self.columns + 2]
    try held.remove(compression.id)
    try made.remove(compression.id)
    #expect(held.tableau.heldFlipState.heldRows == 0 && held.tableau.heldFlipState.settledFlipCount > 0)
    expectValues(values(of: held, count: n), values(of: made, count: n), "after the removal")
    for (s, (a, b)) in zip(LocalPivotTests.vectors(of: held), LocalPivotTests.vectors(of: made)).enumerated() {
      #expect(a.count == b.count, "symbol \(s): \(a) against \(b)")
      if a.count == b.count { expectClose(a, b, "symbol \(s)") }
    }
    for s in 0..<held.tableau.symbolKind.count {
      #expect((held.tableau.rowOf[s] >= 0) == (made.tableau.rowOf[s] >= 0), "symbol \(s) basic in one twin only")
    }
  }

  /// Seeded traces on 4–48 cells: resizes, new intrinsic widths, alignment constraints
  /// removed and restored, copies taken, on a solver holding flips and on its twin. Every
  /// step must have the same outcome and the same values of variables and symbols. A
  /// failing seed's state is written as a constraints file (`bench solve` replays it).
  @Test func seededTracesAgreeWithATwinThatMakesEveryFlip() {
    var heldTotal = 0
    forEachSeed(30, base: SeedSweep.defaultBase + 27_000_000) { seed in
      var random = SplitMix64(seed: seed)
      let cells = random.uniformInt(in: 4...48)
      guard var (held, made, constraints, n) = try? Self.twins(cells: cells, seed: seed) else {
        Issue.record("seed \(seed): the scene was refused")
        return
      }
      var present = constraints
      var removed: [Constraint] = []
      let width = constraints.last!.id
      let alignments = constraints.filter { $0.priority.isRequired && $0.id != width }.dropFirst(Self.columns)
      let sizes = constraints.filter { !$0.priority.isRequired }
      var failures: [String] = []
      for step in 0..<30 where failures.isEmpty {
        let draw = random.uniformInt(in: 0...99)
        var what = ""
        var outcomes = TwinOutcomes()
        switch draw {
        case 0..<60:
          let target = random.uniformDouble(in: Self.widths()[1]..<Self.widths()[0])
          what = "resize to \(target)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.setConstant(-target, of: width) }
          if outcomes.held == nil, let k = present.firstIndex(where: { $0.id == width }) {
            present[k].expression.constant = -target
          }
        case 60..<72:
          let size = sizes[random.uniformInt(in: 0...(sizes.count - 1))]
          let intrinsic = random.uniformDouble(in: 30..<120)
          what = "intrinsic width \(intrinsic) of \(size.id)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.setConstant(-intrinsic, of: size.id) }
          if let k = present.firstIndex(where: { $0.id == size.id }) { present[k].expression.constant = -intrinsic }
        case 72..<82:
          let candidates = alignments.filter { a in present.contains { $0.id == a.id } }
          guard !candidates.isEmpty else { continue }
          let constraint = candidates[random.uniformInt(in: 0...(candidates.count - 1))]
          what = "remove alignment \(constraint.id)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.remove(constraint.id) }
          if let k = present.firstIndex(where: { $0.id == constraint.id }) { removed.append(present.remove(at: k)) }
        case 82..<92 where !removed.isEmpty:
          let constraint = removed.removeLast()
          what = "restore alignment \(constraint.id)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.add(constraint) }
          if outcomes.held == nil { present.append(constraint) }
        default:
          what = "copy"
          held = held.copy()
          made = made.copy()
        }
        failures += HeldFlipTests.differences(
          held: held, made: made, variables: n, outcomes: outcomes, at: "step \(step) (\(what))")
      }
      heldTotal += held.tableau.heldFlipState.heldFlipCount
      if !failures.isEmpty {
        let file = FailureArtifact.write(
          TraceState(constraints: present, edits: []), variableCount: n, test: "heldFlipColumns", seed: seed,
          note: failures.first ?? "")
        Issue.record("seed \(seed), \(cells) cells: \(failures.prefix(3)); state: \(file)")
      }
    }
    if !SeedSweep.isReplaying {
      #expect(heldTotal > 0, "no trace held a flip")
    }
  }
}
