import Scene

extension FlexMapping {
  /// Checks every stack whose length is known without laying out (the root, autoresizing
  /// views under it, and items of such stacks whose sizes follow from the distribution)
  /// against the container of every state: an `equalSpacing` stack must hold its items and
  /// minimum gaps, and a `fill` stack of leaves must not compress its compressed view below
  /// zero. An `equalSpacing` stack whose length is known only after layout is noted.
  /// - Complexity: O(views · states).
  /// - Throws: ``FlexMappingError/equalSpacingOverflow(view:state:length:content:)`` and
  ///   ``FlexMappingError/negativeLength(view:item:state:length:)`` naming the first state.
  mutating func checkTrace() throws(FlexMappingError) {
    var sizes: [ViewIndex: [AxisPair<Double?>]] = [
      scene.root: containers.map { AxisPair(horizontal: $0.width, vertical: $0.height) }
    ]
    var pending = [scene.root]
    while let v = pending.popLast() {
      let children = scene.children(of: v)
      pending.append(contentsOf: children)
      let known = sizes[v] ?? containers.map { _ in AxisPair(horizontal: nil, vertical: nil) }
      for child in children where !scene.isArrangedInStack(child) && scene.translatesAutoresizingMask(child) {
        sizes[child] = known.map { autoresizedSize(child, in: $0) }
      }
      guard let config = scene.stack(of: v), let view = scene.view(v) else { continue }
      let visible = visibleArranged(v)
      let padding = config.isLayoutMarginsRelative ? view.layoutMargins : .zero
      var itemSizes = visible.map { _ in [AxisPair<Double?>]() }
      for (state, size) in known.enumerated() {
        let canvas = AxisPair<Double?>(
          horizontal: size.horizontal.map { $0 - padding.left - padding.right },
          vertical: size.vertical.map { $0 - padding.top - padding.bottom })
        guard let length = canvas[config.axis] else {
          if config.distribution == .equalSpacing, visible.count > 1, state == 0 {
            notes.append("equalSpacing stack '\(view.id)' has a length known only after layout: that its items fit is not checked")
          }
          for k in visible.indices { itemSizes[k].append(crossOnly(visible[k], in: v, canvas: canvas)) }
          continue
        }
        let along = try itemLengths(v, visible, length: length, state: state)
        for k in visible.indices {
          var item = crossOnly(visible[k], in: v, canvas: canvas)
          item[config.axis] = along?[k]
          itemSizes[k].append(item)
        }
      }
      for (k, item) in visible.enumerated() { sizes[item] = itemSizes[k] }
    }
  }

  /// An autoresizing view's size in a parent of known size (fixed margins: a flexible size
  /// takes the whole change, scene-semantics.md "Autoresizing"). O(depth) for the parent's
  /// initial size.
  func autoresizedSize(_ v: ViewIndex, in parent: AxisPair<Double?>) -> AxisPair<Double?> {
    guard let (frame, mask) = scene.autoresizing(of: v), let reference = scene.parent(of: v).flatMap(initialSize(of:)) else {
      return AxisPair(horizontal: nil, vertical: nil)
    }
    let width = mask.contains(.flexibleWidth) ? parent.horizontal.map { $0 - (reference.width - frame.width) } : frame.width
    let height = mask.contains(.flexibleHeight) ? parent.vertical.map { $0 - (reference.height - frame.height) } : frame.height
    return AxisPair(horizontal: width, vertical: height)
  }

  /// An item's size across stack `s`'s axis when known: the canvas's when stretched, a
  /// leaf's intrinsic size capped at the canvas otherwise. O(1).
  func crossOnly(_ item: ViewIndex, in s: ViewIndex, canvas: AxisPair<Double?>) -> AxisPair<Double?> {
    guard let axis = scene.stack(of: s)?.axis else { return AxisPair(horizontal: nil, vertical: nil) }
    let cross = axis.other
    var size = AxisPair<Double?>(horizontal: nil, vertical: nil)
    if (try? crossAlign(s)) == .stretch {
      size[cross] = canvas[cross]
    } else if !scene.isStack(item), let limit = canvas[cross] {
      size[cross] = min(scene.intrinsicSize(of: item, cross) ?? 0, limit)
    }
    return size
  }

  /// The items' lengths along a stack `length` long in `state`, when the distribution fixes
  /// them without laying out the items (nil otherwise), after the fit checks. O(items).
  mutating func itemLengths(
    _ s: ViewIndex, _ visible: [ViewIndex], length: Double, state: Int
  ) throws(FlexMappingError) -> [Double]? {
    guard let config = scene.stack(of: s), !visible.isEmpty else { return nil }
    let axis = config.axis
    let gaps = config.spacing * Double(visible.count - 1)
    let intrinsic = visible.map { scene.isStack($0) ? nil : scene.intrinsicSize(of: $0, axis) ?? 0 }
    let leaves = intrinsic.allSatisfy { $0 != nil } ? intrinsic.map { $0! } : nil
    switch config.distribution {
    case .fillEqually:
      return visible.map { _ in (length - gaps) / Double(visible.count) }
    case .fillProportionally:
      let weights = visible.map { scene.intrinsicSize(of: $0, axis) ?? 0 }
      let total = weights.reduce(0, +)
      return weights.map { total == 0 ? (length - gaps) / Double(visible.count) : $0 / total * (length - gaps) }
    case .equalSpacing:
      guard visible.count > 1 else { return [length] }
      guard let leaves else { return nil }
      let content = leaves.reduce(0, +) + gaps
      if length < content - 1e-9 * max(1, content) {
        throw .equalSpacingOverflow(view: id(s), state: state, length: length, content: content)
      }
      return leaves
    case .fill:
      guard var sizes = leaves else { return nil }
      let slack = length - gaps - sizes.reduce(0, +)
      let winners = fillWinners(s)
      guard let winner = slack >= 0 ? winners.grow : winners.shrink, let k = visible.firstIndex(of: winner) else { return nil }
      sizes[k] += slack
      if sizes[k] < -1e-9 * max(1, length) {
        throw .negativeLength(view: id(s), item: id(winner), state: state, length: sizes[k])
      }
      return sizes
    case .equalCentering:
      return nil
    }
  }
}
