import Testing
import LayoutModel
@testable import Cassowary

private func v(_ i: Int) -> VariableID { VariableID(i) }
private func c(_ i: Int) -> ConstraintID { ConstraintID(i) }
private func expr(_ terms: [(Int, Double)], _ constant: Double) -> LinearExpression {
  LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant)
}

@Test func smokeRequiredEquality() throws {
  let s = CassowarySolver()
  try s.add(Constraint(id: c(0), expr([(0, 1)], -10), .equal))
  #expect(abs(s.value(of: v(0)) - 10) < 1e-9)
}

@Test func smokeChain() throws {
  let s = CassowarySolver()
  // x0 == 0; w0 >= 40 @750; x1 == x0 + w0 + 8
  try s.add(Constraint(id: c(0), expr([(0, 1)], 0), .equal))
  try s.add(Constraint(id: c(1), expr([(1, 1)], -40), .greaterThanOrEqual, priority: Priority(750)))
  try s.add(Constraint(id: c(2), expr([(2, 1), (0, -1), (1, -1)], -8), .equal))
  try s.addEditVariable(v(3), priority: Priority(999))
  try s.suggestValue(320, for: v(3))
  #expect(abs(s.value(of: v(1)) - 40) < 1e-9)
  #expect(abs(s.value(of: v(2)) - 48) < 1e-9)
  #expect(abs(s.value(of: v(3)) - 320) < 1e-9)
  try s.setConstant(-50, of: c(1))
  #expect(abs(s.value(of: v(1)) - 50) < 1e-9)
  #expect(abs(s.value(of: v(2)) - 58) < 1e-9)
}

@Test func smokeLexicographic() throws {
  let s = CassowarySolver()
  try s.add(Constraint(id: c(0), expr([(0, 1)], 0), .equal, priority: Priority(750)))
  for i in 1...5 { try s.add(Constraint(id: c(i), expr([(0, 1)], -10), .equal, priority: Priority(250))) }
  #expect(abs(s.value(of: v(0))) < 1e-9)
  try s.setPriority(Priority(200), of: c(0))
  #expect(abs(s.value(of: v(0)) - 10) < 1e-9)
}

@Test func smokeUnsatisfiable() throws {
  let s = CassowarySolver()
  try s.add(Constraint(id: c(0), expr([(0, 1)], -10), .equal))
  #expect(throws: SolverError.unsatisfiable(c(1), conflicts: [c(0)])) {
    try s.add(Constraint(id: c(1), expr([(0, 1)], -20), .equal))
  }
  try s.add(Constraint(id: c(2), expr([(1, 1)], -10), .greaterThanOrEqual))
  #expect(throws: SolverError.unsatisfiable(c(3), conflicts: [c(2)])) {
    try s.add(Constraint(id: c(3), expr([(1, 1)], -5), .lessThanOrEqual))
  }
  #expect(abs(s.value(of: v(0)) - 10) < 1e-9)
  #expect(s.value(of: v(1)) >= 10 - 1e-9)
  try s.remove(c(0))
  try s.add(Constraint(id: c(1), expr([(0, 1)], -20), .equal))
  #expect(abs(s.value(of: v(0)) - 20) < 1e-9)
  try s.setConstant(-30, of: c(1))
  #expect(abs(s.value(of: v(0)) - 30) < 1e-9)
  try s.add(Constraint(id: c(4), expr([(1, 1)], -20), .lessThanOrEqual))
  #expect(throws: SolverError.unsatisfiable(c(4), conflicts: [c(2)])) {
    try s.setConstant(-5, of: c(4))
  }
  try s.setConstant(-15, of: c(4))
  #expect(s.value(of: v(1)) <= 15 + 1e-9 && s.value(of: v(1)) >= 10 - 1e-9)
}
