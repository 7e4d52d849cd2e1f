import LayoutModel

/// Labels (formats.md section 2.1, docs/scene-semantics.md "Text"): a view's `text` gives
/// its intrinsic size and baselines, which the scene keeps in the view's `intrinsicSize` and
/// `baseline` so that every backend lowers a label as any view with content. Only the
/// height depends on the width the text wraps at, which the layout passes supply
/// (Scene+LayoutPasses.swift).
extension Scene {

  /// Intrinsic size and baselines of `text` (scaled by ``textScale``) wrapping at `width`:
  /// width S = the single-line width (min(S, P) with a preferred maximum P), height
  /// lines × line height; first baseline = ascent, last = (lines − 1) × line height +
  /// ascent. The text wraps at P when given, else at `width`, else (NaN: never laid out) at S.
  /// O(words).
  func textMetrics(_ text: TextContent, preferredMaxLayoutWidth: Double?, width: Double) -> (
    size: AxisPair<Double?>, baseline: Baseline
  ) {
    let scaled = text.scaled(by: textScale)
    let single = scaled.singleLineWidth
    let wrapWidth = preferredMaxLayoutWidth ?? (width.isNaN ? single : width)
    let lines = Double(scaled.lineCount(atWidth: wrapWidth))
    return (
      AxisPair(horizontal: preferredMaxLayoutWidth.map { min(single, $0) } ?? single, vertical: lines * scaled.lineHeight),
      Baseline(first: scaled.ascent, last: (lines - 1) * scaled.lineHeight + scaled.ascent)
    )
  }

  /// Recomputes the intrinsic size and baselines of text views from their widths in
  /// ``textWidthSlots``, giving new values to those whose size moved by more than
  /// `threshold` (0: every difference) and touching what they reach. Hidden views are
  /// left as they are (they take no part in the pass rule). Returns the views given new
  /// values.
  /// - Parameter views: the text views to look at; all of ``textViews`` when nil.
  /// - Complexity: O(words of the views) plus that of ``assignContentSizes(_:into:)``.
  @discardableResult
  mutating func refreshTextSizes(
    of views: [ViewIndex]? = nil, threshold: Double, into delta: inout SceneDelta
  ) -> [ViewIndex] {
    var entries: [(view: ViewIndex, size: AxisPair<Double?>, baseline: Baseline?)] = []
    for v in views ?? textViews {
      guard let view = view(v), let text = view.text, !view.isHidden else { continue }
      let metrics = textMetrics(text, preferredMaxLayoutWidth: view.preferredMaxLayoutWidth, width: textWidthSlots[v.index])
      let moved = Axis.allCases.contains { axis in
        abs((metrics.size[axis] ?? 0) - (view.intrinsicSize[axis] ?? 0)) > threshold
      }
      if moved || (threshold == 0 && metrics.baseline != view.baseline) {
        entries.append((v, metrics.size, metrics.baseline))
      }
    }
    assignContentSizes(entries, into: &delta)
    return entries.map(\.view)
  }

  /// Gives views new intrinsic sizes and, where given, baselines, and notes in `delta` what
  /// that touches: each view's content-size constraints, the stack it is arranged in, and
  /// the user constraints that measure from a baseline that moved. The delta's constant
  /// shifts (Scene+IntrinsicSizeShifts.swift) are kept only while they are the whole
  /// effect: not when a moved baseline reaches a constraint.
  /// - Complexity: O(entries log entries), plus O(constraints) when a baseline moved.
  mutating func assignContentSizes(
    _ entries: [(view: ViewIndex, size: AxisPair<Double?>, baseline: Baseline?)], into delta: inout SceneDelta
  ) {
    guard !entries.isEmpty else { return }
    var before: [(view: ViewIndex, size: AxisPair<Double?>)] = []
    before.reserveCapacity(entries.count)
    var baselineMoved: [ViewIndex] = []
    for entry in entries {
      guard let current = view(entry.view) else { continue }
      // A row's views lower nothing here (Scene+Tables.swift): nothing of theirs to shift.
      if row(of: entry.view) == nil { before.append((entry.view, current.intrinsicSize)) }
      views[entry.view.index]?.intrinsicSize = entry.size
      if let baseline = entry.baseline, baseline != current.baseline {
        views[entry.view.index]?.baseline = baseline
        baselineMoved.append(entry.view)
      }
      delta.touch(.view(entry.view))
      if isArrangedInStack(entry.view), let parent = current.parent { delta.touch(.stack(parent)) }
    }
    var shifts = intrinsicSizeShifts(from: before)
    if !baselineMoved.isEmpty {
      var moved = [Bool](repeating: false, count: views.count)
      for v in baselineMoved {
        moved[v.index] = true
        if isArrangedInStack(v), let parent = parent(of: v), let config = stack(of: parent),
          config.isBaselineRelative || config.alignment == .firstBaseline || config.alignment == .lastBaseline
        {
          shifts = nil
        }
      }
      func reaches(_ anchor: Anchor?) -> Bool {
        guard let anchor, anchor.attribute.isBaseline, case .view(let v) = anchor.item else { return false }
        return moved[v.index]
      }
      for c in constraints.indices {
        guard let constraint = constraints[c] else { continue }
        if reaches(constraint.first) || reaches(constraint.second) {
          delta.touch(.constraint(c))
          shifts = nil
        }
      }
    }
    delta.constantShifts += shifts ?? []
    if shifts == nil { delta.shiftsAreComplete = false }
  }

