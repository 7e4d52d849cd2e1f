import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Fill tie-breaks, nesting, hidden views, custom spacing, margins and baseline-relative
/// arrangement, hand-derived.
@Suite struct StackFeatureTests {
  /// A horizontal row of a (40 × 20), b (60 × 30), c (30 × 10), all hugging 250 and
  /// resisting 750, in an autoresizing stack of the given frame.
  static func tiedRow(_ frame: [Double], _ stack: StackDescription, hidden: Set<String> = []) throws -> Scene {
    try Scene(
      container: Container(width: 400, height: 400),
      views: [
        Build.root(), Build.fixedStack("row", in: "root", frame, [], stack),
        Build.leaf("a", in: "row", 40, 20, hidden: hidden.contains("a")),
        Build.leaf("b", in: "row", 60, 30, hidden: hidden.contains("b")),
        Build.leaf("c", in: "row", 30, 10, hidden: hidden.contains("c")),
      ])
  }

  @Test func tiedHuggingStretchesTheEarliestView() throws {
    // 200 − 150 = 50 extra: equal hugging, so a (index 0) stretches.
    let both = try Both(Self.tiedRow([0, 0, 200, 30], Build.stackDescription(spacing: 10)))
    both.expect(["a": [0, 0, 90, 30], "b": [100, 0, 60, 30], "c": [170, 0, 30, 30]])
  }

  @Test func tiedCompressionResistanceShrinksTheLastViewFirst() throws {
    // 130: 20 short, equal resistance: the tie-break makes shrinking the last view
    // cheapest, so c gives all of it.
    var both = try Both(Self.tiedRow([0, 0, 130, 30], Build.stackDescription(spacing: 10)))
    both.expect(["a": [0, 0, 40, 30], "b": [50, 0, 60, 30], "c": [120, 0, 10, 30]])
    try both.apply(.setStack([Named("row", { var s = StackDescription(); s.spacing = 0; return s }())]))
    // Without gaps the 130 is exactly the intrinsic lengths.
    both.expect(["a": [0, 0, 40, 30], "b": [40, 0, 60, 30], "c": [100, 0, 30, 30]])
  }

  @Test func hiddenViewsTakeNoPartButKeepTheirIndex() throws {
    // b hidden: a and c with one gap of 10, 200 − 80 = 120 extra to a.
    var both = try Both(Self.tiedRow([0, 0, 200, 30], Build.stackDescription(spacing: 10), hidden: ["b"]))
    both.expect(["a": [0, 0, 160, 30], "c": [170, 0, 30, 30]])
    try both.apply(.setHidden([Named("a", true)]))
    // Only c: it fills the row.
    both.expect(["c": [0, 0, 200, 30]])
    try both.apply(.setHidden([Named("a", false), Named("b", false)]))
    both.expect(["a": [0, 0, 90, 30], "b": [100, 0, 60, 30], "c": [170, 0, 30, 30]])
  }

  @Test func customSpacingFollowsItsView() throws {
    // 20 after a, 10 after b: 130 + 30 = 160, a takes the 40 extra.
    let both = try Both(Self.tiedRow([0, 0, 200, 30], Build.stackDescription(spacing: 10, custom: [("a", 20)])))
    both.expect(["a": [0, 0, 80, 30], "b": [100, 0, 60, 30], "c": [170, 0, 30, 30]])
  }

  @Test func layoutMarginsRelativeArrangesInTheMargins() throws {
    // Default margins 8: the 216 × 46 row has a 200 × 30 canvas at (8, 8).
    let both = try Both(Self.tiedRow([0, 0, 216, 46], Build.stackDescription(spacing: 10, margins: true)))
    both.expect(["a": [8, 8, 90, 30], "b": [108, 8, 60, 30], "c": [178, 8, 30, 30]])
  }

