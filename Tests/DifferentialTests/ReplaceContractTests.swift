import LayoutModel
import Testing
import TestSupport

/// `replace(removing:adding:)` on every backend: what `remove(contentsOf:)` then
/// `add(contentsOf:)` do, in one call (Cassowary renames constraints re-added unchanged;
/// the dense simplex makes the two calls).
@Suite struct ReplaceContractTests {

  @Test(arguments: Backend.all)
  func anAbsentRemovalChangesNothing(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -10, .equal)  // x == 10
    try f.add([(1, 1)], -3, .equal)  // y == 3
    let absent = f.reserveID()
    let addition = Fixture.constraint(f.reserveID(), [(2, 1)], -4, .equal)
    let before = try f.snapshot()
    #expect(throws: SolverError.unknownConstraint(absent)) {
      try f.solver.replace(removing: [x, absent], adding: [addition])
    }
    #expect(f.solver.contains(x) && !f.solver.contains(addition.id))
    expectClose(try f.snapshot(), before)
    // Named twice is refused the same way.
    #expect(throws: SolverError.unknownConstraint(x)) {
      try f.solver.replace(removing: [x, x], adding: [addition])
    }
    #expect(f.solver.contains(x))
  }

  /// The additions are refused as `add(contentsOf:)` refuses them, after the removals:
  /// the removals stand, none of the additions is present.
  @Test(arguments: Backend.all)
  func aRefusedAdditionLeavesTheRemovalsMade(_ backend: Backend) throws {
    var f = Fixture(backend)
    let ten = try f.add([(0, 1)], -10, .equal)  // x == 10
    let three = try f.add([(1, 1)], -3, .equal)  // y == 3
    let fresh = Fixture.constraint(f.reserveID(), [(2, 1)], -4, .equal)  // z == 4
    let twenty = Fixture.constraint(f.reserveID(), [(0, 1)], -20, .equal)  // x == 20
    #expect(throws: SolverError.unsatisfiable(twenty.id, conflicts: [ten])) {
      try f.solver.replace(removing: [three], adding: [fresh, twenty])
    }
    #expect(f.solver.contains(ten))
    #expect(!f.solver.contains(three) && !f.solver.contains(fresh.id) && !f.solver.contains(twenty.id))
    expectClose(try f.value(0), 10)
    // Usable: the refused constraint goes in once its conflict is gone.
    try f.solver.replace(removing: [ten], adding: [twenty])
    expectClose(try f.value(0), 20)
  }

  /// A removed constraint does not conflict with the additions, even while a backend
  /// still holds it when they enter.
  @Test(arguments: Backend.all)
  func anAdditionMayContradictWhatItReplaces(_ backend: Backend) throws {
    var f = Fixture(backend)
    let width = try f.add([(0, 1), (1, -0.5)], 12, .equal)  // w == W/2 - 12
    try f.add([(1, 1)], -768, .equal)  // W == 768
    try f.add([(0, 1)], -200, .lessThanOrEqual, 250)  // w <= 200, weak
    let quarter = Fixture.constraint(f.reserveID(), [(0, 1), (1, -0.25)], 18, .equal)  // w == W/4 - 18
    try f.solver.replace(removing: [width], adding: [quarter])
    expectClose(try f.value(0), 174)
    #expect(!f.solver.contains(width) && f.solver.contains(quarter.id))
  }

  /// Unchanged constraints re-added under new ids (a rebuild): the same values, the new
  /// ids present, the old ones gone; each new one then removes like any other.
  @Test(arguments: Backend.all)
  func reAddingUnchangedConstraintsKeepsTheLayout(_ backend: Backend) throws {
    var f = Fixture(backend)
    var system: [Constraint] = []
    system.append(Fixture.constraint(f.reserveID(), [(0, 1)], 0, .equal))  // x0 == 0
    for i in 1..<6 {
      system.append(Fixture.constraint(f.reserveID(), [(i, 1), (i - 1, -1), (6 + i, -1)], -8, .equal))  // x_i == x_{i-1} + w_i + 8
      system.append(Fixture.constraint(f.reserveID(), [(6 + i, 1)], -Double(10 * i), .greaterThanOrEqual, 750))
      system.append(Fixture.constraint(f.reserveID(), [(6 + i, 1)], -Double(10 * i), .lessThanOrEqual, 250))
    }
    system.append(Fixture.constraint(f.reserveID(), [(5, 1)], -150, .lessThanOrEqual))  // x5 <= 150
    try f.solver.add(contentsOf: system)
    let copies = system.map { c in
      var copy = c
      copy.id = f.reserveID()
      return copy
    }
    try f.solver.replace(removing: system.map(\.id), adding: copies)
    // Which widths give way is not unique; x0 and x5 are.
    expectClose(try f.value(0), 0)
    for (old, new) in zip(system, copies) {
      #expect(f.solver.contains(new.id) && !f.solver.contains(old.id))
    }
    // x5 <= 150 binds (the preferred widths and gaps make 190): removing it moves x5.
    expectClose(try f.value(5), 150)
    try f.solver.remove(copies[copies.count - 1].id)
    expectClose(try f.value(5), 190)
    try f.solver.remove(contentsOf: copies.dropLast().map(\.id))
    #expect(copies.allSatisfy { !f.solver.contains($0.id) })
  }

  /// An addition under the id of a removal: removed first, then added.
  @Test(arguments: Backend.all)
  func anAdditionMayReuseARemovedID(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -10, .equal)  // x == 10
    let y = try f.add([(1, 1), (0, -1)], 0, .equal)  // y == x
    try f.solver.replace(
      removing: [x, y], adding: [Fixture.constraint(x, [(0, 1)], -30, .equal), Fixture.constraint(y, [(1, 1), (0, -1)], 0, .equal)])
    expectClose(try f.snapshot(2), [30, 30])
    #expect(f.solver.contains(x) && f.solver.contains(y))
  }

  /// Two additions under one id, each repeating a removal: refused as `add(contentsOf:)`
  /// refuses a repeated id, and nothing is renamed behind the refusal.
  @Test(arguments: Backend.all)
  func anIDTwiceInTheAdditionsIsRefused(_ backend: Backend) throws {
    var f = Fixture(backend)
    let x = try f.add([(0, 1)], -10, .equal)  // x == 10
    let y = try f.add([(1, 1)], -20, .equal)  // y == 20
    let id = f.reserveID()
    let twice = [Fixture.constraint(id, [(0, 1)], -10, .equal), Fixture.constraint(id, [(1, 1)], -20, .equal)]
    #expect(throws: SolverError.duplicateConstraint(id)) { try f.solver.replace(removing: [x, y], adding: twice) }
    #expect(!f.solver.contains(x) && !f.solver.contains(y) && !f.solver.contains(id))
    // Usable: the two go in under their own ids.
    try f.solver.add(Fixture.constraint(f.reserveID(), [(0, 1)], -3, .equal))
    expectClose(try f.value(0), 3)
  }
}
