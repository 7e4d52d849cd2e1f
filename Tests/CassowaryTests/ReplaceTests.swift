import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// `replace(removing:adding:)` renames a removed constraint that an addition repeats
/// unchanged (Accelerations/Renaming.swift); the rest is removed and added as one batch. (The
/// refusals and the effect on the constraint set are contract tests for every backend:
/// `ReplaceContractTests`.)
@Suite struct ReplaceTests {

  /// The same system under new ids, with its last constraint changed.
  private static func rebuilt(_ system: [Constraint], ids: inout ConstraintBuilder) -> [Constraint] {
    var copies = system.map { c in
      var copy = c
      copy.id = ids.reserveID()
      return copy
    }
    copies[copies.count - 1].expression.constant -= 1
    return copies
  }

  /// A rebuild of a fill-equally stack whose total changes by one: every equality and
  /// size preference is renamed but the total, which is removed and added. The solver
  /// holds what a fresh one would, and the work is that of the one constraint.
  @Test func unchangedConstraintsAreRenamedWithoutTableauWork() throws {
    let n = 6
    var ids = ConstraintBuilder()
    let system = BatchAddTests.equalWidths(n, ids: &ids)
    let solver = CassowarySolver()
    try solver.add(contentsOf: system)
    let copies = Self.rebuilt(system, ids: &ids)
    let twin = CassowarySolver()
    try twin.add(contentsOf: system)

    let before = solver.counters
    try solver.replace(removing: system.map(\.id), adding: copies)
    let replacedCells = solver.counters.cellsTouched - before.cellsTouched
    let twinBefore = twin.counters
    try twin.remove(contentsOf: system.map(\.id))
    try twin.add(contentsOf: copies)
    let twinCells = twin.counters.cellsTouched - twinBefore.cellsTouched

    // The size preferences are optional inequalities (shared rows): not renamed. The
    // n - 1 equalities are; the changed total is not.
    #expect(solver.tableau.renamingState.renamedConstraints == n - 1)
    for i in 0..<n {
      expectValue(solver.value(of: VariableID(i)), 15 + 1.0 / Double(n), "w\(i)")
      expectValue(twin.value(of: VariableID(i)), 15 + 1.0 / Double(n), "twin w\(i)")
    }
    #expect(solver.invariantViolations().isEmpty)
    #expect(replacedCells < twinCells, "cells touched \(replacedCells) against \(twinCells)")
    // The renamed constraints are the new ids' own: removing them frees the widths.
    try solver.remove(contentsOf: copies.filter { $0.relation == .equal }.map(\.id))
    for i in 0..<n { expectValue(solver.value(of: VariableID(i)), Double(10 * (i + 1)), "free w\(i)") }
    #expect(solver.invariantViolations().isEmpty)
  }

  /// Required equalities only: each copy renames its original; no pivot, no cell.
  @Test func aRebuildOfRequiredEqualitiesIsPureRenaming() throws {
    var ids = ConstraintBuilder()
    let system = BatchAddTests.centredRows(20, ids: &ids).filter { $0.priority.isRequired && $0.relation == .equal }
    let solver = CassowarySolver()
    try solver.add(contentsOf: system)
    let values = (0..<61).map { solver.value(of: VariableID($0)) }
    let before = solver.counters
    let copies = system.map { c in
      var copy = c
      copy.id = ids.reserveID()
      return copy
    }
    try solver.replace(removing: system.map(\.id), adding: copies)
    #expect(solver.tableau.renamingState.renamedConstraints == system.count)
    #expect(solver.counters.pivots == before.pivots)
    #expect(solver.counters.cellsTouched == before.cellsTouched)
    expectValues((0..<61).map { solver.value(of: VariableID($0)) }, values)
    #expect(solver.invariantViolations().isEmpty)
    // An explanation names the new ids.
    let conflicting = Constraint(id: ids.reserveID(), LinearExpression([Term(VariableID(0), 1)], constant: -5), .equal)
    #expect(throws: SolverError.unsatisfiable(conflicting.id, conflicts: [copies[0].id])) { try solver.add(conflicting) }
  }

