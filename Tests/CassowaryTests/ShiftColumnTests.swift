import LayoutModel
import Testing
import TestSupport

@testable import Cassowary

/// Remembered marker columns (Accelerations/ShiftColumns.swift), on LocalPivotTests' equal-width
/// stack: a resize reads the rows and coefficients the previous resize of the same marker
/// wrote down, a twin that always walks the columns must agree on every value, a pivot
/// stops the C_S half being read and a structural change both halves, and the invariant
/// checks notice a remembered row or coefficient that is wrong.
@Suite struct ShiftColumnTests {

  /// The stack twice: remembering columns of any length, and never.
  static func twins(views n: Int, holdingFlips: Bool) throws -> (
    remembering: CassowarySolver, walking: CassowarySolver, width: ConstraintID, equalWidths: [ConstraintID]
  ) {
    let widths = LocalPivotTests.widths(views: n)
    let (remembering, constraints, equalWidths) = try LocalPivotTests.stack(
      views: n, width: widths[0], withinRows: true, edit: false, holdingFlips: holdingFlips)
    remembering.tableau.shiftColumnState.shiftColumnMinimumLength = 1
    let (walking, _, _) = try LocalPivotTests.stack(
      views: n, width: widths[0], withinRows: true, edit: false, holdingFlips: holdingFlips)
    walking.tableau.shiftColumnState.shiftColumnMinimumLength = .max
    walking.tableau.shiftColumnState.shiftColumns = (ShiftColumn(), ShiftColumn())
    // Room is made at the first evaluation after a structural change (the first layout).
    _ = values(of: remembering, count: 2 * n + 1)
    _ = values(of: walking, count: 2 * n + 1)
    #expect(remembering.tableau.shiftColumnState.shiftColumns.0.restricted.cells.capacity > 0)
    #expect(walking.tableau.shiftColumnState.shiftColumns.0.restricted.cells.capacity == 0)
    return (remembering, walking, constraints.last!.id, equalWidths)
  }

  /// `a = 100`, then for each rung `b_i = a + i` and `b_i >= 120` at 500: `a`'s row is a C_U
  /// row mentioning the anchor's marker, each rung's error row a C_S row mentioning it,
  /// and every whole `a` from 80 to 119 is where one rung's inequality starts or stops
  /// holding. Returns the solver and the anchor.
  static func ladder(rungs: Int, holdingFlips: Bool) throws -> (CassowarySolver, ConstraintID) {
    let solver = CassowarySolver()
    solver.tableau.heldFlipState.holdsFlips = holdingFlips
    solver.tableau.shiftColumnState.shiftColumnMinimumLength = 1
    var builder = ConstraintBuilder()
    let anchor = builder.next([(0, 1)], -100, .equal)
    try solver.add(anchor)
    var rungConstraints: [Constraint] = []
    for i in 1...rungs {
      rungConstraints.append(builder.next([(i, 1), (0, -1)], -Double(i), .equal))
      rungConstraints.append(builder.next([(i, 1)], -120, .greaterThanOrEqual, 500))
    }
    try solver.add(contentsOf: rungConstraints)
    _ = values(of: solver, count: rungs + 1)
    return (solver, anchor.id)
  }

  /// The ladder twice: remembering columns of any length, and never.
  static func ladderTwins(rungs: Int, holdingFlips: Bool) throws -> (
    remembering: CassowarySolver, walking: CassowarySolver, anchor: ConstraintID
  ) {
    let (remembering, anchor) = try ladder(rungs: rungs, holdingFlips: holdingFlips)
    let (walking, _) = try ladder(rungs: rungs, holdingFlips: holdingFlips)
    walking.tableau.shiftColumnState.shiftColumnMinimumLength = .max
    walking.tableau.shiftColumnState.shiftColumns = (ShiftColumn(), ShiftColumn())
    return (remembering, walking, anchor)
  }

