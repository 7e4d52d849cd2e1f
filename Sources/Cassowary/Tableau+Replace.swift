import LayoutModel

// A rebuild removes every constraint of a layout and adds them again; a stack that hides
// a view or changes axis regenerates its constraints, most of them unchanged; the two sets
// of a size-class swap share some. Removed and added one after the other, each such
// constraint costs a removal (its marker pivoted into the basis, or a row solved for it,
// and substituted wherever it appears) and an addition (a reduction, a subject, at times
// phase one).
//
// A constraint removed and added again unchanged leaves the system as it was. So
// `replace(removing:adding:)` pairs each addition with a removal of the same definition
// (expression, constant, relation, priority) and moves the removed constraint's tag, its
// rows and symbols untouched, to the new id: O(1) per pair, no tableau work. The
// remaining removals are withdrawn and the remaining additions entered as one batch, with
// one optimisation.
//
// (An earlier version let any new required equality take a removed one's place by solving
// its reduced row for the removed marker. It was exact but slower: with the removed
// constraints still present every new row had to be fully reduced along its chain, where
// after the removal the row's own variable is parametric and the row enters unreduced;
// a 1,000-view swap took 43 ms instead of 1.6.)
//
// One exception keeps pairs apart. A removal that is not paired frees its variables; if
// many renamed constraints tie one of them to the rest (the grid's `t[i].width ==
// t0.width` while the first tile's own width constraint changes), the addition that pins
// it again enters through phase one with every tile's rows coupled to it, and each of its
// pivots touches them all: a 1,000-view swap took 2.1× the instructions. Removed and added
// like the rest, those constraints re-enter one short row at a time. So a pair that
// mentions a variable an unpaired removal frees, and that more than `renameHubLimit`
// pairs mention, stays apart.
//
// Only constraints whose symbols no other structure lists by constraint index are
// renamed: required constraints and optional equalities. An optional inequality may share
// a row with others and is listed by variable (Tableau+SharedRows.swift), so it takes the
// ordinary path.

extension Tableau {

