import Scene

/// A stack's arranged views for a given canvas, by direct computation of the optimum the
/// generated constraints define (docs/scene-semantics.md, stack rules 1–7). Sizes and
/// positions are written in axis coordinates (from the canvas's leading or top edge) to
/// `mainSize`/`mainPosition` and `crossSize`/`crossPosition`, one entry per visible view.
extension LayoutEngine {

  // MARK: Along the axis

  /// - Complexity: O(P · levels) for the P cost pieces of the arranged views when their
  ///   slopes come sorted by priority group (CostArena.sortedCandidates), O(P log P · levels)
  ///   at worst.
  mutating func mainLayout(
    _ s: ViewIndex, _ configuration: StackConfiguration, _ arrangedCount: Int, canvas: Double, _ scene: Scene
  ) throws(Refusal) {
    let axis = configuration.axis
    let n = visible.count
    mainSize.removeAll(keepingCapacity: true)
    mainPosition.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    chain.build(s, configuration, visible: visible, scene)
    let fixed = chain.gapSum + chain.constant
    let conflict = Refusal(view: s, reason: .conflict(axis))
    for _ in 0..<n { mainSize.append(0) }
    var uniformGap: Double?

    switch configuration.distribution {
    case .fill:
      if chain.activeCount > 0 {
        arena.beginItems()
        for j in 0..<n where chain.coefficient[j] != 0 {
          arena.addItem(fillItem(j, s, axis, arrangedCount, canvas: canvas, scene))
        }
        if let refusal = arena.allocate(total: canvas - fixed, owner: s, axis: axis) { throw refusal }
        var k = 0
        for j in 0..<n where chain.coefficient[j] != 0 {
          mainSize[j] = arena.values[k]
          k += 1
        }
      } else if !nearlyEqual(canvas, fixed) {
        throw conflict
      }
      for j in 0..<n where chain.coefficient[j] == 0 {
        // Built first: a non-mutating call reads the arena before evaluating its arguments.
        let item = fillItem(j, s, axis, arrangedCount, canvas: canvas, scene)
        mainSize[j] = try arena.minimizer(of: item, owner: s, axis: axis).get()
      }

    case .fillEqually, .fillProportionally:
      let total = visible.reduce(0.0) { $0 + (scene.intrinsicSize(of: $1, axis) ?? 0) }
      if configuration.distribution == .fillEqually || total == 0 {
        let size: Double
        if chain.activeCount > 0 {
          size = (canvas - fixed) / Double(chain.activeCount)
        } else {
          guard nearlyEqual(canvas, fixed) else { throw conflict }
          // Only the views' own costs choose the common size.
          arena.beginSum()
          for v in visible { arena.addTerm(costs[Self.slot(v, axis)]) }
          let common = arena.sum(owner: s, axis: axis)
          size = try arena.minimizer(of: common, owner: s, axis: axis).get()
        }
        for j in 0..<n { mainSize[j] = size }
      } else {
        var reach = fixed
        for (j, v) in visible.enumerated() {
          mainSize[j] = (scene.intrinsicSize(of: v, axis) ?? 0) * (canvas - chain.gapSum) / total
          reach += chain.coefficient[j] * mainSize[j]
        }
        guard nearlyEqual(reach, canvas) else { throw conflict }
      }

    case .equalSpacing, .equalCentering:
      if configuration.distribution == .equalCentering && n >= 3 {
        try equalCenteringLayout(s, axis, canvas: canvas)
        return
      }
      if n == 1 {
        mainSize[0] = canvas
      } else {
        arena.beginItems()
        for j in 0..<n where chain.coefficient[j] != 0 { arena.addItem(costs[Self.slot(visible[j], axis)]) }
        arena.addItem(arena.flat(lower: 0))
        let minimum = chain.constant + Double(n - 1) * chain.gapMaximum
        if let refusal = arena.allocate(total: canvas - minimum, owner: s, axis: axis) { throw refusal }
        var k = 0
        for j in 0..<n where chain.coefficient[j] != 0 {
          mainSize[j] = arena.values[k]
          k += 1
        }
        uniformGap = chain.gapMaximum + arena.values[k] / Double(n - 1)
        for j in 0..<n where chain.coefficient[j] == 0 {
          mainSize[j] = try arena.minimizer(of: costs[Self.slot(visible[j], axis)], owner: s, axis: axis).get()
        }
      }
    }
    chain.positions(sizes: mainSize, uniformGap: uniformGap, into: &mainPosition)
  }

