import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Autoresizing with hand-derived frames (docs/scene-semantics.md): Δ split among the
/// flexible parts in proportion to their initial values, equally when all are 0, the far
/// margin absorbing it when none is flexible; S₀ as ConstraintLayout keeps it.
@Suite struct AutoresizingTests {
  /// A view at x = 40, width 100 in a 400-wide root (far margin 260), then the root
  /// widened to 500 (Δ = 100), for every combination of the horizontal flags.
  static let combinations: [(AutoresizingMask, [Double])] = [
    ([], [40, 100]),
    ([.flexibleLeftMargin], [140, 100]),
    ([.flexibleWidth], [40, 200]),
    ([.flexibleRightMargin], [40, 100]),
    // near 40 and size 100 share Δ 40:100.
    ([.flexibleLeftMargin, .flexibleWidth], [40 + 100 * 40 / 140, 100 + 100 * 100 / 140]),
    // near 40 and far 260: the near margin gets 40/300.
    ([.flexibleLeftMargin, .flexibleRightMargin], [40 + 100 * 40 / 300, 100]),
    // size 100 and far 260: the size gets 100/360.
    ([.flexibleWidth, .flexibleRightMargin], [40, 100 + 100 * 100 / 360]),
    // all three, 40:100:260 of 400.
    ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], [50, 125]),
  ]

  @Test(arguments: 0..<8)
  func eachFlagCombinationOnOneAxis(_ k: Int) throws {
    let (mask, expected) = Self.combinations[k]
    var both = try Both(
      Scene(
        container: Container(width: 400, height: 300),
        views: [Build.root(), Build.autoresizing("v", in: "root", [40, 10, 100, 50], mask)]))
    both.expect(["v": [40, 10, 100, 50]])
    try both.apply(.resizeContainer(width: 500, height: 300, safeAreaInsets: nil))
    both.expect(["v": [expected[0], 10, expected[1], 50]])
  }

  @Test func verticalFlagsFollowTheHeight() throws {
    // y = 30, height 60 in a 300-high root (far 210); height and bottom flexible: 60:210.
    // Δ = 270 split 60:210: the height grows by 60.
    var both = try Both(
      Scene(
        container: Container(width: 400, height: 300),
        views: [Build.root(), Build.autoresizing("v", in: "root", [0, 30, 50, 60], [.flexibleHeight, .flexibleBottomMargin])]))
    try both.apply(.resizeContainer(width: 400, height: 570, safeAreaInsets: nil))
    both.expect(["v": [0, 30, 50, 120]])
  }

  @Test func theA2ExampleSplitsGrowthProportionally() throws {
    // autolayout-semantics.md section 11, A2: green (50, 50, 275, 150) with flexible width
    // in a 375-wide root; blue and red inside it with flexible widths and one flexible
    // margin each. Rotation to 667: green 567 wide (Δ 292 for blue and red), blue's width
    // takes 100/250 of it and red's 100/250 (their flexible margins 150 each).
    var both = try Both(Scene(
      container: Container(width: 375, height: 667),
      views: [
        Build.root(),
        Build.autoresizing("green", in: "root", [50, 50, 275, 150], [.flexibleWidth, .flexibleBottomMargin]),
        Build.autoresizing("blue", in: "green", [25, 25, 100, 100], [.flexibleWidth, .flexibleHeight, .flexibleRightMargin]),
        Build.autoresizing("red", in: "green", [150, 25, 100, 100], [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin]),
      ]))
    both.expect(["blue": [25, 25, 100, 100]])
    try both.apply(.resizeContainer(width: 667, height: 375, safeAreaInsets: nil))
    let f = frames(both.scene, both.springs)
    expectFrame(f["green"], [50, 50, 567, 150], "green")
    expectFrame(f["blue"], [25, 25, 216.8, 100], "blue")
    expectFrame(f["red"], [325.2, 25, 216.8, 100], "red")
  }

  @Test func flexiblePartsThatAreAllZeroSplitEqually() throws {
    // x = 0 and width 0, both flexible: Δ = 100 goes half to each.
    var both = try Both(Scene(
      container: Container(width: 300, height: 300),
      views: [Build.root(), Build.autoresizing("v", in: "root", [0, 0, 0, 20], [.flexibleLeftMargin, .flexibleWidth])]))
    try both.apply(.resizeContainer(width: 400, height: 300, safeAreaInsets: nil))
    both.expect(["v": [50, 0, 50, 20]])
  }

  @Test func flexiblePartsThatSumToZeroSplitEqually() throws {
    // In a 0-wide superview at x = 2, width 7: far margin −9, and the three flexible parts
    // sum to 0. Proportion is undefined there; Δ = 30 is split equally: 10 each.
    var both = try Both(Scene(
      container: Container(width: 300, height: 300),
      views: [
        Build.root(), Build.autoresizing("box", in: "root", [0, 0, 0, 100], [.flexibleWidth]),
        Build.autoresizing("v", in: "box", [2, 0, 7, 20], [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]),
      ]))
    try both.apply(.resizeContainer(width: 330, height: 300, safeAreaInsets: nil))
    both.expect(["box": [0, 0, 30, 100], "v": [12, 0, 17, 20]])
  }

  /// The parts sum to zero up to rounding (a superview size a solver computes as 7e-15
  /// instead of 0): an equal split, not rates of 10¹⁴. Differential tests met this with a
  /// stack that sized a view to 0 and an autoresizing view inside it (cassowary placed it
  /// at −2.7e15, springs-struts, whose 0 was exact, at −1.2).
  @Test func partsThatSumToZeroWithinRoundingSplitEqually() {
    let mask: AutoresizingMask = [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
    for reference in [0.0, 7.105427357601002e-15, -7e-15] {
      let rates = mask.rates(.vertical, near: 2, size: 7, reference: reference)
      expectClose([rates.position, rates.size], [1.0 / 3, 1.0 / 3], "reference \(reference)")
    }
    // Far from zero the split stays proportional: 2 and 7 of 2 + 7 + 1.
    let rates = mask.rates(.vertical, near: 2, size: 7, reference: 10)
    expectClose([rates.position, rates.size], [0.2, 0.7], "reference 10")
    #expect(AutoresizingMask([]).rates(.vertical, near: 2, size: 7, reference: 10) == (0, 0))
  }

  @Test func resizesInSequenceStayProportionalToTheInitialFrame() throws {
    // x 40, width 100, far 260 of 400, all flexible: x = 40 + Δ/10, width = 100 + Δ/4.
    var both = try Both(Scene(
      container: Container(width: 400, height: 300),
      views: [
        Build.root(),
        Build.autoresizing("v", in: "root", [40, 0, 100, 10], [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]),
      ]))
    for width in [500.0, 200, 1000, 400] {
      try both.apply(.resizeContainer(width: width, height: 300, safeAreaInsets: nil))
      let change = width - 400
      both.expect(["v": [40 + change / 10, 0, 100 + change / 4, 10]])
    }
  }

  @Test func nestedViewsMeasureFromTheirSuperviewsInitialFrame() throws {
    // outer (20, 20, 200, 100) flexible width in 400; inner (10, 10, 100, 50) flexible
    // width and right margin in outer (far 90): Δ_outer = 100 → inner width 100 + 100·100/190.
    var both = try Both(Scene(
      container: Container(width: 400, height: 300),
      views: [
        Build.root(),
        Build.autoresizing("outer", in: "root", [20, 20, 200, 100], [.flexibleWidth]),
        Build.autoresizing("inner", in: "outer", [10, 10, 100, 50], [.flexibleWidth, .flexibleRightMargin]),
      ]))
    try both.apply(.resizeContainer(width: 500, height: 300, safeAreaInsets: nil))
    let f = frames(both.scene, both.springs)
    expectFrame(f["outer"], [20, 20, 300, 100], "outer")
    expectFrame(f["inner"], [10, 10, 100 + 100 * 100 / 190, 50], "inner")
  }

  @Test func aViewAddedLaterMeasuresFromTheLayoutItEntered() throws {
    // The root is 500 wide when v enters with frame (0, 0, 150, 10) and a flexible width:
    // S₀ is 500, not the initial 400, so going back to 400 (Δ = −100, all of it to the
    // only flexible part) leaves it 50 wide.
    var both = try Both(Scene(container: Container(width: 400, height: 300), views: [Build.root()]))
    try both.apply(.resizeContainer(width: 500, height: 300, safeAreaInsets: nil))
    var added = Build.autoresizing("v", in: "root", [0, 0, 150, 10], [.flexibleWidth])
    added.path = "steps[1].addViews[0]"
    try both.apply(.addViews([added]))
    both.expect(["v": [0, 0, 150, 10]])
    try both.apply(.resizeContainer(width: 400, height: 300, safeAreaInsets: nil))
    both.expect(["v": [0, 0, 50, 10]])
  }
}
