import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// Flips held in their rows (Accelerations/HeldFlips.swift), on LocalPivotTests' equal-width
/// stack: a resize that crosses views' intrinsic sizes leaves their content-size rows
/// infeasible instead of pivoting them, and a twin that makes every flip at once must agree
/// on every value (of variables and of every symbol: errors and slacks read as the flipped
/// rows would give them), on every outcome, and once a structural change has made the
/// held flips, on every priority vector.
@Suite struct HeldFlipTests {

  /// The stack twice: flips held, and made at once.
  static func twins(views n: Int, width: Double, edit: Bool = false) throws -> (
    held: CassowarySolver, made: CassowarySolver, constraints: [Constraint], equalWidths: [ConstraintID]
  ) {
    let (held, constraints, equalWidths) = try LocalPivotTests.stack(
      views: n, width: width, withinRows: true, edit: edit, holdingFlips: true)
    let (made, _, _) = try LocalPivotTests.stack(views: n, width: width, withinRows: true, edit: edit, holdingFlips: false)
    return (held, made, constraints, equalWidths)
  }

  /// Every symbol's value, as the evaluation gives it (0 parametric, a row's constant, an
  /// evaluated C_U row; a held flip's basic 0 and its partner `-c/a`).
  static func symbolValues(of solver: CassowarySolver) -> [Double] {
    solver.tableau.refreshValues()
    return Array(solver.tableau.valueCache.lazyValue)
  }

  /// What a seeded trace's step left different between a solver holding flips and its
  /// twin that makes them: the outcomes, variables 0..<`n`, every symbol's value, and the
  /// held solver's invariants (the first three broken). Each line starts with `step`.
  static func differences(
    held: CassowarySolver, made: CassowarySolver, variables n: Int, outcomes: TwinOutcomes,
    at step: String
  ) -> [String] {
    var found: [String] = []
    if outcomes.held != outcomes.made {
      found.append("\(step): \(String(describing: outcomes.held)) against \(String(describing: outcomes.made))")
    }
    if !allClose(values(of: held, count: n), values(of: made, count: n)) { found.append("\(step): variables differ") }
    if !allClose(symbolValues(of: held), symbolValues(of: made)) { found.append("\(step): symbol values differ") }
    return found + held.invariantViolations().prefix(3).map { "\(step): \($0)" }
  }

  /// Thirty views move few enough rows to take the incremental evaluation; three hundred
  /// overflow its list and take the full one.
  @Test(arguments: [30, 300])
  func resizesHoldFlipsAndAgreeWithATwinThatMakesThem(views n: Int) throws {
    let widths = LocalPivotTests.widths(views: n)
    let (held, made, constraints, equalWidths) = try Self.twins(views: n, width: widths[0])
    let width = constraints.last!.id
    for (step, target) in widths.enumerated() {
      try held.setConstant(-target, of: width)
      try made.setConstant(-target, of: width)
      expectValues(values(of: held, count: 2 * n + 1), values(of: made, count: 2 * n + 1), "step \(step)")
      expectClose(Self.symbolValues(of: held), Self.symbolValues(of: made), "every symbol, step \(step)")
      #expect(held.invariantViolations().isEmpty, "step \(step): \(held.invariantViolations().prefix(3))")
    }
    #expect(held.tableau.heldFlipState.heldFlipCount > 0, "no resize held a flip")
    #expect(made.tableau.heldFlipState.heldFlipCount == 0)
    #expect(held.tableau.hasDueFlips, "the last resize left no flip due")
    #expect(held.counters.pivots < made.counters.pivots, "held flips are not pivots")
    // A structural change makes the due flips first: the twins then hold the same basis.
    try held.remove(equalWidths[n / 2])
    try made.remove(equalWidths[n / 2])
    #expect(held.tableau.heldFlipState.heldRows == 0 && held.tableau.heldFlipState.settledFlipCount > 0)
    #expect(!held.tableau.hasDueFlips)
    expectValues(values(of: held, count: 2 * n + 1), values(of: made, count: 2 * n + 1), "after the removal")
    let heldVectors = LocalPivotTests.vectors(of: held)
    let madeVectors = LocalPivotTests.vectors(of: made)
    for (s, (a, b)) in zip(heldVectors, madeVectors).enumerated() {
      #expect(a.count == b.count, "symbol \(s): \(a) against \(b)")
      if a.count == b.count { expectClose(a, b, "symbol \(s)") }
    }
    for s in 0..<held.tableau.symbolKind.count {
      #expect((held.tableau.rowOf[s] >= 0) == (made.tableau.rowOf[s] >= 0), "symbol \(s) basic in one twin only")
    }
  }

