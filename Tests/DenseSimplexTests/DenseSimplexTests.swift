import LayoutModel
import Testing
import TestSupport

@testable import DenseSimplex

/// What only the dense backend has: its memory limit, its batch feasibility test and its
/// solve statistics. The backend-neutral contract is in DifferentialTests.
@Suite struct DenseSimplexTests {

  private func constraint(_ id: Int, _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000) -> Constraint {
    Constraint(
      id: ConstraintID(id), LinearExpression(terms.map { Term(VariableID($0.0), $0.1) }, constant: constant),
      relation, priority: Priority(priority))
  }

  @Test func tableauOverTheMemoryLimitIsRefusedBeforeAllocating() throws {
    // A chain of 200 links needs 201 rows × (201 variables + slack/error columns + 1)
    // columns: far over 64 KiB.
    let solver = DenseSimplexSolver(memoryLimit: 64 << 10)
    let optionalChain = (0..<200).map { constraint($0, [($0 + 1, 1), ($0, -1)], -8, .equal, 500) }
    try solver.add(contentsOf: optionalChain)  // optional: no feasibility test, nothing built
    expectLimitExceeded { try solver.solve() }
    // Required constraints are tested for feasibility when added, which builds a tableau
    // of the required constraints: refused at once, and nothing is added.
    let requiredChain = (0..<200).map { constraint(1000 + $0, [($0 + 1, 1), ($0, -1)], -8, .equal) }
    expectLimitExceeded { try solver.add(contentsOf: requiredChain) }
    #expect(!solver.contains(ConstraintID(1000)))
    // A small required system still fits.
    try solver.add(constraint(5000, [(0, 1)], 0, .equal))
  }

  private func expectLimitExceeded(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
  ) {
    do {
      try body()
      Issue.record("a tableau over the limit was accepted", sourceLocation: sourceLocation)
    } catch {
      guard case .limitExceeded(let message)? = error as? SolverError else {
        Issue.record("expected limitExceeded, got \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(message.contains("over the memory limit of 64 KiB"), sourceLocation: sourceLocation)
      #expect(message.contains("LAYOUTBENCH_DENSE_MEMORY_LIMIT"), sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [(1 << 30, "1 GiB"), (1536 << 20, "1.5 GiB"), (300 << 20, "300 MiB"), (64 << 10, "64 KiB"), (100, "100 bytes")])
  func memoryLimitIsDescribed(_ bytes: Int, _ text: String) {
    #expect(MemoryLimit.describe(bytes) == text)
  }

  @Test(arguments: [
    ("1073741824", 1_073_741_824), ("512M", 512 << 20), ("2G", 2 << 30), ("64k", 64 << 10),
  ])
  func memoryLimitParses(_ text: String, _ bytes: Int) {
    #expect(MemoryLimit.parse(text) == bytes)
  }

  @Test(arguments: ["", "G", "-5", "0", "1.5G", "12T", "999999999999999999G"])
  func memoryLimitRejects(_ text: String) {
    #expect(MemoryLimit.parse(text) == nil)
  }

  @Test func batchAddNamesTheFirstConstraintThatCannotFollowThoseBeforeIt() throws {
    let solver = DenseSimplexSolver()
    try solver.add(constraint(0, [(0, 1)], -10, .greaterThanOrEqual))  // x >= 10
    let batch = [
      constraint(1, [(1, 1)], -1, .equal),  // y == 1
      constraint(2, [(0, 1), (1, 1)], -30, .lessThanOrEqual),  // x + y <= 30
      constraint(3, [(1, 1)], -2, .equal, 250),  // optional: never refused
      constraint(4, [(0, 1)], -25, .greaterThanOrEqual),  // x >= 25
      constraint(5, [(0, 1)], -35, .greaterThanOrEqual),  // x >= 35: the first that cannot
      constraint(6, [(0, 1)], -50, .greaterThanOrEqual),
    ]
    #expect(throws: SolverError.unsatisfiable(ConstraintID(5), conflicts: [ConstraintID(1), ConstraintID(2)])) {
      try solver.add(contentsOf: batch)
    }
    for id in 1...6 { #expect(!solver.contains(ConstraintID(id))) }
  }

  @Test func statisticsDescribeTheLastSolve() throws {
    let solver = DenseSimplexSolver()
    try solver.add(constraint(0, [(0, 1)], 0, .equal))
    for i in 0..<10 {
      try solver.add(constraint(1 + i, [(i + 1, 1), (i, -1)], -8, .greaterThanOrEqual, 750))
      try solver.add(constraint(100 + i, [(i + 1, 1), (i, -1)], -8, .lessThanOrEqual, 250))
    }
    try solver.solve()
    let statistics = try #require(solver.lastSolve)
    #expect(statistics.rows == 21)
    // 11 variables, 2 columns per optional inequality (slack, error), 1 artificial, rhs.
    #expect(statistics.columns == 11 + 40 + 1 + 1)
    #expect(statistics.tableauBytes == (21 + 1) * statistics.columns * 8)
    #expect(statistics.pivots > 0)
    #expect(statistics.bytesMoved == statistics.cellsUpdated * 16)
    expectClose(solver.value(of: VariableID(10)), 80)
    // Nothing changed: solving again does no work.
    let counters = solver.counters
    try solver.solve()
    #expect(solver.counters == counters)
  }

  @Test func valuesAreThoseOfTheLastSolve() throws {
    let solver = DenseSimplexSolver()
    try solver.add(constraint(0, [(0, 1)], -3, .equal))
    try solver.solve()
    try solver.setConstant(-5, of: ConstraintID(0))
    expectClose(solver.value(of: VariableID(0)), 3)
    try solver.solve()
    expectClose(solver.value(of: VariableID(0)), 5)
  }
}