  /// Thirty views move few enough rows for the incremental evaluation; three hundred
  /// take the full one. Held flips leave resizes without pivots, so both halves are read
  /// from the second resize on (the first width is the one the stack was built with).
  @Test(arguments: [30, 300])
  func resizesReadTheRememberedRowsAndAgreeWithATwinThatWalks(views n: Int) throws {
    let (remembering, walking, width, _) = try Self.twins(views: n, holdingFlips: true)
    for (step, target) in LocalPivotTests.widths(views: n).enumerated() {
      try remembering.setConstant(-target, of: width)
      try walking.setConstant(-target, of: width)
      expectValues(values(of: remembering, count: 2 * n + 1), values(of: walking, count: 2 * n + 1), "step \(step)")
      expectClose(HeldFlipTests.symbolValues(of: remembering), HeldFlipTests.symbolValues(of: walking), "every symbol, step \(step)")
      #expect(remembering.invariantViolations().isEmpty, "step \(step): \(remembering.invariantViolations().prefix(3))")
    }
    let resizes = LocalPivotTests.widths(views: n).count - 1
    #expect(remembering.tableau.shiftColumnState.rememberedRestrictedShifts == resizes - 1, "every resize after the first reads the C_S rows")
    #expect(walking.tableau.shiftColumnState.rememberedRestrictedShifts + walking.tableau.shiftColumnState.rememberedUnrestrictedShifts == 0)
    #expect(remembering.counters.pivots == walking.counters.pivots)
  }

  /// Without held flips a move that crosses a rung pivots: the next move walks the C_S
  /// rows again (their coefficients may have changed) but reads the C_U row, which pivots
  /// never reach. A twin that walks agrees on every value.
  @Test func aPivotForgetsTheRestrictedRowsOnly() throws {
    let rungs = 40
    let (remembering, walking, anchor) = try Self.ladderTwins(rungs: rungs, holdingFlips: false)
    var pivotedBefore = true
    var sawPivot = false
    var sawNone = false
    for (step, a) in [130, 130.5, 85, 85.25, 125, 125.5, 95, 95.5, 96].enumerated() {
      let restricted = remembering.tableau.shiftColumnState.rememberedRestrictedShifts
      let unrestricted = remembering.tableau.shiftColumnState.rememberedUnrestrictedShifts
      let pivots = remembering.counters.pivots
      try remembering.setConstant(-a, of: anchor)
      try walking.setConstant(-a, of: anchor)
      expectValues(values(of: remembering, count: rungs + 1), values(of: walking, count: rungs + 1), "step \(step)")
      expectClose(HeldFlipTests.symbolValues(of: remembering), HeldFlipTests.symbolValues(of: walking), "every symbol, step \(step)")
      let readRestricted = remembering.tableau.shiftColumnState.rememberedRestrictedShifts - restricted
      let readUnrestricted = remembering.tableau.shiftColumnState.rememberedUnrestrictedShifts - unrestricted
      #expect(readRestricted == (pivotedBefore ? 0 : 1), "step \(step): C_S rows read \(readRestricted) times")
      #expect(readUnrestricted == (step == 0 ? 0 : 1), "step \(step): C_U row read \(readUnrestricted) times")
      pivotedBefore = remembering.counters.pivots > pivots
      if pivotedBefore { sawPivot = true } else { sawNone = true }
    }
    #expect(sawPivot && sawNone, "some moves should pivot and some not")
    #expect(remembering.counters.pivots == walking.counters.pivots)
  }

  /// Removing a constraint changes the structure: the next move walks both columns, the
  /// one after reads them again, and a twin that walks agrees.
  @Test func aStructuralChangeForgetsBoth() throws {
    let rungs = 40
    let (remembering, walking, anchor) = try Self.ladderTwins(rungs: rungs, holdingFlips: true)
    let read = { remembering.tableau.shiftColumnState.rememberedRestrictedShifts + remembering.tableau.shiftColumnState.rememberedUnrestrictedShifts }
    for a in [101.0, 102] {
      try remembering.setConstant(-a, of: anchor)
      try walking.setConstant(-a, of: anchor)
    }
    #expect(read() == 2, "the second move reads both halves")
    // The inequality of rung 7 (constraint ids: the anchor 0, then equality and inequality per rung).
    let rungInequality = ConstraintID(2 * 7)
    try remembering.remove(rungInequality)
    try walking.remove(rungInequality)
    _ = values(of: remembering, count: rungs + 1)
    try remembering.setConstant(-103, of: anchor)
    try walking.setConstant(-103, of: anchor)
    #expect(read() == 2, "the first move after the removal walks")
    try remembering.setConstant(-104, of: anchor)
    try walking.setConstant(-104, of: anchor)
    #expect(read() == 4, "the next reads both halves again")
    expectValues(values(of: remembering, count: rungs + 1), values(of: walking, count: rungs + 1), "after the removal")
    expectClose(HeldFlipTests.symbolValues(of: remembering), HeldFlipTests.symbolValues(of: walking), "every symbol")
    #expect(remembering.tableau.shiftColumnViolations().isEmpty)
  }

