import LayoutModel

extension Scene {

  /// The constraints a stack generates (docs/scene-semantics.md, "Stack views", rules 1–7):
  /// ends, gaps, sizes, alignment, hugging, the fill tie-break and the text-width
  /// disambiguation. Hidden and unarranged children take no part. Axis coordinates are
  /// mirrored for a horizontal stack in right-to-left, so the first arranged view is at the
  /// right.
  /// - Complexity: O(arranged views).
  func stackConstraints(_ s: ViewIndex, variables: SceneVariables) -> [GeneratedConstraint] {
    guard let stackView = view(s), let config = stackView.stack else { return [] }
    let element = SceneElement.stack(s)
    var out: [GeneratedConstraint] = []
    func add(_ role: ConstraintRole, _ expression: AffineExpression, _ relation: Relation, _ priority: Double = 1000) {
      out.append(GeneratedConstraint(key: ConstraintKey(element, role), expression: linear(expression, variables), relation: relation, priority: priority))
    }

    // Rule 5: the stack hugs its content along any axis nothing else sizes.
    add(.stackHugging(.horizontal), AffineExpression(variables.variable(s, .width)), .equal, InternalPriority.stackHugging)
    add(.stackHugging(.vertical), AffineExpression(variables.variable(s, .height)), .equal, InternalPriority.stackHugging)

    let arranged = arrangedSubviews(of: s)
    let visible = arranged.filter { view($0)?.isHidden == false }
    guard let first = visible.first, let last = visible.last else { return out }
    let axis = config.axis
    let cross = axis.other
    let rightToLeft = container.isRightToLeft
    let canvasInsets = config.isLayoutMarginsRelative ? marginInsets(of: s) : .zero
    let canvas = span(of: s, insets: canvasInsets, axis: axis, mirrored: axis == .horizontal && rightToLeft, variables)
    let canvasCross = span(of: s, insets: canvasInsets, axis: cross, mirrored: cross == .horizontal && rightToLeft, variables)
    func along(_ v: ViewIndex) -> Span { span(of: v, insets: .zero, axis: axis, mirrored: axis == .horizontal && rightToLeft, variables) }
    func across(_ v: ViewIndex) -> Span { span(of: v, insets: .zero, axis: cross, mirrored: cross == .horizontal && rightToLeft, variables) }
    func gap(after v: ViewIndex) -> Double { config.customSpacing[v] ?? config.spacing }
    let baselineRelative = config.isBaselineRelative && axis == .vertical
    // Where a gap starts and ends: edges, or baselines in a baseline-relative vertical stack.
    func gapStart(_ v: ViewIndex) -> AffineExpression {
      baselineRelative ? expression(.view(v), .lastBaseline, variables) : along(v).end
    }
    func gapEnd(_ v: ViewIndex) -> AffineExpression {
      baselineRelative ? expression(.view(v), .firstBaseline, variables) : along(v).start
    }
    let n = visible.count

    // Rule 1: ends.
    add(.stackStart(first), along(first).start - canvas.start, .equal)
    add(.stackEnd(last), canvas.end - along(last).end, .equal)

    // Rule 2, equalCentering's equal distances: each centre from the first two,
    // cᵢ == c₀ + i·(c₁ − c₀) (0-based), entered before the gaps. A chain
    // (cᵢ₊₁ − cᵢ == cᵢ − cᵢ₋₁), or positions already defined by the gap chain, make each
    // position a sum over the views before it, and the gaps' slacks, basic at the optimum
    // and fully reduced, then held the whole stack: Θ(n²) cells (1.0 M at 1,000 views,
    // 4.6 s to build). From the first two each position is a row of a few cells, and so is
    // each slack.
    if config.distribution == .equalCentering, n >= 3 {
      let pitch = along(visible[1]).center - along(first).center
      for i in 2..<n {
        add(.equalCentering(visible[i]), (along(visible[i]).center - along(first).center) - Double(i) * pitch, .equal)
      }
    }

    // Rule 2: gaps.
    let exactGaps = [.fill, .fillEqually, .fillProportionally].contains(config.distribution)
    // In equalSpacing every gap equals the others, so the gaps' minimums reduce to the
    // largest one. One inequality keeps the tableau linear in n: with one per gap, every
    // gap's slack is basic and positive at the optimum and, being restricted, its row is
    // fully reduced to the common gap (canvas − Σ sizes)/(n − 1), so each of the n − 1
    // rows held every size's error and every equality's marker (Θ(n²) cells: 3.0 M at
    // 1,000 views).
    let minimumGapIndex = config.distribution == .equalSpacing ? widestMinimumGap(visible, gap) : nil
    // fillEqually places each view from the first: with rule 3's equal sizes the gap chain
    // sums to vᵢ.start == v₀.start + i·v₀.size + Σⱼ₍ⱼ<ᵢ₎ gapⱼ (0-based). Chained, each
    // position was a sum over the views before it, the closing row carried every size
    // equality's marker, and so did every view's content rows once the first size was
    // solved for (Θ(n²) cells: 2.0 M at 1,000 views, a resize 48 ms). Baseline-relative gaps
    // run between baselines at per-view offsets, so those keep the chain.
    let placesFromFirst = config.distribution == .fillEqually && !baselineRelative
    var offsetFromFirst = 0.0
    for i in 0..<(n - 1) where minimumGapIndex == nil || i == minimumGapIndex {
      if placesFromFirst {
        offsetFromFirst += gap(after: visible[i])
        add(.gap(after: visible[i]),
            along(visible[i + 1]).start - along(first).start - Double(i + 1) * along(first).size - offsetFromFirst, .equal)
      } else {
        add(.gap(after: visible[i]), gapEnd(visible[i + 1]) - gapStart(visible[i]) - gap(after: visible[i]),
            exactGaps ? .equal : .greaterThanOrEqual)
      }
    }

    // Rule 2, equalSpacing's equal gaps (chain).
    if config.distribution == .equalSpacing, n >= 3 {
      for i in 1..<(n - 1) {
        add(.equalGap(visible[i]), (gapEnd(visible[i + 1]) - gapStart(visible[i])) - (gapEnd(visible[i]) - gapStart(visible[i - 1])), .equal)
      }
    }

    // Rule 3: sizes.
    let intrinsic = visible.map { view($0)?.intrinsicSize[axis] ?? 0 }
    let total = intrinsic.reduce(0, +)
    if config.distribution == .fillEqually || (config.distribution == .fillProportionally && total == 0) {
      for i in 1..<n { add(.equalSize(visible[i]), along(visible[i]).size - along(first).size, .equal) }
    } else if config.distribution == .fillProportionally {
      let gaps = visible.dropLast().reduce(0) { $0 + gap(after: $1) }
      for (i, v) in visible.enumerated() {
        // sizeᵢ · Σics = icsᵢ · (canvas − Σgaps)
        add(.proportionalSize(v), total * along(v).size - intrinsic[i] * (canvas.size - gaps), .equal)
      }
    }

    // Rule 4: alignment, axis-neutral; baseline alignments act as leading in a vertical stack.
    var alignment = config.alignment
    if axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) { alignment = .leading }
    for v in visible {
      let c = across(v)
      switch alignment {
      case .fill:
        add(.crossStart(v), c.start - canvasCross.start, .equal)
        add(.crossEnd(v), canvasCross.end - c.end, .equal)
      case .leading:
        add(.crossStart(v), c.start - canvasCross.start, .equal)
        add(.crossEnd(v), canvasCross.end - c.end, .greaterThanOrEqual)
      case .trailing:
        add(.crossEnd(v), canvasCross.end - c.end, .equal)
        add(.crossStart(v), c.start - canvasCross.start, .greaterThanOrEqual)
      case .center:
        add(.crossCenter(v), c.center - canvasCross.center, .equal)
        add(.crossStart(v), c.start - canvasCross.start, .greaterThanOrEqual)
      case .firstBaseline, .lastBaseline:
        let baseline: Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
        if v != first {
          add(.baseline(v), expression(.view(v), baseline, variables) - expression(.view(first), baseline, variables), .equal)
        }
        // UIKit's canvas connection on the baseline side binds the first view only
        // (bug #32291130, reproduced); the other side binds every view.
        let top = c.start - canvasCross.start
        let bottom = canvasCross.end - c.end
        if alignment == .firstBaseline {
          if v == first {
            add(.canvasTop(v), top, .greaterThanOrEqual)
            // With height to spare the row would float; it sits at the top.
            add(.baselineRowPin(v), top, .equal, InternalPriority.fillTieBreak)
          }
          add(.canvasBottom(v), bottom, .greaterThanOrEqual)
        } else {
          if v == first {
            add(.canvasBottom(v), bottom, .greaterThanOrEqual)
            add(.baselineRowPin(v), bottom, .equal, InternalPriority.fillTieBreak)
          }
          add(.canvasTop(v), top, .greaterThanOrEqual)
        }
      }
      // Across the axis, a view with no intrinsic size there is free under any alignment
      // but fill; it collapses (UIKit's stack suppresses such ambiguity too).
      if alignment != .fill && view(v)?.intrinsicSize[cross] == nil {
        add(.crossCollapse(v), c.size, .equal, InternalPriority.fillTieBreak)
      }
    }

