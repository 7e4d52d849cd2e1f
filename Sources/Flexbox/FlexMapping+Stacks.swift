import Scene

extension FlexMapping {
  /// A stack as a flex container: its axis as the direction (a horizontal stack runs from
  /// the right in right-to-left), its spacing as the gap, its alignment as `alignItems`,
  /// `space-between` for `equalSpacing`, its margins as padding when layout-margins
  /// relative. O(1), plus O(states) for the margins check.
  /// - Throws: ``FlexMappingError/stack(view:feature:)`` for what flexbox lacks.
  func styleContainer(_ s: ViewIndex, _ node: inout FlexNode) throws(FlexMappingError) {
    guard let view = scene.view(s), let config = view.stack else { return }
    if config.distribution == .equalCentering { throw .stack(view: view.id, feature: "the equalCentering distribution") }
    if !config.customSpacing.isEmpty { throw .stack(view: view.id, feature: "custom spacing after some views") }
    if config.isBaselineRelative && config.axis == .vertical {
      throw .stack(view: view.id, feature: "baseline-relative spacing")
    }
    node.direction = config.axis == .vertical ? .column : scene.container.isRightToLeft ? .rowReverse : .row
    node.gap = config.spacing
    if config.distribution == .equalSpacing && visibleArranged(s).count > 1 { node.justifyContent = .spaceBetween }
    node.alignItems = try crossAlign(s)
    if config.isLayoutMarginsRelative {
      if view.insetsLayoutMarginsFromSafeArea, containers.contains(where: { !$0.safeAreaInsets.isZero }) {
        throw .stack(view: view.id, feature: "layout margins inset from the safe area (they move with the view's frame)")
      }
      node.padding = view.layoutMargins
    }
  }

  /// The stack's alignment across its axis, physical: a vertical stack's leading edge is
  /// the right one in right-to-left; baseline alignments act as leading in a vertical
  /// stack (scene-semantics.md rule 4).
  func crossAlign(_ s: ViewIndex) throws(FlexMappingError) -> FlexAlign {
    guard let config = scene.stack(of: s) else { return .stretch }
    let mirrored = config.axis == .vertical && scene.container.isRightToLeft
    switch config.alignment {
    case .fill: return .stretch
    case .center: return .center
    case .leading: return mirrored ? .flexEnd : .flexStart
    case .trailing: return mirrored ? .flexStart : .flexEnd
    case .firstBaseline, .lastBaseline:
      if config.axis == .vertical { return mirrored ? .flexEnd : .flexStart }
      throw .stack(view: id(s), feature: "\(config.alignment.rawValue) alignment")
    }
  }

  /// The stack's visible arranged views, in order. O(children).
  func visibleArranged(_ s: ViewIndex) -> [ViewIndex] {
    scene.arrangedSubviews(of: s).filter { scene.view($0)?.isHidden == false }
  }

  /// An arranged view as a flex item of stack `s`: hidden ones are `display: none`; along
  /// the axis the distribution's basis, grow and shrink; across it stretched (`fill`) or
  /// at its intrinsic size capped at the canvas (leading, centre, trailing).
  mutating func placeArranged(_ v: ViewIndex, in s: ViewIndex, _ node: inout FlexNode) throws(FlexMappingError) {
    guard let view = scene.view(v), let config = scene.stack(of: s) else { return }
    if view.isHidden {
      node.isDisplayed = false
      return
    }
    let axis = config.axis
    let isLeaf = view.stack == nil
    let visible = visibleArranged(s)
    let intrinsic = view.intrinsicSize[axis]
    var basis: FlexLength? = isLeaf ? .points(intrinsic ?? 0) : nil
    switch config.distribution {
    case .fill:
      let winners = fillWinners(s)
      node.grow = winners.grow == v ? 1 : 0
      node.shrink = winners.shrink == v ? 1 : 0
    case .fillEqually:
      basis = .points(0)
      node.grow = 1
    case .fillProportionally:
      basis = .points(0)
      let total = visible.reduce(0) { $0 + (scene.intrinsicSize(of: $1, axis) ?? 0) }
      // Flexbox hands out only part of the free space when the factors sum below 1.
      node.grow = total == 0 ? 1 : total < 1 ? (intrinsic ?? 0) / total : intrinsic ?? 0
    case .equalSpacing:
      // A single view is pinned to both ends: it fills the stack.
      if visible.count == 1 {
        node.grow = 1
        node.shrink = 1
      }
    case .equalCentering:
      throw .stack(view: id(s), feature: "the equalCentering distribution")
    }
    let cross = axis.other
    var crossSize: FlexLength?
    var crossMinimum = 0.0
    var crossMaximum: FlexLength?
    if try crossAlign(s) == .stretch {
      // Stretched to a canvas sized by its content, a leaf's intrinsic size is what the
      // canvas's content size is made of (a stack's own content is its items).
      if isLeaf && crossIsContentSized(s) { crossMinimum = view.intrinsicSize[cross] ?? 0 }
    } else {
      // Not stretched: intrinsic across (collapsed to 0 without one, rule 6b), never past
      // the canvas (the alignment's required edge beats compression resistance).
      if isLeaf { crossSize = .points(view.intrinsicSize[cross] ?? 0) }
      crossMaximum = .percent(100)
    }
    node.basis = basis
    if axis == .horizontal {
      (node.height, node.minHeight, node.maxHeight) = (crossSize, crossMinimum, crossMaximum)
    } else {
      (node.width, node.minWidth, node.maxWidth) = (crossSize, crossMinimum, crossMaximum)
    }
  }

  /// Whether stack `s`'s size across its axis comes from its content: it is arranged along
  /// its parent's axis with the basis of its content (a `fill` or `equalSpacing` parent), or
  /// across its parent's axis unstretched, or stretched to a parent whose cross size comes
  /// from content. O(depth).
  func crossIsContentSized(_ s: ViewIndex) -> Bool {
    guard s != scene.root, scene.isArrangedInStack(s), let parent = scene.parent(of: s), let config = scene.stack(of: s),
      let outer = scene.stack(of: parent)
    else { return false }
    if outer.axis != config.axis {
      return outer.distribution == .fill || outer.distribution == .equalSpacing
    }
    return outer.alignment != .fill || crossIsContentSized(parent)
  }
}
