import LayoutModel
import Scene

/// `enaml`: the form of kiwi's enaml-like benchmark (nucleic/kiwi,
/// `benchmarks/enaml_like_benchmark.cpp`: 37 variables, 111 constraints, the window's
/// width and height as edit variables) re-derived as a scene, so published kiwi numbers
/// have a twin here. docs/workloads.md gives the full mapping.
///
/// The window is the root (its left/top are the root's origin, its width/height the
/// container); kiwi's `contents_*` variables, 10 inside the window, are the root's margins
/// guide (margins 10); `midline` is a layout guide whose left edge is the only thing
/// constrained. The seven widgets — labels `lb1`…`lb3`, fields `fl1`…`fl3` and `ct` —
/// are views. Every other kiwi constraint becomes one user constraint `kN` (N its index in
/// kiwi's list), with kiwi's strengths mapped to scene priorities in the same order:
/// required 1000, strong 750, kiwi's `create(0, 100, 0)` 600, `create(0, 1, 0, 1.25)` 500,
/// medium 250, weak 1. Six kiwi constraints need no user constraint: `left >= 0` and
/// `top >= 0` (the root sits at 0) and the four definitions of `contents_*` (the margins).
///
/// One departure: the two `fl3` gap equalities (k41, k71) are one step below the other
/// medium ones (499). Under kiwi's weighted sum the window's spare height can go into any
/// of five places at the same cost (kiwi's pivoting picks the gap above `fl3`); ranked
/// lexicographically that is a tie, which the lower rank breaks the same way, so the
/// layout is unique and equals kiwi's (checked by the tests at 400 × 600).
///
/// Trace: kiwi's six window sizes in turn, each a `resizeContainer` (kiwi's two
/// `suggestValue` calls and `updateVariables`), four times.
enum EnamlWorkload {
  static let required = 1000.0
  static let strong = 750.0
  static let strongMedium = 600.0
  static let mediumPlus = 500.0
  static let demotedGap = 499.0
  static let medium = 250.0
  static let weak = 1.0

  /// kiwi's `suggest_value` arguments, in its order.
  static let windowSizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
  static let cycles = 4

  static let workload = Workload(
    name: "enaml",
    summary: "kiwi's enaml-like form (37 variables, 111 constraints) as a scene: 105 user constraints, window resizes",
    defaultSizes: [1], isFrameLayoutOnly: false, sizeMeaning: "one size", sizes: 1...1, isSeeded: false,
    viewCount: { _ in 8...8 },
    generate: { _, _ in enamlCase() })

  /// One kiwi constraint: `first RELATION second + constant` at a priority; `second` nil
  /// for a constant.
  struct Entry {
    var index: Int
    var first: String
    var relation: Relation
    var second: String?
    var constant: Double
    var priority: Double
  }

