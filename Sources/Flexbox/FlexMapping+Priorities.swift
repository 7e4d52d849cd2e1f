import Scene

/// Priorities at which the model's internal constraints act (scene-semantics.md): a
/// stack's hugging of its own size, and the fill tie-breaks, which are all a view without
/// an intrinsic size has against growing or shrinking.
enum ModelPriority {
  static let stackHugging = 0.75
  static let tieBreak = 0.5
}

extension FlexMapping {
  /// The views of `fill` stack `s` that take its slack: `grow` the one whose growth breaks
  /// the lowest priority (the earliest among equals: rule 6 stretches it first), `shrink`
  /// the one whose compression breaks the lowest (the latest among equals: rule 6 shrinks
  /// it first). Nil for a stack with no visible arranged view. Cached per stack; a tie that
  /// involves a nested stack is noted (its tie-breaks add up across levels).
  /// - Complexity: O(the stack's subtree) the first time.
  mutating func fillWinners(_ s: ViewIndex) -> (grow: ViewIndex?, shrink: ViewIndex?) {
    if let known = winners[s] { return known }
    let visible = visibleArranged(s)
    guard let axis = scene.stack(of: s)?.axis, !visible.isEmpty else { return (nil, nil) }
    let grow = visible.map { growPriority($0, axis) }
    let shrink = visible.map { shrinkPriority($0, axis) }
    let lowestGrow = grow.min()!, lowestShrink = shrink.min()!
    let growers = visible.indices.filter { grow[$0] == lowestGrow }
    let shrinkers = visible.indices.filter { shrink[$0] == lowestShrink }
    for (tied, what) in [(growers, "stretch"), (shrinkers, "compression")] where tied.count > 1 {
      if tied.contains(where: { scene.isStack(visible[$0]) }) {
        notes.append("fill stack '\(id(s))': a nested stack ties for its \(what); the earliest/latest view is chosen")
      }
    }
    let result = (grow: visible[growers.first!], shrink: visible[shrinkers.last!])
    winners[s] = result
    return result
  }

  /// The highest priority that growing `v` along `axis` breaks first: a leaf's hugging (the
  /// tie-break level without an intrinsic size); a stack's own hugging, or what its items
  /// break when they must grow with it (its fill winner's, every item's for the equal
  /// and proportional fills, every stretched item's across). O(subtree).
  func growPriority(_ v: ViewIndex, _ axis: Axis) -> Double {
    guard let config = scene.stack(of: v) else {
      guard scene.intrinsicSize(of: v, axis) != nil else { return ModelPriority.tieBreak }
      return scene.contentPriorities(of: v, axis)?.hugging ?? ModelPriority.tieBreak
    }
    let items = visibleArranged(v).map { growPriority($0, axis) }
    let inner: Double
    if config.axis == axis {
      switch config.distribution {
      case .fill: inner = items.min() ?? 0
      case .fillEqually, .fillProportionally: inner = items.max() ?? 0
      case .equalSpacing, .equalCentering: inner = 0
      }
    } else {
      inner = config.alignment == .fill ? items.max() ?? 0 : 0
    }
    return max(ModelPriority.stackHugging, inner)
  }

  /// The highest priority that compressing `v` along `axis` breaks first: a leaf's
  /// compression resistance (the tie-break level without an intrinsic size); a stack's
  /// items' (its fill winner's, the highest of the others). O(subtree).
  func shrinkPriority(_ v: ViewIndex, _ axis: Axis) -> Double {
    guard let config = scene.stack(of: v) else {
      guard scene.intrinsicSize(of: v, axis) != nil else { return ModelPriority.tieBreak }
      return scene.contentPriorities(of: v, axis)?.compressionResistance ?? ModelPriority.tieBreak
    }
    let items = visibleArranged(v).map { shrinkPriority($0, axis) }
    if config.axis == axis && config.distribution == .fill { return items.min() ?? ModelPriority.tieBreak }
    return items.max() ?? ModelPriority.tieBreak
  }
}
