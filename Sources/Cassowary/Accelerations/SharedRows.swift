/// Acceleration: Shared rows
/// Speeds up: `add` of optional inequalities on one expression (content sizes, stack tie-
///   breaks), and every later resize of stacks whose views sit at their intrinsic size: one
///   row and no degenerate pivot per view.
/// Relaxes: one constraint, one marker: the members of a shared row own one row and put
///   their costs on its two symbols.
/// Settled: not a transient state: the rings and the sharing index are checked with the
///   invariants (Core/Invariants.swift).
/// Twin test: SharedRowTests; the property and differential suites run Tuning.core beside
///   the default.
/// Switch: Tuning.sharedRows

import LayoutModel

// Optional inequalities on one expression share one row.
//
// A view's content size puts two optional inequalities on the same expression,
// `width <= intrinsic` at its hugging priority and `width >= intrinsic` at its compression
// resistance, and a fill stack adds two more (its tie-breaks). Entered as rows of their
// own, each view at its intrinsic size holds two restricted rows exactly met, and which of
// their slacks is basic depends on whether the stack is being stretched or compressed:
// every resize that crossed between the two re-chose it for every view, one degenerate
// dual pivot at a time along the stack's closing row (a 1,000-view fill stack made 896
// pivots and took 733 ms per resize).
//
// Such a group is one row, `expr = μ·(e - s)` with `s` and `e` ≥ 0, as a lone optional
// inequality already is (`marker` s, `other` e): the inequalities violated when `e` is
// positive put their cost on `e`, the others on `s`, each weighted by its scale against the
// row. That is the same optimisation problem (at an optimum `e` and `s` are not both
// positive once both carry a cost), with no degenerate pair and one row instead of four:
// Apple's engine keeps a view's content size as one constraint with two priorities for
// the same reason. Joining and leaving a group only move objective entries.
extension Tableau {
  /// Expressions with more terms never share a row: matching is O(terms²).
  static let sharedRowTermLimit = 8

  /// The lowest variable index among the expression's non-zero terms, or -1 when it has
  /// none, more than ``sharedRowTermLimit`` or a variable twice. O(terms²).
  static func sharingKey(of expression: LinearExpression) -> Int {
    var lowest = Int.max
    var count = 0
    for (i, term) in expression.terms.enumerated() where term.coefficient != 0 {
      count += 1
      if count > sharedRowTermLimit { return -1 }
      for earlier in expression.terms[..<i] where earlier.coefficient != 0 && earlier.variable == term.variable {
        return -1
      }
      lowest = min(lowest, term.variable.index)
    }
    return count == 0 ? -1 : lowest
  }

  /// The factor k with `expression = k · reference`, terms and constant, or nil. Both must
  /// have a sharing key. Values are compared to a relative 1e-12: a stack's tie-break
  /// `12·w >= 12·160` is computed, not typed. O(terms²).
  static func proportion(of expression: LinearExpression, to reference: LinearExpression) -> Double? {
    var k = 0.0
    var matched = 0
    for term in expression.terms where term.coefficient != 0 {
      guard let other = reference.terms.first(where: { $0.variable == term.variable && $0.coefficient != 0 }) else {
        return nil
      }
      let ratio = term.coefficient / other.coefficient
      if matched == 0 {
        k = ratio
      } else if abs(ratio - k) > 1e-12 * abs(k) {
        return nil
      }
      matched += 1
    }
    let referenceTerms = reference.terms.reduce(0) { $0 + ($1.coefficient != 0 ? 1 : 0) }
    guard matched > 0, matched == referenceTerms else { return nil }
    let expected = k * reference.constant
    guard abs(expression.constant - expected) <= 1e-12 * max(1, abs(expression.constant)) else { return nil }
    return k
  }

  /// How many of the latest inequalities listed under a key a new one compares itself
  /// with. A content size's pair and a stack's tie-breaks are added together, so a partner
  /// is among the latest; a variable that many optional inequalities start with (a
  /// container's) would otherwise make every add scan them all.
  static let sharingCandidateLimit = 8

  /// Enters the optional inequality `constraint` into the row of a present one on the same
  /// expression (up to a factor), if one is among the latest ``sharingCandidateLimit``
  /// listed under its key: its cost goes on the symbol that measures its violation, and
  /// nothing else changes. Returns its tag and the member whose row it joined, or nil
  /// (nothing done). O(terms²), plus O(row length) when the symbol is basic.
  mutating func joinSharedRow(_ constraint: Constraint) -> (tag: ConstraintTag, host: Int32)? {
    guard let (candidate, k) = sharedRowHost(for: constraint.expression) else { return nil }
    let host = constraintTable.constraintTags[Int(candidate)]
    // Every member satisfies `expr = μ·(e - s)` with its own μ; this one's is k·μ_host.
    var tag = ConstraintTag()
    tag.isPresent = true
    tag.constant = constraint.expression.constant
    tag.marker = host.marker
    tag.other = host.other
    tag.markerCoefficient = k * host.markerCoefficient
    tag.level = level(for: constraint.priority.value)
    levelTable.levelUsers[Int(tag.level)] += 1
    // `<=` is violated when expr > 0, which is e > 0 if μ > 0 and s > 0 otherwise.
    let sense: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
    tag.costSymbol = sense * tag.markerCoefficient > 0 ? host.other : host.marker
    tag.costScale = abs(tag.markerCoefficient)
    addCostTerms(of: tag, level: tag.level, sign: 1)
    return (tag, candidate)
  }

