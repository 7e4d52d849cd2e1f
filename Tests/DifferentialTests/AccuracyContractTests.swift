import LayoutModel
import Testing
import TestSupport

/// The accuracy contract (`AccuracyContract`, docs/interchange.md) at its edges, for every
/// backend: just inside, the answer is right and every required constraint holds; just
/// outside, the call is refused with an error naming the constraint or variable and the
/// number, and the solver is exactly as before.
@Suite struct AccuracyContractTests {
  private static let largest = AccuracyContract.largestConstant
  private static let ratio = AccuracyContract.largestCoefficientRatio

  /// Runs `failing`, expects `expected`, then checks that values and constraints are as
  /// before and that the solver still answers.
  private func expectRefused(
    _ f: inout Fixture, _ expected: SolverError, sourceLocation: SourceLocation = #_sourceLocation,
    _ failing: (any LinearSolver) throws -> Void
  ) throws {
    let before = try f.snapshot()
    let present = (0..<f.nextID).map { f.solver.contains(ConstraintID($0)) }
    #expect(throws: expected, sourceLocation: sourceLocation) { try failing(f.solver) }
    expectClose(try f.snapshot(), before, "after \(expected.kind)", sourceLocation: sourceLocation)
    #expect((0..<present.count).map { f.solver.contains(ConstraintID($0)) } == present, sourceLocation: sourceLocation)
    try f.add([(7, 1)], -1, .equal)
    expectClose(try f.value(7), 1, sourceLocation: sourceLocation)
  }

  /// Every present required constraint holds within `Tolerance.residual`.
  private func expectRequiredHold(
    _ f: Fixture, _ constraints: [Constraint], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let values = try f.snapshot()
    let unmet = constraints.violatedRequired { $0.index < values.count ? values[$0.index] : 0 }
    #expect(unmet.isEmpty, "unmet: \(unmet.map(\.id))", sourceLocation: sourceLocation)
  }

  // MARK: Just inside

  /// A tiny coefficient beside a large one (the ratio at its limit) with the largest
  /// constant the joint bound leaves room for: the optional `y == 0` must win over
  /// `x == 0`, so x = constant / 100.
  @Test(arguments: Backend.all)
  func coefficientsSpreadToTheLimitAreAnsweredExactly(_ backend: Backend) throws {
    var f = Fixture(backend)
    let small = 100 / Self.ratio
    let constant = AccuracyContract.largestConditioning / (Self.ratio * Self.ratio)
    let tie = Fixture.constraint(ConstraintID(0), [(0, 100), (1, small)], -constant, .equal)
    try f.solver.add(tie)
    _ = f.reserveID()
    try f.add([(1, 1)], 0, .equal, 500)
    try f.add([(0, 1)], 0, .equal, 250)
    expectClose(try f.value(0), constant / 100, tolerance: .residual)
    expectClose(try f.value(1), 0, tolerance: .residual)
    try expectRequiredHold(f, [tie])
  }

  /// A coefficient the size of the smallest the contract takes beside one at the largest
  /// ratio is not lost: `1e-6 x + 1e-2 y == 1e-2` with `y == 0` preferred to `x == 0` gives
  /// x = 1e4 (a coefficient of 1e-9 beside 1 was dropped, giving y = 1 and x = 0).
  @Test(arguments: Backend.all)
  func theSmallestCoefficientIsNotTreatedAsZero(_ backend: Backend) throws {
    var f = Fixture(backend)
    let smallest = AccuracyContract.smallestCoefficient
    try f.add([(0, smallest), (1, smallest * Self.ratio)], -smallest * Self.ratio, .equal)
    try f.add([(1, 1)], 0, .equal, 500)
    try f.add([(0, 1)], 0, .equal, 250)
    expectClose(try f.value(0), Self.ratio, tolerance: .residual)
    expectClose(try f.value(1), 0, tolerance: .residual)
  }

  /// Suggesting the largest value and back, again and again, returns to the first answer
  /// (a suggestion of 1e17 and back to 10 left Cassowary at 16).
  @Test(arguments: Backend.all)
  func suggestionsAtTheLimitComeBack(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.solver.addEditVariable(VariableID(0), priority: Priority(700))
    try f.add([(1, 1), (0, -1)], 0, .greaterThanOrEqual, 600)  // x >= W
    try f.add([(1, 1), (2, 1)], -10, .equal)  // x + y == 10
    try f.add([(2, 1)], 0, .greaterThanOrEqual, 500)  // y >= 0
    try f.solver.suggestValue(10, for: VariableID(0))
    let first = try f.snapshot(3)
    for turn in 0..<50 {
      try f.solver.suggestValue(turn.isMultiple(of: 2) ? Self.largest : -Self.largest, for: VariableID(0))
      try f.solver.suggestValue(10, for: VariableID(0))
    }
    expectClose(try f.snapshot(3), first, tolerance: .residual)
    expectClose(first, [10, 10, 0], tolerance: .residual)
  }

