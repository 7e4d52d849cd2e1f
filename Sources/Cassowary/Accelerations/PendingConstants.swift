/// Acceleration: Held constants
/// Speeds up: `setConstant` on the members of a shared row moved together (Dynamic Type):
///   the row shifts once in place.
/// Relaxes: the tableau reflects every constraint's constant: a member's new constant is
///   held until its whole row has one.
/// Settled: `settle(for:)` and `settleForReading()` (Core/Settle.swift) apply what is held
///   before every other public call and every read.
/// Twin test: HeldConstantTests.
/// Switch: Tuning.heldConstants

import LayoutModel

// New constants for the members of a shared row wait until the whole row has them.
//
// A content size category change (Dynamic Type) gives a view's hugging, compression
// resistance and its stack's tie-breaks new constants, one `setConstant` at a time, all
// proportional to the new intrinsic size: the members of one shared row
// (Accelerations/SharedRows.swift) move together. Taken one at a time, the first to move has to
// leave the row for one of its own, and either the pair stays apart (every later crossing
// between stretched and compressed then pays the degenerate pivots shared rows removed) or
// the last to move joins it there (two rows entered and removed, and their pivots, per view
// and axis). Held back until every member of the row has its new constant, they shift the
// row in place, as a lone constraint's constant moves.
//
// What is held back is invisible: every other entry point, and every read, first applies
// what is pending (a member whose partners never followed then moves rows, as it would
// have at once). Only optional inequalities are held back, and they cannot be refused, so
// no error is deferred past the call that caused it.
extension Tableau {
  /// Rings longer than this are not held back: checking one costs O(members) per call.
  static let pendingRingLimit = 16

  /// Holds `constant` for the optional inequality `index`, which shares its row, and
  /// shifts the row in place once every member holds a constant proportional to it.
  /// Returns false, having done nothing, when its row is shared by more than
  /// ``pendingRingLimit`` members.
  /// - Complexity: O(members of the row); the shift as `setConstant`'s in place.
  /// - Throws: `internalInconsistency` on a solver bug only.
  mutating func holdConstant(_ constant: Double, of index: Int32) throws(SolverError) -> Bool {
    var members = 1
    var member = constraintTable.constraintTags[Int(index)].nextSharer
    while member != index {
      members += 1
      if members > Self.pendingRingLimit { return false }
      member = constraintTable.constraintTags[Int(member)].nextSharer
    }
    let i = Int(index)
    if i >= pendingConstantState.pendingConstants.count {
      pendingConstantState.pendingConstants.append(contentsOf: repeatElement(.nan, count: constraintTable.constraintTags.count - pendingConstantState.pendingConstants.count))
    }
    if pendingConstantState.pendingConstants[i].isNaN {
      pendingConstantState.pendingMembers.append(index)
      pendingConstantState.heldConstants += 1
    }
    pendingConstantState.pendingConstants[i] = constant
    if rowHasItsConstants(index) { try shiftSharedRow(of: index) }
    return true
  }

  /// The constant held for constraint `index`, or NaN. O(1).
  func heldConstant(of index: Int) -> Double {
    index < pendingConstantState.pendingConstants.count ? pendingConstantState.pendingConstants[index] : .nan
  }

  /// Whether every member of `index`'s row holds a new constant and those constants
  /// describe one row: a member's constant over its marker coefficient is the row's
  /// constant in the marker's units, the same for all. O(members).
  func rowHasItsConstants(_ index: Int32) -> Bool {
    let reference = pendingConstantState.pendingConstants[Int(index)] / constraintTable.constraintTags[Int(index)].markerCoefficient
    var member = constraintTable.constraintTags[Int(index)].nextSharer
    while member != index {
      let m = Int(member)
      let held = heldConstant(of: m)
      if held.isNaN { return false }
      if abs(held / constraintTable.constraintTags[m].markerCoefficient - reference) > 1e-12 * max(1, abs(reference)) { return false }
      member = constraintTable.constraintTags[m].nextSharer
    }
    return true
  }

