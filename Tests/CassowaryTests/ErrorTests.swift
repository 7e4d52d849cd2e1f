import LayoutModel
import Testing

@testable import Cassowary

/// One test per error case. Each checks the error's payload and that the solver is left as
/// it was: same values, same tableau size, and still usable.
@Suite struct ErrorTests {

  /// Runs `failing`, expects `expected`, then checks the solver is unchanged and usable.
  private func expectRefused(
    _ f: inout SolverFixture, _ expected: SolverError,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ failing: (CassowarySolver) throws -> Void
  ) throws {
    let values = f.snapshot()
    let rows = f.solver.counters.rows
    #expect(throws: expected, sourceLocation: sourceLocation) { try failing(f.solver) }
    expectValues(f.snapshot(), values, "after \(expected.kind)", sourceLocation: sourceLocation)
    #expect(f.solver.counters.rows == rows, sourceLocation: sourceLocation)
    #expect(f.solver.invariantViolations().isEmpty, sourceLocation: sourceLocation)
    // Still usable: a fresh variable can be pinned.
    try f.add([(7, 1)], -1, .equal)
    expectValue(f.value(7), 1)
  }

  // MARK: unsatisfiable, with explanations

  @Test func conflictingEqualityNamesTheEqualityItContradicts() throws {
    var f = SolverFixture()
    let ten = try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 1)], -3, .equal)  // unrelated y == 3
    let twenty = f.reserveID()
    try expectRefused(&f, .unsatisfiable(twenty, conflicts: [ten])) {
      try $0.add(SolverFixture.constraint(twenty, [(0, 1)], -20, .equal))
    }
    #expect(!f.solver.contains(twenty))
  }

  @Test func conflictThroughAChainNamesEveryLink() throws {
    var f = SolverFixture()
    let a = try f.add([(0, 1)], 0, .equal)  // x == 0
    let b = try f.add([(1, 1), (0, -1)], -10, .equal)  // y == x + 10
    let c = try f.add([(2, 1), (1, -1)], -10, .greaterThanOrEqual)  // z >= y + 10
    try f.add([(3, 1)], -100, .lessThanOrEqual)  // unrelated w <= 100
    try f.add([(2, 1)], -50, .equal, 250)  // optional pulls never conflict
    let bound = f.reserveID()
    try expectRefused(&f, .unsatisfiable(bound, conflicts: [a, b, c])) {
      try $0.add(SolverFixture.constraint(bound, [(2, 1)], -5, .lessThanOrEqual))  // z <= 5
    }
  }

  @Test func conflictingInequalitiesGoThroughPhaseOne() throws {
    var f = SolverFixture()
    let low = try f.add([(0, 1), (1, 1)], -10, .greaterThanOrEqual)  // x + y >= 10
    let cap = try f.add([(0, 1)], -3, .lessThanOrEqual)  // x <= 3
    try f.add([(0, 1)], -1, .equal, 500)
    let high = f.reserveID()
    // y <= 4 contradicts x + y >= 10 and x <= 3.
    try expectRefused(&f, .unsatisfiable(high, conflicts: [low, cap])) {
      try $0.add(SolverFixture.constraint(high, [(1, 1)], -4, .lessThanOrEqual))
    }
  }

  @Test func constraintUnsatisfiableOnItsOwnHasNoConflicts() throws {
    var f = SolverFixture()
    let id = f.reserveID()
    try expectRefused(&f, .unsatisfiable(id, conflicts: [])) {
      try $0.add(SolverFixture.constraint(id, [], 5, .equal))  // 5 == 0
    }
    let never = f.reserveID()
    try expectRefused(&f, .unsatisfiable(never, conflicts: [])) {
      try $0.add(SolverFixture.constraint(never, [(0, 0)], 1, .lessThanOrEqual))  // 1 <= 0
    }
  }

  @Test func setConstantThatBreaksTheRequiredSetIsRefused() throws {
    var f = SolverFixture()
    let floor = try f.add([(0, 1)], -10, .greaterThanOrEqual)  // x >= 10
    let ceiling = try f.add([(0, 1)], -20, .lessThanOrEqual)  // x <= 20
    try expectRefused(&f, .unsatisfiable(ceiling, conflicts: [floor])) {
      try $0.setConstant(-5, of: ceiling)  // x <= 5
    }
    #expect(f.solver.constraint(ceiling)?.expression.constant == -20)
    try f.solver.setConstant(-15, of: ceiling)
    #expect(f.value(0) >= 10 - 1e-9 && f.value(0) <= 15 + 1e-9)
  }

  @Test func setConstantOfARedundantEqualityIsRefusedWhenItStopsBeingImplied() throws {
    var f = SolverFixture()
    let x = try f.add([(0, 1)], -10, .equal)
    let y = try f.add([(1, 1), (0, -1)], 0, .equal)
    let implied = try f.add([(1, 1)], -10, .equal)
    try expectRefused(&f, .unsatisfiable(implied, conflicts: [x, y])) {
      try $0.setConstant(-11, of: implied)
    }
  }

  // MARK: identity errors

  @Test func duplicateConstraint() throws {
    var f = SolverFixture()
    let id = try f.add([(0, 1)], -1, .equal)
    try expectRefused(&f, .duplicateConstraint(id)) {
      try $0.add(SolverFixture.constraint(id, [(0, 1)], -1, .equal))
    }
  }

  @Test func unknownConstraintOnRemoveSetConstantAndSetPriority() throws {
    var f = SolverFixture()
    try f.add([(0, 1)], -1, .equal)
    let missing = ConstraintID(42)
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.remove(missing) }
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.setConstant(3, of: missing) }
    try expectRefused(&f, .unknownConstraint(missing)) { try $0.setPriority(Priority(5), of: missing) }
    let removed = try f.add([(1, 1)], -1, .equal)
    try f.solver.remove(removed)
    try expectRefused(&f, .unknownConstraint(removed)) { try $0.remove(removed) }
  }

  @Test func duplicateAndUnknownEditVariables() throws {
    var f = SolverFixture()
    let w = VariableID(0)
    try f.solver.addEditVariable(w, priority: Priority(999))
    try expectRefused(&f, .duplicateEditVariable(w)) { try $0.addEditVariable(w, priority: Priority(500)) }
    let other = VariableID(1)
    try expectRefused(&f, .unknownEditVariable(other)) { try $0.suggestValue(3, for: other) }
    try expectRefused(&f, .unknownEditVariable(other)) { try $0.removeEditVariable(other) }
  }

  @Test func requiredEditPriority() throws {
    var f = SolverFixture()
    try expectRefused(&f, .requiredEditPriority(VariableID(0))) {
      try $0.addEditVariable(VariableID(0), priority: .required)
    }
  }

  @Test(arguments: [0.0, -5, 1000.5, .nan, .infinity])
  func invalidEditPriority(_ value: Double) throws {
    var f = SolverFixture()
    #expect(throws: SolverError.self) { try f.solver.addEditVariable(VariableID(0), priority: Priority(value)) }
    do {
      try f.solver.addEditVariable(VariableID(0), priority: Priority(value))
    } catch {
      guard case .invalidEditPriority(VariableID(0), let reported) = error else {
        Issue.record("expected invalidEditPriority, got \(error)")
        return
      }
      #expect(reported.bitPattern == value.bitPattern)
    }
    #expect(!f.solver.hasEditVariable(VariableID(0)))
    try f.add([(0, 1)], -2, .equal)
    expectValue(f.value(0), 2)
  }

  // MARK: priorities

  @Test(arguments: [0.0, -1, 1001, .infinity])
  func invalidPriorityOnAdd(_ value: Double) throws {
    var f = SolverFixture()
    let id = f.reserveID()
    try expectRefused(&f, .invalidPriority(id, value)) {
      try $0.add(SolverFixture.constraint(id, [(0, 1)], -1, .equal, value))
    }
  }

  @Test func nanPriorityIsInvalid() throws {
    let s = CassowarySolver()
    do {
      try s.add(SolverFixture.constraint(ConstraintID(0), [(0, 1)], 0, .equal, .nan))
      Issue.record("NaN priority accepted")
    } catch {
      guard case .invalidPriority(ConstraintID(0), let value) = error, value.isNaN else {
        Issue.record("expected invalidPriority, got \(error)")
        return
      }
    }
  }

  @Test func invalidPriorityOnSetPriority() throws {
    var f = SolverFixture()
    let id = try f.add([(0, 1)], -1, .equal, 500)
    try expectRefused(&f, .invalidPriority(id, 0)) { try $0.setPriority(Priority(0), of: id) }
    try expectRefused(&f, .invalidPriority(id, 2000)) { try $0.setPriority(Priority(2000), of: id) }
  }

  @Test func requiredPriorityChangeBothWays() throws {
    var f = SolverFixture()
    let required = try f.add([(0, 1)], -1, .equal)
    let optional = try f.add([(1, 1)], -1, .equal, 500)
    try expectRefused(&f, .requiredPriorityChange(required)) { try $0.setPriority(Priority(999), of: required) }
    try expectRefused(&f, .requiredPriorityChange(optional)) { try $0.setPriority(.required, of: optional) }
  }

  // MARK: non-finite numbers

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteCoefficient(_ value: Double) throws {
    var f = SolverFixture()
    let id = f.reserveID()
    try expectRefused(&f, .nonFiniteCoefficient(id, VariableID(1))) {
      try $0.add(SolverFixture.constraint(id, [(0, 1), (1, value)], 0, .equal))
    }
  }

  @Test(arguments: [Double.nan, .infinity])
  func nonFiniteConstantOnAddAndSetConstant(_ value: Double) throws {
    var f = SolverFixture()
    let id = f.reserveID()
    try expectRefused(&f, .nonFiniteConstant(id)) {
      try $0.add(SolverFixture.constraint(id, [(0, 1)], value, .equal))
    }
    let present = try f.add([(0, 1)], -1, .equal)
    try expectRefused(&f, .nonFiniteConstant(present)) { try $0.setConstant(value, of: present) }
  }

  @Test(arguments: [Double.nan, .infinity])
  func nonFiniteSuggestion(_ value: Double) throws {
    var f = SolverFixture()
    try f.solver.addEditVariable(VariableID(0), priority: Priority(999))
    try f.solver.suggestValue(5, for: VariableID(0))
    try expectRefused(&f, .nonFiniteSuggestion(VariableID(0))) { try $0.suggestValue(value, for: VariableID(0)) }
  }
}
