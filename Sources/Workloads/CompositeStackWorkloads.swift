import Scene

/// `stack.nested` and `stack.feed`: stacks inside stacks, as screens build them
/// (docs/workloads.md).
///
/// Both sit in an autoresizing "content view" as a scroll view would size it: flexible in
/// width (resizes change every width below it) and exactly as tall as its content, which
/// the generator adds up from the seeded heights (on a half-point grid, so the sums are
/// exact). Nothing is stretched or compressed vertically, as in a scrolling list.
enum CompositeStackWorkloads {
  // MARK: Rows of columns

  static let columnsPerRow = 4
  static let cellsPerColumn = 3
  /// A row, its columns and their cells.
  static let viewsPerRow = 1 + columnsPerRow * (1 + cellsPerColumn)

  static func rowCount(views: Int) -> Int { max(1, Int((Double(views - 2) / Double(viewsPerRow)).rounded())) }

  static let nested = Workload(
    name: "stack.nested",
    summary: "a grid of rows (fillEqually) of 4 columns (vertical stacks of 3 cells), N views in all, alternating resizes",
    defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: true,
    sizeMeaning: "views (2 + 17 per row, rows = round((N - 2) / 17), at least 1)",
    viewCount: { let n = 2 + viewsPerRow * rowCount(views: $0); return n...n },
    generate: { size, rng in nestedCase(views: size, &rng) })

