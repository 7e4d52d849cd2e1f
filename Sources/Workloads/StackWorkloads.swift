import Scene

/// `stack.<distribution>.<axis>`: one stack of N arranged views, the stress test of a
/// distribution (docs/workloads.md).
///
/// The stack is an autoresizing child of the root, inset 16 on every side, flexible in
/// width and height, so every resize changes its length along the axis: 288 to 992
/// points over ``Devices/rotationCycle``. The arranged views' intrinsic lengths are
/// seeded and scaled so that their sum sits where the distribution has something to
/// decide at every N (a stack of 10,000 views has the same total length as one of 10):
///
/// * `fill`: 400 in all, so some sizes compress and others stretch. The first view is a
///   title (40% of it, compression resistance 700, the lowest): it absorbs compression
///   without going negative; stretch goes to the view with the lowest hugging (the
///   earliest among equals, docs/scene-semantics.md rule 6).
/// * `fillEqually` and `fillProportionally`: 560, between the sizes.
/// * `equalSpacing` and `equalCentering`: they fit the smallest canvas (90% of 288,
///   centres included), so nothing compresses: under compression these two have no tie
///   rule (the answer would not be unique) and springs-struts refuses equalCentering.
enum StackWorkloads {
  static let distributions: [Distribution] = [.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering]

  static func alignment(for distribution: Distribution) -> StackAlignment {
    switch distribution {
    case .fill: .fill
    case .fillEqually: .center
    case .fillProportionally: .leading
    case .equalSpacing: .trailing
    case .equalCentering: .center
    }
  }

  /// The stack's inset from the root on every side.
  static let inset = 16.0

  static func flat(_ distribution: Distribution, _ axis: Axis) -> Workload {
    Workload(
      name: "stack.\(distribution.rawValue).\(axis.rawValue)",
      summary: "one \(axis.rawValue) \(distribution.rawValue) stack of N arranged views (seeded sizes and priorities), alternating resizes",
      defaultSizes: [10, 100, 1000, 10000], isFrameLayoutOnly: true, sizeMeaning: "arranged views",
      viewCount: { $0 + 2 ... $0 + 2 },
      generate: { size, rng in flatCase(distribution, axis, arranged: size, &rng) })
  }

  static func flatCase(_ distribution: Distribution, _ axis: Axis, arranged n: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    let initial = Devices.initial
    var builder = CaseBuilder(container: initial.container)
    let alignment = alignment(for: distribution)
    builder.parameters = [
      ("distribution", distribution.rawValue), ("axis", axis.rawValue), ("alignment", alignment.rawValue),
      ("arrangedViews", String(n)),
    ]
    let layout = alongSizes(distribution, count: n, &rng)
    builder.view("root", in: nil)
    builder.stack("stack", in: "root", axis: axis, distribution: distribution, alignment: alignment, spacing: layout.spacing) {
      CaseBuilder.autoresizing(
        &$0, frame: Rect(x: inset, y: inset, width: initial.width - 2 * inset, height: initial.height - 2 * inset),
        mask: [.flexibleWidth, .flexibleHeight])
    }
    let hugging: [Double] = [200, 250, 251, 252, 300]
    let resistance: [Double] = [740, 750, 751, 760, 800]
    for i in 0..<n {
      let cross = axis == .horizontal ? rng.uniform(20, 64, step: 0.5) : rng.uniform(40, 240, step: 0.5)
      var along = (hugging: rng.element(of: hugging), resistance: rng.element(of: resistance))
      if distribution == .fill && i == 0 { along.resistance = 700 }
      let crossHugging = rng.element(of: [250.0, 251])
      builder.view("item\(i)", in: "stack") {
        $0.intrinsicSize[axis] = layout.sizes[i]
        $0.intrinsicSize[axis.other] = cross
        $0.hugging[axis] = along.hugging
        $0.hugging[axis.other] = crossHugging
        $0.compressionResistance[axis] = along.resistance
      }
    }
    builder.rotations(Devices.resizeCount(views: n + 2))
    return builder.build()
  }

  /// Intrinsic lengths along the axis (seeded weights scaled to the distribution's total)
  /// and the spacing.
  static func alongSizes(_ distribution: Distribution, count n: Int, _ rng: inout SplitMix64) -> (sizes: [Double], spacing: Double) {
    let gaps = Double(max(n - 1, 1))
    var weights = (0..<n).map { _ in rng.uniform(0.5, 1.5) }
    switch distribution {
    case .fill:
      // The title takes 40% of 400; the others share the rest.
      let spacing = min(8, 40 / gaps)
      weights[0] = 0
      let rest = 240 - Double(n - 1) * spacing
      var sizes = scaled(weights, to: rest)
      sizes[0] = 160
      return (sizes, spacing)
    case .fillEqually, .fillProportionally:
      let spacing = min(8, 56 / gaps)
      return (scaled(weights, to: 560 - Double(n - 1) * spacing), spacing)
    case .equalSpacing:
      let spacing = min(8, 24 / gaps)
      return (scaled(weights, to: 240 - Double(n - 1) * spacing), spacing)
    case .equalCentering:
      var spacing = min(8, 20 / gaps)
      var sizes = scaled(weights, to: 200 - Double(n - 1) * spacing)
      // Equal centre distances need room for the widest neighbouring pair everywhere.
      var step = 0.0
      for i in 0..<(n - 1) { step = max(step, (sizes[i] + sizes[i + 1]) / 2 + spacing) }
      let fit = n == 1 ? sizes[0] : sizes[0] / 2 + sizes[n - 1] / 2 + Double(n - 1) * step
      let limit = 0.9 * (Devices.smallestExtent - 2 * inset)
      if fit > limit {
        let k = limit / fit
        sizes = sizes.map { $0 * k }
        spacing *= k
      }
      return (sizes, spacing)
    }
  }

  /// `weights` scaled to sum to `total`; zero weights stay zero.
  static func scaled(_ weights: [Double], to total: Double) -> [Double] {
    let sum = weights.reduce(0, +)
    return sum > 0 ? weights.map { $0 / sum * total } : weights
  }
}
