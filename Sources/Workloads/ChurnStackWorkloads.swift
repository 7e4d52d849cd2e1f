import Scene

/// The churn patterns of autolayout-semantics.md section 10.4 that stacks absorb:
/// `churn.hideUnhide`, `churn.dynamicType` and `churn.axisToggle` (docs/workloads.md).
///
/// Each is a scrolling list: a vertical stack in an autoresizing content view, flexible in
/// width, as tall as its tallest state plus 20, and ending in a footer whose vertical
/// hugging is 1, so the slack a state leaves goes to the footer and nothing compresses.
/// No user constraints: springs-struts lays these out too.
enum ChurnStackWorkloads {
  static let operationCount = 20

  /// The list's content view, the footer that takes up the slack, and the list itself.
  static func list(_ b: inout CaseBuilder, spacing: Double, contentHeight: Double, rows: [ViewDescription]) {
    b.view("root", in: nil)
    b.stack("list", in: "root", axis: .vertical, spacing: spacing) {
      CaseBuilder.autoresizing(
        &$0, frame: Rect(x: 0, y: 20, width: Devices.initial.width, height: contentHeight + 20), mask: [.flexibleWidth])
    }
    b.append(views: rows)
    b.leaf("list.footer", in: "list", size: (nil, 20), hugging: (250, 1))
  }

  // MARK: Hide and unhide

  static let optionsPerSection = 6
  /// A section stack, its header row (a stack, a title and a chevron) and its options.
  static let viewsPerSection = 4 + optionsPerSection

  static func sectionCount(views: Int) -> Int {
    max(1, Int((Double(views - 3) / Double(viewsPerSection)).rounded()))
  }

  static let hideUnhide = Workload(
    name: "churn.hideUnhide",
    summary: "a settings screen of collapsible sections: each operation hides or shows one section's option cells",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: true, sizeMeaning: "views (3 + 10 per section)",
    viewCount: { let n = 3 + viewsPerSection * sectionCount(views: $0); return n...n },
    generate: { size, rng in hideUnhideCase(views: size, &rng) })