  static func nestedCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let initial = Devices.initial
    let rows = rowCount(views: n)
    var builder = CaseBuilder(container: initial.container)
    builder.parameters = [("rows", String(rows)), ("columns", String(columnsPerRow)), ("cellsPerColumn", String(cellsPerColumn))]
    let rowSpacing = 8.0
    let cellSpacing = 4.0
    var contentHeight = 0.0
    // The grid's frame needs the content height: build the rows first, then the grid.
    var rowViews = CaseBuilder(container: initial.container)
    let alignments: [StackAlignment] = [.fill, .leading, .center, .trailing]
    for r in 0..<rows {
      let row = "row\(r)"
      rowViews.stack(row, in: "grid", axis: .horizontal, distribution: .fillEqually, spacing: 8)
      var rowHeight = 0.0
      for c in 0..<columnsPerRow {
        let column = "\(row).col\(c)"
        rowViews.stack(column, in: row, axis: .vertical, alignment: rng.element(of: alignments), spacing: cellSpacing)
        var columnHeight = cellSpacing * Double(cellsPerColumn - 1)
        for k in 0..<cellsPerColumn {
          let height = rng.uniform(16, 44, step: 0.5)
          columnHeight += height
          rowViews.leaf(
            "\(column).cell\(k)", in: column, size: (rng.uniform(30, 120, step: 0.5), height),
            hugging: (rng.element(of: [250, 251]), rng.element(of: [250, 251, 252])),
            compressionResistance: (rng.element(of: [749, 750, 751]), 750))
        }
        rowHeight = max(rowHeight, columnHeight)
      }
      contentHeight += rowHeight + (r > 0 ? rowSpacing : 0)
    }
    builder.view("root", in: nil)
    builder.stack("grid", in: "root", axis: .vertical, spacing: rowSpacing) {
      CaseBuilder.autoresizing(
        &$0, frame: Rect(x: 16, y: 28, width: initial.width - 32, height: contentHeight), mask: [.flexibleWidth])
    }
    builder.append(views: rowViews.views)
    builder.rotations(Devices.resizeCount(views: 2 + viewsPerRow * rows))
    return builder.build()
  }

  // MARK: Feed

  /// Views in one feed cell (LayoutFrameworkBenchmark's LinkedIn-style item: 14 labels,
  /// images and buttons, 7 stacks).
  static let viewsPerCell = 21

  static func cellCount(views: Int) -> Int { max(1, Int((Double(views - 2) / Double(viewsPerCell)).rounded())) }

  static let feed = Workload(
    name: "stack.feed",
    summary: "a vertical feed of cells of 21 views in nested stacks (LayoutFrameworkBenchmark's feed item), N views in all",
    defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: true,
    sizeMeaning: "views (2 + 21 per cell, cells = round((N - 2) / 21), at least 1)",
    viewCount: { let n = 2 + viewsPerCell * cellCount(views: $0); return n...n },
    generate: { size, rng in feedCase(views: size, &rng) })

  static func feedCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let initial = Devices.initial
    let cells = cellCount(views: n)
    var builder = CaseBuilder(container: initial.container)
    builder.parameters = [("cells", String(cells)), ("viewsPerCell", String(viewsPerCell))]
    var cellViews = CaseBuilder(container: initial.container)
    var contentHeight = 0.0
    for k in 0..<cells {
      contentHeight += feedCell("cell\(k)", &cellViews, &rng) + (k > 0 ? 8 : 0)
    }
    builder.view("root", in: nil)
    builder.stack("feed", in: "root", axis: .vertical, spacing: 8) {
      CaseBuilder.autoresizing(&$0, frame: Rect(x: 0, y: 0, width: initial.width, height: contentHeight), mask: [.flexibleWidth])
    }
    builder.append(views: cellViews.views)
    builder.rotations(Devices.resizeCount(views: 2 + viewsPerCell * cells))
    return builder.build()
  }

  /// One feed item: an action bar, the poster (avatar and three labels), a comment, the
  /// shared content (image, title, domain), the like/comment/share bar and the actor's
  /// row (avatar and comment). Text sizes are seeded. Returns the cell's height. A cell's
  /// margins are its own, not inset from the safe area, as a collection view's cells are:
  /// the first cell sits under the status bar and keeps its content's size.
  static func feedCell(_ id: String, _ b: inout CaseBuilder, _ rng: inout SplitMix64) -> Double {
    let margins = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
    b.stack(id, in: "feed", axis: .vertical, spacing: 8) {
      $0.layoutMargins = margins
      $0.insetsLayoutMarginsFromSafeArea = false
      $0.stack?.isLayoutMarginsRelative = true
    }
    var height = margins.top + margins.bottom + 7 * 8

    b.stack("\(id).actionBar", in: id, axis: .horizontal, alignment: .center, spacing: 8)
    b.leaf("\(id).actionLabel", in: "\(id).actionBar", size: (rng.uniform(100, 260, step: 0.5), 17))
    b.leaf("\(id).optionsButton", in: "\(id).actionBar", size: (24, 24), hugging: (750, 750), compressionResistance: (760, 760))
    height += 24

    b.stack("\(id).poster", in: id, axis: .horizontal, alignment: .center, spacing: 8)
    b.leaf("\(id).posterImage", in: "\(id).poster", size: (44, 44), hugging: (750, 750), compressionResistance: (760, 760))
    b.stack("\(id).posterLabels", in: "\(id).poster", axis: .vertical, alignment: .leading, spacing: 2)
    b.leaf("\(id).posterName", in: "\(id).posterLabels", size: (rng.uniform(60, 180, step: 0.5), 19))
    b.leaf("\(id).posterHeadline", in: "\(id).posterLabels", size: (rng.uniform(80, 300, step: 0.5), 17))
    b.leaf("\(id).posterTime", in: "\(id).posterLabels", size: (rng.uniform(30, 80, step: 0.5), 15))
    height += 55  // max(44, 19 + 2 + 17 + 2 + 15)

    let commentHeight = 17 * Double(rng.int(in: 1...3))
    b.leaf("\(id).posterComment", in: id, size: (rng.uniform(100, 900, step: 0.5), commentHeight))
    let imageHeight = rng.uniform(120, 260, step: 1)
    b.leaf("\(id).contentImage", in: id, size: (nil, imageHeight))
    b.leaf("\(id).contentTitle", in: id, size: (rng.uniform(80, 340, step: 0.5), 19))
    b.leaf("\(id).contentDomain", in: id, size: (rng.uniform(60, 160, step: 0.5), 15))
    height += commentHeight + imageHeight + 19 + 15

    b.stack("\(id).actions", in: id, axis: .horizontal, distribution: .fillEqually)
    for name in ["like", "comment", "share"] {
      b.leaf("\(id).\(name)Button", in: "\(id).actions", size: (rng.uniform(40, 80, step: 0.5), 30))
    }
    height += 30

    b.stack("\(id).actorRow", in: id, axis: .horizontal, alignment: .center, spacing: 8)
    b.leaf("\(id).actorImage", in: "\(id).actorRow", size: (24, 24), hugging: (750, 750), compressionResistance: (760, 760))
    b.leaf("\(id).actorComment", in: "\(id).actorRow", size: (rng.uniform(60, 500, step: 0.5), 17))
    return height + 24  // max(24, 17)
  }
}