  @Test func baselineRelativeArrangementMeasuresGapsBetweenBaselines() throws {
    // Vertical, spacing 8: b's first baseline (20) sits 8 below a's last (15): b's top at 3;
    // c has no baselines, so its bottom sits 8 below b's last baseline (3 + 25): top 26.
    // Neither a nor c reaches an end by its size, so the stack must be 36 high exactly.
    func scene(height: Double) throws -> Scene {
      try Scene(
        container: Container(width: 400, height: 400),
        views: [
          Build.root(),
          Build.fixedStack("col", in: "root", [0, 0, 100, height], [], Build.stackDescription(.vertical, .fill, .leading, spacing: 8, baselines: true)),
          Build.leaf("a", in: "col", 40, 20, baseline: [15, 15]), Build.leaf("b", in: "col", 60, 30, baseline: [20, 25]),
          Build.leaf("c", in: "col", 30, 10),
        ])
    }
    let both = try Both(scene(height: 36))
    both.expect(["a": [0, 0, 40, 20], "b": [0, 3, 60, 30], "c": [0, 26, 30, 10]])
    #expect(throws: LayoutError.unsupported("springs-struts cannot express stack 'col' (its required heights conflict: the constraint backends would break one)")) {
      try SpringsAndStruts().layOut(scene(height: 50))
    }
  }

  @Test func nestedStacksHugTheirContent() throws {
    // A vertical 300 × 200 column (spacing 10) of a label (100 × 20) and a row (spacing 8)
    // of x (40 × 30) and y (60 × 20). Stretching the label costs one 250 hugging, the row
    // two, so the label takes the height: the row stays at 30 (y stretching beats x
    // shrinking), the label 160. Across, fill: everything 300 wide; in the row x (the
    // earlier) takes the 192 extra.
    let both = try Both(
      Scene(
        container: Container(width: 400, height: 400),
        views: [
          Build.root(),
          Build.fixedStack("column", in: "root", [0, 0, 300, 200], [], Build.stackDescription(.vertical, spacing: 10)),
          Build.leaf("label", in: "column", 100, 20),
          Build.nestedStack("row", in: "column", Build.stackDescription(spacing: 8)),
          Build.leaf("x", in: "row", 40, 30), Build.leaf("y", in: "row", 60, 20),
        ]))
    both.expect(["label": [0, 0, 300, 160], "row": [0, 170, 300, 30], "x": [0, 0, 232, 30], "y": [240, 0, 60, 30]])
  }

  @Test func aNestedStackAlongAnAxisNothingSizesTakesItsContentSize() throws {
    // A row (spacing 8) of x (40 × 30) and y (60 × 20) centred in a 300 × 200 column:
    // 108 × 30, centred across.
    let both = try Both(
      Scene(
        container: Container(width: 400, height: 400),
        views: [
          Build.root(),
          Build.fixedStack("column", in: "root", [0, 0, 300, 200], [], Build.stackDescription(.vertical, .equalSpacing, .center)),
          Build.nestedStack("row", in: "column", Build.stackDescription(spacing: 8)),
          Build.leaf("x", in: "row", 40, 30), Build.leaf("y", in: "row", 60, 20),
        ]))
    both.expect(["row": [96, 0, 108, 200], "x": [0, 0, 40, 200], "y": [48, 0, 60, 200]])
  }

  @Test func wrappingTextGetsItsShareOfTheRow() throws {
    // Rule 7: the label's width == 300 / 2 at 759 beats a switch hugging at 750; the
    // switch (51 wide) gets the rest, 300 − 8 − 150 = 142.
    var label = Build.leaf("label", in: "row", 400, 40)
    label.wrapsText = true
    label.compressionResistance = AxisPair(horizontal: 250, vertical: 750)
    let both = try Both(
      Scene(
        container: Container(width: 400, height: 400),
        views: [
          Build.root(), Build.fixedStack("row", in: "root", [0, 0, 300, 40], [], Build.stackDescription(spacing: 8)),
          label, Build.leaf("switch", in: "row", 51, 31, hugging: [750, 750]),
        ]))
    both.expect(["label": [0, 0, 150, 40], "switch": [158, 0, 142, 40]])
  }
}
