import LayoutModel
import Testing

@testable import Cassowary

/// Optional inequalities on one expression (up to a factor) share one row: a view's
/// hugging and compression resistance, and a fill stack's tie-breaks
/// (Accelerations/SharedRows.swift, docs/accelerations.md "Shared rows").
@Suite struct SharedRowTests {

  /// width (0) <= 10 @250 (hugging) and width >= 10 @750 (compression resistance), which
  /// share a row, and a pull `width == 5` @500 that only the resistance outweighs.
  static func contentSizePulledToFive() throws -> (SolverFixture, hugging: ConstraintID, resistance: ConstraintID) {
    var f = SolverFixture()
    let hugging = try f.add([(0, 1)], -10, .lessThanOrEqual, 250)
    let resistance = try f.add([(0, 1)], -10, .greaterThanOrEqual, 750)
    try f.add([(0, 1)], -5, .equal, 500)
    return (f, hugging, resistance)
  }

  @Test func inequalitiesOnOneExpressionShareOneRow() throws {
    var f = SolverFixture()
    // width (0) <= 10 @250, width >= 10 @750, 2·width <= 20 @0.5, -width <= -10 @0.5.
    try f.add([(0, 1)], -10, .lessThanOrEqual, 250)
    #expect(f.solver.counters.rows == 1)
    let symbols = f.solver.counters.symbols
    try f.add([(0, 1)], -10, .greaterThanOrEqual, 750)
    try f.add([(0, 2)], -20, .lessThanOrEqual, 0.5)
    try f.add([(0, -1)], 10, .lessThanOrEqual, 0.5)
    #expect(f.solver.counters.rows == 1, "rows \(f.solver.counters.rows)")
    #expect(f.solver.counters.symbols == symbols, "symbols \(f.solver.counters.symbols)")
    expectValue(f.value(0), 10)
    // Another constant, or another expression, makes a row of its own.
    try f.add([(0, 1)], -12, .lessThanOrEqual, 250)
    try f.add([(0, 1), (1, 1)], -10, .greaterThanOrEqual, 250)
    #expect(f.solver.counters.rows == 3, "rows \(f.solver.counters.rows)")
  }

  @Test func eachMemberWeighsAsItWouldAlone() throws {
    var (f, hugging, resistance) = try Self.contentSizePulledToFive()
    expectValue(f.value(0), 10, "compression resistance 750 beats the pull to 5 at 500")
    try f.solver.setPriority(Priority(400), of: resistance)
    expectValue(f.value(0), 5, "at 400 it gives way")
    try f.solver.setPriority(Priority(600), of: resistance)
    expectValue(f.value(0), 10)
    try f.add([(0, 1)], -20, .equal, 300)
    expectValue(f.value(0), 10, "hugging 250 is outweighed by 300, compression holds 10 from below only")
    try f.solver.setPriority(Priority(350), of: hugging)
    expectValue(f.value(0), 10)
    try f.solver.setPriority(Priority(200), of: hugging)
    // The pulls at 500 (to 5) and 300 (to 20) meet resistance at 600 (>= 10): 10.
    expectValue(f.value(0), 10)
  }

  @Test func removingTheMemberThatMadeTheRowKeepsTheOthers() throws {
    let (f, hugging, resistance) = try Self.contentSizePulledToFive()
    try f.solver.remove(hugging)
    #expect(f.solver.counters.rows == 2, "the shared row stays")
    expectValue(f.value(0), 10, "compression resistance still holds")
    try f.solver.remove(resistance)
    expectValue(f.value(0), 5)
    #expect(f.solver.counters.rows == 1)
  }