  /// Field checks of a view's `text` and `preferredMaxLayoutWidth`: the text's own fields
  /// (``TextContent/problem``), no `intrinsicSize` or `baseline` beside a text (they come
  /// from it), and a preferred maximum only on a view with text. O(words).
  /// - Throws: `SceneError` naming the field, e.g. `views[2].text.words[3]`.
  static func checkText(of d: ViewDescription) throws(SceneError) {
    if let width = d.preferredMaxLayoutWidth {
      let path = appending(d.path, key: "preferredMaxLayoutWidth")
      guard d.text != nil else { throw SceneError(path: path, "only a view with text has a preferredMaxLayoutWidth") }
      guard width.isFinite, width >= 0 else { throw SceneError(path: path, "expected a finite width >= 0, found \(width)") }
    }
    guard let text = d.text else { return }
    try checkText(text, path: appending(d.path, key: "text"))
    if d.intrinsicSize.horizontal != nil || d.intrinsicSize.vertical != nil {
      throw SceneError(path: appending(d.path, key: "intrinsicSize"), "a view with text takes its intrinsic size from the text")
    }
    if d.baseline != nil {
      throw SceneError(path: appending(d.path, key: "baseline"), "a view with text takes its baselines from the text")
    }
  }

  /// - Throws: `SceneError` at `path.KEY` or `path.words[k]` for the text's first problem.
  static func checkText(_ text: TextContent, path: @autoclosure () -> String) throws(SceneError) {
    guard let problem = text.problem else { return }
    let keyPath = appending(path(), key: problem.key)
    throw SceneError(path: problem.index.map { appending(keyPath, index: $0) } ?? keyPath, problem.message)
  }

  /// `setText`: every entry checked first (a present view, a valid text, and not a view
  /// whose intrinsic size was given by hand); then each view's text is replaced and its
  /// size recomputed at the width it was last laid out at.
  /// - Throws: `SceneError` naming the entry.
  mutating func applySetText(_ entries: [Named<TextContent>], path: @autoclosure () -> String, into delta: inout SceneDelta)
    throws(SceneError)
  {
    let indices = try presentViews(entries.map(\.id), path: path())
    for (k, entry) in entries.enumerated() {
      let entryPath = appending(path(), key: entry.id)
      try Self.checkText(entry.value, path: entryPath)
      if let view = view(indices[k]), view.text == nil, view.intrinsicSize.horizontal != nil || view.intrinsicSize.vertical != nil
        || view.baseline != nil
      {
        throw SceneError(path: entryPath, "'\(entry.id)' has an intrinsic size or baselines of its own; only a label without them takes a text")
      }
      if indices[k] == root { throw SceneError(path: entryPath, "the root view cannot have text") }
    }
    for (k, entry) in entries.enumerated() {
      let v = indices[k]
      guard let view = view(v) else { continue }
      views[v.index]?.text = entry.value
      let wraps = view.wrapsText || entry.value.wraps
      if view.text == nil {
        let position = textViews.firstIndex { $0 > v } ?? textViews.endIndex
        textViews.insert(v, at: position)
      }
      if wraps != view.wrapsText {
        views[v.index]?.wrapsText = wraps
        if isArrangedInStack(v), let parent = view.parent { delta.touch(.stack(parent)) }
        delta.shiftsAreComplete = false
      }
    }
    refreshTextSizes(of: indices, threshold: 0, into: &delta)
  }

  /// `setTextScale`: a scale in (0, 100], applied to every text as written.
  /// - Throws: `SceneError` for a scale out of range.
  mutating func applySetTextScale(_ scale: Double, path: @autoclosure () -> String, into delta: inout SceneDelta)
    throws(SceneError)
  {
    guard scale.isFinite, scale > 0, scale <= 100 else {
      throw SceneError(path: path(), "expected a text scale in (0, 100], found \(scale)")
    }
    textScale = scale
    refreshTextSizes(threshold: 0, into: &delta)
  }
}
