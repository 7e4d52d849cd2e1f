import LayoutModel
import Testing
import TestSupport

/// The contract of `LinearSolver` (formats.md section 1), one test per operation with
/// hand-derived values, run for every backend in `Backend.all`.
@Suite struct SolverContractTests {

  // MARK: add

  @Test(arguments: Backend.all)
  func requiredEqualityFixesItsVariable(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 2), (0, -1)], 0, .equal)  // 2y == x
    expectClose(try f.snapshot(2), [10, 5])
  }

  @Test(arguments: Backend.all)
  func requiredInequalitiesBoundAnOptionalPull(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .greaterThanOrEqual)  // x >= 10
    try f.add([(0, 1)], 0, .equal, 500)  // x == 0 @500
    expectClose(try f.value(0), 10)
    try f.add([(0, 1)], -30, .lessThanOrEqual)  // x <= 30 changes nothing
    expectClose(try f.value(0), 10)
  }

  @Test(arguments: Backend.all)
  func stackChainOfTheFormatsExample(_ backend: Backend) throws {
    var f = Fixture(backend)
    // x0 == 0; w0 >= 40 @750; x1 == x0 + w0 + 8 (variables: x0 = 0, w0 = 1, x1 = 2)
    try f.add([(0, 1)], 0, .equal)
    try f.add([(1, 1)], -40, .greaterThanOrEqual, 750)
    try f.add([(2, 1), (0, -1), (1, -1)], -8, .equal)
    expectClose(try f.snapshot(3), [0, 40, 48])
  }

  @Test(arguments: Backend.all)
  func redundantRequiredEqualityIsAccepted(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .equal)
    try f.add([(1, 1), (0, -1)], 0, .equal)  // y == x
    try f.add([(1, 1)], -10, .equal)  // y == 10, implied
    expectClose(try f.snapshot(2), [10, 10])
  }

  @Test(arguments: Backend.all)
  func prioritiesAreStrictlyLexicographic(_ backend: Backend) throws {
    var f = Fixture(backend)
    // One constraint at 750 against a hundred at 250 pulling the other way: a weighted
    // sum (1 · 750 < 100 · 250) would move x to 1; lexicographic levels keep x at 0.
    try f.add([(0, 1)], 0, .equal, 750)
    for _ in 0..<100 { try f.add([(0, 1)], -1, .equal, 250) }
    expectClose(try f.value(0), 0)
  }

  @Test(arguments: Backend.all)
  func equalPriorityErrorsAreSummed(_ backend: Backend) throws {
    var f = Fixture(backend)
    // |x| + |x-10| + |x-4|, all @500, is least at the median, 4.
    try f.add([(0, 1)], 0, .equal, 500)
    try f.add([(0, 1)], -10, .equal, 500)
    try f.add([(0, 1)], -4, .equal, 500)
    expectClose(try f.value(0), 4)
  }

  @Test(arguments: Backend.all)
  func optionalInequalityIsPenalisedOnlyWhenViolated(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -50, .equal, 750)  // x == 50 @750
    try f.add([(0, 1)], -40, .lessThanOrEqual, 250)  // x <= 40 @250 loses
    expectClose(try f.value(0), 50)
    try f.add([(0, 1)], -60, .lessThanOrEqual, 250)  // x <= 60 @250 holds at no cost
    expectClose(try f.value(0), 50)
  }

  @Test(arguments: Backend.all)
  func batchAddIsAllOrNothing(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -10, .equal)
    let a = f.reserveID()
    let b = f.reserveID()
    let c = f.reserveID()
    let batch = [
      Fixture.constraint(a, [(1, 1)], -3, .equal),  // y == 3, fine
      Fixture.constraint(b, [(0, 1)], -20, .equal),  // x == 20 contradicts x == 10
      Fixture.constraint(c, [(2, 1)], -4, .equal),
    ]
    #expect(throws: SolverError.unsatisfiable(b, conflicts: [x])) { try f.solver.add(contentsOf: batch) }
    #expect(!f.solver.contains(a) && !f.solver.contains(b) && !f.solver.contains(c))
    try f.solver.add(contentsOf: [batch[0], batch[2]])
    expectClose(try f.snapshot(3), [10, 3, 4])
  }

  // MARK: remove

  @Test(arguments: Backend.all)
  func removeRestoresTheOptimumWithoutTheConstraint(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], 0, .equal, 250)  // x == 0 @250
    let bound = try f.add([(0, 1)], -20, .greaterThanOrEqual)  // x >= 20
    expectClose(try f.value(0), 20)
    try f.solver.remove(bound)
    expectClose(try f.value(0), 0)
    #expect(!f.solver.contains(bound))
  }

  @Test(arguments: Backend.all)
  func removeOptionalConstraintHandsOverToTheNextLevel(_ backend: Backend) throws {
    var f = Fixture(backend)
    let strong = try f.add([(0, 1)], -5, .equal, 750)
    try f.add([(0, 1)], -9, .equal, 250)
    expectClose(try f.value(0), 5)
    try f.solver.remove(strong)
    expectClose(try f.value(0), 9)
  }

  @Test(arguments: Backend.all)
  func removeAndReAddUnderTheSameID(_ backend: Backend) throws {
    var f = Fixture(backend)
    let id = try f.add([(0, 1)], -3, .equal)
    try f.solver.remove(id)
    try f.solver.add(Fixture.constraint(id, [(0, 1)], -7, .equal))
    expectClose(try f.value(0), 7)
  }

  @Test(arguments: Backend.all)
  func removingAnEqualityAnImpliedOneDependedOn(_ backend: Backend) throws {
    var f = Fixture(backend)
    // x == 10, y == x, y == 10 (implied); removing y == x leaves y == 10 standing alone.
    let x = try f.add([(0, 1)], -10, .equal)
    let link = try f.add([(1, 1), (0, -1)], 0, .equal)
    try f.add([(1, 1)], -10, .equal)
    try f.solver.remove(link)
    try f.solver.setConstant(-4, of: x)
    expectClose(try f.snapshot(2), [4, 10])
  }

  // MARK: edit variables

  @Test(arguments: Backend.all)
  func editVariableIsHeldAtItsCurrentValueUntilSuggested(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -5, .equal, 1)  // x == 5 @1
    try f.solver.solve()
    try f.solver.addEditVariable(VariableID(0), priority: Priority(500))
    expectClose(try f.value(0), 5)
    try f.solver.suggestValue(7, for: VariableID(0))
    expectClose(try f.value(0), 7)
  }

  @Test(arguments: Backend.all)
  func suggestionStopsAtARequiredBound(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -100, .lessThanOrEqual)  // x <= 100
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(150, for: VariableID(0))
    expectClose(try f.value(0), 100)
    try f.solver.suggestValue(60, for: VariableID(0))
    expectClose(try f.value(0), 60)
  }

  @Test(arguments: Backend.all)
  func removeEditVariableReleasesTheVariable(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -5, .equal, 1)
    try f.solver.addEditVariable(VariableID(0), priority: Priority(500))
    try f.solver.suggestValue(7, for: VariableID(0))
    try f.solver.removeEditVariable(VariableID(0))
    #expect(!f.solver.hasEditVariable(VariableID(0)))
    expectClose(try f.value(0), 5)
  }

  // MARK: in-place changes

  @Test(arguments: Backend.all)
  func setConstantMovesTheConstraint(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], 0, .equal)
    let gap = try f.add([(1, 1), (0, -1)], -8, .equal)
    try f.solver.setConstant(-16, of: gap)
    expectClose(try f.value(1), 16)
  }

  @Test(arguments: Backend.all)
  func setConstantCrossingABound(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -30, .lessThanOrEqual)  // x <= 30
    let pull = try f.add([(0, 1)], -10, .equal, 500)  // x == 10 @500
    try f.solver.setConstant(-50, of: pull)  // x == 50 @500 now meets the bound
    expectClose(try f.value(0), 30)
  }

  @Test(arguments: Backend.all)
  func setPriorityChangesWhichConstraintWins(_ backend: Backend) throws {
    var f = Fixture(backend)
    let a = try f.add([(0, 1)], -10, .equal, 750)
    try f.add([(0, 1)], -20, .equal, 500)
    expectClose(try f.value(0), 10)
    try f.solver.setPriority(Priority(250), of: a)
    expectClose(try f.value(0), 20)
    try f.solver.setPriority(Priority(900), of: a)
    expectClose(try f.value(0), 10)
  }

  // MARK: reading and determinism

  @Test(arguments: Backend.all)
  func writeValuesReadsWhatValueOfReads(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .greaterThanOrEqual)
    try f.add([(1, 1), (0, -2)], -3, .equal)  // y == 2x + 3
    try f.add([(0, 1)], -12, .equal, 250)
    try f.solver.solve()
    // Variable 2 is never mentioned (0); the buffer reaches past every variable.
    var buffer = [Double](repeating: .nan, count: 4)
    buffer.withUnsafeMutableBufferPointer { f.solver.writeValues(into: $0) }
    let one = (0..<4).map { f.solver.value(of: VariableID($0)) }
    #expect(buffer.map(\.bitPattern) == one.map(\.bitPattern))
    expectClose(buffer, [12, 27, 0, 0])
  }

  @Test(arguments: Backend.all)
  func unknownVariablesReadAsZero(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(3, 1)], -4, .equal)
    expectClose(try f.snapshot(5), [0, 0, 0, 4, 0])
    expectClose(f.solver.value(of: VariableID(99)), 0)
  }

  @Test(arguments: Backend.all)
  func identicalInputGivesIdenticalWorkAndValues(_ backend: Backend) throws {
    func run() throws -> (SolverCounters, [Double]) {
      var f = Fixture(backend)
      // Ties everywhere: three views of equal priority share a shortfall.
      try f.add([(0, 1)], 0, .equal)
      for i in 1...3 {
        try f.add([(i, 1)], -40, .greaterThanOrEqual, 750)
        try f.add([(i, 1)], -40, .lessThanOrEqual, 250)
      }
      try f.add([(4, 1), (1, -1), (2, -1), (3, -1)], 0, .equal)
      try f.solver.addEditVariable(VariableID(4), priority: Priority(999))
      var values: [Double] = []
      for width in [100.0, 140, 90, 200] {
        try f.solver.suggestValue(width, for: VariableID(4))
        values += try f.snapshot(5)
      }
      return (f.solver.counters, values)
    }
    let (c1, v1) = try run()
    let (c2, v2) = try run()
    #expect(c1 == c2)
    // Bitwise equality is the property under test: same input, same arithmetic.
    #expect(v1.map(\.bitPattern) == v2.map(\.bitPattern))
  }
}