  /// Conflict reports name the owners of the symbols in a stuck row: once the member that
  /// made the row is gone, its id may name an unrelated required constraint.
  @Test func theRowsSymbolsNameARemainingMemberOnceItsMakerIsRemoved() throws {
    var f = SolverFixture()
    let hugging = try f.add([(0, 1)], -10, .lessThanOrEqual, 250)
    let resistance = try f.add([(0, 1)], -10, .greaterThanOrEqual, 750)
    let tag = f.solver.tableau.constraintTable.constraintTags[resistance.index]
    #expect(f.solver.tableau.owner[Int(tag.marker)] == Int32(hugging.index))
    try f.solver.remove(hugging)
    #expect(f.solver.tableau.owner[Int(tag.marker)] == Int32(resistance.index))
    #expect(f.solver.tableau.owner[Int(tag.other)] == Int32(resistance.index))
    try f.solver.add(SolverFixture.constraint(hugging, [(1, 1)], -7, .equal))
    expectValue(f.value(0), 10)
    expectValue(f.value(1), 7)
  }

  @Test func aNewConstantTakesTheMemberToARowOfItsOwn() throws {
    let (f, hugging, resistance) = try Self.contentSizePulledToFive()
    #expect(f.solver.counters.rows == 2)
    try f.solver.setConstant(-4, of: resistance)
    #expect(f.solver.counters.rows == 3, "rows \(f.solver.counters.rows)")
    expectValue(f.value(0), 5, "width >= 4 lets the pull to 5 win")
    // Moving both to one constant (a content size's new intrinsic size) shares a row
    // again: the first takes a row of its own, the second follows it there.
    try f.solver.setConstant(-12, of: hugging)
    #expect(f.solver.counters.rows == 3, "rows \(f.solver.counters.rows)")
    try f.solver.setConstant(-12, of: resistance)
    #expect(f.solver.counters.rows == 2, "rows \(f.solver.counters.rows)")
    expectValue(f.value(0), 12)
    #expect(f.solver.constraint(resistance)?.expression.constant == -12)
    // A member alone whose constant matches no other row moves it in place.
    try f.solver.setConstant(-13, of: hugging)
    try f.solver.setConstant(-11, of: resistance)
    #expect(f.solver.counters.rows == 3, "rows \(f.solver.counters.rows)")
    expectValue(f.value(0), 11, "resistance 750 holds >= 11, the pull to 5 (500) outweighs hugging")
    #expect(f.solver.invariantViolations().isEmpty)
  }

  /// A fill stack of n views compressed and stretched in turn: the first view absorbs
  /// compression (the lowest resistance), the second stretch (the lowest hugging). Entered
  /// as separate rows, each view's exactly met pair flipped its basic slack on every
  /// crossing, n degenerate pivots per resize; sharing a row takes at most a few.
  @Test func aStackCrossingBetweenCompressedAndStretchedPivotsAFewTimes() throws {
    var stack = try FillStack(views: 60)
    try stack.expectFewPivotsPerCrossing()
  }

  /// Dynamic Type moves every view's intrinsic size: the hugging and compression
  /// resistance constants of each, one at a time. Each pair must end up sharing a row
  /// again, or every later crossing pays the degenerate pivots.
  @Test func aStackWhoseIntrinsicSizesAllMoveStillCrossesInAFewPivots() throws {
    var stack = try FillStack(views: 60)
    let rows = stack.f.solver.counters.rows
    for step in [3.0, -2, 0] {
      stack.shift = step
      try stack.moveIntrinsicSizes()
      #expect(stack.f.solver.counters.rows == rows, "shift \(step): rows \(stack.f.solver.counters.rows), \(rows) before")
      #expect(stack.f.solver.invariantViolations().isEmpty)
      try stack.expectFewPivotsPerCrossing()
    }
  }
}

/// A fill stack of n views in a container held by an edit variable: x0 … xn are variables
/// 0 … n, widths w0 … w(n-1) are n+1 … 2n, the container 2n+1. Each view has hugging
/// (`<=`), compression resistance (`>=`) and the stack's two tie-breaks on its width;
/// view 0 resists compression least, view 1 hugs least.
private struct FillStack {
  var f = SolverFixture()
  let n: Int
  /// Added to every intrinsic size, as a content size category change does.
  var shift = 0.0
  /// Each view's hugging, compression resistance and tie-breaks, with the factor each
  /// puts on the width.
  var content: [[(id: ConstraintID, factor: Double)]] = []