  static func enamlCase() -> WorkloadCase {
    let (width, height) = windowSizes[0]
    var b = CaseBuilder(container: Container(width: width, height: height))
    b.parameters = [("source", "nucleic/kiwi benchmarks/enaml_like_benchmark.cpp")]
    b.view("root", in: nil) { $0.layoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10) }
    for widget in ["lb1", "lb2", "lb3", "fl1", "fl2", "fl3", "ct"] { b.view(widget, in: "root") }
    b.guide("midline", owner: "root")
    for entry in entries {
      b.constrain(
        "k\(entry.index)", entry.first, entry.relation, entry.second, constant: entry.constant, priority: entry.priority)
    }
    for k in 0..<(cycles * windowSizes.count) {
      let (w, h) = windowSizes[(k + 1) % windowSizes.count]
      b.operation("resizeContainer", .resizeContainer(width: w, height: h, safeAreaInsets: nil))
    }
    return b.build()
  }

  /// kiwi's constraints in its order, absorbed ones left out (indices 0, 2, 5, 46, 47, 48).
  static let entries: [Entry] = {
    var list: [Entry] = []
    func add(_ index: Int, _ first: String, _ relation: Relation, _ second: String?, _ constant: Double = 0, _ priority: Double) {
      list.append(Entry(index: index, first: first, relation: relation, second: second, constant: constant, priority: priority))
    }
    /// kiwi's `x >= 0` for a widget's left/top (positions: against the root's edge at 0)
    /// or width/height (a constant).
    func nonNegative(_ index: Int, _ anchor: String) {
      let attribute = anchor.split(separator: ".").last!
      if attribute == "left" || attribute == "top" {
        add(index, anchor, .greaterThanOrEqual, "root.\(attribute)", 0, required)
      } else {
        add(index, anchor, .greaterThanOrEqual, nil, 0, required)
      }
    }
    add(1, "root.height", .equal, nil, 0, medium)
    add(3, "root.width", .greaterThanOrEqual, nil, 0, required)
    add(4, "root.height", .greaterThanOrEqual, nil, 0, required)
    add(6, "lb3.height", .equal, nil, 16, strong)
    add(7, "lb3.height", .greaterThanOrEqual, nil, 16, strong)
    for (i, anchor) in [(8, "ct.left"), (9, "ct.top"), (10, "ct.width"), (11, "ct.height"), (12, "fl3.left")] {
      nonNegative(i, anchor)
    }
    add(13, "ct.height", .greaterThanOrEqual, nil, 24, strongMedium)
    add(14, "ct.width", .lessThanOrEqual, nil, 16_777_200, strongMedium)
    add(15, "ct.height", .lessThanOrEqual, nil, 24, strongMedium)
    for (i, anchor) in [(16, "fl3.top"), (17, "fl3.width"), (18, "fl3.height")] { nonNegative(i, anchor) }
    add(19, "lb1.width", .equal, nil, 67, weak)
    for (i, anchor) in [(20, "lb2.width"), (21, "lb2.height"), (22, "fl2.height"), (23, "lb3.left")] {
      nonNegative(i, anchor)
    }
    add(24, "fl2.width", .greaterThanOrEqual, nil, 125, strong)
    add(25, "fl2.height", .equal, nil, 21, strong)
    add(26, "fl2.height", .greaterThanOrEqual, nil, 21, strong)
    for (i, anchor) in [(27, "lb3.top"), (28, "lb3.width"), (29, "fl1.left"), (30, "fl1.width")] { nonNegative(i, anchor) }
    add(31, "lb1.width", .greaterThanOrEqual, nil, 67, strong)
    nonNegative(32, "fl2.left")
    add(33, "lb2.width", .equal, nil, 66, weak)
    add(34, "lb2.width", .greaterThanOrEqual, nil, 66, strong)
    add(35, "lb2.height", .equal, nil, 16, strong)
    for (i, anchor) in [(36, "fl1.height"), (37, "fl1.top"), (38, "lb2.top")] { nonNegative(i, anchor) }
    add(39, "lb3.top", .equal, "lb2.bottom", 10, mediumPlus)
    add(40, "fl3.top", .greaterThanOrEqual, "lb3.bottom", 10, required)
    add(41, "fl3.top", .equal, "lb3.bottom", 10, demotedGap)
    add(42, "root.bottomMargin", .equal, "fl3.bottom", 0, mediumPlus)
    add(43, "fl1.top", .greaterThanOrEqual, "root.topMargin", 0, required)
    add(44, "fl1.top", .equal, "root.topMargin", 0, mediumPlus)
    add(45, "root.bottomMargin", .greaterThanOrEqual, "fl3.bottom", 0, required)
    add(49, "lb3.left", .equal, "root.leftMargin", 0, mediumPlus)
    add(50, "fl1.left", .equal, "midline.left", 0, strong)
    add(51, "fl2.left", .equal, "midline.left", 0, strong)
    add(52, "ct.left", .equal, "midline.left", 0, strong)
    add(53, "fl1.centerY", .equal, "lb1.centerY", 0, strong)
    add(54, "lb1.left", .greaterThanOrEqual, "root.leftMargin", 0, required)
    add(55, "lb1.left", .equal, "root.leftMargin", 0, mediumPlus)
    add(56, "fl1.left", .greaterThanOrEqual, "lb1.right", 10, required)
    add(57, "fl1.left", .equal, "lb1.right", 10, mediumPlus)
    add(58, "root.rightMargin", .greaterThanOrEqual, "fl1.right", 0, required)
    add(59, "root.width", .equal, nil, 0, medium)
    add(60, "fl2.top", .greaterThanOrEqual, "fl1.bottom", 10, required)
    add(61, "fl2.top", .equal, "fl1.bottom", 10, mediumPlus)
    add(62, "ct.top", .greaterThanOrEqual, "fl2.bottom", 10, required)
    add(63, "fl3.top", .greaterThanOrEqual, "ct.bottom", 10, required)
    add(64, "root.bottomMargin", .greaterThanOrEqual, "fl3.bottom", 0, required)
    add(65, "ct.top", .equal, "fl2.bottom", 10, mediumPlus)
    add(66, "root.rightMargin", .equal, "fl1.right", 0, mediumPlus)
    add(67, "fl2.centerY", .equal, "lb2.centerY", 0, strong)
    add(68, "lb2.left", .greaterThanOrEqual, "root.leftMargin", 0, required)
    add(69, "lb2.left", .equal, "root.leftMargin", 0, mediumPlus)
    add(70, "fl2.left", .greaterThanOrEqual, "lb2.right", 10, required)
    add(71, "fl3.top", .equal, "ct.bottom", 10, demotedGap)
    add(72, "root.bottomMargin", .equal, "fl3.bottom", 0, mediumPlus)
    for (i, anchor) in [(73, "lb1.top"), (74, "lb1.width"), (75, "lb1.height")] { nonNegative(i, anchor) }
    add(76, "fl2.left", .equal, "lb2.right", 10, mediumPlus)
    add(77, "root.rightMargin", .equal, "fl2.right", 0, mediumPlus)
    add(78, "root.rightMargin", .greaterThanOrEqual, "fl2.right", 0, required)
    add(79, "lb3.left", .greaterThanOrEqual, "root.leftMargin", 0, required)
    nonNegative(80, "lb1.left")
    add(81, "ct.centerY", .equal, "lb3.centerY", 0, strong)
    add(82, "ct.left", .greaterThanOrEqual, "lb3.right", 10, required)
    add(83, "root.rightMargin", .greaterThanOrEqual, "ct.right", 0, required)
    add(84, "ct.left", .equal, "lb3.right", 10, mediumPlus)
    add(85, "fl3.left", .greaterThanOrEqual, "root.leftMargin", 0, required)
    add(86, "fl3.left", .equal, "root.leftMargin", 0, mediumPlus)
    add(87, "root.rightMargin", .equal, "ct.right", 0, mediumPlus)
    add(88, "root.rightMargin", .equal, "fl3.right", 0, mediumPlus)
    add(89, "lb1.top", .greaterThanOrEqual, "root.topMargin", 0, required)
    add(90, "lb1.top", .equal, "root.topMargin", 0, mediumPlus)
    add(91, "root.rightMargin", .greaterThanOrEqual, "fl3.right", 0, required)
    add(92, "lb2.top", .greaterThanOrEqual, "lb1.bottom", 10, required)
    add(93, "lb3.top", .greaterThanOrEqual, "lb2.bottom", 10, required)
    add(94, "lb2.top", .equal, "lb1.bottom", 10, mediumPlus)
    add(95, "fl1.height", .equal, nil, 21, strong)
    add(96, "fl1.height", .greaterThanOrEqual, nil, 21, strong)
    nonNegative(97, "lb2.left")
    add(98, "lb2.height", .greaterThanOrEqual, nil, 16, strong)
    for (i, anchor) in [(99, "fl2.top"), (100, "fl2.width")] { nonNegative(i, anchor) }
    add(101, "lb1.height", .greaterThanOrEqual, nil, 16, strong)
    add(102, "lb1.height", .equal, nil, 16, strong)
    add(103, "fl3.width", .greaterThanOrEqual, nil, 125, strong)
    add(104, "fl3.height", .equal, nil, 21, strong)
    add(105, "fl3.height", .greaterThanOrEqual, nil, 21, strong)
    nonNegative(106, "lb3.height")
    add(107, "ct.width", .greaterThanOrEqual, nil, 119, strongMedium)
    add(108, "lb3.width", .equal, nil, 24, weak)
    add(109, "lb3.width", .greaterThanOrEqual, nil, 24, strong)
    add(110, "fl1.width", .greaterThanOrEqual, nil, 125, strong)
    return list
  }()
}
