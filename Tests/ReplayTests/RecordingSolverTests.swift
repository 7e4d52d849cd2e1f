import Cassowary
import Interchange
import LayoutModel
import Replay
import Testing

/// `RecordingSolver` forwards to its base and records each successful call over names.
@Suite struct RecordingSolverTests {
  static let x = VariableID(0)
  static let y = VariableID(1)

  static func pin(_ id: Int, _ variable: VariableID, _ value: Double, priority: Double = 1000) -> Constraint {
    Constraint(id: ConstraintID(id), LinearExpression([Term(variable, 1)], constant: -value), .equal, priority: Priority(priority))
  }

  @Test func recordsSuccessfulCallsWithNamesAndForwardsThem() throws {
    let recorder = RecordingSolver(
      CassowarySolver(), constraintName: { "c\($0.index)" }, variableName: { $0 == Self.x ? "x" : "y" })
    try recorder.add(Self.pin(0, Self.x, 5))
    try recorder.add(contentsOf: [Self.pin(1, Self.y, 7, priority: 500)])
    try recorder.setConstant(-6, of: ConstraintID(0))
    try recorder.setPriority(Priority(400), of: ConstraintID(1))
    try recorder.solve()
    #expect(recorder.value(of: Self.x) == 6)
    #expect(recorder.value(of: Self.y) == 7)
    #expect(recorder.variableNames == ["x", "y"])
    #expect(recorder.constraintNames == ["c0", "c1"])
    #expect(recorder.calls.count == 4)
    #expect(recorder.calls[2] == .setConstant(ConstraintID(0), -6))
    #expect(recorder.calls[3] == .setPriority(ConstraintID(1), Priority(400)))
  }

  @Test func aRefusedCallIsNotRecorded() throws {
    let recorder = RecordingSolver(CassowarySolver())
    try recorder.add(Self.pin(0, Self.x, 5))
    #expect(throws: SolverError.self) { try recorder.add(Self.pin(1, Self.x, 6)) }
    #expect(recorder.calls.count == 1)
    #expect(recorder.constraintNames.count == 1)
  }

  /// A name that comes back after a removal gets a suffix: one name, one constraint.
  @Test func namesStayUniqueAcrossRemovals() throws {
    let recorder = RecordingSolver(CassowarySolver(), constraintName: { _ in "same" })
    try recorder.add(Self.pin(0, Self.x, 5))
    try recorder.remove(ConstraintID(0))
    try recorder.add(Self.pin(0, Self.x, 6))
    try recorder.add(Self.pin(1, Self.y, 1))
    #expect(recorder.constraintNames == ["same", "same#2", "same#3"])
    #expect(recorder.calls[1] == .remove(ConstraintID(0)))
    // The re-added caller id 0 is recorded as a new constraint.
    guard case .add(let added) = recorder.calls[2] else {
      Issue.record("expected an add, found \(recorder.calls[2])")
      return
    }
    #expect(added.map(\.id) == [ConstraintID(1)])
  }
}