  /// The engine behind `CassowarySolver.replace(removing:adding:)`; see its
  /// documentation. Every removal id is checked first, as `remove(contentsOf:)` does; each
  /// addition identical to a removal (not yet paired) takes over its tag; the other
  /// removals are withdrawn, the other additions entered, then one optimisation.
  /// If the additions are refused, the renamed ones are withdrawn too and the batch is
  /// added again as `add(contentsOf:)` would, so the error is the one it gives (which
  /// constraint is named depends on the order of entry).
  /// - Complexity: O((removals + additions) · terms) expected for the pairing, plus the
  ///   withdrawals and the batch entry of what is not paired. Allocates only to grow its
  ///   scratch arrays.
  /// - Throws: `unknownConstraint` (nothing changed); else as `add(contentsOf:)`, with
  ///   the removals made.
  mutating func replace(removing ids: [ConstraintID], adding batch: [Constraint]) throws(SolverError) {
    guard !ids.isEmpty else { return try add(contentsOf: batch) }
    guard !batch.isEmpty else { return try remove(contentsOf: ids) }
    materializeDeferredObjective()
    var marked = 0
    defer { unmarkRemovals(ids.prefix(marked)) }
    try markRemovals(ids, counting: &marked)
    invalidateDerived()

    // An addition reusing a removed id needs the removal done first: no pairing then.
    let reusesRemovedID = batch.contains { $0.id.index < removalMarks.count && removalMarks[$0.id.index] }
    renameCandidates.removeAll(keepingCapacity: true)
    if !reusesRemovedID {
      for id in ids where isRenamable(id) {
        renameCandidates.append((Self.fingerprint(of: definitions[id.index]!), Int32(id.index)))
      }
      buildRenameTable()
    }
    batchSkips.removeAll(keepingCapacity: true)
    batchSkips.append(contentsOf: repeatElement(false, count: batch.count))
    var renamed = 0
    if !renameCandidates.isEmpty {
      // Pair first; a paired removal's mark is cleared, so the marks then name the
      // removals that are not paired.
      renamePairs.removeAll(keepingCapacity: true)
      for i in batch.indices {
        // One identical to a present constraint's definition is valid; one already
        // present is left to `enterBatch`, which refuses it in order.
        guard !contains(batch[i].id), let from = takeRenameCandidate(matching: batch[i]) else { continue }
        renamePairs.append((Int32(i), from))
        removalMarks[Int(from)] = false
      }
      // Pairs on a variable that an unpaired removal frees and that more than
      // `renameHubLimit` pairs mention stay apart (the top of the file says why).
      markVariables(of: ids, where: true)
      for pair in renamePairs {
        for term in batch[Int(pair.addition)].expression.terms where isMarked(term.variable) {
          pairMentions[term.variable.index] += 1
        }
      }
      for pair in renamePairs {
        let constraint = batch[Int(pair.addition)]
        if constraint.expression.terms.contains(where: { isMarked($0.variable) && pairMentions[$0.variable.index] > Self.renameHubLimit }) {
          removalMarks[Int(pair.removal)] = true
          continue
        }
        rename(ConstraintID(Int(pair.removal)), to: constraint)
        batchSkips[Int(pair.addition)] = true
        renamed += 1
      }
      for pair in renamePairs {
        for term in batch[Int(pair.addition)].expression.terms where term.variable.index < pairMentions.count {
          pairMentions[term.variable.index] = 0
        }
      }
      markVariables(of: ids, where: false)
    }
    renamedConstraints += renamed
    // A renamed removal's slot is empty now: `contains` is false for it.
    for id in ids where contains(id) { withdraw(id) }
    do {
      try enterBatch(batch)
    } catch {
      for (i, constraint) in batch.enumerated() where batchSkips[i] && contains(constraint.id) {
        withdraw(constraint.id)
      }
      batchSkips.removeAll(keepingCapacity: true)
      try optimize()
      try add(contentsOf: batch)
    }
    batchSkips.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  private func isMarked(_ variable: VariableID) -> Bool {
    variable.index < variableMarks.count && variableMarks[variable.index]
  }

  /// Sets `variableMarks` to `value` for every variable of the present constraints of
  /// `ids` still marked for removal (the unpaired ones). O(their terms).
  private mutating func markVariables(of ids: [ConstraintID], where value: Bool) {
    for id in ids where removalMarks[id.index] {
      guard let definition = definitions[id.index] else { continue }
      for term in definition.expression.terms {
        let v = term.variable.index
        if v >= variableMarks.count {
          guard value else { continue }
          variableMarks.append(contentsOf: repeatElement(false, count: v + 1 - variableMarks.count))
          pairMentions.append(contentsOf: repeatElement(0, count: v + 1 - pairMentions.count))
        }
        variableMarks[v] = value
      }
    }
  }

  /// Whether a present constraint may be renamed: a required constraint or an optional
  /// equality (see the top of the file). O(1).
  private func isRenamable(_ id: ConstraintID) -> Bool {
    constraintTags[id.index].costSymbol < 0 && definitions[id.index] != nil
  }

  /// Fills `renameTable`, an open-addressing table of `renameCandidates` positions by
  /// fingerprint (linear probing, at most half full). O(candidates); allocates only when
  /// the table must grow.
  private mutating func buildRenameTable() {
    var size = 16
    while size < 2 * renameCandidates.count { size *= 2 }
    renameTable.removeAll(keepingCapacity: true)
    renameTable.append(contentsOf: repeatElement(-1, count: size))
    let mask = UInt64(size - 1)
    for k in renameCandidates.indices {
      var slot = Int(renameCandidates[k].fingerprint & mask)
      while renameTable[slot] >= 0 { slot = (slot + 1) & Int(mask) }
      renameTable[slot] = Int32(k)
    }
  }

  /// The index of an untaken removal with `constraint`'s definition, marking it taken, or
  /// nil. Among equal definitions, the first removal in `ids` order. O(terms) expected.
  private mutating func takeRenameCandidate(matching constraint: Constraint) -> Int32? {
    let key = Self.fingerprint(of: constraint)
    let mask = renameTable.count - 1
    var slot = Int(key & UInt64(mask))
    var found: Int32 = -1
    // Probe the whole run: positions are inserted in order, but probing can interleave
    // them, so take the lowest matching one.
    while renameTable[slot] >= 0 {
      let k = renameTable[slot]
      let candidate = renameCandidates[Int(k)]
      if candidate.fingerprint == key, candidate.index >= 0, found < 0 || k < found,
        let definition = definitions[Int(candidate.index)], definition.expression == constraint.expression,
        definition.relation == constraint.relation, definition.priority == constraint.priority
      {
        found = k
      }
      slot = (slot + 1) & mask
    }
    guard found >= 0 else { return nil }
    let index = renameCandidates[Int(found)].index
    renameCandidates[Int(found)].index = -1
    return index
  }

  /// Moves the present constraint `from`'s tag, and the ownership of its symbols, to the
  /// absent id of `constraint`, whose definition is the same. O(1) amortised.
  private mutating func rename(_ from: ConstraintID, to constraint: Constraint) {
    growConstraintArrays(toHold: constraint.id)
    let tag = constraintTags[from.index]
    constraintTags[constraint.id.index] = tag
    definitions[constraint.id.index] = constraint
    constraintTags[from.index] = ConstraintTag()
    definitions[from.index] = nil
    owner[Int(tag.marker)] = Int32(constraint.id.index)
    if tag.other >= 0 { owner[Int(tag.other)] = Int32(constraint.id.index) }
  }

  /// The most pairs that may stay renamed on one variable an unpaired removal frees: a
  /// few coupled rows cost little either way (a 10-view grid's three tiles keep theirs).
  static let renameHubLimit: Int32 = 8

  /// A hash of a constraint's definition (not its id): terms, constant, relation and
  /// priority, bit for bit. Equal definitions have equal fingerprints. O(terms).
  static func fingerprint(of constraint: Constraint) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    func mix(_ value: UInt64) {
      h = (h ^ value) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
    }
    for term in constraint.expression.terms {
      mix(UInt64(truncatingIfNeeded: term.variable.index))
      mix(term.coefficient.bitPattern)
    }
    mix(constraint.expression.constant.bitPattern)
    mix(constraint.relation == .equal ? 0 : constraint.relation == .lessThanOrEqual ? 1 : 2)
    mix(constraint.priority.value.bitPattern)
    return h
  }
}
