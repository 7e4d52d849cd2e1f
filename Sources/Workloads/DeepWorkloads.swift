import Scene

/// `deep.chain.*` and `deep.tree.*`: deep hierarchies, each in a constraint variant and an
/// autoresizing variant with the same geometry, so all three backends can be compared on
/// the same frames (docs/workloads.md). The variants agree in every state: the tests lay
/// both out with Cassowary and compare.
enum DeepWorkloads {
  // MARK: Chain

  static func chain(autoresizing: Bool) -> Workload {
    Workload(
      name: "deep.chain.\(autoresizing ? "autoresizing" : "constraints")",
      summary: "D views nested in one another, each inset from its parent ("
        + (autoresizing ? "autoresizing, flexible width and height" : "four edge constraints") + "), alternating resizes",
      defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: autoresizing, sizeMeaning: "depth (views below the root)",
      stream: "deep.chain", viewCount: { $0 + 1 ... $0 + 1 },
      generate: { size, rng in chainCase(depth: size, autoresizing: autoresizing, &rng) })
  }

  /// Insets are seeded per level and side, averaging 96/D, so the innermost view keeps
  /// about 40% of the smallest container (320) whatever the depth.
  static func chainCase(depth: Int, autoresizing: Bool, _ rng: inout SplitMix64) -> WorkloadCase {
    let initial = Devices.initial
    var builder = CaseBuilder(container: initial.container)
    builder.parameters = [("depth", String(depth)), ("variant", autoresizing ? "autoresizing" : "constraints")]
    builder.view("root", in: nil)
    let mean = 96 / Double(depth)
    var parent = "root"
    var parentSize = (width: initial.width, height: initial.height)
    for level in 1...depth {
      let id = "level\(level)"
      let (left, top, right, bottom) = (
        rng.uniform(0.25, 1.75) * mean, rng.uniform(0.25, 1.75) * mean, rng.uniform(0.25, 1.75) * mean,
        rng.uniform(0.25, 1.75) * mean
      )
      let frame = Rect(x: left, y: top, width: parentSize.width - left - right, height: parentSize.height - top - bottom)
      if autoresizing {
        builder.view(id, in: parent) { CaseBuilder.autoresizing(&$0, frame: frame, mask: [.flexibleWidth, .flexibleHeight]) }
      } else {
        builder.view(id, in: parent)
        builder.constrain("\(id).leading", "\(id).leading", .equal, "\(parent).leading", constant: left)
        builder.constrain("\(id).top", "\(id).top", .equal, "\(parent).top", constant: top)
        builder.constrain("\(id).trailing", "\(parent).trailing", .equal, "\(id).trailing", constant: right)
        builder.constrain("\(id).bottom", "\(parent).bottom", .equal, "\(id).bottom", constant: bottom)
      }
      parent = id
      parentSize = (frame.width, frame.height)
    }
    builder.rotations(Devices.resizeCount(views: depth + 1))
    return builder.build()
  }

  // MARK: Tree

  static let fanOut = 4
  /// The gap on each side of a child's slot and its inset across the split, as fractions.
  static let slotGap = 0.05
  static let crossInset = 0.04

  static func tree(autoresizing: Bool) -> Workload {
    Workload(
      name: "deep.tree.\(autoresizing ? "autoresizing" : "constraints")",
      summary: "a balanced tree of fan-out 4, N views, each node split among its children ("
        + (autoresizing ? "autoresizing, proportional" : "proportional constraints with multipliers")
        + "), alternating resizes",
      defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: autoresizing, sizeMeaning: "views",
      stream: "deep.tree", viewCount: { $0...$0 },
      generate: { size, rng in treeCase(views: size, autoresizing: autoresizing, &rng) })
  }

  /// Node i (breadth first, 0 the root) has children 4i+1 … 4i+4 below N. A node splits
  /// its extent among four equal slots along the horizontal axis at even levels and the
  /// vertical at odd ones; a child fills its slot but for a gap of 5% of the slot on each
  /// side, and is inset 4% (seeded between 2% and 6%) across. Everything is proportional,
  /// so frames stay positive at every depth: `child.left == f · parent.right` (a position
  /// multiplier, measured from the parent) and `child.width == s · parent.width`, or the
  /// same frame with all three parts flexible on both axes.
  static func treeCase(views n: Int, autoresizing: Bool, _ rng: inout SplitMix64) -> WorkloadCase {
    let initial = Devices.initial
    var builder = CaseBuilder(container: initial.container)
    builder.parameters = [("fanOut", String(fanOut)), ("variant", autoresizing ? "autoresizing" : "constraints")]
    builder.view("root", in: nil)
    var level = [0]
    var size = [(width: initial.width, height: initial.height)]
    let slot = 1 / Double(fanOut)
    for i in 1..<max(n, 1) {
      let p = (i - 1) / fanOut
      let j = (i - 1) % fanOut
      level.append(level[p] + 1)
      let axis: Axis = level[p] % 2 == 0 ? .horizontal : .vertical
      let alongNear = (Double(j) + slotGap) * slot
      let alongSize = (1 - 2 * slotGap) * slot
      let inset = rng.uniform(0.02, 0.06)
      let crossNear = inset
      let crossSize = 1 - 2 * inset
      let parent = p == 0 ? "root" : "n\(p)"
      let id = "n\(i)"
      let (xNear, xSize, yNear, ySize) =
        axis == .horizontal ? (alongNear, alongSize, crossNear, crossSize) : (crossNear, crossSize, alongNear, alongSize)
      let ps = size[p]
      let frame = Rect(x: xNear * ps.width, y: yNear * ps.height, width: xSize * ps.width, height: ySize * ps.height)
      size.append((frame.width, frame.height))
      if autoresizing {
        builder.view(id, in: parent) {
          CaseBuilder.autoresizing(
            &$0, frame: frame,
            mask: [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        }
      } else {
        builder.view(id, in: parent)
        builder.constrain("\(id).left", "\(id).left", .equal, "\(parent).right", multiplier: xNear)
        builder.constrain("\(id).width", "\(id).width", .equal, "\(parent).width", multiplier: xSize)
        builder.constrain("\(id).top", "\(id).top", .equal, "\(parent).bottom", multiplier: yNear)
        builder.constrain("\(id).height", "\(id).height", .equal, "\(parent).height", multiplier: ySize)
      }
    }
    builder.rotations(Devices.resizeCount(views: n))
    return builder.build()
  }
}