  /// Only a row whose flip reaches nothing else is held: every symbol but the dummies in
  /// that row alone. A second costed symbol does not stop it (its vector changes only by a
  /// pivot on this row); a candidate or a costed symbol in another restricted row does.
  @Test func onlyARowWhoseFlipChangesNothingElseIsHeld() {
    let (alone, slot, x) = LocalPivotTests.oneRow(withCostedSymbol: false)
    #expect(alone.heldFlipPartner(ofRow: slot) == x)
    expectClose(alone.heldFlipScale(ofRow: Int(slot), partner: x), -0.5, "-1/a for a = 2")

    let (costed, costedSlot, costedX) = LocalPivotTests.oneRow(withCostedSymbol: true)
    #expect(costed.heldFlipPartner(ofRow: costedSlot) == costedX, "a row with another costed symbol, in it alone")

    var shared = LocalPivotTests.oneRow(withCostedSymbol: false).0
    let other = shared.makeSymbol(.slack)
    shared.scratchBuffers.pivotCells.append(x, 1)
    shared.scratchBuffers.pivotCells.append(other, -1)
    _ = shared.installRow(constant: 4, subject: other)
    #expect(shared.restrictedOccurrences[Int(x)] == 2)
    #expect(shared.heldFlipPartner(ofRow: slot) == -1, "a candidate in another restricted row")

    var sharedCost = LocalPivotTests.oneRow(withCostedSymbol: true).0
    let y = sharedCost.rows[Int(slot)].symbols.last!
    let third = sharedCost.makeSymbol(.slack)
    sharedCost.scratchBuffers.pivotCells.append(y, 1)
    sharedCost.scratchBuffers.pivotCells.append(third, -1)
    _ = sharedCost.installRow(constant: 4, subject: third)
    #expect(sharedCost.heldFlipPartner(ofRow: slot) == -1, "a costed symbol in another restricted row")
  }

  /// A row with two candidates, each in that row alone, holds the one the dual ratio test
  /// enters (with its look-ahead or without): `y` (2 at level 250, coefficient 1) before
  /// `x` (1 at 500 and -0.25 at 250, coefficient 2), since `x`'s ratio is positive at the
  /// higher level; with equal ratios, the lower id.
  @Test(arguments: [false, true])
  func aRowWithTwoCandidatesHoldsTheRatioTestsChoice(tied: Bool) {
    var tableau = Tableau()
    let basic = tableau.makeSymbol(.slack)
    let x = tableau.makeSymbol(.error)
    let y = tableau.makeSymbol(.error)
    let d = tableau.makeSymbol(.dummy)
    tableau.scratchBuffers.pivotCells.append(basic, -1)
    tableau.scratchBuffers.pivotCells.append(x, 2)
    tableau.scratchBuffers.pivotCells.append(y, 1)
    tableau.scratchBuffers.pivotCells.append(d, -1)
    let slot = tableau.installRow(constant: -6, subject: basic)
    if tied {
      // The nested stack's rows: x 2 at 751 with coefficient 2, y 1 at 751 with 1.
      tableau.addObjective(x, level: tableau.level(for: 751), delta: 2)
      tableau.addObjective(y, level: tableau.level(for: 751), delta: 1)
    } else {
      tableau.addObjective(x, level: tableau.level(for: 500), delta: 1)
      tableau.addObjective(x, level: tableau.level(for: 250), delta: -0.25)
      tableau.addObjective(y, level: tableau.level(for: 250), delta: 2)
    }
    let expected = tied ? x : y
    #expect(tableau.heldFlipPartner(ofRow: slot) == expected)
    let withLookAhead = tableau.dualEnteringSymbol(inRow: slot, lookAhead: true)
    let withoutLookAhead = tableau.dualEnteringSymbol(inRow: slot, lookAhead: false)
    #expect(withLookAhead == expected && withoutLookAhead == expected)
    let held = tableau.holdFlipIfPossible(ofRow: slot)
    #expect(held)
    #expect(tableau.rows[Int(slot)].heldPartner == expected && tableau.heldFlipState.heldRows == 1)
  }

