import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Every alignment on both axes, with room to spare and with too little, hand-derived.
///
/// A fill stack `row` 200 along its axis (spacing 10) holds a, b, c of intrinsic depths
/// 20, 30, 10 across it (40, 60, 30 along; a takes the extra 50 along). Baselines: a
/// (15, 15), b (20, 25), c none (both at its bottom). Frames as (start, depth) across.
@Suite struct StackAlignmentTests {
  static func leaves(_ axis: Axis, parent: String = "row") -> [ViewDescription] {
    func leaf(_ id: String, _ along: Double, _ across: Double, _ baseline: [Double]?) -> ViewDescription {
      axis == .horizontal
        ? Build.leaf(id, in: parent, along, across, hugging: [250, 250], baseline: baseline)
        : Build.leaf(id, in: parent, across, along, hugging: [250, 250], baseline: baseline)
    }
    return [leaf("a", 40, 20, [15, 15]), leaf("b", 60, 30, [20, 25]), leaf("c", 30, 10, nil)]
  }

  static func scene(_ axis: Axis, _ alignment: StackAlignment, depth: Double, rightToLeft: Bool = false) throws -> Scene {
    let frame = axis == .horizontal ? [0, 0, 200, depth] : [0, 0, depth, 200]
    return try Scene(
      container: Container(width: 400, height: 400, isRightToLeft: rightToLeft),
      views: [Build.root(), Build.fixedStack("row", in: "root", frame, [], Build.stackDescription(axis, .fill, alignment, spacing: 10))]
        + leaves(axis))
  }

  /// Frames from (start, depth) across; along the axis a (0, 90), b (100, 60), c (170, 30).
  static func expected(_ axis: Axis, _ spans: [String: (Double, Double)]) -> [String: [Double]] {
    let along: [String: (Double, Double)] = ["a": (0, 90), "b": (100, 60), "c": (170, 30)]
    var result: [String: [Double]] = [:]
    for (id, across) in spans {
      guard let main = along[id] else { continue }
      result[id] = axis == .horizontal ? [main.0, across.0, main.1, across.1] : [across.0, main.0, across.1, main.1]
    }
    return result
  }

  static let cases: [(StackAlignment, Double, [String: (Double, Double)])] = [
    (.fill, 50, ["a": (0, 50), "b": (0, 50), "c": (0, 50)]),
    (.fill, 25, ["a": (0, 25), "b": (0, 25), "c": (0, 25)]),
    (.leading, 50, ["a": (0, 20), "b": (0, 30), "c": (0, 10)]),
    // 25: b cannot stick out, so it is compressed to the canvas.
    (.leading, 25, ["a": (0, 20), "b": (0, 25), "c": (0, 10)]),
    (.trailing, 50, ["a": (30, 20), "b": (20, 30), "c": (40, 10)]),
    (.trailing, 25, ["a": (5, 20), "b": (0, 25), "c": (15, 10)]),
    (.center, 50, ["a": (15, 20), "b": (10, 30), "c": (20, 10)]),
    (.center, 25, ["a": (2.5, 20), "b": (0, 25), "c": (7.5, 10)]),
  ]

  @Test(arguments: Axis.allCases, 0..<cases.count)
  func alignment(_ axis: Axis, _ k: Int) throws {
    let (alignment, depth, spans) = Self.cases[k]
    let both = try Both(Self.scene(axis, alignment, depth: depth))
    both.expect(Self.expected(axis, spans))
  }

  @Test(arguments: [StackAlignment.firstBaseline, .lastBaseline])
  func baselineAlignmentsActAsLeadingInAVerticalStack(_ alignment: StackAlignment) throws {
    let both = try Both(Self.scene(.vertical, alignment, depth: 50))
    both.expect(Self.expected(.vertical, ["a": (0, 20), "b": (0, 30), "c": (0, 10)]))
  }

  /// A horizontal baseline-aligned row whose height its content decides: the only view of
  /// a horizontal centre-aligned stack 300 × 300, which makes it 300 long (a takes the
  /// extra 150: a (0, 190), b (200, 60), c (270, 30)) and centres it.
  static func baselineScene(_ alignment: StackAlignment) throws -> Scene {
    try Scene(
      container: Container(width: 400, height: 400),
      views: [
        Build.root(),
        Build.fixedStack("outer", in: "root", [0, 0, 300, 300], [], Build.stackDescription(.horizontal, .fill, .center)),
        Build.nestedStack("row", in: "outer", Build.stackDescription(.horizontal, .fill, alignment, spacing: 10)),
      ] + leaves(.horizontal))
  }

  @Test func firstBaselineReproducesUIKitsBug() throws {
    // a's first baseline (15) sets the line; b (baseline 20) starts 5 above the row's top,
    // which only binds a (bug #32291130); c (no baseline: its bottom) ends at 15. The row
    // hugs its content down to b's bottom: 25, centred in 300.
    let both = try Both(Self.baselineScene(.firstBaseline))
    both.expect(["row": [0, 137.5, 300, 25], "a": [0, 0, 190, 20], "b": [200, -5, 60, 30], "c": [270, 5, 30, 10]])
  }

  @Test func lastBaselineMirrorsIt() throws {
    // Last baselines: a's at 15 from its top (5 above its bottom), b's 25 (5 above), c's at
    // its bottom. a's bottom binds the row's bottom; every top must stay inside: b's top is
    // 30 above the line + 5, so the row is 30 high and the line at 25.
    let both = try Both(Self.baselineScene(.lastBaseline))
    both.expect(["row": [0, 135, 300, 30], "a": [0, 10, 190, 20], "b": [200, 0, 60, 30], "c": [270, 15, 30, 10]])
  }

  @Test func aFirstBaselineRowWithRoomToSpareSitsAtTheTop() throws {
    // Rule 6a: in a 50-high row the line could sit anywhere from 15 to 40 below the top;
    // the pin puts a's top at the row's, so the line is at 15: b's top at 15 − 20, c's
    // bottom (its baseline) at 15.
    let both = try Both(Self.scene(.horizontal, .firstBaseline, depth: 50))
    both.expect(["a": [0, 0, 90, 20], "b": [100, -5, 60, 30], "c": [170, 5, 30, 10]])
  }

  @Test func aLastBaselineRowWithRoomToSpareSitsAtTheBottom() throws {
    // Mirrored: a's bottom at the row's (50), its last baseline 5 above at 45; b's last
    // baseline 25 below its top puts it at 20; c's bottom (its baseline) at 45.
    let both = try Both(Self.scene(.horizontal, .lastBaseline, depth: 50))
    both.expect(["a": [0, 30, 90, 20], "b": [100, 20, 60, 30], "c": [170, 35, 30, 10]])
  }

  @Test func rightToLeftRunsHorizontalStacksFromTheRight() throws {
    // a first, at the right: a (110, 90), b (40, 60), c (0, 30).
    let both = try Both(Self.scene(.horizontal, .center, depth: 50, rightToLeft: true))
    both.expect(["a": [110, 15, 90, 20], "b": [40, 10, 60, 30], "c": [0, 20, 30, 10]])
  }

  @Test func rightToLeftPutsLeadingAtTheRightAcrossAVerticalStack() throws {
    // Leading across a vertical stack 50 wide is its right edge.
    let both = try Both(Self.scene(.vertical, .leading, depth: 50, rightToLeft: true))
    both.expect(["a": [30, 0, 20, 90], "b": [20, 100, 30, 60], "c": [40, 170, 10, 30]])
  }
}
