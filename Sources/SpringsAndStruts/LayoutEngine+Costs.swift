import Scene

/// Bottom-up: the cost of each arranged view's size along an axis, as a convex
/// piecewise-linear function with lexicographic slopes. A leaf's is its content-size
/// priorities; a stack's adds its own hugging (0.75) and the least cost of its arranged
/// views at each canvas length, computed from theirs (docs/scene-semantics.md, stack
/// rules). The parent adds the fill tie-break and text-width terms, which depend on it.
extension LayoutEngine {

  /// The cost of arranged view `v`'s size along `axis` as its stack sees it: its own
  /// (``ownCost(of:_:_:)``) and, across the stack's axis under any alignment but `fill`, the
  /// collapse toward 0 at 0.5 when the view has no intrinsic size there (rule 6b). The
  /// parent's other terms (fill tie-break, text width) depend on the parent's canvas or
  /// order and are added where it lays out. O(pieces · levels) beyond the own cost.
  mutating func stackedCost(of v: ViewIndex, _ axis: Axis, _ scene: Scene) -> Cost {
    let own = ownCost(of: v, axis, scene)
    guard let parent = scene.parent(of: v), scene.intrinsicSize(of: v, axis) == nil,
      let configuration = scene.stack(of: parent), configuration.axis != axis, configuration.alignment != .fill
    else { return own }
    let collapse = arena.kink(at: 0, level: levels.index(of: InternalPriority.fillTieBreak), below: 1, above: 1)
    arena.beginSum()
    arena.addTerm(own)
    arena.addTerm(collapse)
    return arena.sum(owner: v, axis: axis)
  }

  /// A view's own cost along `axis`: content size (none for the root, as the constraint
  /// backends generate none), for a stack its hugging and its arranged views' least cost,
  /// and for a scroll view its content stack's cost when that stack's size is pinned to
  /// its own. Never includes terms its parent stack adds.
  mutating func ownCost(of v: ViewIndex, _ axis: Axis, _ scene: Scene) -> Cost {
    guard let priorities = scene.contentPriorities(of: v, axis) else { return arena.flat() }
    let content =
      v == scene.root
      ? arena.flat()
      : arena.content(
        intrinsic: scene.intrinsicSize(of: v, axis), hugging: priorities.hugging,
        compressionResistance: priorities.compressionResistance, levels: levels)
    if let term = scrollContentCost(of: v, axis, scene) {
      arena.beginSum()
      arena.addTerm(content)
      arena.addTerm(term.cost, scale: term.scale, offset: term.offset)
      return arena.sum(owner: v, axis: axis)
    }
    guard let configuration = scene.stack(of: v) else { return content }
    let inner = configuration.axis == axis ? mainCost(v, configuration, scene) : crossCost(v, configuration, scene)
    let hugging = arena.kink(at: 0, level: levels.index(of: InternalPriority.stackHugging), below: 1, above: 1)
    let insets = canvasInsets(v, configuration, scene)
    arena.beginSum()
    arena.addTerm(content)
    arena.addTerm(hugging)
    arena.addTerm(inner, offset: -(axis == .horizontal ? insets.left + insets.right : insets.top + insets.bottom))
    return arena.sum(owner: v, axis: axis)
  }

  /// The canvas's insets from the stack's bounds: its margins guide's when
  /// `layoutMarginsRelative`.
  func canvasInsets(_ v: ViewIndex, _ configuration: StackConfiguration, _ scene: Scene) -> EdgeInsets {
    configuration.isLayoutMarginsRelative ? scene.marginInsets(of: v) : .zero
  }

  /// Fills `visible` and `rank` (arranged index, hidden views counted) and returns the
  /// number of arranged views. O(children).
  mutating func gatherVisible(_ stack: ViewIndex, _ scene: Scene) -> Int {
    visible.removeAll(keepingCapacity: true)
    rank.removeAll(keepingCapacity: true)
    var arranged = 0
    for child in scene.children(of: stack) {
      guard let arrangement = scene.arrangement(of: child), arrangement.isArranged else { continue }
      if !arrangement.isHidden {
        visible.append(child)
        rank.append(arranged)
      }
      arranged += 1
    }
    return arranged
  }

