import LayoutModel
import Testing

@testable import Cassowary

/// One test per operation of the solver, each with hand-derived expected values.
@Suite struct OperationTests {

  // MARK: add

  @Test func requiredEqualityFixesItsVariable() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 2), (0, -1)], 0, .equal)  // 2y == x
    expectValue(f.value(0), 10)
    expectValue(f.value(1), 5)
  }

  @Test func requiredInequalitiesBoundAnOptionalPull() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .greaterThanOrEqual)  // x >= 10
    try f.add([(0, 1)], 0, .equal, 500)  // x == 0 @500
    expectValue(f.value(0), 10)
    try f.add([(0, 1)], -30, .lessThanOrEqual)  // x <= 30 changes nothing
    expectValue(f.value(0), 10)
  }

  @Test func stackChainOfTheFormatsExample() throws {
    var f = SolverFixture()
    // x0 == 0; w0 >= 40 @750; x1 == x0 + w0 + 8 (variables: x0 = 0, w0 = 1, x1 = 2)
    try f.add([(0, 1)], 0, .equal)
    try f.add([(1, 1)], -40, .greaterThanOrEqual, 750)
    try f.add([(2, 1), (0, -1), (1, -1)], -8, .equal)
    expectValues(f.snapshot(3), [0, 40, 48])
  }

  @Test func redundantRequiredEqualityIsAccepted() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -10, .equal)
    try f.add([(1, 1), (0, -1)], 0, .equal)  // y == x
    try f.add([(1, 1)], -10, .equal)  // y == 10, implied
    expectValues(f.snapshot(2), [10, 10])
    #expect(f.solver.invariantViolations().isEmpty)
  }

  @Test func prioritiesAreStrictlyLexicographic() throws {
    var f = SolverFixture()
    // One constraint at 750 against a thousand at 250 pulling the other way: a weighted
    // sum (1 · 750 < 1000 · 250) would move x to 1; lexicographic levels keep x at 0.
    try f.add([(0, 1)], 0, .equal, 750)
    for _ in 0..<1000 { try f.add([(0, 1)], -1, .equal, 250) }
    expectValue(f.value(0), 0)
  }

  @Test func equalPriorityErrorsAreSummed() throws {
    var f = SolverFixture()
    // x == 0, x == 10, x == 4, all @500: |x| + |x-10| + |x-4| is least at the median, 4.
    try f.add([(0, 1)], 0, .equal, 500)
    try f.add([(0, 1)], -10, .equal, 500)
    try f.add([(0, 1)], -4, .equal, 500)
    expectValue(f.value(0), 4)
  }

  @Test func optionalInequalityIsPenalisedOnlyWhenViolated() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -50, .equal, 750)  // x == 50 @750
    try f.add([(0, 1)], -40, .lessThanOrEqual, 250)  // x <= 40 @250 loses
    expectValue(f.value(0), 50)
    try f.add([(0, 1)], -60, .lessThanOrEqual, 250)  // x <= 60 @250 holds at no cost
    expectValue(f.value(0), 50)
  }

  // MARK: remove

  @Test func removeRestoresTheOptimumWithoutTheConstraint() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal, 250)  // x == 0 @250
    let bound = try f.add([(0, 1)], -20, .greaterThanOrEqual)  // x >= 20
    expectValue(f.value(0), 20)
    try f.solver.remove(bound)
    expectValue(f.value(0), 0)
    #expect(!f.solver.contains(bound))
  }

  @Test func removeOptionalConstraintHandsOverToTheNextLevel() throws {
    var f = SolverFixture()
    let strong = try f.add([(0, 1)], -5, .equal, 750)
    try f.add([(0, 1)], -9, .equal, 250)
    expectValue(f.value(0), 5)
    try f.solver.remove(strong)
    expectValue(f.value(0), 9)
  }

  @Test func removeAndReAddUnderTheSameID() throws {
    var f = SolverFixture()
    let id = try f.add([(0, 1)], -3, .equal)
    try f.solver.remove(id)
    try f.solver.add(SolverFixture.constraint(id, [(0, 1)], -7, .equal))
    expectValue(f.value(0), 7)
    #expect(f.solver.constraint(id)?.expression.constant == -7)
  }

  @Test func removingEveryConstraintLeavesAnEmptyTableau() throws {
    var f = SolverFixture()
    var ids: [ConstraintID] = []
    ids.append(try f.add([(0, 1)], 0, .equal))
    ids.append(try f.add([(1, 1), (0, -1)], -8, .greaterThanOrEqual, 750))
    ids.append(try f.add([(1, 1)], -20, .lessThanOrEqual))
    ids.append(try f.add([(2, 1), (1, -1)], 0, .equal, 250))
    for id in ids.reversed() { try f.solver.remove(id) }
    let counters = f.solver.counters
    #expect(counters.rows == 0 && counters.cells == 0)
    #expect(counters.symbols == 3)  // only the three variables remain
  }

  // MARK: edit variables

  @Test func editVariableIsHeldAtItsCurrentValueUntilSuggested() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -5, .equal, 1)  // x == 5 @1
    try f.solver.addEditVariable(VariableID(0), priority: Priority(500))
    expectValue(f.value(0), 5)
    try f.solver.suggestValue(7, for: VariableID(0))
    expectValue(f.value(0), 7)
  }

  @Test func suggestionStopsAtARequiredBound() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -100, .lessThanOrEqual)  // x <= 100
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(150, for: VariableID(0))
    expectValue(f.value(0), 100)
    try f.solver.suggestValue(60, for: VariableID(0))
    expectValue(f.value(0), 60)
  }

  @Test func repeatingASuggestionCostsNoPivot() throws {
    var f = SolverFixture()
    try f.add([(1, 1), (0, -1)], -8, .equal)  // y == x + 8
    try f.add([(1, 1)], -50, .lessThanOrEqual)  // y <= 50
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(60, for: VariableID(0))  // crosses the bound: pivots
    let pivots = f.solver.counters.pivots
    for _ in 0..<10 { try f.solver.suggestValue(60, for: VariableID(0)) }
    #expect(f.solver.counters.pivots == pivots)
    expectValues(f.snapshot(2), [42, 50])
  }

  @Test func removeEditVariableReleasesTheVariable() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -5, .equal, 1)
    try f.solver.addEditVariable(VariableID(0), priority: Priority(500))
    try f.solver.suggestValue(7, for: VariableID(0))
    try f.solver.removeEditVariable(VariableID(0))
    #expect(!f.solver.hasEditVariable(VariableID(0)))
    expectValue(f.value(0), 5)
  }

  // MARK: in-place changes

  @Test func setConstantMovesWithoutRemovingTheConstraint() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], 0, .equal)  // x0 == 0
    let gap = try f.add([(1, 1), (0, -1)], -8, .equal)  // x1 == x0 + 8
    let before = f.solver.counters
    try f.solver.setConstant(-16, of: gap)
    expectValue(f.value(1), 16)
    // Still the same rows: nothing was removed or re-added, and no bound was crossed.
    #expect(f.solver.counters.rows == before.rows)
    #expect(f.solver.counters.pivots == before.pivots)
    #expect(f.solver.constraint(gap)?.expression.constant == -16)
  }

  @Test func setConstantCrossingABoundPivots() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -30, .lessThanOrEqual)  // x <= 30
    let pull = try f.add([(0, 1)], -10, .equal, 500)  // x == 10 @500
    try f.solver.setConstant(-50, of: pull)  // x == 50 @500 now meets the bound
    expectValue(f.value(0), 30)
  }

  @Test func setPriorityChangesWhichConstraintWins() throws {
    var f = SolverFixture()
    let a = try f.add([(0, 1)], -10, .equal, 750)
    try f.add([(0, 1)], -20, .equal, 500)
    expectValue(f.value(0), 10)
    try f.solver.setPriority(Priority(250), of: a)
    expectValue(f.value(0), 20)
    try f.solver.setPriority(Priority(900), of: a)
    expectValue(f.value(0), 10)
    #expect(f.solver.constraint(a)?.priority == Priority(900))
  }

  @Test func setPriorityToTheSameValueChangesNothing() throws {
    var f = SolverFixture()
    let a = try f.add([(0, 1)], -10, .equal, 750)
    let before = f.solver.counters
    try f.solver.setPriority(Priority(750), of: a)
    #expect(f.solver.counters == before)
  }

  // MARK: reading and determinism

  @Test func unknownVariablesReadAsZero() throws {
    var f = SolverFixture()
    try f.add([(3, 1)], -4, .equal)
    expectValue(f.value(0), 0)
    expectValue(f.value(99), 0)
    var buffer = [Double](repeating: .nan, count: 5)
    buffer.withUnsafeMutableBufferPointer { f.solver.writeValues(into: $0) }
    expectValues(buffer, [0, 0, 0, 4, 0])
  }

  @Test func identicalInputGivesIdenticalPivotsAndValues() throws {
    func run() throws -> (SolverCounters, [Double]) {
      var f = SolverFixture()
      // Ties everywhere: three views of equal priority share a shortfall.
      try f.add([(0, 1)], 0, .equal)
      for i in 1...3 {
        try f.add([(i, 1)], -40, .greaterThanOrEqual, 750)
        try f.add([(i, 1)], -40, .lessThanOrEqual, 250)
      }
      try f.add([(4, 1), (1, -1), (2, -1), (3, -1)], 0, .equal)
      try f.solver.addEditVariable(VariableID(4), priority: Priority(999))
      for width in [100.0, 140, 90, 200] { try f.solver.suggestValue(width, for: VariableID(4)) }
      return (f.solver.counters, f.snapshot(5))
    }
    let (c1, v1) = try run()
    let (c2, v2) = try run()
    #expect(c1 == c2)
    // Bitwise equality is the property under test here: same input, same arithmetic.
    #expect(v1.map(\.bitPattern) == v2.map(\.bitPattern))
  }
}
