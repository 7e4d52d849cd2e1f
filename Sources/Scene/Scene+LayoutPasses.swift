import LayoutModel

/// The scene's side of the layout passes (formats.md section 2.1, "Layout passes"): after
/// a solve, each text view's solved width and each view's solved frame give new inputs —
/// intrinsic heights and safe-area insets — and the scene takes them in, returning what
/// they touched for the backend. ``LayoutDriver`` runs the loop.
extension Scene {

  /// How far the root's unsafe bands reach into `frame` (root coordinates), side by side:
  /// top = clamp(safeTop − y, 0, h) when the frame meets the top band [0, safeTop), and
  /// alike for the others; 0 for a band that is empty or that the frame does not meet
  /// (bands lie within the container). O(1).
  public func bandInsets(of frame: Rect) -> EdgeInsets {
    let (width, height, safe) = (container.width, container.height, container.safeAreaInsets)
    // Whether [start, start + length] meets [0, limit) across the band.
    func across(_ start: Double, _ length: Double, _ limit: Double) -> Bool {
      length > 0 ? start < limit && start + length > 0 : start >= 0 && start < limit
    }
    let acrossX = across(frame.x, frame.width, width)
    let acrossY = across(frame.y, frame.height, height)
    func clamp(_ value: Double, _ size: Double) -> Double { min(max(value, 0), size) }
    var insets = EdgeInsets.zero
    if safe.top > 0, acrossX, frame.y < safe.top, frame.y + frame.height > 0 || frame.height == 0 {
      insets.top = clamp(safe.top - frame.y, frame.height)
    }
    if safe.bottom > 0, acrossX, frame.y + frame.height > height - safe.bottom, frame.y < height {
      insets.bottom = clamp(frame.y + frame.height - (height - safe.bottom), frame.height)
    }
    if safe.left > 0, acrossY, frame.x < safe.left, frame.x + frame.width > 0 || frame.width == 0 {
      insets.left = clamp(safe.left - frame.x, frame.width)
    }
    if safe.right > 0, acrossY, frame.x + frame.width > width - safe.right, frame.x < width {
      insets.right = clamp(frame.x + frame.width - (width - safe.right), frame.width)
    }
    return insets
  }

  /// Takes in a solve: every visible text view's solved width (the width its text wraps at
  /// next) and new safe-area insets, then gives new intrinsic sizes to the text views whose
  /// size moved by more than 0.001 and new insets to the views whose insets did. Returns
  /// the delta for the backend; `changed` receives the views whose inputs changed (left
  /// empty: the layout has settled).
  /// - Parameters:
  ///   - frames: the solve's frames, by view index.
  ///   - insets: new insets for the views whose insets moved (from their root frames),
  ///     ascending by view.
  ///   - changed: cleared, then filled; the caller's buffer, so a settled pass allocates
  ///     nothing.
  /// - Complexity: O(text views' words + insets), plus O(constraints · log insets) when an
  ///   inset or a baseline moved.
  public mutating func takeInSolve(
    frames: UnsafeBufferPointer<Rect>, insets: [(view: ViewIndex, insets: EdgeInsets)], changed: inout [ViewIndex]
  ) -> SceneDelta {
    var delta = SceneDelta()
    changed.removeAll(keepingCapacity: true)
    if !textViews.isEmpty {
      // Labels in table rows are the rows' own scenes' business (Scene+Tables.swift).
      var inRows = false
      for v in textViews where arrangement(of: v)?.isHidden == false {
        if row(of: v) == nil { textWidthSlots[v.index] = frames[v.index].width } else { inRows = true }
      }
      let outsideRows = inRows ? textViews.filter { row(of: $0) == nil } : nil
      changed += refreshTextSizes(of: outsideRows, threshold: 0.001, into: &delta)
    }
    if !insets.isEmpty {
      for (v, new) in insets {
        viewsWithInsets += (new.isZero ? 0 : 1) - (safeAreaSlots[v.index].isZero ? 0 : 1)
        safeAreaSlots[v.index] = new
        changed.append(v)
      }
      touchInsetReaders(of: insets, into: &delta)
    }
    delta.normalize()
    return delta
  }

  /// Brings every text view's size up to the width recorded for it, without a solve: the
  /// first pass of a state starts from the widths of the previous state's last solve.
  /// O(text views' words).
  public mutating func refreshTextSizesFromRecordedWidths() -> SceneDelta {
    var delta = SceneDelta()
    guard !textViews.isEmpty else { return delta }
    let outsideRows = textViews.contains { row(of: $0) != nil } ? textViews.filter { row(of: $0) == nil } : nil
    refreshTextSizes(of: outsideRows, threshold: 0.001, into: &delta)
    delta.normalize()
    return delta
  }

  /// Touches the constraints and stacks that measure from the insets of the views in
  /// `moved` (ascending): anchors on their safe area, and, for a view whose margins are
  /// inset from its safe area, on its margins. O(moved + reading constraints · log moved),
  /// plus O(new constraints) to extend the reading list; no allocation beyond the delta's
  /// and the list's growth.
  mutating func touchInsetReaders(of moved: [(view: ViewIndex, insets: EdgeInsets)], into delta: inout SceneDelta) {
    findInsetReadingConstraints()
    func isMoved(_ v: ViewIndex) -> Bool {
      var (low, high) = (0, moved.count)
      while low < high {
        let middle = (low + high) / 2
        if moved[middle].view < v { low = middle + 1 } else { high = middle }
      }
      return low < moved.count && moved[low].view == v
    }
    func marginsMove(_ v: ViewIndex) -> Bool {
      views[v.index]?.insetsLayoutMarginsFromSafeArea != false && isMoved(v)
    }
    func reads(_ anchor: Anchor) -> Bool {
      switch anchor.item {
      case .safeArea(let v): isMoved(v)
      case .margins(let v): marginsMove(v)
      case .view(let v): anchor.attribute.isMargin && marginsMove(v)
      case .guide: false
      }
    }
    for (v, _) in moved where isStack(v) && stack(of: v)?.isLayoutMarginsRelative == true && marginsMove(v) {
      delta.touch(.stack(v))
    }
    for c in insetReadingConstraints {
      guard let constraint = constraints[c] else { continue }
      if reads(constraint.first) || (constraint.second.map(reads) ?? false) { delta.touch(.constraint(c)) }
    }
    delta.shiftsAreComplete = false
  }

  /// Extends ``insetReadingConstraints`` over the constraints added since it last looked
  /// (a removed constraint's slot turns nil and stays in the list, skipped). O(new
  /// constraints).
  mutating func findInsetReadingConstraints() {
    if insetReadingScanned > constraints.count {
      insetReadingConstraints.removeAll()
      insetReadingScanned = 0
    }
    func readsInsets(_ anchor: Anchor) -> Bool {
      switch anchor.item {
      case .safeArea, .margins: true
      case .view: anchor.attribute.isMargin
      case .guide: false
      }
    }
    for c in insetReadingScanned..<constraints.count {
      guard let constraint = constraints[c] else { continue }
      if readsInsets(constraint.first) || (constraint.second.map(readsInsets) ?? false) { insetReadingConstraints.append(c) }
    }
    insetReadingScanned = constraints.count
  }
}