  /// The fill tie-break of arranged index k of K (rule 6): toward the intrinsic size (0
  /// when none), stretching costs k + 1 and shrinking K − k at 0.5.
  mutating func tieBreak(_ v: ViewIndex, _ axis: Axis, rank k: Int, of count: Int, _ scene: Scene) -> Cost {
    arena.kink(
      at: scene.intrinsicSize(of: v, axis) ?? 0, level: levels.index(of: InternalPriority.fillTieBreak),
      below: Double(count - k), above: Double(k + 1))
  }

  // MARK: Along the axis

  /// The least cost of the arranged views as a function of the canvas length.
  private mutating func mainCost(_ s: ViewIndex, _ configuration: StackConfiguration, _ scene: Scene) -> Cost {
    let axis = configuration.axis
    let arrangedCount = gatherVisible(s, scene)
    let n = visible.count
    guard n > 0 else { return arena.flat() }
    chain.build(s, configuration, visible: visible, scene)
    let fixed = chain.gapSum + chain.constant
    switch configuration.distribution {
    case .fill:
      if axis == .horizontal, visible.contains(where: { scene.wrapsText($0) }) {
        return .failed(Refusal(view: s, reason: .textWidth))
      }
      guard chain.activeCount > 0 else { return arena.flat(lower: fixed, upper: fixed) }
      arena.beginItems()
      for j in 0..<n where chain.coefficient[j] != 0 {
        let tie = tieBreak(visible[j], axis, rank: rank[j], of: arrangedCount, scene)
        arena.beginSum()
        arena.addTerm(costs[Self.slot(visible[j], axis)])
        arena.addTerm(tie)
        arena.addItem(arena.sum(owner: s, axis: axis))
      }
      let least = arena.convolve(owner: s, axis: axis)
      arena.beginSum()
      arena.addTerm(least, offset: -fixed)
      return arena.sum(owner: s, axis: axis)

    case .fillEqually, .fillProportionally:
      let total = visible.reduce(0.0) { $0 + (scene.intrinsicSize(of: $1, axis) ?? 0) }
      if configuration.distribution == .fillEqually || total == 0 {
        let active = Double(chain.activeCount)
        guard active > 0 else { return arena.flat(lower: fixed, upper: fixed) }
        arena.beginSum()
        for v in visible { arena.addTerm(costs[Self.slot(v, axis)], scale: 1 / active, offset: -fixed / active) }
        return arena.sum(owner: s, axis: axis)
      }
      // sizeⱼ = icsⱼ · (C − Σgaps) / Σics, and the chain must also close.
      var share = 0.0
      arena.beginSum()
      for (j, v) in visible.enumerated() {
        let ics = scene.intrinsicSize(of: v, axis) ?? 0
        if chain.coefficient[j] != 0 { share += ics / total }
        arena.addTerm(costs[Self.slot(v, axis)], scale: ics / total, offset: -ics * chain.gapSum / total)
      }
      let proportional = arena.sum(owner: s, axis: axis)
      if nearlyEqual(share, 1) {
        return nearlyEqual(chain.constant, 0) ? proportional : .failed(Refusal(view: s, reason: .conflict(axis)))
      }
      return point(of: proportional, at: (fixed - share * chain.gapSum) / (1 - share), owner: s, axis: axis)

    case .equalSpacing, .equalCentering:
      if configuration.distribution == .equalCentering && n >= 3 {
        return equalCenteringCost(s, configuration, scene)
      }
      if n == 1 { return costs[Self.slot(visible[0], axis)] }
      arena.beginItems()
      for j in 0..<n where chain.coefficient[j] != 0 { arena.addItem(costs[Self.slot(visible[j], axis)]) }
      // The room beyond the minimum gaps, free of cost.
      arena.addItem(arena.flat(lower: 0))
      let least = arena.convolve(owner: s, axis: axis)
      arena.beginSum()
      arena.addTerm(least, offset: -(chain.constant + Double(n - 1) * chain.gapMaximum))
      return arena.sum(owner: s, axis: axis)
    }
  }

