import Scene

/// Top-down: a view whose frame is set places its children — autoresizing children by
/// formula, arranged children by its stack rules — then each child does the same.
///
/// Hidden arranged views and everything inside them take no part in the layout their
/// stack makes (rule 8): their frames are whatever the backend leaves them, so they are
/// laid out *leniently*: each at the size its own cost prefers, and where the rules would
/// not fix an answer there, a plain fallback instead of a refusal. Their sizes are then
/// marked as not determinate, which only matters when an autoresizing view enters under
/// them (its S₀ would be undefined; that is refused).
extension LayoutEngine {

  /// Places `v`'s subtree depth first, parents before children in the order a recursive
  /// walk would take (so the first refusal is the same), with an explicit stack kept
  /// between passes: any depth, no allocation in steady state.
  /// - Complexity: O(subtree), plus the stacks' allocations.
  mutating func place(_ v: ViewIndex, _ scene: Scene, lenient: Bool) throws(Refusal) {
    placementStack.removeAll(keepingCapacity: true)
    placementStack.append((v, lenient))
    while let (next, nextLenient) = placementStack.popLast() {
      try placeChildren(of: next, scene, lenient: nextLenient)
    }
  }

  /// One step of ``place(_:_:lenient:)``: places `v`'s children (its own frame is set) and
  /// pushes them, last first, to be taken in order.
  private mutating func placeChildren(of v: ViewIndex, _ scene: Scene, lenient: Bool) throws(Refusal) {
    guard scene.isPresent(v) else { return }
    viewsPlaced += 1
    if v != scene.root { try checkContentBounds(v, scene) }
    // A table's rows are laid out alone, each as a scene of its own (TableLayout).
    if scene.isTable(v) { return }
    let configuration = scene.stack(of: v)
    let isStack = configuration != nil
    let children = scene.children(of: v)
    for child in children {
      guard let arrangement = scene.arrangement(of: child), !(isStack && arrangement.isArranged) else { continue }
      if let pins = scrollPins[v.index], pins.content == child {
        try placeScrollContent(child, in: v, pins, lenient: lenient)
      } else {
        try placeAutoresizing(child, in: v, scene)
      }
    }
    if let configuration { try layoutStack(v, configuration, scene, lenient: lenient) }
    for child in children.reversed() {
      let hiddenArranged = isStack && scene.arrangement(of: child).map { $0.isArranged && $0.isHidden } == true
      placementStack.append((child, lenient || hiddenArranged))
    }
  }

  /// A priority-1000 hugging or compression resistance that the view's size breaks is a
  /// conflict (the constraint backends would break a required constraint). Checked where
  /// the size is determinate, hidden subtrees included: a conflict is refused wherever it is.
  private func checkContentBounds(_ v: ViewIndex, _ scene: Scene) throws(Refusal) {
    for axis in Axis.allCases where isDeterminate(v, axis) {
      guard let t = scene.intrinsicSize(of: v, axis), let priorities = scene.contentPriorities(of: v, axis) else { continue }
      let size = axis == .horizontal ? frames[v.index].width : frames[v.index].height
      let tooBig = priorities.hugging >= 1000 && size > t && !nearlyEqual(size, t)
      let tooSmall = priorities.compressionResistance >= 1000 && size < t && !nearlyEqual(size, t)
      if tooBig || tooSmall { throw Refusal(view: v, reason: .conflict(axis)) }
    }
  }

  /// Lays out a stack's arranged views in its frame (set): visible ones by the rules,
  /// hidden ones at their own preferred size at the stack's origin.
  private mutating func layoutStack(
    _ s: ViewIndex, _ configuration: StackConfiguration, _ scene: Scene, lenient: Bool
  ) throws(Refusal) {
    let arrangedCount = gatherVisible(s, scene)
    let frame = frames[s.index]
    let insets = canvasInsets(s, configuration, scene)
    let width = frame.width - insets.left - insets.right
    let height = frame.height - insets.top - insets.bottom
    let horizontal = configuration.axis == .horizontal
    var exact = true
    do throws(Refusal) {
      try mainLayout(s, configuration, arrangedCount, canvas: horizontal ? width : height, scene)
      try crossLayout(s, configuration, canvas: horizontal ? height : width, scene)
    } catch {
      // In a hidden subtree a conflict still counts when it is real: when the stack's
      // size along that axis is what the rules give, not a fallback.
      if case .conflict(let axis) = error.reason, isDeterminate(s, axis) { throw error }
      guard lenient else { throw error }
      fallback(configuration, scene)
      exact = false
    }
    let rightToLeft = scene.container.isRightToLeft
    for (j, child) in visible.enumerated() {
      let (x, w, y, h) =
        horizontal
        ? (mainPosition[j], mainSize[j], crossPosition[j], crossSize[j])
        : (crossPosition[j], crossSize[j], mainPosition[j], mainSize[j])
      // Axis coordinates run from the canvas's leading edge: the right one in right-to-left.
      let left = rightToLeft ? frame.width - insets.right - x - w : insets.left + x
      frames[child.index] = Rect(x: left, y: insets.top + y, width: w, height: h)
      determinate[child.index] = exact ? determinate[s.index] : 0
    }
    for child in scene.children(of: s) {
      guard let arrangement = scene.arrangement(of: child), arrangement.isArranged, arrangement.isHidden else { continue }
      var size = AxisPair(horizontal: 0.0, vertical: 0.0)
      var bits: UInt8 = 0
      for axis in Axis.allCases {
        switch arena.minimizer(of: costs[Self.slot(child, axis)], owner: child, axis: axis) {
        case .success(let value):
          size[axis] = value
          bits |= Self.axisBit(axis)
        case .failure(let refusal):
          if refusal.isConflict { throw refusal }
          size[axis] = scene.intrinsicSize(of: child, axis) ?? 0
        }
      }
      frames[child.index] = Rect(x: 0, y: 0, width: size.horizontal, height: size.vertical)
      determinate[child.index] = bits
    }
  }

  /// Where a hidden subtree's stack goes when the rules give no single answer: intrinsic
  /// sizes (0 when none) side by side from the canvas's start.
  private mutating func fallback(_ configuration: StackConfiguration, _ scene: Scene) {
    mainSize.removeAll(keepingCapacity: true)
    mainPosition.removeAll(keepingCapacity: true)
    crossSize.removeAll(keepingCapacity: true)
    crossPosition.removeAll(keepingCapacity: true)
    var position = 0.0
    for v in visible {
      let size = scene.intrinsicSize(of: v, configuration.axis) ?? 0
      mainSize.append(size)
      mainPosition.append(position)
      position += size
      crossSize.append(scene.intrinsicSize(of: v, configuration.axis.other) ?? 0)
      crossPosition.append(0)
    }
  }
}
