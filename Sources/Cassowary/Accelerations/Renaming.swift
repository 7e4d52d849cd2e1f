/// Acceleration: Renaming on replace
/// Speeds up: `replace(removing:adding:)` (rebuilds, regenerated stacks, size-class swaps):
///   a re-added constraint costs O(1), no pivot, no cell.
/// Relaxes: a constraint's symbols belong to the id that created them: a renamed removal
///   hands its tag and symbols to the addition.
/// Settled: within the call; a refused batch withdraws the renamed ones and is added as
///   `add(contentsOf:)` adds it.
/// Twin test: ReplaceTests; ReplaceContractTests (every backend, Tuning.core included,
///   against remove then add).
/// Switch: Tuning.renaming

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
// and the per-constraint arrays as compact as removing in a call of its own does. So the unpaired removals are withdrawn first, and the paired tags
// then move along each chain of ids (a removal's tag to an id whose own removal's tag
// moves on; a cycle ends at its vacated start), one tag in hand.
//
// Only identical definitions are paired. Letting any new required equality take a removed
// one's place, by solving its reduced row for the removed marker, is exact but slower:
// with the removed constraints still present every new row must be fully reduced along
// its chain, where after the removal the row's own variable is parametric and the row
// enters unreduced (a 1,000-view swap: 43 ms against 3.1 ms).
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
// a row with others and is listed by variable (Accelerations/SharedRows.swift), so it takes the
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
      if constraintTable.batchMarks[id.index] & Self.seenMark != 0 {
        pairs = false
        break
      }
      constraintTable.batchMarks[id.index] |= Self.seenMark
      seen += 1
    }
    for i in 0..<seen { constraintTable.batchMarks[Self.id(at: i, of: batch).index] &= ~Self.seenMark }
    defer {
      // The additions' marks (set while pairing) go, whether or not any was renamed.
      if pairs {
        for i in batch.indices {
          let id = Self.id(at: i, of: batch)
          if id.index < constraintTable.batchMarks.count { constraintTable.batchMarks[id.index] = 0 }
        }
      }
      renamingState.skipsRenamed = false
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
        guard !contains(id) || constraintTable.batchMarks[id.index] & (Self.removalMark | Self.renameSlotMask) != 0,
          let slot = takeRenameSlot(matching: batch, at: i)
        else { continue }
        renamingState.renameTable[slot].partner = Int32(i)
        let removal = Int(renamingState.renameTable[slot].removal)
        constraintTable.batchMarks[removal] = (constraintTable.batchMarks[removal] & ~Self.removalMark) | Self.renameSlotMark(slot)
        constraintTable.batchMarks[id.index] |= Self.renamedMark
        paired = true
      }
    }
    // Pairs on a variable that an unpaired removal frees and that more than
    // `renameHubLimit` pairs mention stay apart (the top of the file says why). The pairs'
    // mentions are counted in `batchState.batchMentions` (all 0 between batches); withdrawing the
    // unpaired removals, first (their ids may be the renamed additions'), marks each of
    // their variables over the limit `hubMention`, with each definition at hand (a pass of
    // its own read 1,000 cold definitions a second time); then the pairs on a marked
    // variable are withdrawn too, and the pairs' variables set back to 0.
    if paired {
      for slot in renamingState.renameTable where slot.partner >= 0 {
        for term in batch[Int(slot.partner)].expression.terms {
          let v = term.variable.index
          if v >= batchState.batchMentions.count {
            batchState.batchMentions.append(contentsOf: repeatElement(0, count: v + 1 - batchState.batchMentions.count))
          }
          batchState.batchMentions[v] += 1
        }
      }
    }
    for id in ids where constraintTable.batchMarks[id.index] & Self.removalMark != 0 {
      if paired, let definition = constraintTable.definitions[id.index] {
        for term in definition.expression.terms {
          let v = term.variable.index
          if v < batchState.batchMentions.count && batchState.batchMentions[v] > Self.renameHubLimit { batchState.batchMentions[v] = Self.hubMention }
        }
      }
      withdraw(id)
    }
    if paired {
      for s in renamingState.renameTable.indices where renamingState.renameTable[s].partner >= 0 {
        let partner = Int(renamingState.renameTable[s].partner)
        guard batch[partner].expression.terms.contains(where: { batchState.batchMentions[$0.variable.index] == Self.hubMention })
        else { continue }
        let removal = Int(renamingState.renameTable[s].removal)
        constraintTable.batchMarks[removal] &= ~Self.renameSlotMask
        constraintTable.batchMarks[Self.id(at: partner, of: batch).index] &= ~Self.renamedMark
        withdraw(ConstraintID(removal))
        // Kept apart, but its terms are still to be cleared below.
        renamingState.renameTable[s].partner = -2 - Int32(partner)
      }
      for s in renamingState.renameTable.indices where renamingState.renameTable[s].partner != -1 {
        let p = renamingState.renameTable[s].partner
        for term in batch[Int(p >= 0 ? p : -2 - p)].expression.terms { batchState.batchMentions[term.variable.index] = 0 }
        if p < -1 { renamingState.renameTable[s].partner = -1 }
      }
    }
    var renamed = 0
    if paired {
      for s in renamingState.renameTable.indices where renamingState.renameTable[s].partner >= 0 {
        renamed += moveRenamedTags(startingAt: s, batch)
      }
    }
    renamingState.renamedConstraints += renamed
    renamingState.skipsRenamed = renamed > 0
    do {
      try enterBatch(batch)
    } catch {
      for i in batch.indices {
        let id = Self.id(at: i, of: batch)
        if isRenamedInBatch(id) && contains(id) { withdraw(id) }
      }
      for i in batch.indices {
        let id = Self.id(at: i, of: batch)
        if id.index < constraintTable.batchMarks.count { constraintTable.batchMarks[id.index] = 0 }
      }
      renamingState.skipsRenamed = false
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
    let source = Int(renamingState.renameTable[slot].removal)
    var tag = constraintTable.constraintTags[source]
    constraintTable.constraintTags[source] = ConstraintTag()
    constraintTable.definitions[source] = nil
    constraintTable.batchMarks[source] &= ~Self.renameSlotMask
    var moved = 0
    while true {
      let partner = Int(renamingState.renameTable[slot].partner)
      renamingState.renameTable[slot].partner = -1
      let target = Self.id(at: partner, of: batch).index
      // A present target is a renamed removal still holding its tag (a present id that no
      // removal names is never paired).
      var next = -1
      var nextTag = ConstraintTag()
      if constraintTable.constraintTags[target].isPresent {
        next = Int(constraintTable.batchMarks[target] >> Self.renameSlotShift) - 1
        precondition(next >= 0 && Int(renamingState.renameTable[next].removal) == target, "replace: a renamed id is occupied")
        nextTag = constraintTable.constraintTags[target]
        constraintTable.batchMarks[target] &= ~Self.renameSlotMask
      }
      constraintTable.constraintTags[target] = tag
      constraintTable.definitions[target] = batch[partner]
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
    renamingState.skipsRenamed && id.index < constraintTable.batchMarks.count && constraintTable.batchMarks[id.index] & Self.renamedMark != 0
  }

  // `constraintTable.batchMarks` bits (see there).
  static let removalMark: Int32 = 1
  static let renamedMark: Int32 = 2
  static let seenMark: Int32 = 4
  static let renameSlotShift: Int32 = 3
  static let renameSlotMask: Int32 = ~7
  /// A variable in `batchState.batchMentions` that an unpaired removal frees and more than
  /// `renameHubLimit` pairs mention, while `replace` decides which pairs stay apart.
  static let hubMention = Int32.min

  /// A renamed removal's slot in `constraintTable.batchMarks`' upper bits (slots are fewer than 2^28:
  /// twice the removals, which are constraint ids).
  @inline(__always)
  static func renameSlotMark(_ slot: Int) -> Int32 { Int32(slot + 1) << renameSlotShift }

  /// Whether a present constraint may be renamed: a required constraint or an optional
  /// equality (see the top of the file). O(1).
  private func isRenamable(_ id: ConstraintID) -> Bool {
    // (Comparing `constraintTable.definitions[i]` with nil copied and destroyed a pair of optional
    // constraints: 170 instructions; a present constraint has its definition.)
    constraintTable.constraintTags[id.index].isPresent && constraintTable.constraintTags[id.index].costSymbol < 0
  }

  /// Fills `renamingState.renameTable` with the renamable removals of `ids` (linear probing, at most
  /// half full); false when there are none. Sized for every removal, so that the tags are
  /// read in one pass (a counting pass read 1,000 cold tags a second time). O(removals ·
  /// terms); allocates only when the table must grow.
  private mutating func buildRenameTable(_ ids: [ConstraintID]) -> Bool {
    guard ids.count < 1 << 26 else { return false }
    var size = 16
    while size < 2 * ids.count { size *= 2 }
    renamingState.renameTable.removeAll(keepingCapacity: true)
    renamingState.renameTable.append(contentsOf: repeatElement(RenameSlot(), count: size))
    let mask = size - 1
    var count = 0
    for (position, id) in ids.enumerated() where isRenamable(id) {
      let tag = constraintTable.constraintTags[id.index]
      let fingerprint = Self.renameKey(shape: tag.shapeFingerprint, constant: tag.constant)
      var slot = Int(fingerprint & UInt64(mask))
      while renamingState.renameTable[slot].removal >= 0 { slot = (slot + 1) & mask }
      renamingState.renameTable[slot] = RenameSlot(fingerprint: fingerprint, removal: Int32(id.index), position: Int32(position))
      count += 1
    }
    return count > 0
  }

  /// The table slot of an untaken removal with `batch[index]`'s definition, or nil. Among
  /// equal definitions, the first in the removal list. O(terms) expected.
  private mutating func takeRenameSlot(matching batch: [Constraint], at index: Int) -> Int? {
    let key = Self.renameKey(shape: Self.shapeFingerprint(of: batch[index]), constant: batch[index].expression.constant)
    let mask = renamingState.renameTable.count - 1
    var slot = Int(key & UInt64(mask))
    var found = -1
    // Probe the whole run: equal fingerprints need not sit in removal order.
    while renamingState.renameTable[slot].removal >= 0 {
      let candidate = renamingState.renameTable[slot]
      if candidate.fingerprint == key, candidate.partner < 0,
        found < 0 || candidate.position < renamingState.renameTable[found].position,
        let definition = constraintTable.definitions[Int(candidate.removal)], definition.expression == batch[index].expression,
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

/// Renaming on replace (Accelerations/Renaming.swift). Held by ``Tableau`` as `renamingState`.
struct RenamingState {
  /// During `replace(removing:adding:)`'s batch entry: the additions it renamed carry
  /// `renamedMark` in `constraintTable.batchMarks`, and `enterBatch` leaves them out.
  var skipsRenamed = false
  /// `replace(removing:adding:)`'s removals that may be renamed, in an open-addressing
  /// table keyed by their tags' shape fingerprints and constants (Accelerations/Renaming.swift).
  var renameTable: ContiguousArray<RenameSlot> = []
  /// Constraints renamed instead of removed and added again (deterministic, for tests).
  var renamedConstraints = 0
}