  /// A change the required constraints refuse rolls back with flips held: the values
  /// before it, the twin's outcome, sound invariants.
  @Test func aRefusedResizeRollsBackWithFlipsHeld() throws {
    let n = 30
    let widths = LocalPivotTests.widths(views: n)
    let (held, made, constraints, _) = try Self.twins(views: n, width: widths[0])
    let width = constraints.last!.id
    // w[0] >= 25 required: the stack is at least 25·30 + 8·29 = 982 wide.
    let floor = Constraint(id: ConstraintID(10_000), LinearExpression([Term(VariableID(n), 1)], constant: -25), .greaterThanOrEqual)
    try held.add(floor)
    try made.add(floor)
    try held.setConstant(-1_000, of: width)
    try made.setConstant(-1_000, of: width)
    #expect(held.tableau.hasDueFlips, "the narrowing held no flip")
    let before = values(of: held, count: 2 * n + 1)
    let symbolsBefore = Self.symbolValues(of: held)
    var heldError: SolverError?
    var madeError: SolverError?
    do { try held.setConstant(-900, of: width) } catch { heldError = error }
    do { try made.setConstant(-900, of: width) } catch { madeError = error }
    #expect(heldError != nil && heldError == madeError, "\(String(describing: heldError)) against \(String(describing: madeError))")
    expectValues(values(of: held, count: 2 * n + 1), before, "after the refusal")
    expectClose(Self.symbolValues(of: held), symbolsBefore, "every symbol after the refusal")
    expectValues(values(of: held, count: 2 * n + 1), values(of: made, count: 2 * n + 1), "against the twin")
    #expect(held.invariantViolations().isEmpty, "\(held.invariantViolations().prefix(3))")
  }

  /// Fixedness reads rows and vectors: it makes the held flips first, and proves what the
  /// twin proves.
  @Test func fixednessMakesTheHeldFlipsFirst() throws {
    let n = 16
    let widths = LocalPivotTests.widths(views: n)
    let (held, made, constraints, _) = try Self.twins(views: n, width: widths[0])
    try held.setConstant(-widths[1], of: constraints.last!.id)
    try made.setConstant(-widths[1], of: constraints.last!.id)
    #expect(held.tableau.hasDueFlips)
    for v in 0..<(2 * n + 1) {
      #expect(held.isFixedAtOptimum(VariableID(v)) == made.isFixedAtOptimum(VariableID(v)), "variable \(v)")
    }
    #expect(held.tableau.heldFlipState.heldRows == 0 && held.tableau.heldFlipState.settledFlipCount > 0)
  }

