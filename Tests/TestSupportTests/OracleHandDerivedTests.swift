import LayoutModel
import TestSupport
import Testing

/// Systems small enough to solve by hand; each comment derives the expected answer.
@Suite("LexicographicOracle: hand-derived systems")
struct OracleHandDerivedTests {
  /// x - 7 == 0 (required) fixes x = 7. No optional levels; pin 0 gives pin error 7.
  @Test func singleRequiredEquality() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -7, .equal)], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [], pinError: 7, point: [7], isUnique: true)
  }

  /// x == 100 @750 against x == 0 @250. Level 750 is minimised first: x = 100 gives it 0,
  /// any other x is worse there, so x = 100 whatever it costs at 250 (error 100).
  @Test func higherPriorityWinsCompletely() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -100, .equal, 750), constraint(1, [(0, 1)], 0, .equal, 250)],
      variableCount: 1, pins: [0])
    expectOptimal(
      result, levels: [(750, 0), (250, 100)], pinError: 100, point: [100], isUnique: true)
  }

  /// One x == 100 @750 against five x == 0 @250. A weighted sum with weight 3 for the
  /// strong constraint and 1 for each weak one minimises 3|x - 100| + 5|x|, whose slope
  /// favours x = 0 (the weak side wins, 5 > 3). Strict lexicographic order ignores how many
  /// weak constraints there are: level 750 is 0 only at x = 100, so x = 100 and level 250
  /// pays 5 · 100 = 500.
  @Test func manyWeakConstraintsCannotOutvoteOneStrong() {
    var system = [constraint(0, [(0, 1)], -100, .equal, 750)]
    for id in 1...5 { system.append(constraint(id, [(0, 1)], 0, .equal, 250)) }
    let result = LexicographicOracle.solve(system, variableCount: 1, pins: [0])
    expectOptimal(
      result, levels: [(750, 0), (250, 500)], pinError: 100, point: [100], isUnique: true)
  }

  /// x == 0, x == 10, x == 4, all @500: level error |x| + |x - 10| + |x - 4| is minimised
  /// at the median, x = 4 (error 4 + 6 + 0 = 10), uniquely. A pin far away (20 or -20)
  /// cannot move it: the pin level only chooses among level-500 minimisers.
  @Test(arguments: [20.0, -20.0])
  func equalPriorityTieHasMedianOptimum(pin: Double) {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1)], 0, .equal, 500), constraint(1, [(0, 1)], -10, .equal, 500),
        constraint(2, [(0, 1)], -4, .equal, 500),
      ], variableCount: 1, pins: [pin])
    expectOptimal(result, levels: [(500, 10)], pinError: abs(pin - 4), point: [4], isUnique: true)
  }

  /// x == 0 and x == 10 @500: every x in [0, 10] has level error 10, so without pins the
  /// optimum is the whole segment. The oracle always has pins, and the pin level then picks
  /// the point of the segment nearest the pin: pin 3 gives x = 3 (pin error 0), pin 15 gives
  /// x = 10 (pin error 5). Both are unique *with the pin level*; `isUnique` says nothing about
  /// the pin-free ambiguity, which is why the real levels (here just 500: 10) are what a
  /// solver without pins must match, not the point.
  @Test(arguments: [(3.0, 3.0, 0.0), (15.0, 10.0, 5.0)])
  func nonUniqueTieIsResolvedByThePin(pin: Double, x: Double, pinError: Double) {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], 0, .equal, 500), constraint(1, [(0, 1)], -10, .equal, 500)],
      variableCount: 1, pins: [pin])
    expectOptimal(result, levels: [(500, 10)], pinError: pinError, point: [x], isUnique: true)
  }

  /// x - y == 0 @999, x == 10 @500, y == 0 @500. Level 999 forces y = x; level 500 is then
  /// |x - 10| + |x| = 10 for every x in [0, 10]. Pins (3, 7) add |x - 3| + |x - 7|, which is
  /// 4 for every x in [3, 7]: a tie the pins do not break, so `isUnique` is false and the
  /// point is any x = y in [3, 7].
  @Test func tieThatPinsDoNotBreakIsNotUnique() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1), (1, -1)], 0, .equal, 999),
        constraint(1, [(0, 1)], -10, .equal, 500), constraint(2, [(1, 1)], 0, .equal, 500),
      ], variableCount: 2, pins: [3, 7])
    expectOptimal(result, levels: [(999, 0), (500, 10)], pinError: 4, isUnique: false)
    let point = result.point ?? []
    #expect(point.count == 2)
    if point.count == 2 {
      expectClose(point[0], point[1], "x == y")
      #expect(point[0] > 3 - 1e-9 && point[0] < 7 + 1e-9, "x in [3, 7]: \(point)")
    }
  }

  /// x + y == 10 (required) with pins (0, 0): |x| + |y| = 10 for the whole segment x, y >= 0.
  @Test func pinLevelTieOnASegmentIsNotUnique() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1), (1, 1)], -10, .equal)], variableCount: 2, pins: [0, 0])
    expectOptimal(result, levels: [], pinError: 10, isUnique: false)
  }

  /// x == 1 and x == 2, both required: no x satisfies both.
  @Test func infeasibleRequiredEqualities() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -1, .equal), constraint(1, [(0, 1)], -2, .equal)],
      variableCount: 1, pins: [0])
    #expect(result.isInfeasible, "\(result)")
    #expect(result.point == nil && result.pinError == nil && result.isUnique == nil)
  }

  /// x >= 5 and x <= 3 (required), with an optional x == 4 that could not help anyway.
  @Test func infeasibleRequiredInequalities() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1)], -5, .greaterThanOrEqual),
        constraint(1, [(0, 1)], -3, .lessThanOrEqual),
        constraint(2, [(0, 1)], -4, .equal, 500),
      ], variableCount: 1, pins: [0])
    #expect(result.isInfeasible, "\(result)")
  }

  /// x + y == 1 and x + y == 3 (required): parallel, never both; the only vertices are pin
  /// crossings, and none of them lies on both lines.
  @Test func infeasibleParallelPair() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1), (1, 1)], -1, .equal), constraint(1, [(0, 1), (1, 1)], -3, .equal)],
      variableCount: 2, pins: [0, 0])
    #expect(result.isInfeasible, "\(result)")
  }

  /// x + y == 10, x - y == 2 give x = 6, y = 4; 2x - 12 == 0 (their sum) is redundant and
  /// changes nothing. Optional x == 0 @500 then costs 6; pins (0, 0) cost 10.
  @Test func redundantRequiredConstraintChangesNothing() {
    let base = [
      constraint(0, [(0, 1), (1, 1)], -10, .equal), constraint(1, [(0, 1), (1, -1)], -2, .equal),
      constraint(2, [(0, 1)], 0, .equal, 500),
    ]
    let redundant = constraint(3, [(0, 2)], -12, .equal)
    for system in [base, base + [redundant], [redundant] + base] {
      let result = LexicographicOracle.solve(system, variableCount: 2, pins: [0, 0])
      expectOptimal(result, levels: [(500, 6)], pinError: 10, point: [6, 4], isUnique: true)
    }
  }

  /// x <= 100 @750 and x >= -100 (required) are slack at x = 5, which x == 5 @250 asks for:
  /// every level is 0; pin 0 costs 5.
  @Test func slackInequalities() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1)], -100, .lessThanOrEqual, 750),
        constraint(1, [(0, 1)], 100, .greaterThanOrEqual),
        constraint(2, [(0, 1)], -5, .equal, 250),
      ], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [(750, 0), (250, 0)], pinError: 5, point: [5], isUnique: true)
  }

  /// x >= 10 @500 and x <= 4 @500: level error 6 for every x in [4, 10]; pin 0 picks x = 4.
  @Test func conflictingInequalitiesAtOneLevel() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1)], -10, .greaterThanOrEqual, 500),
        constraint(1, [(0, 1)], -4, .lessThanOrEqual, 500),
      ], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [(500, 6)], pinError: 4, point: [4], isUnique: true)
  }

  /// Priorities 750.5 and 750 are different levels: x == 1 @750.5 wins outright over
  /// x == 2 @750, which then costs 1.
  @Test func nearbyPrioritiesAreDistinctLevels() {
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -2, .equal, 750), constraint(1, [(0, 1)], -1, .equal, 750.5)],
      variableCount: 1, pins: [0])
    expectOptimal(result, levels: [(750.5, 0), (750, 1)], pinError: 1, point: [1], isUnique: true)
  }

  /// a + b == 100 (required), a >= 30 @750, b >= 80 @750, a == 25 @250. Level 750:
  /// shortfall (30 - a)+ + (80 - (100 - a))+ is 10 for a in [20, 30] and more elsewhere.
  /// Level 250 then picks a = 25 (error 0), so b = 75. Pins (0, 0) cost 100.
  @Test func twoVariableDistribution() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1), (1, 1)], -100, .equal),
        constraint(1, [(0, 1)], -30, .greaterThanOrEqual, 750),
        constraint(2, [(1, 1)], -80, .greaterThanOrEqual, 750),
        constraint(3, [(0, 1)], -25, .equal, 250),
      ], variableCount: 2, pins: [0, 0])
    expectOptimal(
      result, levels: [(750, 10), (250, 0)], pinError: 100, point: [25, 75], isUnique: true)
  }

  /// A stack chain: x0 (v0), w0 (v1), x1 (v2) with x1 == x0 + w0 + 8, x0 == 0 and x1 <= 30
  /// required, so w0 <= 22. Level 750 (w0 >= 40) pays 40 - w0, least at w0 = 22: 18.
  /// Level 250 (w0 <= 40) is then satisfied: 0. Point (0, 22, 30); pins 0 cost 52.
  @Test func threeVariableStackChain() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(2, 1), (0, -1), (1, -1)], -8, .equal),
        constraint(1, [(1, 1)], -40, .greaterThanOrEqual, 750),
        constraint(2, [(1, 1)], -40, .lessThanOrEqual, 250),
        constraint(3, [(0, 1)], 0, .equal),
        constraint(4, [(2, 1)], -30, .lessThanOrEqual),
      ], variableCount: 3, pins: [0, 0, 0])
    expectOptimal(
      result, levels: [(750, 18), (250, 0)], pinError: 52, point: [0, 22, 30], isUnique: true)
  }

  /// x + y + z == 30 (required), x == 20 @750, y == 20 @500, z >= 5 @250. Level 750: x = 20.
  /// Level 500: y = 20 is still possible (z = -10), so it is taken even though it leaves
  /// level 250 short by 15. Point (20, 20, -10); pins 0 cost 50.
  @Test func threeVariableLowerLevelPaysForHigher() {
    let result = LexicographicOracle.solve(
      [
        constraint(0, [(0, 1), (1, 1), (2, 1)], -30, .equal),
        constraint(1, [(0, 1)], -20, .equal, 750), constraint(2, [(1, 1)], -20, .equal, 500),
        constraint(3, [(2, 1)], -5, .greaterThanOrEqual, 250),
      ], variableCount: 3, pins: [0, 0, 0])
    expectOptimal(
      result, levels: [(750, 0), (500, 0), (250, 15)], pinError: 50, point: [20, 20, -10],
      isUnique: true)
  }

  /// An edit of x at 999 suggesting 42 is x - 42 == 0 @999; with x <= 40 required it gets
  /// x = 40, error 2.
  @Test func editVariableIsAnOptionalEquality() {
    let edit = LexicographicOracle.editConstraint(
      VariableID(0), suggestedValue: 42, priority: Priority(999), id: ConstraintID(1))
    let result = LexicographicOracle.solve(
      [constraint(0, [(0, 1)], -40, .lessThanOrEqual), edit], variableCount: 1, pins: [0])
    expectOptimal(result, levels: [(999, 2)], pinError: 40, point: [40], isUnique: true)
  }
}
