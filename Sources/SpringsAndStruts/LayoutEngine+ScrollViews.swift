import Scene

/// Scroll views laid out by the ScrollStack recipe (``ScrollPins``): the content stack C
/// sits at its edge constants in the scroll view's content coordinates; along an axis
/// whose size is pinned, C's size is the scroll view's plus the constant (so C's cost
/// there is part of the scroll view's own, ``scrollContentCost(of:_:_:)``), and along an
/// unpinned one it is what C's own cost chooses — the stack hugs its content (0.75) and
/// nothing else acts on the content guide. The content size is C's size plus the edge
/// constants.
extension LayoutEngine {

  /// Reads every scroll view's recipe again (the support check has accepted each).
  /// O(views + constraints · scroll views), no allocation once grown.
  mutating func refreshScrollPins(_ scene: Scene) {
    for v in scrollPins.indices { scrollPins[v] = nil }
    for v in order where scene.isScrollView(v) && !scene.isTable(v) {
      if case .success(let pins) = ScrollRecipe.pins(of: v, in: scene) { scrollPins[v.index] = pins }
    }
  }

  /// Whether `v` is a scroll view's content stack under the recipe. O(1).
  func isScrollContent(_ v: ViewIndex, _ scene: Scene) -> Bool {
    guard let s = scene.parent(of: v), let pins = scrollPins[s.index] else { return false }
    return pins.content == v
  }

  /// The cost scroll view `s`'s size along `axis` takes from its content stack: C's own
  /// cost at `size + k` when C's size is pinned there, nil otherwise.
  func scrollContentCost(of s: ViewIndex, _ axis: Axis, _ scene: Scene) -> CostTerm? {
    guard let pins = scrollPins[s.index], let k = pins.sizeOffset[axis] else { return nil }
    return CostTerm(cost: costs[Self.slot(pins.content, axis)], scale: 1, offset: k)
  }

  /// Places content stack `c` in scroll view `s` (its frame set) and records the content
  /// size. Leniently (inside a hidden arranged view) a size the rules leave open falls
  /// back to 0, as a hidden stack's views do. O(pieces of C's costs).
  /// - Throws: a ``Refusal`` when an unpinned size has no single optimum (a conflict
  ///   even leniently).
  mutating func placeScrollContent(_ c: ViewIndex, in s: ViewIndex, _ pins: ScrollPins, lenient: Bool) throws(Refusal) {
    let frame = frames[s.index]
    var size = AxisPair(horizontal: 0.0, vertical: 0.0)
    var bits: UInt8 = 0
    for axis in Axis.allCases {
      if let k = pins.sizeOffset[axis] {
        size[axis] = (axis == .horizontal ? frame.width : frame.height) + k
        if isDeterminate(s, axis) { bits |= Self.axisBit(axis) }
        continue
      }
      switch arena.minimizer(of: costs[Self.slot(c, axis)], owner: c, axis: axis) {
      case .success(let value):
        size[axis] = value
        bits |= Self.axisBit(axis)
      case .failure(let refusal):
        if !lenient || refusal.isConflict { throw refusal }
      }
    }
    frames[c.index] = Rect(x: pins.near.horizontal, y: pins.near.vertical, width: size.horizontal, height: size.vertical)
    determinate[c.index] = bits
    contentSizes[s.index] = AxisPair(
      horizontal: pins.near.horizontal + size.horizontal + pins.far.horizontal,
      vertical: pins.near.vertical + size.vertical + pins.far.vertical)
  }
}
