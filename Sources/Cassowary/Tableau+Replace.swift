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
// a 1,000-view swap took 43 ms, against 3.1 ms for the code before it in the same minutes.)
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

    // An addition reusing a removed id needs the removal done first, and an id twice in
    // the batch is for `enterBatch` to refuse in order: no pairing then. (Marks each
    // addition's id on the way, then clears what it marked.)
    var pairs = true
    var seen = 0
    for constraint in batch {
      growConstraintArrays(toHold: constraint.id)
      if removalMarks[constraint.id.index] {
        pairs = false
        break
      }
      removalMarks[constraint.id.index] = true
      seen += 1
    }
    for constraint in batch.prefix(seen) { removalMarks[constraint.id.index] = false }
    var renamed = 0
    if pairs && buildRenameTable(ids) {
      // Pair first; a paired removal's mark is cleared, so the marks then name the
      // removals that are not paired. A paired addition's own id is marked (it is no
      // removal's): `enterBatch` leaves the renamed ones out by that mark.
      for i in batch.indices {
        let id = batch[i].id
        // One identical to a present constraint's definition is valid; one already
        // present is left to `enterBatch`, which refuses it in order.
        guard !contains(id), let slot = takeRenameSlot(matching: batch[i]) else { continue }
        renameTable[slot].partner = Int32(i)
        removalMarks[Int(renameTable[slot].removal)] = false
        removalMarks[id.index] = true
      }
      // Pairs on a variable that an unpaired removal frees and that more than
      // `renameHubLimit` pairs mention stay apart (the top of the file says why). In
      // `batchMentions` (all 0 between batches), a freed variable holds 1 + the pairs
      // that mention it.
      markFreedVariables(of: ids, where: true)
      for slot in renameTable where slot.partner >= 0 {
        for term in batch[Int(slot.partner)].expression.terms where isFreed(term.variable) {
          batchMentions[term.variable.index] += 1
        }
      }
      for slot in renameTable where slot.partner >= 0 {
        let constraint = batch[Int(slot.partner)]
        if constraint.expression.terms.contains(where: { isFreed($0.variable) && batchMentions[$0.variable.index] > 1 + Self.renameHubLimit }) {
          removalMarks[Int(slot.removal)] = true
          removalMarks[constraint.id.index] = false
          continue
        }
        rename(ConstraintID(Int(slot.removal)), to: constraint)
        renamed += 1
      }
      markFreedVariables(of: ids, where: false)
      for slot in renameTable where slot.partner >= 0 {
        for term in batch[Int(slot.partner)].expression.terms where term.variable.index < batchMentions.count {
          batchMentions[term.variable.index] = 0
        }
      }
    }
    renamedConstraints += renamed
    // A renamed removal's slot is empty now: `contains` is false for it.
    for id in ids where contains(id) { withdraw(id) }
    skipsRenamed = renamed > 0
    defer {
      // The additions' marks (set while pairing) go, whether or not any was renamed.
      if pairs {
        for constraint in batch where constraint.id.index < removalMarks.count { removalMarks[constraint.id.index] = false }
      }
      skipsRenamed = false
    }
    do {
      try enterBatch(batch)
    } catch {
      for constraint in batch where isRenamedInBatch(constraint) && contains(constraint.id) { withdraw(constraint.id) }
      for constraint in batch where constraint.id.index < removalMarks.count { removalMarks[constraint.id.index] = false }
      skipsRenamed = false
      try optimize()
      try add(contentsOf: batch)
    }
  }

  /// Whether `replace` renamed `constraint` in the batch being entered. O(1).
  @inline(__always)
  func isRenamedInBatch(_ constraint: Constraint) -> Bool {
    skipsRenamed && constraint.id.index < removalMarks.count && removalMarks[constraint.id.index]
  }

  @inline(__always)
  private func isFreed(_ variable: VariableID) -> Bool {
    variable.index < batchMentions.count && batchMentions[variable.index] > 0
  }

  /// Sets every variable of the removals still marked (the unpaired ones) to 1 in
  /// `batchMentions` (`freeing`), or back to 0. O(their terms).
  private mutating func markFreedVariables(of ids: [ConstraintID], where freeing: Bool) {
    for id in ids where removalMarks[id.index] {
      guard let definition = definitions[id.index] else { continue }
      for term in definition.expression.terms {
        let v = term.variable.index
        if v >= batchMentions.count {
          guard freeing else { continue }
          batchMentions.append(contentsOf: repeatElement(0, count: v + 1 - batchMentions.count))
        }
        batchMentions[v] = freeing ? 1 : 0
      }
    }
  }

  /// Whether a present constraint may be renamed: a required constraint or an optional
  /// equality (see the top of the file). O(1).
  private func isRenamable(_ id: ConstraintID) -> Bool {
    // (Comparing `definitions[i]` with nil copied and destroyed a pair of optional
    // constraints: 170 instructions; a present constraint has its definition.)
    constraintTags[id.index].isPresent && constraintTags[id.index].costSymbol < 0
  }

  /// Fills `renameTable` with the renamable removals of `ids` (linear probing, at most
  /// half full); false when there are none. O(removals · terms); allocates only when the
  /// table must grow.
  private mutating func buildRenameTable(_ ids: [ConstraintID]) -> Bool {
    var count = 0
    for id in ids where isRenamable(id) { count += 1 }
    guard count > 0 else { return false }
    var size = 16
    while size < 2 * count { size *= 2 }
    renameTable.removeAll(keepingCapacity: true)
    renameTable.append(contentsOf: repeatElement(RenameSlot(), count: size))
    let mask = size - 1
    for (position, id) in ids.enumerated() where isRenamable(id) {
      let fingerprint = Self.fingerprint(of: definitions[id.index]!)
      var slot = Int(fingerprint & UInt64(mask))
      while renameTable[slot].removal >= 0 { slot = (slot + 1) & mask }
      renameTable[slot] = RenameSlot(fingerprint: fingerprint, removal: Int32(id.index), position: Int32(position))
    }
    return true
  }

  /// The table slot of an untaken removal with `constraint`'s definition, or nil. Among
  /// equal definitions, the first in the removal list. O(terms) expected.
  private func takeRenameSlot(matching constraint: Constraint) -> Int? {
    let key = Self.fingerprint(of: constraint)
    let mask = renameTable.count - 1
    var slot = Int(key & UInt64(mask))
    var found = -1
    // Probe the whole run: equal fingerprints need not sit in removal order.
    while renameTable[slot].removal >= 0 {
      let candidate = renameTable[slot]
      if candidate.fingerprint == key, candidate.partner < 0,
        found < 0 || candidate.position < renameTable[found].position,
        let definition = definitions[Int(candidate.removal)], definition.expression == constraint.expression,
        definition.relation == constraint.relation, definition.priority == constraint.priority
      {
        found = slot
      }
      slot = (slot + 1) & mask
    }
    return found >= 0 ? found : nil
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
