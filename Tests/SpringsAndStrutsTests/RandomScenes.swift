import LayoutModel
import Scene
import TestSupport

/// Random scenes within what springs-struts supports — trees of autoresizing views and
/// stacks with every distribution, alignment, axis, spacing, custom spacing, margins and
/// baseline flag, intrinsic sizes (some missing), priorities with ties, baselines, hidden
/// views, wrapping text — and random changes to them. A pure function of the seed.
struct RandomScenes {
  var rng: SplitMix64
  private var nextID = 0

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func freshID() -> String {
    nextID += 1
    return "v\(nextID)"
  }

  // MARK: Values

  mutating func priority() -> Double {
    // Ties are common at 250 and 750 (UIKit's defaults), rarer elsewhere.
    let palette: [Double] = [250, 251, 249, 252, 750, 751, 749, 500, 300, 700, 1, 999, 1000]
    let weights: [Double] = [3, 1.5, 1.5, 1, 3, 1.5, 1.5, 1, 1, 1, 0.4, 0.4, 0.06]
    return palette[rng.weightedIndex(weights) ?? 0]
  }

  mutating func length(_ range: ClosedRange<Int>) -> Double {
    rng.smallInteger(in: range) + (rng.bernoulli(0.2) ? 0.5 : 0)
  }

  /// The layout rules a stack gives its arranged views (for choosing intrinsic sizes).
  typealias Rules = (axis: Axis, distribution: Distribution, alignment: StackAlignment)

  static func rules(_ stack: StackDescription?) -> Rules {
    (stack?.axis ?? .horizontal, stack?.distribution ?? .fill, stack?.alignment ?? .fill)
  }

  static func rules(_ stack: StackConfiguration?) -> Rules {
    (stack?.axis ?? .horizontal, stack?.distribution ?? .fill, stack?.alignment ?? .fill)
  }

  private mutating func intrinsic() -> Double? { rng.bernoulli(0.005) ? nil : length(0...120) }

  /// Intrinsic sizes for an arranged view: often missing on an axis where the stack's
  /// rules fix the size anyway (fill-type distributions along it, fill alignment across),
  /// rarely elsewhere (where a missing size leaves the layout ambiguous, and is refused).
  private mutating func intrinsicSizes(in rules: Rules) -> AxisPair<Double?> {
    var result = AxisPair<Double?>(horizontal: nil, vertical: nil)
    for axis in Axis.allCases {
      let fixedByRules =
        axis == rules.axis ? [.fill, .fillEqually, .fillProportionally].contains(rules.distribution) : rules.alignment == .fill
      result[axis] = fixedByRules && rng.bernoulli(0.15) ? nil : intrinsic()
    }
    return result
  }

  mutating func mask() -> AutoresizingMask {
    var mask: AutoresizingMask = []
    for (_, flag) in AutoresizingMask.named where rng.bernoulli(0.4) { mask.insert(flag) }
    return mask
  }

  mutating func stackDescription() -> StackDescription {
    var stack = StackDescription()
    stack.axis = rng.bernoulli(0.5) ? .horizontal : .vertical
    stack.distribution = Distribution.allCases[rng.weightedIndex([4, 2, 2, 2, 1]) ?? 0]
    stack.alignment = StackAlignment.allCases[rng.weightedIndex([3, 2, 2, 2, 0.3, 0.3]) ?? 0]
    stack.spacing = [0, 0, 4, 8, 10.5, -2][rng.uniformInt(in: 0...5)]
    stack.isLayoutMarginsRelative = rng.bernoulli(0.25)
    stack.isBaselineRelative = rng.bernoulli(0.1)
    return stack
  }

  // MARK: Scenes

  /// A container and a tree of 2–20 views.
  mutating func scene() throws -> Scene {
    var container = Container(width: length(200...700), height: length(200...800))
    if rng.bernoulli(0.3) {
      container.safeAreaInsets = EdgeInsets(top: length(0...44), left: length(0...20), bottom: length(0...34), right: length(0...20))
    }
    container.isRightToLeft = rng.bernoulli(0.25)
    var views: [ViewDescription] = []
    var root = ViewDescription(id: "root")
    if rng.bernoulli(0.2) { root.stack = stackDescription() }
    views.append(root)
    let size = (container.width, container.height)
    if root.stack != nil {
      arranged(in: "root", depth: 1, into: &views)
    } else {
      for _ in 0..<rng.uniformInt(in: 1...3) { autoresizing(in: "root", design: size, depth: 1, underStack: false, into: &views) }
    }
    for k in views.indices { views[k].path = "views[\(k)]" }
    return try Scene(container: container, views: views)
  }