  /// The present optional inequality, other than `excluded`, among the latest
  /// ``sharingCandidateLimit`` listed under the expression's key whose row the expression
  /// would share, with the factor k (`expression = k · its expression`); nil if none.
  /// O(terms²), no allocation.
  func sharedRowHost(for expression: LinearExpression, excluding excluded: Int32 = -1) -> (host: Int32, k: Double)? {
    guard tuning.sharedRows else { return nil }
    let key = Self.sharingKey(of: expression)
    guard key >= 0, key < sharedRowState.softInequalitiesByVariable.count else { return nil }
    for candidate in sharedRowState.softInequalitiesByVariable[key].reversed().prefix(Self.sharingCandidateLimit) where candidate != excluded {
      if let reference = constraintTable.definitions[Int(candidate)], let k = Self.proportion(of: expression, to: reference.expression) {
        return (candidate, k)
      }
    }
    return nil
  }

  /// Adds (`sign` 1) or takes away (-1) a tag's objective terms at `level`: an optional
  /// inequality's cost, or both errors of an optional equality. O(levels), plus O(row
  /// length) for a basic symbol.
  mutating func addCostTerms(of tag: ConstraintTag, level: Int32, sign: Double) {
    if tag.costSymbol >= 0 {
      addObjectiveTerm(tag.costSymbol, level: level, scale: sign * tag.costScale)
    } else {
      addObjectiveTerm(tag.marker, level: level, scale: sign)
      addObjectiveTerm(tag.other, level: level, scale: sign)
    }
  }

  /// Lists a present optional inequality where later ones look for a row to share, and
  /// links it into the ring of its row's members: after `host` when it joined that row,
  /// alone otherwise. O(1) amortized.
  mutating func indexSoftInequality(_ index: Int32, expression: LinearExpression, host: Int32) {
    let i = Int(index)
    if host >= 0 {
      let h = Int(host)
      let after = constraintTable.constraintTags[h].nextSharer
      constraintTable.constraintTags[i].nextSharer = after
      constraintTable.constraintTags[i].previousSharer = host
      constraintTable.constraintTags[Int(after)].previousSharer = index
      constraintTable.constraintTags[h].nextSharer = index
    } else {
      constraintTable.constraintTags[i].nextSharer = index
      constraintTable.constraintTags[i].previousSharer = index
    }
    let key = Self.sharingKey(of: expression)
    guard key >= 0 else { return }
    if key >= sharedRowState.softInequalitiesByVariable.count {
      sharedRowState.softInequalitiesByVariable.append(contentsOf: repeatElement([], count: key + 1 - sharedRowState.softInequalitiesByVariable.count))
    }
    constraintTable.constraintTags[i].sharingListPosition = Int32(sharedRowState.softInequalitiesByVariable[key].count)
    sharedRowState.softInequalitiesByVariable[key].append(index)
  }

  /// Another present constraint sharing the row of the optional inequality `index`, or -1
  /// when it is alone in its row. O(1).
  func rowSharer(of index: Int32) -> Int32 {
    let next = constraintTable.constraintTags[Int(index)].nextSharer
    return next >= 0 && next != index ? next : -1
  }

  /// Takes an optional inequality off the sharing index and out of its row's ring (the
  /// last entry of its list takes its place). O(1).
  mutating func unindexSoftInequality(_ index: Int32, expression: LinearExpression) {
    let i = Int(index)
    let next = constraintTable.constraintTags[i].nextSharer
    let previous = constraintTable.constraintTags[i].previousSharer
    constraintTable.constraintTags[Int(previous)].nextSharer = next
    constraintTable.constraintTags[Int(next)].previousSharer = previous
    constraintTable.constraintTags[i].nextSharer = -1
    constraintTable.constraintTags[i].previousSharer = -1
    let key = Self.sharingKey(of: expression)
    guard key >= 0, key < sharedRowState.softInequalitiesByVariable.count else { return }
    let position = Int(constraintTable.constraintTags[i].sharingListPosition)
    let last = sharedRowState.softInequalitiesByVariable[key].removeLast()
    if last != index {
      sharedRowState.softInequalitiesByVariable[key][position] = last
      constraintTable.constraintTags[Int(last)].sharingListPosition = Int32(position)
    }
    constraintTable.constraintTags[i].sharingListPosition = -1
  }

  /// Takes a member out of a row others still share: its cost and level go, the row
  /// stays, and the row's symbols name a remaining member as their owner (a removed id
  /// may be reused by a required constraint, which conflict reports would then name).
  mutating func leaveSharedRow(_ tag: ConstraintTag, index: Int32, sharer: Int32) {
    addCostTerms(of: tag, level: tag.level, sign: -1)
    releaseLevel(tag.level)
    if owner[Int(tag.marker)] == index { owner[Int(tag.marker)] = sharer }
    if owner[Int(tag.other)] == index { owner[Int(tag.other)] = sharer }
  }

  /// Takes an optional inequality out of its row and enters it again as `moved` (its new
  /// constant): into a row that has that constant, or a row of its own. Then re-optimizes.
  /// Optional, it cannot be unsatisfiable. O(row length) for the row it leaves, plus the
  /// pivots; no allocation once a freed row slot and symbols are at hand.
  mutating func moveToAnotherRow(_ moved: Constraint) throws(SolverError) {
    materializeDeferredObjective()
    invalidateDerived()
    withdraw(moved.id)
    try enterConstraint(moved)
    try optimize()
    checkInvariants()
  }
}

/// Where new optional inequalities look for a row to share (Accelerations/SharedRows.swift). Held by ``Tableau`` as `sharedRowState`.
struct SharedRowState {
  /// Present optional inequalities by the lowest variable index of their expression: where
  /// a new one looks for a row to share (Accelerations/SharedRows.swift).
  var softInequalitiesByVariable: ContiguousArray<ContiguousArray<Int32>> = []
}
