/// Acceleration: Dummy costs
/// Speeds up: every pivot on rows full of dummies (stack content-size rows): dummies carry
///   no priority vector.
/// Relaxes: every parametric symbol carries its reduced cost: a dummy's is computed when it
///   is about to enter.
/// Settled: `loadDummyVector`, before a pivot or row installation makes a dummy basic.
/// Twin test: the property and differential suites (removals of required equalities whose
///   dummy is parametric).
/// Switch: none (the core's objective code assumes it)

import LayoutModel

// Dummies carry no objective vector.
//
// A dummy is the marker of a required equality: it stays at zero, and neither simplex
// ever chooses it to enter (it is not pivotable). Its priority vector, its reduced cost, is
// read at one moment only: when it enters the basis anyway, which happens when its
// constraint is removed while it is parametric (the marker is pivoted in and its row
// dropped) or when a new row is solved for it. Keeping it up to date in every pivot is
// costly: a pivot adds `a_j · v_X` to the vector of each symbol j of the entering symbol's
// new row, and the rows of a stack are mostly dummies (a fill-equally stack's content-size
// rows hold seven dummies and one error; a resize flips 614 of them without held flips,
// and the dummies' vector merges are half of each such pivot).
//
// So objective updates skip dummies (`addObjectiveVector`, `addObjectiveRow`), and a
// dummy's vector is computed when it is about to enter (`loadDummyVector`): the reduced
// cost of a parametric symbol j is `Σ c_b · a_rj` over the restricted rows r that hold it,
// `c_b` the own cost of the row's basic symbol b (its constraints' costs at their levels,
// zero for slacks of required inequalities and for dummies; C_U rows' basics are external
// and cost nothing) and `a_rj` j's coefficient there — what the updates would have summed.
extension Tableau {

  /// The owner recorded for an edit's symbols: -2 - the variable's index, so that an edit
  /// error's own cost can be found (user constraints own theirs by index, ≥ 0).
  static func editOwner(of variable: VariableID) -> Int32 { -2 - Int32(variable.index) }

  /// Links the dummy's true priority vector, computed from its column, as its stored one,
  /// for a pivot or row installation that makes it basic (and substitutes that vector).
  /// O(Σ over the restricted rows holding it of log row length · levels, plus their
  /// basics' sharing rings).
  mutating func loadDummyVector(_ dummy: Int32) {
    let d = Int(dummy)
    assert(symbolKind[d] == .dummy && objectiveHead[d] < 0, "loadDummyVector: not a dummy without a vector")
    guard restrictedOccurrences[d] > 0 else { return }
    let stamp = nextStamp()
    let column = restrictedColumns[d]
    for slot in column {
      let r = Int(slot)
      let basic = rows[r].basic
      if basic < 0 || rowSlots.rowStamp[r] == stamp || isUnrestrictedRow(slot) { continue }
      rowSlots.rowStamp[r] = stamp
      guard let i = rows[r].index(of: dummy) else { continue }
      addOwnCost(of: basic, scaledBy: rows[r].coefficients[i], to: dummy)
    }
  }

  /// Adds `scale · (own cost of basic)` to `target`'s vector: the costs that the
  /// constraints owning `basic` put on it (Accelerations/SharedRows.swift for a row several
  /// optional inequalities share), through their tags. O(levels · sharers).
  private mutating func addOwnCost(of basic: Int32, scaledBy scale: Double, to target: Int32) {
    guard symbolKind[Int(basic)].isPivotable else { return }
    let o = owner[Int(basic)]
    if o <= -2 {
      let tag = constraintTable.editTags[Int(-2 - o)]
      if tag.isPresent, tag.marker == basic || tag.other == basic {
        addObjective(target, level: tag.level, delta: scale)
      }
      return
    }
    guard o >= 0 else { return }
    let tag = constraintTable.constraintTags[Int(o)]
    guard tag.isPresent, tag.level >= 0 else { return }
    if tag.costSymbol < 0 {
      // An optional equality: both errors cost 1 at its level.
      if tag.marker == basic || tag.other == basic { addObjective(target, level: tag.level, delta: scale) }
      return
    }
    var member = o
    repeat {
      let memberTag = constraintTable.constraintTags[Int(member)]
      if memberTag.costSymbol == basic {
        addObjective(target, level: memberTag.level, delta: scale * memberTag.costScale)
      }
      member = memberTag.nextSharer
    } while member >= 0 && member != o
  }
}