  /// Additions under the removed ids, in another order: tags move along a cycle (each of
  /// two copies takes the other's id), a chain ending at a fresh id, a chain ending at an
  /// unpaired removal's id (one re-added changed), and onto their own id. The solver then
  /// holds what a fresh one does, and each id names its own copy.
  @Test func renamingAlongChainsAndCyclesOfRemovedIds() throws {
    var ids = ConstraintBuilder()
    let system = BatchAddTests.centredRows(4, ids: &ids)
    let solver = CassowarySolver()
    try solver.add(contentsOf: system)
    let fresh = ids.reserveID()
    // 0 ↔ 1 (a cycle); 2 → 3 → fresh (a chain); 4 → 5's id, 5 (changed, so unpaired:
    // withdrawn, then entered) under 4's; 6 on its own id.
    var copies = Array(system.prefix(7))
    copies[0].id = system[1].id
    copies[1].id = system[0].id
    copies[2].id = system[3].id
    copies[3].id = fresh
    copies[4].id = system[5].id
    copies[5].id = system[4].id
    copies[5].expression.constant += 1
    try solver.replace(removing: system.prefix(7).map(\.id), adding: copies.reversed())
    #expect(solver.tableau.renamingState.renamedConstraints == 6)
    #expect(solver.invariantViolations().isEmpty)
    let held = Array(system.dropFirst(7)) + copies
    let twin = CassowarySolver()
    try twin.add(contentsOf: held)
    for v in 0..<13 { expectValue(solver.value(of: VariableID(v)), twin.value(of: VariableID(v)), "v\(v)") }
    for c in held { #expect(solver.contains(c.id), "\(c.id) present") }
    // Each id holds its own copy: taking one out by its id frees what that copy pinned.
    for k in [0, 2, 5] {
      try solver.remove(copies[k].id)
      try twin.remove(copies[k].id)
      for v in 0..<13 { expectValue(solver.value(of: VariableID(v)), twin.value(of: VariableID(v)), "without \(k): v\(v)") }
    }
    #expect(solver.invariantViolations().isEmpty)
  }

  /// Renamed pairs on a variable that an unpaired removal frees stay apart when more than
  /// `renameHubLimit` of them mention it: a product grid's `t[i].width == t0.width` while
  /// the first tile's width changes. Renamed, they kept every tile's width tied to t0's
  /// while it moved; the new width then entered through phase one over all the tiles'
  /// rows (a 1,000-view size-class swap 2.1× slower).
  @Test(arguments: [4, 12])
  func pairsOnAFreedHubStayApart(tiles: Int) throws {
    var ids = ConstraintBuilder()
    var system = [ids.next([(0, 1), (100, -0.5)], 12, .equal), ids.next([(100, 1)], -768, .equal)]
    for i in 1..<tiles { system.append(ids.next([(i, 1), (0, -1)], 0, .equal)) }
    for i in 0..<tiles { system.append(ids.next([(i, 1)], -Double(60 + 10 * i), .lessThanOrEqual, 250)) }
    let solver = CassowarySolver()
    try solver.add(contentsOf: system)
    var next = system.map { c in
      var copy = c
      copy.id = ids.reserveID()
      return copy
    }
    next[0].expression = LinearExpression([Term(VariableID(0), 1), Term(VariableID(100), -0.25)], constant: 18)
    try solver.replace(removing: system.map(\.id), adding: next)
    // The root's size is renamed either way; the equalities only under the limit.
    let equalities = tiles - 1
    let expected = 1 + (equalities > Int(Tableau.renameHubLimit) ? 0 : equalities)
    #expect(solver.tableau.renamingState.renamedConstraints == expected)
    for i in 0..<tiles { expectValue(solver.value(of: VariableID(i)), 174, "w\(i)") }
    #expect(solver.invariantViolations().isEmpty)
  }

  // MARK: Against removing, then adding

  /// Seeded: random systems go through rounds of `replace` — some removals re-added
  /// unchanged under new ids, some with a new constant, some fresh constraints, now and
  /// then a removed id reused, in some rounds the removed ids all reused in another
  /// order — on one solver, and `remove(contentsOf:)` then
  /// `add(contentsOf:)` on a twin. Same outcome (success, or the same error naming the
  /// same constraint), same constraint set, the same optimum as a from-scratch solve, and
  /// the invariants. The sweep must rename something.
  @Test func randomReplacementsMatchRemovingThenAdding() {
    var renamed = 0
    forEachSeed(300, base: SeedSweep.defaultBase + 5_000_000) { seed in renamed += try checkReplacements(seed: seed) }
    #expect(renamed > 0, "no constraint was renamed")
  }

  /// One seed's rounds. Returns the constraints renamed.
  private func checkReplacements(seed: UInt64) throws -> Int {
    let knobs = SystemKnobs(variableCount: 4, constraintCount: 16, degenerateRate: 0.15)
    let system = RandomSystemGenerator.system(seed: seed, knobs: knobs)
    let pool = RandomSystemGenerator.system(seed: seed ^ 0x5EED_5EED, knobs: knobs).constraints
    var rng = SplitMix64(seed: SplitMix64.derivedSeed(seed, stream: 7))
    let solver = CassowarySolver()
    let twin = CassowarySolver()
    var present: [Constraint] = []
    for constraint in system.constraints.prefix(10) {
      let a = constraint.id
      let error = TraceOperation.add(constraint).outcome(on: solver)
      #expect(TraceOperation.add(constraint).outcome(on: twin) == error, "seed \(seed): initial add \(a)")
      if error == nil { present.append(constraint) }
    }
    var nextID = 100
    var poolIndex = 0
    for round in 0..<6 {
      guard !present.isEmpty else { break }
      var candidates = present
      var removals: [Constraint] = []
      for _ in 0..<min(candidates.count, rng.uniformInt(in: 1...5)) {
        removals.append(candidates.remove(at: rng.uniformInt(in: 0...(candidates.count - 1))))
      }
      var additions: [Constraint] = []
      for removed in removals {
        var copy = removed
        let roll = rng.unitDouble()
        if roll < 0.5 {
          copy.id = ConstraintID(nextID)
          nextID += 1
        } else if roll < 0.7 {
          copy.id = ConstraintID(nextID)
          nextID += 1
          copy.expression.constant += Double(rng.uniformInt(in: 1...5))
        } else if roll < 0.75 {
          // Under its own id: the removal goes first.
        } else {
          continue
        }
        additions.append(copy)
      }
      for _ in 0..<rng.uniformInt(in: 0...2) where poolIndex < pool.count {
        var fresh = pool[poolIndex]
        poolIndex += 1
        fresh.id = ConstraintID(nextID)
        nextID += 1
        additions.append(fresh)
      }
      additions.shuffle(using: &rng)
      let removalIDs = removals.map(\.id)
      if rng.unitDouble() < 0.4 {
        // The additions take the removed ids in another order (chains and cycles of
        // renamed tags), the rest fresh ones.
        let reused = removalIDs.shuffled(using: &rng)
        for k in additions.indices {
          if k < reused.count {
            additions[k].id = reused[k]
          } else {
            additions[k].id = ConstraintID(nextID)
            nextID += 1
          }
        }
      }

      var replaceError: SolverError?
      do {
        try solver.replace(removing: removalIDs, adding: additions)
      } catch {
        replaceError = error
      }
      var twinError: SolverError?
      do {
        try twin.remove(contentsOf: removalIDs)
        try twin.add(contentsOf: additions)
      } catch {
        twinError = error
      }
      let context = "seed \(seed) round \(round): remove \(removalIDs), add \(additions.map(\.id))"
      #expect(
        Outcome(replaceError) == Outcome(twinError),
        "\(context): \(String(describing: replaceError)) against \(String(describing: twinError))")
      present.removeAll { removalIDs.contains($0.id) }
      if twinError == nil { present += additions }
      let ids = Set(present.map(\.id) + removalIDs + additions.map(\.id))
      for id in ids {
        #expect(solver.contains(id) == twin.contains(id), "\(context): presence of \(id)")
      }
      let fresh = CassowarySolver()
      try fresh.add(contentsOf: present)
      let replaced = LexicographicOracle.levelErrors(of: present, at: solver.value)
      let scratch = LexicographicOracle.levelErrors(of: present, at: fresh.value)
      let violations = solver.invariantViolations()
      if !sameLevelErrors(replaced, scratch) || !violations.isEmpty
        || !LexicographicOracle.satisfiesRequired(present, at: solver.value)
      {
        let path = FailureArtifact.write(
          TraceState(constraints: present, edits: []), variableCount: knobs.variableCount, test: "replace", seed: seed,
          note: context)
        Issue.record(
          Comment(rawValue: "\(context): replaced \(replaced) ≠ from scratch \(scratch) \(violations); state written to \(path)"))
        break
      }
    }
    return solver.tableau.renamingState.renamedConstraints
  }

  /// An outcome compared across solvers: the error's kind and the constraint it names
  /// (explanations may differ).
  private enum Outcome: Equatable {
    case success
    case failure(kind: String, named: ConstraintID?)

    init(_ error: SolverError?) {
      guard let error else {
        self = .success
        return
      }
      switch error {
      case .unsatisfiable(let id, _): self = .failure(kind: error.kind, named: id)
      case .unknownConstraint(let id), .duplicateConstraint(let id): self = .failure(kind: error.kind, named: id)
      default: self = .failure(kind: error.kind, named: nil)
      }
    }
  }
}