  /// Seeded traces on stacks of 4–24 views: resizes across the intrinsic sizes, new
  /// intrinsic sizes (both members of a content-size row, held together; or one alone,
  /// which moves it to a row of its own), equal widths removed and restored, copies taken
  /// (as a parked layout's), on a solver holding flips and on its twin. Every step must have
  /// the same outcome and the same values of variables and symbols. A failing seed's state
  /// is written as a constraints file (`bench solve` replays it).
  @Test func seededTracesAgreeWithATwinThatMakesEveryFlip() {
    var heldTotal = 0
    var settledTotal = 0
    forEachSeed(40, base: SeedSweep.defaultBase + 25_000_000) { seed in
      var random = SplitMix64(seed: seed)
      let n = random.uniformInt(in: 4...24)
      let widths = LocalPivotTests.widths(views: n)
      guard var (held, made, constraints, equalWidths) = try? Self.twins(views: n, width: widths[0]) else {
        Issue.record("seed \(seed): the stack was refused")
        return
      }
      var present = constraints
      var removed: [Constraint] = []
      let width = constraints.last!.id
      let contentSizes = constraints.filter { !$0.priority.isRequired }
      var failures: [String] = []
      for step in 0..<40 where failures.isEmpty {
        let draw = random.uniformInt(in: 0...99)
        var what = ""
        var outcomes = TwinOutcomes()
        switch draw {
        case 0..<60:
          let target = random.uniformDouble(in: (widths[1] - 40)..<(widths[0] + 40))
          what = "resize to \(target)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.setConstant(-target, of: width) }
          if outcomes.held == nil, let k = present.firstIndex(where: { $0.id == width }) {
            present[k].expression.constant = -target
          }
        case 60..<72:
          let pair = random.uniformInt(in: 0...(contentSizes.count / 2 - 1))
          let intrinsic = random.uniformDouble(in: 15..<65)
          let alone = random.uniformInt(in: 0...3) == 0
          what = "intrinsic size \(intrinsic) of pair \(pair)\(alone ? ", one member" : "")"
          for member in contentSizes[(2 * pair)..<(alone ? 2 * pair + 1 : 2 * pair + 2)] {
            outcomes.run(held, made) { solver throws(SolverError) in try solver.setConstant(-intrinsic, of: member.id) }
            if let k = present.firstIndex(where: { $0.id == member.id }) { present[k].expression.constant = -intrinsic }
          }
        case 72..<82 where !equalWidths.isEmpty:
          let id = equalWidths.remove(at: random.uniformInt(in: 0...(equalWidths.count - 1)))
          what = "remove equal width \(id)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.remove(id) }
          if let k = present.firstIndex(where: { $0.id == id }) { removed.append(present.remove(at: k)) }
        case 82..<92 where !removed.isEmpty:
          let constraint = removed.removeLast()
          what = "restore equal width \(constraint.id)"
          outcomes.run(held, made) { solver throws(SolverError) in try solver.add(constraint) }
          if outcomes.held == nil {
            present.append(constraint)
            equalWidths.append(constraint.id)
          }
        default:
          what = "copy"
          held = held.copy()
          made = made.copy()
        }
        failures += Self.differences(
          held: held, made: made, variables: 2 * n + 1, outcomes: outcomes, at: "step \(step) (\(what))")
      }
      heldTotal += held.tableau.heldFlipState.heldFlipCount
      settledTotal += held.tableau.heldFlipState.settledFlipCount
      if !failures.isEmpty {
        let file = FailureArtifact.write(
          TraceState(constraints: present, edits: []), variableCount: 2 * n + 1, test: "heldFlips", seed: seed,
          note: failures.first ?? "")
        Issue.record("seed \(seed), \(n) views: \(failures.prefix(3)); state: \(file)")
      }
    }
    if !SeedSweep.isReplaying {
      #expect(heldTotal > 0 && settledTotal > 0, "held \(heldTotal), made later \(settledTotal)")
    }
  }
}

/// What one step of a seeded trace did on a solver holding flips and on its twin: the
/// first error each met, nil for success.
struct TwinOutcomes {
  var held: SolverError?
  var made: SolverError?

  /// Runs `body` on both solvers, keeping each one's first error.
  mutating func run(
    _ heldSolver: CassowarySolver, _ madeSolver: CassowarySolver, _ body: (CassowarySolver) throws(SolverError) -> Void
  ) {
    do { try body(heldSolver) } catch { held = held ?? error }
    do { try body(madeSolver) } catch { made = made ?? error }
  }
}
