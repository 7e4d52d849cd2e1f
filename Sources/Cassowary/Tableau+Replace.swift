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
// The new ids may be the removed ones, as `remove(contentsOf:)` then `add(contentsOf:)`
// allow: `ConstraintLayout` frees a removal's id for an addition, which keeps its id space
// and the per-constraint arrays as compact as removing in a call of its own did (the
// first version paired only when no id overlapped, and the scene took fresh ids for
// every pairing call). So the unpaired removals are withdrawn first, and the paired tags
// then move along each chain of ids (a removal's tag to an id whose own removal's tag
// moves on; a cycle ends at its vacated start), one tag in hand.
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
// pairs mention, stays apart. Such pairs are withdrawn after the unpaired removals (the
// rule is decided while those are withdrawn): in that order the 1,000-view swap's
// withdrawals took 65.0 M instructions over 20 swaps, against 80.9 M in the removals'
// own order.
//
// Only constraints whose symbols no other structure lists by constraint index are
// renamed: required constraints and optional equalities. An optional inequality may share
// a row with others and is listed by variable (Tableau+SharedRows.swift), so it takes the
// ordinary path.

extension Tableau {

  /// The engine behind `CassowarySolver.replace(removing:adding:)`; see its
  /// documentation. Every removal id is checked first, as `remove(contentsOf:)` does; each
  /// addition identical to a removal (not yet paired) is paired with it; the other
  /// removals are withdrawn, the paired additions take over their removals' tags, the
  /// other additions are entered, then one optimisation.
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
    guard tuning.renaming else {
      try remove(contentsOf: ids)
      return try add(contentsOf: batch)
    }
    materializeDeferredObjective()
    var marked = 0
    defer { unmarkRemovals(ids.prefix(marked)) }
    try markRemovals(ids, counting: &marked)
    invalidateDerived()

