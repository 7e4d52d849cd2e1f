import Scene

/// `chain.horizontal`: kiwi's anchor benchmark as a scene, the runner's twin of
/// `Benchmarks/systems/stack_chain.py` (docs/workloads.md). A horizontal chain of N views
/// placed by user constraints, not a stack view, so `bench run --suite anchor` and the
/// kiwisolver peer measure the same exported workload.
///
/// The views `item0` … `item{N-1}` are children of the root with an intrinsic width
/// `20 + (37 i mod 60)` (20 … 79, stack_chain.py's rule), hugging 250 and compression
/// resistance 750 along x, no intrinsic height. Constraints, all required:
/// `item0.leading == root.leading`, `item{i+1}.leading == item{i}.trailing + 8`,
/// `item{N-1}.trailing <= root.trailing`; vertically as little as possible,
/// `item{i}.top == root.top` and `item{i}.height == 20`.
///
/// One departure from the anchor, so the layout is unique: `item1` resists compression at
/// 749, one step below the others. With every view at 750 a compressed chain's deficit can
/// go to any of the views at the same cost: the backends disagree (Cassowary made `item0`
/// 30 points negative, the dense simplex shrank the last views). At 749, `item1` (57 wide)
/// alone gives up the 50 points, to 7.
///
/// The container starts compressed, at natural − 50 (the natural width: intrinsic widths
/// and gaps), so `build` already has the container bound binding and a compression to
/// resolve. (The anchor's edit holds the width at 0 until the first suggestion; here that
/// would leave `item1` with the whole deficit as a negative width, which no layout
/// workload may have.) Each `resizeContainer` operation then alternates natural + 100 and
/// natural − 50, as stack_chain.py's steps do (the same width twice would measure
/// nothing): 20 of them,
/// or 8 above 1,000 views (``Devices/resizeCount(views:)``). The scene has no gap after the
/// last view, so its natural width is 8 less than stack_chain.py's `x[n]`.
enum AnchorWorkload {
  static let gap = 8.0
  static let height = 20.0
  /// Taller than a view; nothing constrains the views' bottoms against it.
  static let containerHeight = 44.0
  /// How far the container goes below and above the natural width.
  static let compression = 50.0
  static let expansion = 100.0
  /// The view that gives up the compression, and its compression resistance.
  static let yieldingView = 1
  static let yieldingResistance = 749.0

  /// stack_chain.py's `intrinsic(i)`.
  static func intrinsicWidth(_ i: Int) -> Double { Double(20 + (i * 37) % 60) }

  /// The chain's width with every view at its intrinsic width: Σ intrinsic + 8 (N − 1).
  static func naturalWidth(views n: Int) -> Double {
    (0..<n).reduce(0.0) { $0 + intrinsicWidth($1) } + gap * Double(n - 1)
  }

  /// The compressed width, never below 0 (a one-view chain is only 20 wide).
  static func compressedWidth(views n: Int) -> Double { max(naturalWidth(views: n) - compression, 0) }
  static func expandedWidth(views n: Int) -> Double { naturalWidth(views: n) + expansion }

  static let chain = Workload(
    name: "chain.horizontal",
    summary: "the kiwi anchor: a horizontal chain of N views (intrinsic widths, required 8-point gaps), alternating container widths",
    defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: false, sizeMeaning: "views in the chain", isSeeded: false,
    viewCount: { $0 + 1 ... $0 + 1 },
    generate: { size, _ in chainCase(views: size) })

  static func chainCase(views n: Int) -> WorkloadCase {
    let natural = naturalWidth(views: n)  // whole points
    var b = CaseBuilder(container: Container(width: compressedWidth(views: n), height: containerHeight))
    b.parameters = [
      ("views", String(n)), ("gap", "8"), ("naturalWidth", String(Int(natural))),
      ("source", "Benchmarks/systems/stack_chain.py"),
    ]
    b.view("root", in: nil)
    for i in 0..<n {
      b.view("item\(i)", in: "root") {
        $0.intrinsicSize.horizontal = intrinsicWidth(i)
        $0.hugging.horizontal = 250
        $0.compressionResistance.horizontal = i == yieldingView ? yieldingResistance : 750
      }
    }
    b.constrain("leading", "item0.leading", .equal, "root.leading")
    for i in 0..<(n - 1) {
      b.constrain("gap\(i)", "item\(i + 1).leading", .equal, "item\(i).trailing", constant: gap)
    }
    b.constrain("fits", "item\(n - 1).trailing", .lessThanOrEqual, "root.trailing")
    for i in 0..<n {
      b.constrain("top\(i)", "item\(i).top", .equal, "root.top")
      b.constrain("height\(i)", "item\(i).height", .equal, nil, constant: height)
    }
    for k in 0..<Devices.resizeCount(views: n + 1) {
      let width = k % 2 == 0 ? expandedWidth(views: n) : compressedWidth(views: n)
      b.operation("resizeContainer", .resizeContainer(width: width, height: containerHeight, safeAreaInsets: nil))
    }
    return b.build()
  }
}