    // Rule 6: ties in fill go to the earliest view (stretch first, shrink last), weighted
    // by arranged index among all arranged views, hidden included, so indices are stable.
    if config.distribution == .fill {
      let count = Double(arranged.count)
      for (k, v) in arranged.enumerated() where view(v)?.isHidden == false {
        let target = view(v)?.intrinsicSize[axis] ?? 0
        let excess = along(v).size - target
        add(.fillTieStretch(v), Double(k + 1) * excess, .lessThanOrEqual, InternalPriority.fillTieBreak)
        add(.fillTieShrink(v), (count - Double(k)) * excess, .greaterThanOrEqual, InternalPriority.fillTieBreak)
      }
    }

    // Rule 7: text-width disambiguation for multi-line text in a horizontal fill stack.
    if axis == .horizontal && config.distribution == .fill {
      for v in visible where view(v)?.wrapsText == true {
        add(.textWidth(v), along(v).size - (1 / Double(n)) * canvas.size, .equal, InternalPriority.textWidthDisambiguation)
      }
    }
    return out
  }

  /// The index of the largest gap minimum among `visible`'s n − 1 gaps, the earliest on a
  /// tie; nil with fewer than two views. O(n).
  private func widestMinimumGap(_ visible: [ViewIndex], _ gap: (ViewIndex) -> Double) -> Int? {
    guard visible.count >= 2 else { return nil }
    var widest = 0
    for i in 1..<(visible.count - 1) where gap(visible[i]) > gap(visible[widest]) { widest = i }
    return widest
  }
}