  /// An autoresizing child: a stack (not under a stack-sized view, where its hugging
  /// would feed back) or a plain view, possibly with children of its own.
  private mutating func autoresizing(
    in parent: String, design: (Double, Double), depth: Int, underStack: Bool, into views: inout [ViewDescription]
  ) {
    var view = ViewDescription(id: freshID(), parent: parent)
    view.translatesAutoresizingMask = true
    let x = length(0...Int(max(1, design.0 / 3)))
    let y = length(0...Int(max(1, design.1 / 3)))
    view.frame = Rect(x: x, y: y, width: length(0...Int(max(1, design.0 - x))), height: length(0...Int(max(1, design.1 - y))))
    view.autoresizingMask = mask()
    if !underStack && depth <= 2 && rng.bernoulli(0.7) {
      view.stack = stackDescription()
      // A stack sized from outside rarely fits its baseline-aligned views exactly (the
      // first view's offset is then free, and refused): those go in nested stacks.
      if view.stack?.alignment == .firstBaseline || view.stack?.alignment == .lastBaseline {
        view.stack?.alignment = .center
      }
      views.append(view)
      arranged(in: view.id, depth: depth + 1, into: &views)
      return
    }
    if !underStack && rng.bernoulli(0.3) { view.intrinsicSize = AxisPair(horizontal: intrinsic(), vertical: intrinsic()) }
    views.append(view)
    if depth <= 3 && rng.bernoulli(0.25) {
      autoresizing(in: view.id, design: (view.frame.width, view.frame.height), depth: depth + 1, underStack: underStack, into: &views)
    }
  }

  /// A stack's arranged views (leaves and nested stacks), sometimes a background view.
  mutating func arranged(in stack: String, depth: Int, into views: inout [ViewDescription]) {
    let stackIndex = views.firstIndex { $0.id == stack } ?? 0
    var children: [String] = []
    for _ in 0..<rng.uniformInt(in: 0...4) {
      let id = arrangedView(in: stack, rules: Self.rules(views[stackIndex].stack), depth: depth, into: &views)
      children.append(id)
    }
    if rng.bernoulli(0.12) {
      var background = ViewDescription(id: freshID(), parent: stack)
      background.translatesAutoresizingMask = true
      background.isArranged = false
      background.frame = Rect(x: 0, y: 0, width: length(0...80), height: length(0...80))
      background.autoresizingMask = mask()
      views.append(background)
    }
    if !children.isEmpty && rng.bernoulli(0.3) {
      let after = children[rng.uniformInt(in: 0...(children.count - 1))]
      views[stackIndex].stack?.customSpacing = [StackDescription.CustomSpacing(after: after, spacing: length(0...24))]
    }
  }

  /// One arranged view (a nested stack or a leaf); returns its id.
  private mutating func arrangedView(in stack: String, rules: Rules, depth: Int, into views: inout [ViewDescription]) -> String {
    var view = ViewDescription(id: freshID(), parent: stack)
    view.isHidden = rng.bernoulli(0.1)
    if depth <= 3 && rng.bernoulli(0.25) {
      view.stack = stackDescription()
      views.append(view)
      arranged(in: view.id, depth: depth + 1, into: &views)
      return view.id
    }
    leafFields(&view, rules)
    views.append(view)
    if rng.bernoulli(0.08) {
      autoresizing(in: view.id, design: (view.intrinsicSize.horizontal ?? 50, view.intrinsicSize.vertical ?? 50),
        depth: depth + 1, underStack: true, into: &views)
    }
    return view.id
  }

  private mutating func leafFields(_ view: inout ViewDescription, _ rules: Rules) {
    view.intrinsicSize = intrinsicSizes(in: rules)
    view.hugging = AxisPair(horizontal: priority(), vertical: priority())
    view.compressionResistance = AxisPair(horizontal: priority(), vertical: priority())
    if rng.bernoulli(0.3), let height = view.intrinsicSize.vertical {
      let first = (height * rng.unitDouble()).rounded()
      view.baseline = Baseline(first: first, last: max(first, (height * rng.unitDouble()).rounded()))
    }
    view.wrapsText = rng.bernoulli(0.03)
  }

