import LayoutModel
import Scene

/// `screen.*`: whole screens of the kind that make layout cost what it costs
/// (formats.md section 2.1): a feed of self-sizing rows in a table, a settings screen in a
/// scroll view of stacks, an article under a Dynamic Type sweep. Text is seeded word
/// advances; every screen rotates and changes its text size (docs/workloads.md).
enum ScreenWorkloads {
  /// Dynamic Type's body sizes from xSmall to AX5 over the default (17 pt), the sweep's
  /// scales, ending back at the default.
  static let textScales: [Double] = [14, 15, 16, 19, 21, 23, 28, 33, 40, 47, 53, 17].map { $0 / 17 }

  /// Words of a label: `count` seeded advances of 20 to 90 points on a half-point grid.
  static func words(_ count: Int, _ rng: inout SplitMix64) -> [Double] {
    (0..<count).map { _ in rng.uniform(20, 90, step: 0.5) }
  }

  static func label(
    _ b: inout CaseBuilder, _ id: String, in parent: String, words: [Double], lineHeight: Double, maxLines: Int = 0,
    hugging: (Double, Double) = (250, 250), compressionResistance: (Double, Double) = (750, 750)
  ) {
    b.view(id, in: parent) {
      $0.text = TextContent(words: words, lineHeight: lineHeight, maxLines: maxLines)
      $0.hugging = AxisPair(horizontal: hugging.0, vertical: hugging.1)
      $0.compressionResistance = AxisPair(horizontal: compressionResistance.0, vertical: compressionResistance.1)
    }
  }

  /// A view filling its superview, as a screen's main view fills the window.
  static func fullScreen(_ view: inout ViewDescription) {
    let size = Devices.initial
    CaseBuilder.autoresizing(&view, frame: Rect(x: 0, y: 0, width: size.width, height: size.height), mask: [.flexibleWidth, .flexibleHeight])
  }

  /// The book's ScrollStack recipe: `content`'s four edges on the scroll view's content
  /// guide, its width on the frame guide's.
  static func pinByScrollStackRecipe(_ b: inout CaseBuilder, _ content: String, in scroll: String) {
    for edge in ["top", "bottom", "leading", "trailing"] {
      b.constrain("\(content).\(edge)", "\(content).\(edge)", .equal, "\(scroll).content.\(edge)")
    }
    b.constrain("\(content).width", "\(content).width", .equal, "\(scroll).frame.width")
  }

  /// Rotations through the device cycle and text-size changes, alternating, `count` of
  /// each; then `count` operations that make both changes in one `layout` group (UIKit's
  /// deferred layout: one run of layout passes for the two), phase `rotateAndDynamicType`.
  static func rotationsAndTextSizes(_ b: inout CaseBuilder, _ count: Int) {
    for k in 0..<count {
      let device = Devices.rotationCycle[k % Devices.rotationCycle.count]
      b.operation("resizeContainer", .resizeContainer(width: device.width, height: device.height, safeAreaInsets: device.safeAreaInsets))
      b.operation("dynamicType", .setTextScale(k % 2 == 0 ? 1.35 : 1))
    }
    for k in 0..<count {
      let device = Devices.rotationCycle[(count + k) % Devices.rotationCycle.count]
      let resize = SceneChange.resizeContainer(width: device.width, height: device.height, safeAreaInsets: device.safeAreaInsets)
      b.operation("rotateAndDynamicType", .layout([resize, .setTextScale(k % 2 == 0 ? 1.35 : 1)]))
    }
  }

  // MARK: Feed

  /// Views per feed row: the row (a stack), its header stack, avatar, name and body, and
  /// an attached image on every third row (5⅓ on average); at least 8 rows, so that even
  /// the smallest feed is taller than a screen and scrolls.
  static func feedRows(views n: Int) -> Int { max(8, (3 * n) / 16) }

  static let feed = Workload(
    name: "screen.feed",
    summary: "a table of self-sizing rows (avatar, name, a wrapping body, an image on every third): first layout, scroll by a screen, rotate, Dynamic Type",
    defaultSizes: [100, 1000, 10000], isFrameLayoutOnly: false, sizeMeaning: "views (about 16 per 3 rows)",
    viewCount: { n in
      let rows = feedRows(views: n)
      let total = 2 + 5 * rows + rows / 3
      return total...total
    },
    generate: { size, rng in feedCase(views: size, &rng) })