  /// Sections: a header row (title, chevron) over six option cells (leaves: hidden views
  /// are leaves, so nothing below a hidden view is left unplaced). Each operation picks a
  /// section (seeded) and collapses or expands it: one `setHidden` step for its six cells.
  static func hideUnhideCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let sections = sectionCount(views: n)
    var rows = CaseBuilder(container: Devices.initial.container)
    let headerHeight = 22.0
    let cellHeight = 44.0
    for k in 0..<sections {
      let s = "section\(k)"
      rows.stack(s, in: "list", axis: .vertical)
      rows.stack("\(s).header", in: s, axis: .horizontal, alignment: .center, spacing: 8)
      rows.leaf("\(s).title", in: "\(s).header", size: (rng.uniform(80, 220, step: 0.5), headerHeight))
      rows.leaf("\(s).chevron", in: "\(s).header", size: (12, 20), hugging: (750, 750), compressionResistance: (760, 760))
      for j in 0..<optionsPerSection {
        rows.leaf("\(s).option\(j)", in: s, size: (rng.uniform(120, 360, step: 0.5), cellHeight))
      }
    }
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("sections", String(sections)), ("optionsPerSection", String(optionsPerSection))]
    list(&b, spacing: 0, contentHeight: Double(sections) * (headerHeight + Double(optionsPerSection) * cellHeight), rows: rows.views)
    var collapsed = Array(repeating: false, count: sections)
    for _ in 0..<operationCount {
      let k = rng.int(in: 0...(sections - 1))
      collapsed[k].toggle()
      b.operation(
        "hideUnhide", .setHidden((0..<optionsPerSection).map { Named("section\(k).option\($0)", collapsed[k]) }))
    }
    return b.build()
  }

  // MARK: Dynamic Type

  /// Body point sizes of the seven standard content size categories, XS to XXXL
  /// (autolayout-semantics.md 10.2: Body is 17 at Large).
  static let categorySizes: [Double] = [14, 15, 16, 17, 19, 21, 23]
  static let largeCategory = 3
  /// Large, up to XXXL, down to XS, back up to Large and beyond: 20 changes.
  static let categoryTrace = [4, 5, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 3]

  static func rowCount(views: Int) -> Int { max(1, Int((Double(views - 3) / 4).rounded())) }

  static let dynamicType = Workload(
    name: "churn.dynamicType",
    summary: "a list of icon/title/detail rows: each operation is a content size category change (every label's intrinsic size)",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: true, sizeMeaning: "views (3 + 4 per row)",
    viewCount: { let n = 3 + 4 * rowCount(views: $0); return n...n },
    generate: { size, rng in dynamicTypeCase(views: size, &rng) })

  /// Rows: a horizontal stack (margins 8/16, centred) of an icon (29 × 29), a title and a
  /// detail label whose sizes scale with the body point size (on a half-point grid). The
  /// detail gives way first (compression resistance 749). Title widths are bounded so the
  /// title still fits the narrowest row at XXXL: nothing goes below zero.
  static func dynamicTypeCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let rowTotal = rowCount(views: n)
    var rows = CaseBuilder(container: Devices.initial.container)
    var base: [(title: Double, detail: Double)] = []
    for i in 0..<rowTotal {
      let r = "row\(i)"
      rows.stack(r, in: "list", axis: .horizontal, alignment: .center, spacing: 12) {
        $0.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        $0.stack?.isLayoutMarginsRelative = true
      }
      rows.leaf("\(r).icon", in: r, size: (29, 29), hugging: (750, 750), compressionResistance: (760, 760))
      let widths = (title: rng.uniform(60, 128, step: 0.5), detail: rng.uniform(60, 220, step: 0.5))
      base.append(widths)
      let sizes = labelSizes(widths, category: largeCategory)
      rows.leaf("\(r).title", in: r, size: (sizes.title.0, sizes.title.1), hugging: (251, 251))
      rows.leaf("\(r).detail", in: r, size: (sizes.detail.0, sizes.detail.1), compressionResistance: (749, 750))
    }
    let largest = labelSizes((0, 0), category: categorySizes.count - 1)
    let rowHeight = 16 + max(29, largest.title.1, largest.detail.1)
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("rows", String(rowTotal)), ("categories", "XS…XXXL")]
    list(&b, spacing: 0, contentHeight: Double(rowTotal) * rowHeight, rows: rows.views)
    for category in categoryTrace {
      var entries: [Named<AxisPair<Double?>>] = []
      for (i, widths) in base.enumerated() {
        let sizes = labelSizes(widths, category: category)
        entries.append(Named("row\(i).title", AxisPair(horizontal: sizes.title.0, vertical: sizes.title.1)))
        entries.append(Named("row\(i).detail", AxisPair(horizontal: sizes.detail.0, vertical: sizes.detail.1)))
      }
      b.operation("dynamicType", .setIntrinsicSize(entries))
    }
    return b.build()
  }

  /// Title and detail sizes at a category: widths and line heights (22 and 17 at Large)
  /// scaled with the point size, on a half-point grid.
  static func labelSizes(
    _ widths: (title: Double, detail: Double), category: Int
  ) -> (title: (Double, Double), detail: (Double, Double)) {
    let f = categorySizes[category] / categorySizes[largeCategory]
    func grid(_ x: Double) -> Double { (x * 2).rounded() / 2 }
    return ((grid(widths.title * f), grid(22 * f)), (grid(widths.detail * f), grid(17 * f)))
  }

  // MARK: Axis toggle

  static let buttonsPerCard = 3

  static func cardCount(views: Int) -> Int { max(1, Int((Double(views - 3) / 6).rounded())) }

  static let axisToggle = Workload(
    name: "churn.axisToggle",
    summary: "cards with a row of three buttons that all turn vertical and back (accessibility text size), one setStack step",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: true, sizeMeaning: "views (3 + 6 per card)",
    viewCount: { let n = 3 + 6 * cardCount(views: $0); return n...n },
    generate: { size, rng in axisToggleCase(views: size, &rng) })

  /// Cards (a vertical stack, margins 8/16): a title over a fillEqually stack of three
  /// buttons, horizontal at first. Each operation sets every button stack's axis to the
  /// other one (the trait change of AdaptType-v1 / Challenge 10.2).
  static func axisToggleCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let cards = cardCount(views: n)
    var rows = CaseBuilder(container: Devices.initial.container)
    let buttonHeight = 44.0
    for k in 0..<cards {
      let c = "card\(k)"
      rows.stack(c, in: "list", axis: .vertical, spacing: 6) {
        $0.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        $0.stack?.isLayoutMarginsRelative = true
      }
      rows.leaf("\(c).title", in: c, size: (rng.uniform(80, 240, step: 0.5), 20))
      rows.stack("\(c).buttons", in: c, axis: .horizontal, distribution: .fillEqually, spacing: 8)
      for j in 0..<buttonsPerCard {
        rows.leaf("\(c).button\(j)", in: "\(c).buttons", size: (rng.uniform(60, 120, step: 0.5), buttonHeight))
      }
    }
    // Tallest state: every button stack vertical.
    let column = Double(buttonsPerCard) * buttonHeight + Double(buttonsPerCard - 1) * 8
    let cardHeight = 16 + 20 + 6 + column
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("cards", String(cards)), ("buttonsPerCard", String(buttonsPerCard))]
    list(&b, spacing: 12, contentHeight: Double(cards) * (cardHeight + 12), rows: rows.views)
    var axis = Axis.horizontal
    for _ in 0..<operationCount {
      axis = axis.other
      var stack = StackDescription()
      stack.axis = axis
      b.operation("axisToggle", .setStack((0..<cards).map { Named("card\($0).buttons", stack) }))
    }
    return b.build()
  }
}