  /// A required constant moved to the limit and back returns to the first answer.
  @Test(arguments: Backend.all)
  func constantsAtTheLimitComeBack(_ backend: Backend) throws {
    var f = Fixture(backend)
    let width = try f.add([(0, 1), (1, -1)], -8, .equal)  // x == y + 8
    try f.add([(1, 1)], -20, .equal, 750)
    let first = try f.snapshot(2)
    for constant in [Self.largest, -8, -Self.largest, -8] { try f.solver.setConstant(constant, of: width) }
    expectClose(try f.snapshot(2), first, tolerance: .residual)
    expectClose(first, [28, 20], tolerance: .residual)
  }

  // MARK: Just outside

  @Test(arguments: Backend.all)
  func aCoefficientOverTheLimitIsRefusedByName(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .equal)
    let id = f.reserveID()
    let over = AccuracyContract.largestCoefficient * 1.01
    try expectRefused(&f, .coefficientOutOfRange(id, VariableID(1), over)) {
      try $0.add(Fixture.constraint(id, [(1, over)], 0, .equal))
    }
    let under = AccuracyContract.smallestCoefficient * 0.99
    try expectRefused(&f, .coefficientOutOfRange(id, VariableID(1), under)) {
      try $0.add(Fixture.constraint(id, [(0, 1), (1, under)], 0, .equal, 500))
    }
  }

  @Test(arguments: Backend.all)
  func coefficientsSpreadPastTheLimitAreRefusedByName(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .equal)
    let id = f.reserveID()
    let small = 1 / (Self.ratio * 1.01)
    try expectRefused(&f, .coefficientSpreadOutOfRange(id, smallest: Term(VariableID(2), small), largest: Term(VariableID(1), 1))) {
      try $0.add(Fixture.constraint(id, [(1, 1), (2, small)], 0, .equal))
    }
    // Batches are all-or-nothing: the first constraint of the batch is not added either.
    let good = Fixture.constraint(id, [(1, 1)], -3, .equal)
    let bad = Fixture.constraint(f.reserveID(), [(1, 1), (2, small)], 0, .equal)
    try expectRefused(&f, .coefficientSpreadOutOfRange(bad.id, smallest: Term(VariableID(2), small), largest: Term(VariableID(1), 1))) {
      try $0.add(contentsOf: [good, bad])
    }
  }

  @Test(arguments: Backend.all)
  func constantsAndSuggestionsOverTheLimitAreRefusedByName(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.solver.addEditVariable(VariableID(0), priority: Priority(700))
    let pin = try f.add([(1, 1), (0, -1)], -5, .equal)
    try f.solver.suggestValue(100, for: VariableID(0))
    let over = Self.largest * (1 + 1e-9)
    try expectRefused(&f, .suggestionOutOfRange(VariableID(0), -over)) { try $0.suggestValue(-over, for: VariableID(0)) }
    try expectRefused(&f, .constantOutOfRange(pin, over)) { try $0.setConstant(over, of: pin) }
    let id = f.reserveID()
    try expectRefused(&f, .constantOutOfRange(id, -over)) { try $0.add(Fixture.constraint(id, [(2, 1)], -over, .equal, 250)) }
    expectClose(try f.value(1), 105)
  }

  /// Large constants and widely spread coefficients are each within the contract, but not
  /// together: the second to arrive is refused, whichever it is, and the solver is as
  /// before.
  @Test(arguments: Backend.all)
  func largeConstantsAndWideSpreadsAreRefusedTogether(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -Self.largest, .equal)
    let id = f.reserveID()
    try expectRefused(&f, .illConditioned(id, largestConstant: Self.largest, largestRatio: Self.ratio)) {
      try $0.add(Fixture.constraint(id, [(1, 1), (2, 1 / Self.ratio)], 0, .equal))
    }
    var g = Fixture(backend)
    try g.solver.addEditVariable(VariableID(0), priority: Priority(700))
    try g.add([(1, 1), (2, 1 / Self.ratio)], 0, .equal)
    try expectRefused(&g, .illConditionedSuggestion(VariableID(0), largestConstant: Self.largest, largestRatio: Self.ratio)) {
      try $0.suggestValue(Self.largest, for: VariableID(0))
    }
  }

  /// The value check sees what no per-number bound does: a chain of multipliers, each
  /// within the contract, whose values leave it.
  @Test func aChainOfMultipliersLeavesTheValueRange() {
    var chain: [Constraint] = [Fixture.constraint(ConstraintID(0), [(0, 1)], -1, .equal)]
    for k in 1...5 { chain.append(Fixture.constraint(ConstraintID(k), [(k, 1), (k - 1, -100)], 0, .equal)) }
    #expect(chain.allSatisfy { AccuracyContract.violation(of: $0) == nil })
    #expect(AccuracyContract.valueViolation(1e10, of: VariableID(5)) == .valueOutOfRange(VariableID(5), 1e10))
    #expect(AccuracyContract.valueViolation(1e8, of: VariableID(4)) == nil)
    // A residual judged against the magnitudes involved: 1 in 1e10 is rounding, 1e10 is not.
    var values: [Double] = [1, 100, 1e4, 1e6, 1e8, 1e10 + 1]
    #expect(AccuracyContract.residualViolation(in: chain) { values[$0.index] } == nil)
    values[5] = 2e10
    #expect(AccuracyContract.residualViolation(in: chain) { values[$0.index] } == .inaccurate(ConstraintID(5), residual: 1e10))
  }
}