  /// Rows are vertical stacks (margins 12/16, spacing 8) of a header (avatar 40 × 40, a
  /// one-line name), a body of 4 to 40 words, and on every third row an image 180 high;
  /// estimated row height 200 (near the rows' mean). Operations: scroll down by a screen
  /// (one per five rows, at most 12), then rotations and text-size changes.
  static func feedCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let rows = feedRows(views: n)
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("rows", String(rows)), ("estimatedRowHeight", "200")]
    b.view("root", in: nil)
    b.view("feed", in: "root") {
      fullScreen(&$0)
      $0.table = TableConfiguration(estimatedRowHeight: 200)
    }
    for k in 0..<rows {
      let row = "row\(k)"
      b.stack(row, in: "feed", axis: .vertical, spacing: 8) {
        $0.layoutMargins = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        $0.stack?.isLayoutMarginsRelative = true
      }
      b.stack("\(row).header", in: row, axis: .horizontal, alignment: .center, spacing: 8)
      b.leaf("\(row).avatar", in: "\(row).header", size: (40, 40), hugging: (750, 750), compressionResistance: (760, 760))
      label(&b, "\(row).name", in: "\(row).header", words: words(rng.int(in: 1...3), &rng), lineHeight: 20.5, maxLines: 1)
      label(&b, "\(row).body", in: row, words: words(rng.int(in: 4...40), &rng), lineHeight: 20.5)
      if k % 3 == 2 { b.leaf("\(row).image", in: row, size: (nil, 180)) }
    }
    let screens = min(12, max(1, rows / 5))
    for k in 1...screens {
      b.operation("scroll", .scrollTo([Named("feed", Double(k) * Devices.initial.height)]))
    }
    rotationsAndTextSizes(&b, 4)
    return b.build()
  }

  // MARK: Settings

  static let settings = Workload(
    name: "screen.settings",
    summary: "a settings screen: sections of rows (wrapping title, value or switch) in a stack in a scroll view (the ScrollStack recipe), rotate and Dynamic Type",
    defaultSizes: [100, 1000, 10000], isFrameLayoutOnly: false, sizeMeaning: "views (4 per row)",
    viewCount: { n in
      let (sections, rowsPerSection) = settingsShape(views: n)
      let total = 3 + sections * (2 + 4 * rowsPerSection)
      return total...total
    },
    generate: { size, rng in settingsCase(views: size, &rng) })

  /// Sections of 8 rows (2 for small screens); each section a stack of a header label and
  /// rows, each row a horizontal stack of three views.
  static func settingsShape(views n: Int) -> (sections: Int, rowsPerSection: Int) {
    let rowsPerSection = n < 40 ? 2 : 8
    return (max(1, (n - 3) / (2 + 4 * rowsPerSection)), rowsPerSection)
  }

  /// The content stack C is pinned to the scroll view's content guide on four edges and
  /// its width to the frame guide's (the book's ScrollStack recipe); rows are horizontal
  /// stacks (margins 11/16, centred) of an icon (29 × 29), a title of 1 to 6 words that
  /// wraps, and a one-line value or a switch (51 × 31), which keep their size.
  static func settingsCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let (sections, rowsPerSection) = settingsShape(views: n)
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("sections", String(sections)), ("rowsPerSection", String(rowsPerSection))]
    b.view("root", in: nil)
    b.view("scroll", in: "root") {
      fullScreen(&$0)
      $0.isScrollView = true
    }
    b.stack("content", in: "scroll", axis: .vertical, spacing: 24)
    pinByScrollStackRecipe(&b, "content", in: "scroll")
    for s in 0..<sections {
      let section = "section\(s)"
      b.stack(section, in: "content", axis: .vertical)
      label(&b, "\(section).header", in: section, words: words(rng.int(in: 1...3), &rng), lineHeight: 16, maxLines: 1)
      for r in 0..<rowsPerSection {
        let row = "\(section).row\(r)"
        b.stack(row, in: section, axis: .horizontal, alignment: .center, spacing: 12) {
          $0.layoutMargins = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
          $0.stack?.isLayoutMarginsRelative = true
        }
        b.leaf("\(row).icon", in: row, size: (29, 29), hugging: (750, 750), compressionResistance: (760, 760))
        label(&b, "\(row).title", in: row, words: words(rng.int(in: 1...6), &rng), lineHeight: 20.5)
        if rng.bool(probability: 0.4) {
          b.leaf("\(row).switch", in: row, size: (51, 31), hugging: (750, 750), compressionResistance: (760, 760))
        } else {
          label(
            &b, "\(row).value", in: row, words: words(rng.int(in: 1...2), &rng), lineHeight: 20.5, maxLines: 1,
            hugging: (251, 251), compressionResistance: (751, 750))
        }
      }
    }
    rotationsAndTextSizes(&b, 4)
    return b.build()
  }

  // MARK: Dynamic Type sweep

  static let article = Workload(
    name: "screen.dynamicType",
    summary: "an article of headings and paragraphs in a scroll view, swept through every Dynamic Type size and back",
    defaultSizes: [100, 1000, 10000], isFrameLayoutOnly: false, sizeMeaning: "views (labels, plus 3)",
    viewCount: { n in max(1, n - 3) + 3...max(1, n - 3) + 3 },
    generate: { size, rng in articleCase(views: size, &rng) })

  /// A stack of labels pinned by the ScrollStack recipe: a heading (lines of 28) before
  /// every fifth paragraph, paragraphs of 10 to 120 words (lines of 20.5). One operation
  /// per text size of ``textScales``.
  static func articleCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let labels = max(1, n - 3)
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("labels", String(labels))]
    b.view("root", in: nil)
    b.view("scroll", in: "root") {
      fullScreen(&$0)
      $0.isScrollView = true
    }
    b.stack("text", in: "scroll", axis: .vertical, spacing: 12) {
      $0.layoutMargins = EdgeInsets(top: 16, left: 20, bottom: 16, right: 20)
      $0.stack?.isLayoutMarginsRelative = true
    }
    pinByScrollStackRecipe(&b, "text", in: "scroll")
    for k in 0..<labels {
      if k % 5 == 0 {
        label(&b, "heading\(k)", in: "text", words: words(rng.int(in: 2...8), &rng), lineHeight: 28)
      } else {
        label(&b, "paragraph\(k)", in: "text", words: words(rng.int(in: 10...120), &rng), lineHeight: 20.5)
      }
    }
    for scale in textScales { b.operation("dynamicType", .setTextScale(scale)) }
    return b.build()
  }
}