  /// `cost` restricted to the single point `x` (a length the rules force).
  private mutating func point(of cost: Cost, at x: Double, owner: ViewIndex, axis: Axis) -> Cost {
    if let failure = cost.failure { return .failed(failure) }
    let inside = (x >= cost.lower || nearlyEqual(x, cost.lower)) && (x <= cost.upper || nearlyEqual(x, cost.upper))
    guard inside else { return .failed(cost.soft?.refusal ?? Refusal(view: owner, reason: .conflict(axis))) }
    return arena.flat(lower: x, upper: x)
  }

  /// equalCentering with three views or more: every view at its own optimum, known only
  /// where they fit (C ≥ C_fit); below, the views shrink by a covering program that the
  /// layout solves for one canvas (LayoutEngine+Compression), but whose least cost as a
  /// function of C is not computed here. The truncation is a soft bound whose slope bound
  /// comes from the covering structure of the gaps: shrinking the canvas by 1 needs the
  /// views to shrink by at least 2/n in all, each at no less than the cheapest marginal
  /// cost c_min, so the true left slope is at most −(2/n)·c_min (plain chains only).
  private mutating func equalCenteringCost(_ s: ViewIndex, _ configuration: StackConfiguration, _ scene: Scene) -> Cost {
    let axis = configuration.axis
    let n = visible.count
    let compression = Refusal(view: s, reason: .compression)
    do throws(Refusal) { try equalCenteringSizes(s, axis, canvas: nil) } catch { return .failed(error) }
    let fit = equalCenteringFit(n)
    var cheapest: Int32?
    var known = !(configuration.isBaselineRelative && axis == .vertical)
    for (j, v) in visible.enumerated() {
      let c = costs[Self.slot(v, axis)]
      let marginal: Int32
      if let left = arena.slope(leftOf: mainSize[j], in: c) {
        marginal = left
      } else if let bound = c.soft {
        guard bound.slope >= 0 else {
          known = false
          continue
        }
        marginal = bound.slope
      } else {
        continue  // at a hard lower bound: this view cannot shrink
      }
      // Shrinking costs −slope; the cheapest has the largest slope.
      cheapest = cheapest.map { arena.compare(marginal, $0) > 0 ? marginal : $0 } ?? marginal
    }
    guard let cheapest else { return arena.flat(lower: fit) }
    var result = arena.flat(lower: fit)
    if known {
      let slope = arena.scaled(cheapest, by: 2 / Double(n))
      result.soft = SoftBound(slope: slope, refusal: compression)
    } else {
      result.soft = SoftBound(slope: -1, refusal: compression)
    }
    return result
  }

  /// Each visible view's own optimum, into `mainSize`. A view whose optimum is an interval
  /// is free as far as its cost goes, and the centres and gaps would pick its length (an
  /// LP this backend does not solve): refused as such, unless the canvas (when given)
  /// fits both ends of every interval — then the layout is ambiguous.
  mutating func equalCenteringSizes(_ s: ViewIndex, _ axis: Axis, canvas: Double?) throws(Refusal) {
    let n = visible.count
    mainSize.removeAll(keepingCapacity: true)
    var free = false
    for v in visible {
      let c = costs[Self.slot(v, axis)]
      if let failure = c.failure { throw failure }
      let (low, high) = arena.minimizers(of: c)
      if nearlyEqual(low, high) {
        mainSize.append(try arena.minimizer(of: c, owner: s, axis: axis).get())
      } else {
        guard low.isFinite && high.isFinite else { throw Refusal(view: s, reason: .freeCentering) }
        free = true
        mainSize.append(low)
      }
    }
    guard free else { return }
    guard let canvas else { throw Refusal(view: s, reason: .freeCentering) }
    let fitsLow = canvas >= equalCenteringFit(n) || nearlyEqual(canvas, equalCenteringFit(n))
    for (j, v) in visible.enumerated() { mainSize[j] = arena.minimizers(of: costs[Self.slot(v, axis)]).high }
    let fitsHigh = canvas >= equalCenteringFit(n) || nearlyEqual(canvas, equalCenteringFit(n))
    throw Refusal(view: s, reason: fitsLow && fitsHigh ? .ambiguous(axis) : .freeCentering)
  }

