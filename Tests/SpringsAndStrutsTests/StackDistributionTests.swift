import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Every distribution on both axes, with extra room and with too little, hand-derived.
///
/// The stack `row` is an autoresizing child of the root (sized from outside) with spacing
/// 10 and three arranged leaves a, b, c of intrinsic lengths 40, 60, 30 along the axis
/// (20, 30, 10 across), hugging 250, 251, 252 and compression resistance 750, 751, 749
/// along it: a stretches first, c shrinks first. Alignment fill, so every view is as deep
/// as the canvas (50). Frames are given as (start, length) along the axis.
@Suite struct StackDistributionTests {
  /// The scene for `axis` with the row `length` long.
  static func scene(_ axis: Axis, _ distribution: Distribution, length: Double, flexible: Bool = false) throws -> Scene {
    let frame = axis == .horizontal ? [0, 0, length, 50] : [0, 0, 50, length]
    let mask: AutoresizingMask = flexible ? (axis == .horizontal ? .flexibleWidth : .flexibleHeight) : []
    func leaf(_ id: String, _ along: Double, _ across: Double, _ hugging: Double, _ resistance: Double) -> ViewDescription {
      axis == .horizontal
        ? Build.leaf(id, in: "row", along, across, hugging: [hugging, 250], resistance: [resistance, 750])
        : Build.leaf(id, in: "row", across, along, hugging: [250, hugging], resistance: [750, resistance])
    }
    return try Scene(
      container: Container(width: 400, height: 400),
      views: [
        Build.root(), Build.fixedStack("row", in: "root", frame, mask, Build.stackDescription(axis, distribution, .fill, spacing: 10)),
        leaf("a", 40, 20, 250, 750), leaf("b", 60, 30, 251, 751), leaf("c", 30, 10, 252, 749),
      ])
  }

  /// Frames from (start, length) along the axis, the full depth 50 across.
  static func expected(_ axis: Axis, _ spans: [String: (Double, Double)]) -> [String: [Double]] {
    spans.mapValues { axis == .horizontal ? [$0.0, 0, $0.1, 50] : [0, $0.0, 50, $0.1] }
  }

  static let cases: [(Distribution, Double, [String: (Double, Double)])] = [
    // 200: 50 beyond 130 + 20 goes to a (lowest hugging).
    (.fill, 200, ["a": (0, 90), "b": (100, 60), "c": (170, 30)]),
    // 130: 20 short; c (lowest compression resistance) gives it.
    (.fill, 130, ["a": (0, 40), "b": (50, 60), "c": (120, 10)]),
    // (200 − 20) / 3 and (110 − 20) / 3.
    (.fillEqually, 200, ["a": (0, 60), "b": (70, 60), "c": (140, 60)]),
    (.fillEqually, 110, ["a": (0, 30), "b": (40, 30), "c": (80, 30)]),
    // (280 − 20) / 130 = 2 and (85 − 20) / 130 = 0.5 times each intrinsic length.
    (.fillProportionally, 280, ["a": (0, 80), "b": (90, 120), "c": (220, 60)]),
    (.fillProportionally, 85, ["a": (0, 20), "b": (30, 30), "c": (70, 15)]),
    // 200: intrinsic lengths, the 70 left split into two equal gaps of 35.
    (.equalSpacing, 200, ["a": (0, 40), "b": (75, 60), "c": (170, 30)]),
    // 130: gaps at their minimum 10, c shrinks by 20.
    (.equalSpacing, 130, ["a": (0, 40), "b": (50, 60), "c": (120, 10)]),
    // 200: centres 20 and 185 at the ends, 102.5 between: b starts at 72.5.
    (.equalCentering, 200, ["a": (0, 40), "b": (72.5, 60), "c": (170, 30)]),
  ]

  @Test(arguments: Axis.allCases, 0..<cases.count)
  func distribution(_ axis: Axis, _ k: Int) throws {
    let (distribution, length, spans) = Self.cases[k]
    let both = try Both(Self.scene(axis, distribution, length: length))
    both.expect(Self.expected(axis, spans))
  }

  @Test(arguments: Axis.allCases)
  func equalCenteringWithTooLittleRoomShrinksTheCheapestView(_ axis: Axis) throws {
    // The row follows the root's length; centres equally spaced with gaps of at least 10
    // need 2 · 60 + 20 + 15 = 155 (gap 1's row; gap 2's needs 145).
    var both = try Both(Self.scene(axis, .equalCentering, length: 200, flexible: true))
    let resize = { (length: Double) -> SceneChange in
      axis == .horizontal
        ? .resizeContainer(width: length + 200, height: 400, safeAreaInsets: nil)
        : .resizeContainer(width: 400, height: length + 200, safeAreaInsets: nil)
    }
    try both.apply(resize(160))
    // Centres 20 and 145, 82.5 between: b starts at 52.5 (gaps 12.5 and 17.5).
    both.expect(Self.expected(axis, ["a": (0, 40), "b": (52.5, 60), "c": (130, 30)]))
    // 140: the rows ask 1.5·da + db + 0.5·dc >= 15 and 0.5·da + db + 1.5·dc >= 5 of the
    // shrinking. b (751) keeps its length, then a (750); c (749) alone covers both: dc = 30,
    // so c is 0 long. Centres 20, 80, 140.
    try both.apply(resize(140))
    both.expect(Self.expected(axis, ["a": (0, 40), "b": (50, 60), "c": (140, 0)]))
    // Back to room to spare: the views return to their own lengths.
    try both.apply(resize(200))
    both.expect(Self.expected(axis, ["a": (0, 40), "b": (72.5, 60), "c": (170, 30)]))
  }

  @Test func equalCenteringCompressionStopsAtARequiredLength() throws {
    // As above at 140, but c may not shrink below 30 (resistance 1000): a (750, next
    // cheapest) shrinks instead. With dc = 0: 1.5·da + db >= 15 and 0.5·da + db >= 5 with
    // b kept: da = 10, a 30 long. δ = (140 − 15 − 15) / 2 = 55: centres 15, 70, 125, so b
    // starts at 40 and c at 110 (both gaps at their minimum 10).
    var scene = try Self.scene(.horizontal, .equalCentering, length: 140)
    _ = try scene.apply(.setCompressionResistance([Named("c", AxisPair(horizontal: 1000, vertical: 750))]), path: "steps")
    try layoutBoth(scene, expect: Self.expected(.horizontal, ["a": (0, 30), "b": (40, 60), "c": (110, 30)]))
  }
}
