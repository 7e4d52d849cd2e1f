import LayoutModel

extension Scene {

  /// The lowered constants a `setIntrinsicSize` step moves (`SceneDelta.constantShifts`),
  /// or nil when the step changes a lowered constraint's shape, so that only lowering the
  /// touched elements again is right: a size that appears or disappears (content-size
  /// constraints come and go, and so does a stack's cross-axis collapse), or a new size
  /// along a fill-proportionally stack's axis (sizes are coefficients there).
  ///
  /// An intrinsic size reaches the lowered constraints in exactly these places
  /// (Scene+Lowering.swift, Scene+StackLowering.swift), each a constant that moves by a
  /// multiple of the change `old − new`:
  /// - the view's hugging and compression resistance, `s − size`: by `old − new`;
  /// - in a fill stack, the tie-break pair of a visible arranged view at arranged index k of
  ///   `count`: `(k+1)·(s − size)` by `(k+1)·(old − new)`, `(count−k)·(s − size)` by
  ///   `(count−k)·(old − new)`.
  /// Equal spacing, equal centering and fill-equally stacks do not read intrinsic sizes,
  /// and a hidden view takes no part in its stack.
  ///
  /// Shifts come in the order lowering the touched elements again would set the same
  /// constants (views, then stacks, each by index), so the solver sees the same calls.
  /// A test (IntrinsicSizeShiftTests) holds the list above to the lowering: after every
  /// shifted step, the constraints a layout holds are those a fresh load lowers.
  /// - Parameter before: each named view with its size before the step, in entry order (a
  ///   view named twice moves from its first entry's size).
  /// - Complexity: O(e log e) for e entries, plus O(children) of each stack that holds a
  ///   changed view; allocates the result and sorted copies of the views and stacks.
  func intrinsicSizeShifts(from before: [(view: ViewIndex, size: AxisPair<Double?>)]) -> [ConstantShift]? {
    let order = before.indices.sorted { (before[$0].view, $0) < (before[$1].view, $1) }
    var firsts: [(view: ViewIndex, size: AxisPair<Double?>)] = []
    firsts.reserveCapacity(order.count)
    for k in order where firsts.last?.view != before[k].view { firsts.append(before[k]) }

    func sizeBefore(_ v: ViewIndex) -> AxisPair<Double?>? {
      var (low, high) = (0, firsts.count)
      while low < high {
        let middle = (low + high) / 2
        if firsts[middle].view < v { low = middle + 1 } else { high = middle }
      }
      return low < firsts.count && firsts[low].view == v ? firsts[low].size : nil
    }

    var shifts: [ConstantShift] = []
    var stacks: [ViewIndex] = []
    for (v, was) in firsts {
      guard let view = view(v) else { return nil }
      let now = view.intrinsicSize
      for axis in Axis.allCases {
        switch (was[axis], now[axis]) {
        case (nil, nil):
          continue
        case (let a?, let b?):
          // The root has no content-size constraints (Scene+Lowering.swift).
          guard a != b, v != root else { continue }
          shifts.append(ConstantShift(ConstraintKey(.view(v), .hugging(axis)), shift: a - b))
          shifts.append(ConstantShift(ConstraintKey(.view(v), .compressionResistance(axis)), shift: a - b))
        default:
          return nil
        }
      }
      if was != now, !view.isHidden, isArrangedInStack(v), let parent = view.parent { stacks.append(parent) }
    }

    stacks.sort()
    for (k, s) in stacks.enumerated() where k == 0 || stacks[k - 1] != s {
      guard let stackView = view(s), let config = stackView.stack else { continue }
      let axis = config.axis
      switch config.distribution {
      case .fillProportionally:
        for child in stackView.children {
          guard let arranged = view(child), arranged.isArranged, !arranged.isHidden, let was = sizeBefore(child) else { continue }
          if was[axis] != arranged.intrinsicSize[axis] { return nil }
        }
      case .fill:
        // Indices count hidden arranged views too (rule 6 keeps them stable).
        var count = 0
        for child in stackView.children where view(child)?.isArranged == true { count += 1 }
        var index = 0
        for child in stackView.children {
          guard let arranged = view(child), arranged.isArranged else { continue }
          defer { index += 1 }
          guard !arranged.isHidden, let was = sizeBefore(child)?[axis], let now = arranged.intrinsicSize[axis], was != now
          else { continue }
          let element = SceneElement.stack(s)
          shifts.append(ConstantShift(ConstraintKey(element, .fillTieStretch(child)), shift: Double(index + 1) * (was - now)))
          shifts.append(ConstantShift(ConstraintKey(element, .fillTieShrink(child)), shift: Double(count - index) * (was - now)))
        }
      case .fillEqually, .equalSpacing, .equalCentering:
        break
      }
    }
    return shifts
  }
}