  /// A constraint whose marker's column is short is walked without taking the place of a
  /// long one: three markers, two of them long, stay remembered.
  @Test func aShortColumnDoesNotEvictALongOne() throws {
    let (solver, anchor) = try Self.ladder(rungs: 40, holdingFlips: true)
    solver.tableau.shiftColumnState.shiftColumnMinimumLength = 10
    let rungInequality = ConstraintID(2 * 7)
    let read = { solver.tableau.shiftColumnState.rememberedRestrictedShifts + solver.tableau.shiftColumnState.rememberedUnrestrictedShifts }
    try solver.setConstant(-101, of: anchor)
    try solver.setConstant(-102, of: anchor)
    #expect(read() == 2)
    for (step, bound) in [119.0, 118, 117].enumerated() {
      try solver.setConstant(-bound, of: rungInequality)
      let marker = solver.tableau.constraintTable.constraintTags[rungInequality.index].marker
      #expect(solver.tableau.shiftColumnState.shiftColumns.0.marker != marker && solver.tableau.shiftColumnState.shiftColumns.1.marker != marker)
      try solver.setConstant(-103 - Double(step), of: anchor)
      #expect(read() == 4 + 2 * step, "step \(step): the anchor's column is still remembered")
    }
    #expect(solver.invariantViolations().isEmpty)
  }

  /// A copy takes its remembered columns into storage of its own: the copy and the
  /// original then move apart, each reading its own lists, and agree with twins that walk.
  @Test func aCopyRemembersOnItsOwn() throws {
    let rungs = 40
    let (original, walking, anchor) = try Self.ladderTwins(rungs: rungs, holdingFlips: true)
    for a in [101.0, 102] {
      try original.setConstant(-a, of: anchor)
      try walking.setConstant(-a, of: anchor)
    }
    let copy = original.copy()
    let walkingCopy = walking.copy()
    let before = original.tableau.shiftColumnState.rememberedRestrictedShifts
    for (a, b) in [(103.0, 90.0), (104, 91), (105, 92)] {
      try original.setConstant(-a, of: anchor)
      try walking.setConstant(-a, of: anchor)
      try copy.setConstant(-b, of: anchor)
      try walkingCopy.setConstant(-b, of: anchor)
      expectValues(values(of: original, count: rungs + 1), values(of: walking, count: rungs + 1), "original at \(a)")
      expectValues(values(of: copy, count: rungs + 1), values(of: walkingCopy, count: rungs + 1), "copy at \(b)")
      #expect(original.invariantViolations().isEmpty && copy.invariantViolations().isEmpty)
    }
    #expect(original.tableau.shiftColumnState.rememberedRestrictedShifts == before + 3)
    #expect(copy.tableau.shiftColumnState.rememberedRestrictedShifts > 0)
  }