  init(views n: Int) throws {
    self.n = n
    try f.add([(0, 1)], 0, .equal)
    for i in 0..<n {
      let size = intrinsic(i)
      try f.add([(i + 1, 1), (i, -1), (w(i), -1)], 0, .equal)
      let hugging = try f.add([(w(i), 1)], -size, .lessThanOrEqual, i == 1 ? 200 : 250)
      let resistance = try f.add([(w(i), 1)], -size, .greaterThanOrEqual, i == 0 ? 700 : 750)
      let (a, b) = (Double(i + 1), Double(n - i))
      let first = try f.add([(w(i), a)], -a * size, .lessThanOrEqual, 0.5)
      let second = try f.add([(w(i), b)], -b * size, .greaterThanOrEqual, 0.5)
      content.append([(hugging, 1), (resistance, 1), (first, a), (second, b)])
    }
    try f.add([(w(0), 1)], 0, .greaterThanOrEqual)
    try f.add([(n, 1), (container, -1)], 0, .equal)
    try f.solver.addEditVariable(VariableID(container), priority: Priority(999))
    #expect(f.solver.counters.rows < 2 * n + 10, "rows \(f.solver.counters.rows)")
  }

  var container: Int { 2 * n + 1 }
  func w(_ i: Int) -> Int { n + 1 + i }
  func intrinsic(_ i: Int) -> Double { Double(10 + (i * 7) % 13) + shift }

  /// Moves each view's four inequalities to its intrinsic size at the current shift, one
  /// at a time, tie-breaks first (the order matters: the last to move is alone in the old
  /// row and must join the new one).
  mutating func moveIntrinsicSizes() throws {
    for (i, members) in content.enumerated() {
      for member in members.reversed() { try f.solver.setConstant(-member.factor * intrinsic(i), of: member.id) }
    }
  }

  /// Resizes the container across its natural width, compressed and stretched in turn:
  /// view 0 absorbs compression, view 1 stretch, each resize in at most 3 pivots.
  mutating func expectFewPivotsPerCrossing() throws {
    let natural = (0..<n).reduce(0.0) { $0 + intrinsic($1) }
    for (step, delta) in [-5.0, 30, -8, 12, -1].enumerated() {
      let before = f.solver.counters.pivots
      try f.solver.suggestValue(natural + delta, for: VariableID(container))
      let pivots = f.solver.counters.pivots - before
      #expect(pivots <= 3, "step \(step): \(pivots) pivots")
      expectValue(f.value(w(0)), intrinsic(0) + min(delta, 0), "step \(step): the first view absorbs compression")
      expectValue(f.value(w(1)), intrinsic(1) + max(delta, 0), "step \(step): the second view takes stretch")
      for i in 2..<n { expectValue(f.value(w(i)), intrinsic(i), "step \(step): view \(i)") }
    }
  }
}

extension SharedRowTests {
  /// A variable that many optional inequalities start with (a container's width) lists
  /// them all under one key; a new one compares itself with the latest few only, and a
  /// removal takes its entry out in place.
  @Test func aBusyKeyIsSearchedOnlyAmongItsLatestEntries() throws {
    var f = SolverFixture()
    // container (0) - item i (i + 1) <= 0 @500: every one listed under variable 0.
    var ids: [ConstraintID] = []
    for i in 0..<40 { ids.append(try f.add([(0, 1), (i + 1, -1)], 0, .lessThanOrEqual, 500)) }
    let rows = f.solver.counters.rows
    // A partner of the latest joins its row; one of the first no longer finds it.
    try f.add([(0, 1), (40, -1)], 0, .greaterThanOrEqual, 250)
    #expect(f.solver.counters.rows == rows)
    try f.add([(0, 1), (1, -1)], 0, .greaterThanOrEqual, 250)
    #expect(f.solver.counters.rows == rows + 1)
    for id in ids.reversed().prefix(20) { try f.solver.remove(id) }
    for id in ids.prefix(20) { try f.solver.remove(id) }
    #expect(f.solver.tableau.sharedRowState.softInequalitiesByVariable[0].count == 2)
    #expect(f.solver.invariantViolations().isEmpty)
  }
}
