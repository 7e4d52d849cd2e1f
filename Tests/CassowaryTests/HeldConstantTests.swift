import LayoutModel
import Testing

@testable import Cassowary

/// New constants for the members of a shared row are held until the whole row has them,
/// then shift it in place; anything else applies them first (Accelerations/PendingConstants.swift).
@Suite struct HeldConstantTests {

  /// width (0) <= 10 @250 and width >= 10 @750 in one row, a pull `width == 5` @500.
  private static func contentSize() throws -> (SolverFixture, hugging: ConstraintID, resistance: ConstraintID) {
    let (f, hugging, resistance) = try SharedRowTests.contentSizePulledToFive()
    #expect(f.solver.counters.rows == 2)
    return (f, hugging, resistance)
  }

  @Test func membersMovedTogetherShiftTheirRowInPlace() throws {
    let (f, hugging, resistance) = try Self.contentSize()
    let symbols = f.solver.counters.symbols
    try f.solver.setConstant(-12, of: hugging)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 1, "held until its partner moves")
    try f.solver.setConstant(-12, of: resistance)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0, "the row has every constant: shifted")
    #expect(f.solver.tableau.pendingConstantState.pendingMembers.isEmpty)
    #expect(f.solver.counters.rows == 2, "rows \(f.solver.counters.rows)")
    #expect(f.solver.counters.symbols == symbols)
    expectValue(f.value(0), 12)
    #expect(f.solver.constraint(hugging)?.expression.constant == -12)
    #expect(f.solver.constraint(resistance)?.expression.constant == -12)
    #expect(f.solver.invariantViolations().isEmpty)
  }

  /// Constants that describe one row up to each member's factor: `2·width <= 2·c` and
  /// `-width <= -c` move with `width <= c`.
  @Test func proportionalMembersShiftTogether() throws {
    var f = SolverFixture()
    let a = try f.add([(0, 1)], -10, .lessThanOrEqual, 250)
    let b = try f.add([(0, 2)], -20, .lessThanOrEqual, 0.5)
    let c = try f.add([(0, -1)], 10, .lessThanOrEqual, 300)
    try f.add([(0, 1)], -50, .equal, 200)
    #expect(f.solver.counters.rows == 2)
    try f.solver.setConstant(30, of: c)
    try f.solver.setConstant(-60, of: b)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 2)
    try f.solver.setConstant(-30, of: a)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0)
    #expect(f.solver.counters.rows == 2)
    expectValue(f.value(0), 30, "hugging at 250 beats the pull to 50 at 200")
  }

  @Test func aMemberWhosePartnersDoNotFollowMovesAtTheNextRead() throws {
    let (f, _, resistance) = try Self.contentSize()
    try f.solver.setConstant(-4, of: resistance)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 1)
    expectValue(f.value(0), 5, "width >= 4 lets the pull to 5 win")
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0)
    #expect(f.solver.counters.rows == 3, "a row of its own")
  }

  @Test func constantsThatDescribeDifferentRowsSplitTheRow() throws {
    let (f, hugging, resistance) = try Self.contentSize()
    try f.solver.setConstant(-13, of: hugging)
    try f.solver.setConstant(-11, of: resistance)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 2, "not one row: both wait")
    expectValue(f.value(0), 11)
    #expect(f.solver.counters.rows == 3)
    #expect(f.solver.invariantViolations().isEmpty)
  }

  /// Every entry point other than a held `setConstant` applies what is held before it
  /// acts, so its own checks and results see the new constant.
  @Test(arguments: ["add", "addBatch", "remove", "removeBatch", "setConstant", "setPriority", "addEdit", "solve", "writeValues", "isFixed"])
  func everyOtherCallAppliesWhatIsHeldFirst(_ call: String) throws {
    var (f, _, resistance) = try Self.contentSize()
    let pull = ConstraintID(2)
    let other = try f.add([(1, 1)], -3, .equal)
    try f.solver.setConstant(-4, of: resistance)
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 1)
    switch call {
    case "add": try f.add([(2, 1)], -1, .equal)
    case "addBatch": try f.solver.add(contentsOf: [SolverFixture.constraint(f.reserveID(), [(2, 1)], -1, .equal)])
    case "remove": try f.solver.remove(other)
    case "removeBatch": try f.solver.remove(contentsOf: [other])
    case "setConstant": try f.solver.setConstant(-6, of: other)
    case "setPriority": try f.solver.setPriority(Priority(600), of: pull)
    case "addEdit": try f.solver.addEditVariable(VariableID(1), priority: Priority(900))
    case "solve": try f.solver.solve()
    case "writeValues":
      var buffer = [Double](repeating: 0, count: 2)
      buffer.withUnsafeMutableBufferPointer { f.solver.writeValues(into: $0) }
      expectValue(buffer[0], 5)
    case "isFixed": _ = f.solver.isFixedAtOptimum(VariableID(0))
    default: Issue.record("unknown call \(call)")
    }
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0, "\(call) left a constant held")
    #expect(f.solver.tableau.pendingConstantState.pendingMembers.isEmpty)
    #expect(f.solver.invariantViolations().isEmpty)
    expectValue(f.value(0), 5, "width >= 4: the pull to 5 holds")
  }

  /// Errors are still the call's own: an unknown id or a non-finite constant is refused
  /// before anything is held.
  @Test func invalidCallsHoldNothing() throws {
    let (f, _, resistance) = try Self.contentSize()
    #expect(throws: SolverError.nonFiniteConstant(resistance)) { try f.solver.setConstant(.nan, of: resistance) }
    #expect(throws: SolverError.unknownConstraint(ConstraintID(40))) { try f.solver.setConstant(1, of: ConstraintID(40)) }
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0)
  }

  /// A row shared by more members than `pendingRingLimit` is not held: checking it would
  /// cost O(members) per call.
  @Test func aLongRingIsNotHeld() throws {
    var f = SolverFixture()
    var ids: [ConstraintID] = []
    for k in 0...Tableau.pendingRingLimit {
      ids.append(try f.add([(0, Double(k + 1))], -10 * Double(k + 1), .lessThanOrEqual, 250))
    }
    #expect(f.solver.counters.rows == 1)
    try f.solver.setConstant(-20, of: ids[0])
    #expect(f.solver.tableau.pendingConstantState.heldConstants == 0)
    #expect(f.solver.counters.rows == 2)
  }
}
