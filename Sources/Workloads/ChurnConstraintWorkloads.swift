import Scene

/// The churn patterns of autolayout-semantics.md section 10.4 on screens laid out with
/// constraints: `churn.constantAnimation`, `churn.sizeClassSwap` and its anti-pattern
/// twin `churn.rebuild` (docs/workloads.md).
enum ChurnConstraintWorkloads {
  // MARK: Constant animation

  static let animationFrames = 20
  /// The sheet starts 200 above its resting place (B ch.9 Animate-v1: centerY −200 → 0).
  static let animationDistance = 200.0

  static func sheetRows(views: Int) -> Int { max(1, (views - 5) / 3) }

  static let constantAnimation = Workload(
    name: "churn.constantAnimation",
    summary: "a sign-in sheet (form of label/field rows in a stack) slides in and out: one centerY constant per frame",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: false, sizeMeaning: "views (5 + 3 per form row)",
    viewCount: { let n = 5 + 3 * sheetRows(views: $0); return n...n },
    generate: { size, rng in constantAnimationCase(views: size, &rng) })

  /// The sheet is pinned to the root's side margins and centred vertically with a
  /// constant; the form (a vertical stack: title, rows, submit button) is pinned to the
  /// sheet's margins, so the sheet is as tall as the form. The sheet's margins are fixed
  /// padding, not inset from its safe area: taller than the screen from 100 views on, the
  /// centred sheet reaches into the status bar, and margins following that inset would
  /// grow it, move it, change the inset again and settle only after more than 8 passes (a
  /// layout loop). Frames 1–10 ease out from −200 to 0 (`c = −200 (1 − t)³`), frames 11–20
  /// ease back in to −200 (`c = −200 t³`).
  static func constantAnimationCase(views n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let rows = sheetRows(views: n)
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("rows", String(rows)), ("frames", String(animationFrames))]
    b.view("root", in: nil)
    b.view("sheet", in: "root") {
      $0.layoutMargins = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
      $0.insetsLayoutMarginsFromSafeArea = false
    }
    b.stack("form", in: "sheet", axis: .vertical, spacing: 12)
    b.leaf("form.title", in: "form", size: (rng.uniform(120, 220, step: 0.5), 28), hugging: (250, 251))
    for i in 0..<rows {
      b.stack("row\(i)", in: "form", axis: .horizontal, alignment: .center, spacing: 8)
      b.leaf("row\(i).label", in: "row\(i)", size: (rng.uniform(60, 110, step: 0.5), 21), hugging: (251, 251))
      b.leaf(
        "row\(i).field", in: "row\(i)", size: (rng.uniform(100, 220, step: 0.5), 34), hugging: (249, 250),
        compressionResistance: (749, 750))
    }
    b.leaf("form.submit", in: "form", size: (rng.uniform(80, 120, step: 0.5), 44), hugging: (250, 750))
    b.constrain("sheetLeading", "sheet.leading", .equal, "root.leadingMargin")
    b.constrain("sheetTrailing", "root.trailingMargin", .equal, "sheet.trailing")
    b.constrain("sheetCenterY", "sheet.centerY", .equal, "root.centerY", constant: -animationDistance)
    b.constrain("formTop", "form.top", .equal, "sheet.topMargin")
    b.constrain("formLeading", "form.leading", .equal, "sheet.leadingMargin")
    b.constrain("formTrailing", "sheet.trailingMargin", .equal, "form.trailing")
    b.constrain("formBottom", "sheet.bottomMargin", .equal, "form.bottom")
    let half = animationFrames / 2
    for frame in 1...animationFrames {
      let value: Double
      if frame <= half {
        let t = Double(frame) / Double(half)
        value = -animationDistance * (1 - t) * (1 - t) * (1 - t)
      } else {
        let t = Double(frame - half) / Double(half)
        value = -animationDistance * t * t * t
      }
      b.operation("constantAnimation", .setConstant([Named("sheetCenterY", value)]))
    }
    return b.build()
  }

  // MARK: Size-class swap and rebuild

  static let swapOperations = 20

  static func tileCount(views: Int) -> Int { max(1, (views - 1) / 3) }

  static let sizeClassSwap = Workload(
    name: "churn.sizeClassSwap",
    summary: "a product grid with prebuilt 2-column and 4-column constraint sets: deactivate one, activate the other",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: false, sizeMeaning: "views (1 + 3 per tile)",
    viewCount: { let n = 1 + 3 * tileCount(views: $0); return n...n },
    generate: { size, rng in gridCase(views: size, rebuild: false, &rng) })

  static let rebuild = Workload(
    name: "churn.rebuild",
    summary: "the grid of churn.sizeClassSwap switched by removing every user constraint and adding the other layout's (anti-pattern)",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: false, sizeMeaning: "views (1 + 3 per tile)",
    viewCount: { let n = 1 + 3 * tileCount(views: $0); return n...n },
    generate: { size, rng in gridCase(views: size, rebuild: true, &rng) })

  /// An iPad product grid (autolayout-semantics.md 10.4: width-class constraint sets).
  /// Each tile holds an image (4:3, as wide as the tile) over a caption; those
  /// constraints are common to both layouts. The 2-column (`compact.*`) and 4-column
  /// (`regular.*`) sets place the tiles: the first tile's width from the root's, the
  /// others equal to it, each tile after its left neighbour or at the leading margin,
  /// below the tile above or at the top margin.
  ///
  /// `sizeClassSwap` holds both sets (regular inactive) and each operation is a
  /// `deactivate` of the active set then an `activate` of the other. `rebuild` holds only
  /// the active layout's constraints and each operation removes every user constraint,
  /// then adds the common ones and the other set's: the same layouts, the anti-pattern way.
  static func gridCase(views n: Int, rebuild: Bool, _ rng: inout SplitMix64) -> WorkloadCase {
    let tiles = tileCount(views: n)
    var b = CaseBuilder(container: Devices.iPadPortrait.container)
    b.parameters = [("tiles", String(tiles)), ("columns", "2/4")]
    b.view("root", in: nil)
    var common: [ConstraintDescription] = []
    for i in 0..<tiles {
      let t = "t\(i)"
      b.view(t, in: "root")
      b.view("\(t).image", in: t)
      b.leaf("\(t).caption", in: t, size: (rng.uniform(60, 200, step: 0.5), 17))
      common += [
        CaseBuilder.anchors("\(t).imageTop", "\(t).image.top", .equal, "\(t).top"),
        CaseBuilder.anchors("\(t).imageLeading", "\(t).image.leading", .equal, "\(t).leading"),
        CaseBuilder.anchors("\(t).imageTrailing", "\(t).trailing", .equal, "\(t).image.trailing"),
        CaseBuilder.anchors("\(t).imageAspect", "\(t).image.height", .equal, "\(t).image.width", multiplier: 0.75),
        CaseBuilder.anchors("\(t).captionTop", "\(t).caption.top", .equal, "\(t).image.bottom", constant: 4),
        CaseBuilder.anchors("\(t).captionLeading", "\(t).caption.leading", .equal, "\(t).leading"),
        CaseBuilder.anchors("\(t).captionTrailing", "\(t).trailing", .equal, "\(t).caption.trailing"),
        CaseBuilder.anchors("\(t).captionBottom", "\(t).bottom", .equal, "\(t).caption.bottom", constant: 4),
      ]
    }
    let compact = gridSet("compact", columns: 2, tiles: tiles)
    let regular = gridSet("regular", columns: 4, tiles: tiles)
    for c in common { b.constrain(c) }
    for c in compact { b.constrain(c) }
    if rebuild {
      var present = compact
      var next = regular
      for _ in 0..<swapOperations {
        b.operation(
          "rebuild", [.removeConstraints((common + present).map(\.id)), .addConstraints(common + next)])
        swap(&present, &next)
      }
    } else {
      for c in regular {
        var inactive = c
        inactive.isActive = false
        b.constrain(inactive)
      }
      var (active, inactive) = (compact.map(\.id), regular.map(\.id))
      for _ in 0..<swapOperations {
        b.operation("sizeClassSwap", [.deactivate(active), .activate(inactive)])
        swap(&active, &inactive)
      }
    }
    return b.build()
  }

  /// The placement constraints of a grid of `columns` columns, ids prefixed `name.`.
  static func gridSet(_ name: String, columns: Int, tiles: Int) -> [ConstraintDescription] {
    var set: [ConstraintDescription] = []
    let spacing = 8.0
    // Tile width = (root width − 16 of margins − gaps) / columns.
    let widthConstant = -(16 + spacing * Double(columns - 1)) / Double(columns)
    for i in 0..<tiles {
      let t = "t\(i)"
      if i == 0 {
        set.append(
          CaseBuilder.anchors(
            "\(name).\(t).width", "\(t).width", .equal, "root.width", multiplier: 1 / Double(columns), constant: widthConstant))
      } else {
        set.append(CaseBuilder.anchors("\(name).\(t).width", "\(t).width", .equal, "t0.width"))
      }
      set.append(
        i % columns == 0
          ? CaseBuilder.anchors("\(name).\(t).leading", "\(t).leading", .equal, "root.leadingMargin")
          : CaseBuilder.anchors("\(name).\(t).leading", "\(t).leading", .equal, "t\(i - 1).trailing", constant: spacing))
      set.append(
        i < columns
          ? CaseBuilder.anchors("\(name).\(t).top", "\(t).top", .equal, "root.topMargin")
          : CaseBuilder.anchors("\(name).\(t).top", "\(t).top", .equal, "t\(i - columns).bottom", constant: spacing))
    }
    return set
  }
}