  /// Moves the row of `index` to its members' held constants in place (through `index`'s
  /// tag: the others' shifts are the same in marker units), restores feasibility with the
  /// dual simplex and re-optimizes.
  /// - Complexity: O(rows containing the marker) plus the pivots.
  /// - Throws: `internalInconsistency` if the dual simplex finds the row unsatisfiable,
  ///   which an optional inequality's row cannot be.
  mutating func shiftSharedRow(of index: Int32) throws(SolverError) {
    invalidateDerivedForConstants()
    var member = index
    repeat {
      let m = Int(member)
      let constant = pendingConstantState.pendingConstants[m]
      pendingConstantState.pendingConstants[m] = .nan
      pendingConstantState.heldConstants -= 1
      if member == index {
        simplexState.collectsInfeasibleRows = true
        var tag = constraintTable.constraintTags[m]
        shiftConstant(&tag, to: constant)
        constraintTable.constraintTags[m] = tag
      } else {
        constraintTable.constraintTags[m].constant = constant
      }
      constraintTable.definitions[m]?.expression.constant = constant
      member = constraintTable.constraintTags[m].nextSharer
    } while member != index
    if pendingConstantState.heldConstants == 0 { pendingConstantState.pendingMembers.removeAll(keepingCapacity: true) }
    let stuck = try dualOptimize()
    simplexState.collectsInfeasibleRows = false
    if let stuck { throw .internalInconsistency("an optional row cannot be made feasible (basic symbol \(stuck))") }
    try optimize()
    checkInvariants()
  }

  /// Applies every held constant, in the order they were set: a member whose row did not
  /// follow moves to another row (or joins one with its constant). Every entry point but
  /// `setConstant` on a shared member calls it first.
  /// - Complexity: O(1) when nothing is held; otherwise as many `setConstant`s.
  /// - Throws: `internalInconsistency` on a solver bug only.
  mutating func applyHeldConstants() throws(SolverError) {
    // Reads call this too; a solver bug met there surfaces at the next call that throws.
    if let error = pendingConstantState.heldConstantError {
      pendingConstantState.heldConstantError = nil
      throw error
    }
    guard !pendingConstantState.pendingMembers.isEmpty else { return }
    for k in pendingConstantState.pendingMembers.indices {
      let m = Int(pendingConstantState.pendingMembers[k])
      let constant = pendingConstantState.pendingConstants[m]
      if constant.isNaN { continue }
      pendingConstantState.pendingConstants[m] = .nan
      pendingConstantState.heldConstants -= 1
      try setConstantNow(constant, of: ConstraintID(m))
    }
    pendingConstantState.pendingMembers.removeAll(keepingCapacity: true)
  }

  /// `applyHeldConstants` for the reading entry points, which cannot throw: an error is
  /// kept for the next call that can.
  mutating func applyHeldConstantsForReading() {
    guard !pendingConstantState.pendingMembers.isEmpty else { return }
    do { try applyHeldConstants() } catch { pendingConstantState.heldConstantError = error }
  }
}

/// Held constants of shared rows (Accelerations/PendingConstants.swift). Held by ``Tableau`` as `pendingConstantState`.
struct PendingConstantState {
  /// New constants of shared-row members held until their whole row has them, by
  /// constraint index; NaN when none, and for indices past its end
  /// (Accelerations/PendingConstants.swift). Grown when a constant is first held, so that
  /// systems that hold none do not pay for it.
  var pendingConstants: ContiguousArray<Double> = []
  /// The constraints that were given a held constant, in order; entries whose constant has
  /// since been applied read NaN there. Emptied when nothing is held.
  var pendingMembers: ContiguousArray<Int32> = []
  /// How many entries of `pendingConstantState.pendingConstants` are not NaN.
  var heldConstants = 0
  /// An error met applying held constants for a read, thrown by the next call that throws.
  var heldConstantError: SolverError?
}