  /// A fill stack's view cost: its own, the tie-break (rule 6) and, for wrapping text in a
  /// horizontal stack, `width == canvas / n @759` (rule 7).
  private mutating func fillItem(
    _ j: Int, _ s: ViewIndex, _ axis: Axis, _ arrangedCount: Int, canvas: Double, _ scene: Scene
  ) -> Cost {
    let v = visible[j]
    let tie = tieBreak(v, axis, rank: rank[j], of: arrangedCount, scene)
    var text: Cost?
    if axis == .horizontal && scene.wrapsText(v) {
      text = arena.kink(
        at: canvas / Double(visible.count), level: levels.index(of: InternalPriority.textWidthDisambiguation),
        below: 1, above: 1)
    }
    arena.beginSum()
    arena.addTerm(costs[Self.slot(v, axis)])
    arena.addTerm(tie)
    if let text { arena.addTerm(text) }
    return arena.sum(owner: s, axis: axis)
  }

  /// equalCentering with three views or more: every view at its own optimum where they
  /// fit, else compressed (``compressEqualCentering(_:_:canvas:)``); centres `c₁ + j·δ`
  /// with `δ = (C − s₁/2 − sₙ/2) / (n − 1)`.
  private mutating func equalCenteringLayout(_ s: ViewIndex, _ axis: Axis, canvas: Double) throws(Refusal) {
    let n = visible.count
    try equalCenteringSizes(s, axis, canvas: canvas)
    let fit = equalCenteringFit(n)
    if canvas < fit && !nearlyEqual(canvas, fit) { try compressEqualCentering(s, axis, canvas: canvas) }
    let step = (canvas - mainSize[0] / 2 - mainSize[n - 1] / 2) / Double(n - 1)
    for j in 0..<n { mainPosition.append(mainSize[0] / 2 + Double(j) * step - mainSize[j] / 2) }
  }

  // MARK: Across the axis

  mutating func crossLayout(_ s: ViewIndex, _ configuration: StackConfiguration, canvas: Double, _ scene: Scene) throws(Refusal) {
    let axis = configuration.axis.other
    let n = visible.count
    crossSize.removeAll(keepingCapacity: true)
    crossPosition.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    let alignment = effectiveAlignment(configuration)
    switch alignment {
    case .fill:
      for _ in 0..<n {
        crossSize.append(canvas)
        crossPosition.append(0)
      }
    case .leading, .trailing, .center:
      for v in visible {
        let size = try arena.boundedMinimizer(of: costs[Self.slot(v, axis)], atMost: canvas, owner: s, axis: axis).get()
        crossSize.append(size)
        crossPosition.append(alignment == .leading ? 0 : alignment == .trailing ? canvas - size : (canvas - size) / 2)
      }
    case .firstBaseline, .lastBaseline:
      try baselineLayout(s, configuration.alignment, canvas: canvas, scene)
    }
  }

  /// Baseline alignment in a horizontal stack (see ``BaselineForm``). The first view sits
  /// at the canvas edge on its baseline side (y₁ = 0): the row pin (rule 6a) pulls it
  /// there, and nothing pushes it away — moving it in, with every size kept, only tightens
  /// the other views' bounds — so the sizes are those the costs choose with y₁ = 0.
  private mutating func baselineLayout(_ s: ViewIndex, _ alignment: StackAlignment, canvas: Double, _ scene: Scene) throws(Refusal) {
    let axis = Axis.vertical
    let n = visible.count
    let form = BaselineForm(alignment, visible, scene)
    let conflict = Refusal(view: s, reason: .conflict(axis))
    for _ in 0..<n { crossSize.append(0) }
    var room = canvas
    if form.firstMoves {
      let rest = baselineRest(form, s, scene)
      arena.beginItems()
      arena.addItem(costs[Self.slot(visible[0], axis)])
      arena.addItem(rest)
      if let refusal = arena.allocate(total: canvas, owner: s, axis: axis) { throw refusal }
      crossSize[0] = arena.values[0]
      room = arena.values[1]
    } else {
      crossSize[0] = try arena.boundedMinimizer(of: costs[Self.slot(visible[0], axis)], atMost: canvas, owner: s, axis: axis).get()
    }
    for j in 1..<max(1, n) {
      let c = costs[Self.slot(visible[j], axis)]
      let k = form.offset(j)
      if form.descends(j) {
        crossSize[j] = try arena.boundedMinimizer(of: c, atMost: room - k, owner: s, axis: axis).get()
      } else {
        if room < k && !nearlyEqual(room, k) { throw conflict }
        crossSize[j] = try arena.minimizer(of: c, owner: s, axis: axis).get()
      }
    }
    // The common baseline with y₁ = 0; a view reaching past the far edge is a conflict the
    // bounds above should already have caught (kept as a guard against rounding).
    let base = form.nearValue(0, size: crossSize[0])
    var reach = crossSize[0]
    for j in 1..<max(1, n) { reach = max(reach, base + form.farValue(j, size: crossSize[j])) }
    if reach > canvas && !nearlyEqual(reach, canvas) { throw conflict }
    for j in 0..<n {
      let fromEdge = base - form.nearValue(j, size: crossSize[j])
      crossPosition.append(form.isFirst ? fromEdge : canvas - fromEdge - crossSize[j])
    }
  }
}
