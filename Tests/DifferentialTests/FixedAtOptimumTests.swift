import LayoutModel
import Testing
import TestSupport

/// `isFixedAtOptimum` is a proof: whenever a backend answers true, a pull on the variable
/// below every priority of the system must not move it. Hand-built cases pin down what
/// each backend proves; random systems (with degenerate vertices injected) check soundness.
@Suite struct FixedAtOptimumTests {
  @Test(arguments: Backend.all)
  func aRequiredEqualityIsProvenAndAFreeVariableIsNot(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 1)], 0, .greaterThanOrEqual)  // y >= 0, nothing pulls it
    try f.solver.solve()
    #expect(f.solver.isFixedAtOptimum(VariableID(0)))
    #expect(!f.solver.isFixedAtOptimum(VariableID(1)))
    #expect(!f.solver.isFixedAtOptimum(VariableID(7)), "a variable no constraint mentions")
  }

  @Test(arguments: Backend.all)
  func anOptionalPullAgainstABoundIsProven(_ backend: Backend) throws {
    var f = Fixture(backend)
    try f.add([(0, 1)], -10, .greaterThanOrEqual)  // x >= 10
    try f.add([(0, 1)], 0, .equal, 500)  // x == 0 @500: holds x at the bound
    try f.solver.solve()
    expectClose(f.solver.value(of: VariableID(0)), 10)
    #expect(f.solver.isFixedAtOptimum(VariableID(0)))
  }

  @Test(arguments: Backend.all)
  func provenVariablesDoNotMoveUnderAProbe(_ backend: Backend) {
    var proven = 0
    forEachSeed(150) { seed in
      let system = RandomSystemGenerator.system(
        seed: seed, knobs: SystemKnobs(variableCount: 6, constraintCount: 10, degenerateRate: 0.3))
      let solver = backend.make()
      for constraint in system.constraints {
        // Conflicting required constraints are left out, as a layout does.
        do { try solver.add(constraint) } catch { continue }
      }
      try solver.solve()
      let lowest = system.constraints.map(\.priority.value).min() ?? 1
      for v in 0..<system.variableCount {
        let variable = VariableID(v)
        guard solver.isFixedAtOptimum(variable) else { continue }
        proven += 1
        let value = solver.value(of: variable)
        try solver.addEditVariable(variable, priority: Priority(min(lowest, 1) / 1000))
        for delta in [1.0, -1.0] {
          try solver.suggestValue(value + delta, for: variable)
          try solver.solve()
          guard Tolerance.comparison.isClose(solver.value(of: variable), value) else {
            throw ProofFailure(description: "\(system): x\(v) proven fixed at \(value) moved to \(solver.value(of: variable))")
          }
        }
        try solver.removeEditVariable(variable)
        try solver.solve()
      }
    }
    // The sweep means something only if the backend proves a good share of variables.
    if !SeedSweep.isReplaying { #expect(proven > 150, "only \(proven) variables proven fixed") }
  }

  struct ProofFailure: Error, CustomStringConvertible {
    var description: String
  }
}