  // MARK: Changes

  /// A random change that the scene accepts.
  mutating func change(to scene: Scene) -> SceneChange {
    let present = scene.presentViews
    let arranged = present.filter { scene.isArrangedInStack($0) }
    let stacks = present.filter { scene.view($0)?.stack != nil }
    let id = { (v: ViewIndex) in scene.view(v)?.id ?? "" }
    switch rng.weightedIndex([5, 2.5, 2.5, 1.5, 1.5, 2.5, 2.5, 1.5]) ?? 0 {
    case 1 where !arranged.isEmpty:
      let v = rng.choose(arranged) ?? arranged[0]
      return .setHidden([Named(id(v), !(scene.view(v)?.isHidden ?? false))])
    case 2 where !arranged.isEmpty:
      let v = rng.choose(arranged) ?? arranged[0]
      let rules = Self.rules(scene.view(v)?.parent.flatMap { scene.view($0)?.stack })
      return .setIntrinsicSize([Named(id(v), intrinsicSizes(in: rules))])
    case 3 where !arranged.isEmpty:
      let v = rng.choose(arranged) ?? arranged[0]
      return .setHugging([Named(id(v), AxisPair(horizontal: priority(), vertical: priority()))])
    case 4 where !arranged.isEmpty:
      let v = rng.choose(arranged) ?? arranged[0]
      return .setCompressionResistance([Named(id(v), AxisPair(horizontal: priority(), vertical: priority()))])
    case 5 where !stacks.isEmpty:
      let s = rng.choose(stacks) ?? stacks[0]
      let full = stackDescription()
      var partial = StackDescription()
      if rng.bernoulli(0.4) { partial.axis = full.axis }
      if rng.bernoulli(0.4) { partial.distribution = full.distribution }
      if rng.bernoulli(0.4) { partial.alignment = full.alignment }
      if rng.bernoulli(0.3) { partial.spacing = full.spacing }
      if rng.bernoulli(0.2) { partial.isLayoutMarginsRelative = full.isLayoutMarginsRelative }
      if rng.bernoulli(0.2) { partial.isBaselineRelative = full.isBaselineRelative }
      let children = scene.arrangedSubviews(of: s)
      if rng.bernoulli(0.2), let after = rng.choose(children) {
        partial.customSpacing = [StackDescription.CustomSpacing(after: id(after), spacing: length(0...24))]
      }
      return .setStack([Named(id(s), partial)])
    case 6:
      return .addViews(addition(to: scene, stacks: stacks, present: present))
    case 7 where present.count > 1:
      let v = rng.choose(present.filter { $0 != scene.root }) ?? present[1]
      return .removeViews([id(v)])
    default:
      break
    }
    let insets: EdgeInsets? =
      rng.bernoulli(0.3)
      ? EdgeInsets(top: length(0...44), left: length(0...20), bottom: length(0...34), right: length(0...20)) : nil
    return .resizeContainer(width: length(150...800), height: length(150...900), safeAreaInsets: insets)
  }

  /// New views: an arranged leaf or nested stack in a stack, or an autoresizing leaf.
  private mutating func addition(to scene: Scene, stacks: [ViewIndex], present: [ViewIndex]) -> [ViewDescription] {
    var views: [ViewDescription] = []
    if let s = rng.choose(stacks), rng.bernoulli(0.7), let stackID = scene.view(s)?.id {
      _ = arrangedView(in: stackID, rules: Self.rules(scene.view(s)?.stack), depth: 3, into: &views)
    } else {
      let parent = rng.choose(present) ?? scene.root
      var view = ViewDescription(id: freshID(), parent: scene.view(parent)?.id)
      view.translatesAutoresizingMask = true
      view.isArranged = false
      view.frame = Rect(x: length(0...40), y: length(0...40), width: length(0...80), height: length(0...80))
      view.autoresizingMask = mask()
      views.append(view)
    }
    for k in views.indices { views[k].path = "steps.addViews[\(k)]" }
    return views
  }
}
