import LayoutModel
import Testing
import TestSupport

/// Every error case of `LinearSolver`, for every backend. Each checks the error's payload
/// and that the solver is left as it was — same values, same constraints — and usable.
@Suite struct SolverErrorContractTests {

  /// Runs `failing`, expects `expected`, then checks the solver is unchanged and usable.
  private func expectRefused(
    _ f: inout Fixture, _ expected: SolverError,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ failing: (any LinearSolver) throws -> Void
  ) throws {
    let values = try f.snapshot()
    let present = (0..<f.nextID).map { f.solver.contains(ConstraintID($0)) }
    #expect(throws: expected, sourceLocation: sourceLocation) { try failing(f.solver) }
    expectClose(try f.snapshot(), values, "after \(expected.kind)", sourceLocation: sourceLocation)
    #expect(
      (0..<present.count).map { f.solver.contains(ConstraintID($0)) } == present,
      "the set of constraints changed", sourceLocation: sourceLocation)
    // Still usable: a fresh variable can be pinned.
    try f.add([(7, 1)], -1, .equal)
    expectClose(try f.value(7), 1, sourceLocation: sourceLocation)
  }

  // MARK: unsatisfiable, with explanations

  @Test(arguments: Backend.all)
  func conflictingEqualityNamesTheEqualityItContradicts(_ backend: Backend) throws {
    var f = Fixture(backend)
    let ten = try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 1)], -3, .equal)  // unrelated y == 3
    let twenty = f.reserveID()
    try expectRefused(&f, .unsatisfiable(twenty, conflicts: [ten])) {
      try $0.add(Fixture.constraint(twenty, [(0, 1)], -20, .equal))
    }
  }

  @Test(arguments: Backend.all)
  func conflictThroughAChainNamesEveryLink(_ backend: Backend) throws {
    var f = Fixture(backend)
    let a = try f.add([(0, 1)], 0, .equal)  // x == 0
    let b = try f.add([(1, 1), (0, -1)], -10, .equal)  // y == x + 10
    let c = try f.add([(2, 1), (1, -1)], -10, .greaterThanOrEqual)  // z >= y + 10
    try f.add([(3, 1)], -100, .lessThanOrEqual)  // unrelated w <= 100
    try f.add([(2, 1)], -50, .equal, 250)  // optional pulls never conflict
    let bound = f.reserveID()
    try expectRefused(&f, .unsatisfiable(bound, conflicts: [a, b, c])) {
      try $0.add(Fixture.constraint(bound, [(2, 1)], -5, .lessThanOrEqual))  // z <= 5
    }
  }

  @Test(arguments: Backend.all)
  func conflictingInequalities(_ backend: Backend) throws {
    var f = Fixture(backend)
    let low = try f.add([(0, 1), (1, 1)], -10, .greaterThanOrEqual)  // x + y >= 10
    let cap = try f.add([(0, 1)], -3, .lessThanOrEqual)  // x <= 3
    try f.add([(0, 1)], -1, .equal, 500)
    let high = f.reserveID()
    try expectRefused(&f, .unsatisfiable(high, conflicts: [low, cap])) {
      try $0.add(Fixture.constraint(high, [(1, 1)], -4, .lessThanOrEqual))  // y <= 4
    }
  }

  @Test(arguments: Backend.all)
  func constraintUnsatisfiableOnItsOwnHasNoConflicts(_ backend: Backend) throws {
    var f = Fixture(backend)
    let id = f.reserveID()
    try expectRefused(&f, .unsatisfiable(id, conflicts: [])) {
      try $0.add(Fixture.constraint(id, [], 5, .equal))  // 5 == 0
    }
    let never = f.reserveID()
    try expectRefused(&f, .unsatisfiable(never, conflicts: [])) {
      try $0.add(Fixture.constraint(never, [(0, 0)], 1, .lessThanOrEqual))  // 1 <= 0
    }
  }

  @Test(arguments: Backend.all)
  func setConstantThatBreaksTheRequiredSetIsRefused(_ backend: Backend) throws {
    var f = Fixture(backend)
    let floor = try f.add([(0, 1)], -10, .greaterThanOrEqual)  // x >= 10
    let ceiling = try f.add([(0, 1)], -20, .lessThanOrEqual)  // x <= 20
    try expectRefused(&f, .unsatisfiable(ceiling, conflicts: [floor])) {
      try $0.setConstant(-5, of: ceiling)  // x <= 5
    }
    try f.solver.setConstant(-15, of: ceiling)
    let x = try f.value(0)
    #expect(x >= 10 - 1e-9 && x <= 15 + 1e-9)
  }

  @Test(arguments: Backend.all)
  func setConstantOfARedundantEqualityIsRefusedWhenItStopsBeingImplied(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -10, .equal)
    let y = try f.add([(1, 1), (0, -1)], 0, .equal)
    let implied = try f.add([(1, 1)], -10, .equal)
    try expectRefused(&f, .unsatisfiable(implied, conflicts: [x, y])) {
      try $0.setConstant(-11, of: implied)
    }
  }

  // MARK: identity errors

  @Test(arguments: Backend.all)
  func duplicateConstraint(_ backend: Backend) throws {
    var f = Fixture(backend)
    let id = try f.add([(0, 1)], -1, .equal)
    try expectRefused(&f, .duplicateConstraint(id)) {
      try $0.add(Fixture.constraint(id, [(0, 1)], -1, .equal))
    }
  }

  @Test(arguments: Backend.all)
  func unknownConstraintOnRemoveSetConstantAndSetPriority(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -1, .equal)
    let missing = ConstraintID(42)
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.remove(missing) }
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.setConstant(3, of: missing) }
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.setPriority(Priority(5), of: missing) }
    let removed = try f.add([(1, 1)], -1, .equal)
    try f.solver.remove(removed)
    try expectRefused(&f, .unknownConstraint(removed)) { try $0.remove(removed) }
  }

  /// A batch removal is all-or-nothing: an absent id, or one named twice, removes none of
  /// the others (present ones before it included).
  @Test(arguments: Backend.all)
  func aBatchRemovalWithAnAbsentOrRepeatedIDRemovesNothing(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -1, .equal)  // x == 1
    let y = try f.add([(1, 1), (0, -1)], -2, .equal)  // y == x + 2
    let pull = try f.add([(1, 1)], -10, .equal, 250)  // y == 10 @250
    let missing = ConstraintID(42)
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.remove(contentsOf: [x, pull, missing, y]) }
    try expectRefused(&f, .unknownConstraint(y)) { try $0.remove(contentsOf: [y, pull, y]) }
    // Then the valid batch goes through: y follows its pull once the chain is gone.
    try f.solver.remove(contentsOf: [y, x])
    try f.solver.solve()
    #expect(!f.solver.contains(x) && !f.solver.contains(y) && f.solver.contains(pull))
    expectClose(try f.value(1), 10)
    try f.solver.remove(contentsOf: [])
    expectClose(try f.value(1), 10)
  }

  @Test(arguments: Backend.all)
  func duplicateAndUnknownEditVariables(_ backend: Backend) throws {
    var f = Fixture(backend)
    let w = VariableID(0)
    try f.solver.addEditVariable(w, priority: Priority(999))
    try expectRefused(&f, .duplicateEditVariable(w)) { try $0.addEditVariable(w, priority: Priority(500)) }
    let other = VariableID(1)
    try expectRefused(&f, .unknownEditVariable(other)) { try $0.suggestValue(3, for: other) }
    try expectRefused(&f, .unknownEditVariable(other)) { try $0.removeEditVariable(other) }
  }

  @Test(arguments: Backend.all)
  func requiredEditPriority(_ backend: Backend) throws {
    var f = Fixture(backend)
    try expectRefused(&f, .requiredEditPriority(VariableID(0))) {
      try $0.addEditVariable(VariableID(0), priority: .required)
    }
  }

  @Test(arguments: Backend.all, [0.0, -5, 1000.5, .infinity])
  func invalidEditPriority(_ backend: Backend, _ value: Double) throws {
    var f = Fixture(backend)
    try expectRefused(&f, .invalidEditPriority(VariableID(0), value)) {
      try $0.addEditVariable(VariableID(0), priority: Priority(value))
    }
    #expect(!f.solver.hasEditVariable(VariableID(0)))
  }

  // MARK: priorities

  @Test(arguments: Backend.all, [0.0, -1, 1001, .infinity])
  func invalidPriorityOnAdd(_ backend: Backend, _ value: Double) throws {
    var f = Fixture(backend)
    let id = f.reserveID()
    try expectRefused(&f, .invalidPriority(id, value)) {
      try $0.add(Fixture.constraint(id, [(0, 1)], -1, .equal, value))
    }
  }

  @Test(arguments: Backend.all)
  func nanPriorityIsInvalid(_ backend: Backend) throws {
    let solver = backend.make()
    do {
      try solver.add(Fixture.constraint(ConstraintID(0), [(0, 1)], 0, .equal, .nan))
      Issue.record("NaN priority accepted")
    } catch {
      guard case .invalidPriority(ConstraintID(0), let value) = error, value.isNaN else {
        Issue.record("expected invalidPriority, got \(error)")
        return
      }
    }
  }

  @Test(arguments: Backend.all)
  func invalidPriorityOnSetPriority(_ backend: Backend) throws {
    var f = Fixture(backend)
    let id = try f.add([(0, 1)], -1, .equal, 500)
    try expectRefused(&f, .invalidPriority(id, 0)) { try $0.setPriority(Priority(0), of: id) }
    try expectRefused(&f, .invalidPriority(id, 2000)) { try $0.setPriority(Priority(2000), of: id) }
  }

  @Test(arguments: Backend.all)
  func requiredPriorityChangeBothWays(_ backend: Backend) throws {
    var f = Fixture(backend)
    let required = try f.add([(0, 1)], -1, .equal)
    let optional = try f.add([(1, 1)], -1, .equal, 500)
    try expectRefused(&f, .requiredPriorityChange(required)) { try $0.setPriority(Priority(999), of: required) }
    try expectRefused(&f, .requiredPriorityChange(optional)) { try $0.setPriority(.required, of: optional) }
  }

  // MARK: non-finite numbers

  @Test(arguments: Backend.all, [Double.nan, .infinity, -.infinity])
  func nonFiniteCoefficient(_ backend: Backend, _ value: Double) throws {
    var f = Fixture(backend)
    let id = f.reserveID()
    try expectRefused(&f, .nonFiniteCoefficient(id, VariableID(1))) {
      try $0.add(Fixture.constraint(id, [(0, 1), (1, value)], 0, .equal))
    }
  }

  @Test(arguments: Backend.all, [Double.nan, .infinity])
  func nonFiniteConstantOnAddAndSetConstant(_ backend: Backend, _ value: Double) throws {
    var f = Fixture(backend)
    let id = f.reserveID()
    try expectRefused(&f, .nonFiniteConstant(id)) {
      try $0.add(Fixture.constraint(id, [(0, 1)], value, .equal))
    }
    let present = try f.add([(0, 1)], -1, .equal)
    try expectRefused(&f, .nonFiniteConstant(present)) { try $0.setConstant(value, of: present) }
  }

  @Test(arguments: Backend.all, [Double.nan, .infinity])
  func nonFiniteSuggestion(_ backend: Backend, _ value: Double) throws {
    var f = Fixture(backend)
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(5, for: VariableID(0))
    try expectRefused(&f, .nonFiniteSuggestion(VariableID(0))) { try $0.suggestValue(value, for: VariableID(0)) }
  }
}