    // An id twice in the batch is for `enterBatch` to refuse in order: no pairing then.
    // (Ids are read through `Self.id(at:of:)`: a `for constraint in batch` copy retains
    // each constraint's terms, a cache miss apiece on a 1,000-constraint swap.)
    var highestID = 0
    for i in batch.indices { highestID = max(highestID, Self.id(at: i, of: batch).index) }
    growConstraintArrays(toHold: ConstraintID(highestID))
    var pairs = true
    var seen = 0
    for i in batch.indices {
      let id = Self.id(at: i, of: batch)
      if batchMarks[id.index] & Self.seenMark != 0 {
        pairs = false
        break
      }
      batchMarks[id.index] |= Self.seenMark
      seen += 1
    }
    for i in 0..<seen { batchMarks[Self.id(at: i, of: batch).index] &= ~Self.seenMark }
    defer {
      // The additions' marks (set while pairing) go, whether or not any was renamed.
      if pairs {
        for i in batch.indices {
          let id = Self.id(at: i, of: batch)
          if id.index < batchMarks.count { batchMarks[id.index] = 0 }
        }
      }
      skipsRenamed = false
    }
    var paired = false
    if pairs && buildRenameTable(ids) {
      // Pair first: a paired removal loses `removalMark` and records its slot, so the
      // marks then name the removals to withdraw; the addition's id takes `renamedMark`
      // (`enterBatch` leaves it out).
      for i in batch.indices {
        let id = Self.id(at: i, of: batch)
        // An addition may take a removed id: the removal leaves first. One already present
        // otherwise is left to `enterBatch`, which refuses it in order.
        guard !contains(id) || batchMarks[id.index] & (Self.removalMark | Self.renameSlotMask) != 0,
          let slot = takeRenameSlot(matching: batch, at: i)
        else { continue }
        renameTable[slot].partner = Int32(i)
        let removal = Int(renameTable[slot].removal)
        batchMarks[removal] = (batchMarks[removal] & ~Self.removalMark) | Self.renameSlotMark(slot)
        batchMarks[id.index] |= Self.renamedMark
        paired = true
      }
    }
    // Pairs on a variable that an unpaired removal frees and that more than
    // `renameHubLimit` pairs mention stay apart (the top of the file says why). The pairs'
    // mentions are counted in `batchMentions` (all 0 between batches); withdrawing the
    // unpaired removals, first (their ids may be the renamed additions'), marks each of
    // their variables over the limit `hubMention`, with each definition at hand (a pass of
    // its own read 1,000 cold definitions a second time); then the pairs on a marked
    // variable are withdrawn too, and the pairs' variables set back to 0.
    if paired {
      for slot in renameTable where slot.partner >= 0 {
        for term in batch[Int(slot.partner)].expression.terms {
          let v = term.variable.index
          if v >= batchMentions.count {
            batchMentions.append(contentsOf: repeatElement(0, count: v + 1 - batchMentions.count))
          }
          batchMentions[v] += 1
        }
      }
    }
    for id in ids where batchMarks[id.index] & Self.removalMark != 0 {
      if paired, let definition = definitions[id.index] {
        for term in definition.expression.terms {
          let v = term.variable.index
          if v < batchMentions.count && batchMentions[v] > Self.renameHubLimit { batchMentions[v] = Self.hubMention }
        }
      }
      withdraw(id)
    }
    if paired {
      for s in renameTable.indices where renameTable[s].partner >= 0 {
        let partner = Int(renameTable[s].partner)
        guard batch[partner].expression.terms.contains(where: { batchMentions[$0.variable.index] == Self.hubMention })
        else { continue }
        let removal = Int(renameTable[s].removal)
        batchMarks[removal] &= ~Self.renameSlotMask
        batchMarks[Self.id(at: partner, of: batch).index] &= ~Self.renamedMark
        withdraw(ConstraintID(removal))
        // Kept apart, but its terms are still to be cleared below.
        renameTable[s].partner = -2 - Int32(partner)
      }
      for s in renameTable.indices where renameTable[s].partner != -1 {
        let p = renameTable[s].partner
        for term in batch[Int(p >= 0 ? p : -2 - p)].expression.terms { batchMentions[term.variable.index] = 0 }
        if p < -1 { renameTable[s].partner = -1 }
      }
    }
    var renamed = 0
    if paired {
      for s in renameTable.indices where renameTable[s].partner >= 0 {
        renamed += moveRenamedTags(startingAt: s, batch)
      }
    }
    renamedConstraints += renamed
    skipsRenamed = renamed > 0
    do {
      try enterBatch(batch)
    } catch {
      for i in batch.indices {
        let id = Self.id(at: i, of: batch)
        if isRenamedInBatch(id) && contains(id) { withdraw(id) }
      }
      for i in batch.indices {
        let id = Self.id(at: i, of: batch)
        if id.index < batchMarks.count { batchMarks[id.index] = 0 }
      }
      skipsRenamed = false
      try optimize()
      try add(contentsOf: batch)
    }
  }

  /// Moves the tag of slot `start`'s removal to its addition's id, and on along the chain:
  /// when that id is a renamed removal's whose tag has not moved yet, the tag taken from it
  /// goes to its own addition's id next, until an id is vacant (a removed id withdrawn or
  /// vacated at the start, a cycle's end, or an id no removal had). Moved slots lose their
  /// partner. Returns the tags moved. O(chain length).
  private mutating func moveRenamedTags(startingAt start: Int, _ batch: [Constraint]) -> Int {
    var slot = start
    let source = Int(renameTable[slot].removal)
    var tag = constraintTags[source]
    constraintTags[source] = ConstraintTag()
    definitions[source] = nil
    batchMarks[source] &= ~Self.renameSlotMask
    var moved = 0
    while true {
      let partner = Int(renameTable[slot].partner)
      renameTable[slot].partner = -1
      let target = Self.id(at: partner, of: batch).index
      // A present target is a renamed removal still holding its tag (a present id that no
      // removal names is never paired).
      var next = -1
      var nextTag = ConstraintTag()
      if constraintTags[target].isPresent {
        next = Int(batchMarks[target] >> Self.renameSlotShift) - 1
        precondition(next >= 0 && Int(renameTable[next].removal) == target, "replace: a renamed id is occupied")
        nextTag = constraintTags[target]
        batchMarks[target] &= ~Self.renameSlotMask
      }
      constraintTags[target] = tag
      definitions[target] = batch[partner]
      owner[Int(tag.marker)] = Int32(target)
      if tag.other >= 0 { owner[Int(tag.other)] = Int32(target) }
      moved += 1
      guard next >= 0 else { return moved }
      (slot, tag) = (next, nextTag)
    }
  }

  /// The id of `batch[i]`, read in place (`batch[i].id` copied the whole constraint out
  /// first, a `memcpy` call per addition). O(1).
  @inline(__always)
  static func id(at i: Int, of batch: [Constraint]) -> ConstraintID {
    batch.withUnsafeBufferPointer { $0[i].id }
  }

  /// Whether `replace` renamed the batch's constraint `id` (being entered). O(1).
  @inline(__always)
  func isRenamedInBatch(_ id: ConstraintID) -> Bool {
    skipsRenamed && id.index < batchMarks.count && batchMarks[id.index] & Self.renamedMark != 0
  }

  // `batchMarks` bits (see there).
  static let removalMark: Int32 = 1
  static let renamedMark: Int32 = 2
  static let seenMark: Int32 = 4
  static let renameSlotShift: Int32 = 3
  static let renameSlotMask: Int32 = ~7
  /// A variable in `batchMentions` that an unpaired removal frees and more than
  /// `renameHubLimit` pairs mention, while `replace` decides which pairs stay apart.
  static let hubMention = Int32.min

  /// A renamed removal's slot in `batchMarks`' upper bits (slots are fewer than 2^28:
  /// twice the removals, which are constraint ids).
  @inline(__always)
  static func renameSlotMark(_ slot: Int) -> Int32 { Int32(slot + 1) << renameSlotShift }

  /// Whether a present constraint may be renamed: a required constraint or an optional
  /// equality (see the top of the file). O(1).
  private func isRenamable(_ id: ConstraintID) -> Bool {
    // (Comparing `definitions[i]` with nil copied and destroyed a pair of optional
    // constraints: 170 instructions; a present constraint has its definition.)
    constraintTags[id.index].isPresent && constraintTags[id.index].costSymbol < 0
  }

  /// Fills `renameTable` with the renamable removals of `ids` (linear probing, at most
  /// half full); false when there are none. Sized for every removal, so that the tags are
  /// read in one pass (a counting pass read 1,000 cold tags a second time). O(removals ·
  /// terms); allocates only when the table must grow.
  private mutating func buildRenameTable(_ ids: [ConstraintID]) -> Bool {
    guard ids.count < 1 << 26 else { return false }
    var size = 16
    while size < 2 * ids.count { size *= 2 }
    renameTable.removeAll(keepingCapacity: true)
    renameTable.append(contentsOf: repeatElement(RenameSlot(), count: size))
    let mask = size - 1
    var count = 0
    for (position, id) in ids.enumerated() where isRenamable(id) {
      let tag = constraintTags[id.index]
      let fingerprint = Self.renameKey(shape: tag.shapeFingerprint, constant: tag.constant)
      var slot = Int(fingerprint & UInt64(mask))
      while renameTable[slot].removal >= 0 { slot = (slot + 1) & mask }
      renameTable[slot] = RenameSlot(fingerprint: fingerprint, removal: Int32(id.index), position: Int32(position))
      count += 1
    }
    return count > 0
  }

  /// The table slot of an untaken removal with `batch[index]`'s definition, or nil. Among
  /// equal definitions, the first in the removal list. O(terms) expected.
  private mutating func takeRenameSlot(matching batch: [Constraint], at index: Int) -> Int? {
    let key = Self.renameKey(shape: Self.shapeFingerprint(of: batch[index]), constant: batch[index].expression.constant)
    let mask = renameTable.count - 1
    var slot = Int(key & UInt64(mask))
    var found = -1
    // Probe the whole run: equal fingerprints need not sit in removal order.
    while renameTable[slot].removal >= 0 {
      let candidate = renameTable[slot]
      if candidate.fingerprint == key, candidate.partner < 0,
        found < 0 || candidate.position < renameTable[found].position,
        let definition = definitions[Int(candidate.removal)], definition.expression == batch[index].expression,
        definition.relation == batch[index].relation, definition.priority == batch[index].priority
      {
        found = slot
      }
      slot = (slot + 1) & mask
    }
    return found >= 0 ? found : nil
  }

  /// The most pairs that may stay renamed on one variable an unpaired removal frees: a
  /// few coupled rows cost little either way (a 10-view grid's three tiles keep theirs).
  static let renameHubLimit: Int32 = 8

  /// A hash of a constraint's terms and relation (not its id, constant or priority, which
  /// may change in place), bit for bit: equal ones hash equal. O(terms).
  static func shapeFingerprint(of constraint: Constraint) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for term in constraint.expression.terms {
      h = mixFingerprint(h, UInt64(truncatingIfNeeded: term.variable.index))
      h = mixFingerprint(h, term.coefficient.bitPattern)
    }
    return mixFingerprint(h, constraint.relation == .equal ? 0 : constraint.relation == .lessThanOrEqual ? 1 : 2)
  }

  /// The rename table's key: a shape fingerprint and a constant. O(1).
  @inline(__always)
  static func renameKey(shape: UInt64, constant: Double) -> UInt64 {
    mixFingerprint(shape, constant.bitPattern)
  }

  @inline(__always)
  private static func mixFingerprint(_ h: UInt64, _ value: UInt64) -> UInt64 {
    let m = (h ^ value) &* 0xBF58_476D_1CE4_E5B9
    return m ^ (m >> 31)
  }
}