  /// The least canvas length at which views of sizes `mainSize` fit with equal centre
  /// distances and their minimum gaps (the chain in `chain`). O(n).
  func equalCenteringFit(_ n: Int) -> Double {
    var step = -Double.infinity
    for i in 0..<(n - 1) { step = max(step, equalCenteringStep(after: i)) }
    return Double(n - 1) * step + mainSize[0] / 2 + mainSize[n - 1] / 2
  }

  /// The least distance between centres that keeps gap i at its minimum with the sizes in
  /// `mainSize`: gapᵢ = δ − sᵢ₊₁/2 + sᵢ/2 + gapEndᵢ₊₁ − gapStartᵢ ≥ minimumᵢ. O(1).
  func equalCenteringStep(after i: Int) -> Double {
    chain.gap[i] + mainSize[i + 1] / 2 - mainSize[i] / 2
      - chain.gapEnd(i + 1, size: mainSize[i + 1]) + chain.gapStart(i, size: mainSize[i])
  }

  // MARK: Across the axis

  /// The least cost of the arranged views as a function of the canvas's cross length.
  private mutating func crossCost(_ s: ViewIndex, _ configuration: StackConfiguration, _ scene: Scene) -> Cost {
    let axis = configuration.axis.other
    _ = gatherVisible(s, scene)
    guard !visible.isEmpty else { return arena.flat() }
    switch effectiveAlignment(configuration) {
    case .fill:
      arena.beginSum()
      for v in visible { arena.addTerm(costs[Self.slot(v, axis)]) }
      return arena.sum(owner: s, axis: axis)
    case .leading, .trailing, .center:
      arena.beginSum()
      for v in visible { arena.addTerm(arena.envelope(costs[Self.slot(v, axis)])) }
      return arena.sum(owner: s, axis: axis)
    case .firstBaseline, .lastBaseline:
      let form = BaselineForm(configuration.alignment, visible, scene)
      if form.firstMoves {
        let rest = baselineRest(form, s, scene)
        arena.beginItems()
        arena.addItem(costs[Self.slot(visible[0], axis)])
        arena.addItem(rest)
        return arena.convolve(owner: s, axis: axis)
      }
      arena.beginSum()
      arena.addTerm(arena.envelope(costs[Self.slot(visible[0], axis)]))
      var least = -Double.infinity
      for j in 1..<visible.count {
        let k = form.offset(j)
        if form.descends(j) {
          arena.addTerm(arena.envelope(costs[Self.slot(visible[j], axis)]), offset: -k)
        } else {
          least = max(least, k)
        }
      }
      return arena.restrictedBelow(arena.sum(owner: s, axis: axis), to: least, owner: s, axis: axis)
    }
  }

  /// When the first view's size moves its baseline (see ``BaselineForm``): the least cost of
  /// the others as a function of u = C − size₁, the room the first view leaves.
  mutating func baselineRest(_ form: BaselineForm, _ s: ViewIndex, _ scene: Scene) -> Cost {
    let axis = Axis.vertical
    var least = 0.0
    arena.beginSum()
    for j in 1..<visible.count {
      let k = form.offset(j)
      if form.descends(j) {
        arena.addTerm(arena.envelope(costs[Self.slot(visible[j], axis)]), offset: -k)
      } else {
        least = max(least, k)
      }
    }
    return arena.restrictedBelow(arena.sum(owner: s, axis: axis), to: least, owner: s, axis: axis)
  }

  /// Baseline alignments act as `leading` in a vertical stack (rule 4).
  func effectiveAlignment(_ configuration: StackConfiguration) -> StackAlignment {
    let alignment = configuration.alignment
    if configuration.axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) { return .leading }
    return alignment
  }
}