  /// A remembered coefficient or row that does not match the rows is reported while its
  /// half is valid, and no longer once a pivot (the C_S half) or a structural change
  /// (both) has retired it.
  @Test func theInvariantChecksCompareRememberedRowsWithTheRows() throws {
    let (solver, anchor) = try Self.ladder(rungs: 40, holdingFlips: true)
    try solver.setConstant(-101, of: anchor)
    let tableau = solver.tableau
    let first = tableau.shiftColumnState.shiftColumns.0.marker == tableau.constraintTable.constraintTags[anchor.index].marker
    let column = first ? tableau.shiftColumnState.shiftColumns.0 : tableau.shiftColumnState.shiftColumns.1
    #expect(column.restricted.cells.count == 40 && column.unrestricted.cells.count == 1)
    #expect(tableau.shiftColumnViolations().isEmpty)
    /// The tableau with the anchor's column changed by `change`.
    func changing(_ change: (inout ShiftColumn) -> Void) -> Tableau {
      var changed = tableau
      if first { change(&changed.shiftColumnState.shiftColumns.0) } else { change(&changed.shiftColumnState.shiftColumns.1) }
      return changed
    }

    var wrongCoefficient = changing { $0.restricted.cells[0].coefficient += 1 }
    #expect(!wrongCoefficient.shiftColumnViolations().isEmpty, "a wrong C_S coefficient")
    wrongCoefficient.noteRestrictedCellsChange()
    #expect(wrongCoefficient.shiftColumnViolations().isEmpty, "a pivot retired the C_S half")

    let listedTwice = changing { $0.restricted.cells[0].slot = $0.restricted.cells[1].slot }
    #expect(!listedTwice.shiftColumnViolations().isEmpty, "a C_S row listed twice, another not at all")

    var wrongRow = changing { $0.unrestricted.cells[0].slot = $0.restricted.cells[0].slot }
    #expect(!wrongRow.shiftColumnViolations().isEmpty, "a C_S row listed as the C_U row")
    wrongRow.noteRestrictedCellsChange()
    #expect(!wrongRow.shiftColumnViolations().isEmpty, "a pivot leaves the C_U half valid")
    wrongRow.noteStructureChange()
    #expect(wrongRow.shiftColumnViolations().isEmpty, "a structural change retires it")
  }

  /// A marker whose every move pivots: its C_S half is written down on the first two
  /// walks, never read, and then only after `retryInterval` walks that skip it (writing
  /// costs a store per row); the values still agree with a twin that walks.
  @Test func aHalfWrittenInVainIsWrittenDownLessOften() throws {
    let rungs = 40
    let (remembering, walking, anchor) = try Self.ladderTwins(rungs: rungs, holdingFlips: false)
    var written: [Int] = []
    for move in 0..<12 {
      let a = move % 2 == 0 ? 130.0 : 85
      let pivots = remembering.counters.pivots
      try remembering.setConstant(-a, of: anchor)
      try walking.setConstant(-a, of: anchor)
      #expect(remembering.counters.pivots > pivots, "move \(move) crosses rungs")
      let t = remembering.tableau
      let column = t.shiftColumnState.shiftColumns.0.marker == t.constraintTable.constraintTags[anchor.index].marker ? t.shiftColumnState.shiftColumns.0 : t.shiftColumnState.shiftColumns.1
      if column.restricted.version != 0 { written.append(move) }
      expectValues(values(of: remembering, count: rungs + 1), values(of: walking, count: rungs + 1), "move \(move)")
    }
    #expect(written == [0, 1, 2 + ShiftColumnHalf.retryInterval], "moves that wrote the C_S half down")
    #expect(remembering.tableau.shiftColumnState.rememberedRestrictedShifts == 0)
    #expect(remembering.tableau.shiftColumnState.rememberedUnrestrictedShifts == 11, "the C_U row is read from the second move on")
  }

  /// In release builds a column shorter than `rememberedColumnMinimumLength` is walked and
  /// nothing is reserved; a longer one is reserved for at the first evaluation.
  @Test(arguments: [(10, false), (300, true)])
  func onlyLongColumnsAreRemembered(views n: Int, reserves: Bool) throws {
    let widths = LocalPivotTests.widths(views: n)
    let (solver, constraints, _) = try LocalPivotTests.stack(
      views: n, width: widths[0], withinRows: true, edit: false, holdingFlips: true)
    solver.tableau.shiftColumnState.shiftColumnMinimumLength = Tableau.rememberedColumnMinimumLength
    solver.tableau.shiftColumnState.shiftColumns = (ShiftColumn(), ShiftColumn())
    try solver.remove(constraints[1].id)
    _ = values(of: solver, count: 2 * n + 1)
    #expect((solver.tableau.shiftColumnState.shiftColumns.0.restricted.cells.capacity > 0) == reserves)
    try solver.setConstant(-widths[1], of: constraints.last!.id)
    try solver.setConstant(-widths[2], of: constraints.last!.id)
    #expect((solver.tableau.shiftColumnState.rememberedRestrictedShifts > 0) == reserves)
  }
}
