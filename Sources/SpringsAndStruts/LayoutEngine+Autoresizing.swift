import Scene

/// Autoresizing (docs/scene-semantics.md): on each axis the near margin, size and far
/// margin of a view's initial frame; a change Δ of the superview's size from S₀ is split
/// among the flexible parts in proportion to their initial values (equally when they sum
/// to zero), the far margin absorbing it when none is flexible: one function,
/// `AutoresizingMask.rates`, for every backend. S₀ follows ConstraintLayout's rules
/// exactly, so both backends start from the same reference.
extension LayoutEngine {

  /// Gives a view that enters (initially or by `addViews`) its S₀ when the scene alone
  /// gives it — under the root, the container's size; with a new autoresizing superview,
  /// that superview's own frame — or marks it to be measured when its superview is placed
  /// at the next pass (its size in the layout the view enters). O(1).
  mutating func enter(_ v: ViewIndex, _ scene: Scene) {
    guard scene.translatesAutoresizingMask(v), let parent = scene.parent(of: v) else { return }
    if parent == scene.root {
      reference[v.index] = AxisPair(horizontal: scene.container.width, vertical: scene.container.height)
      referenceState[v.index] = .known
    } else if scene.translatesAutoresizingMask(parent), !scene.isArrangedInStack(parent), isNew[parent.index],
      let frame = scene.autoresizing(of: parent)?.frame
    {
      reference[v.index] = AxisPair(horizontal: frame.width, vertical: frame.height)
      referenceState[v.index] = .known
    } else {
      referenceState[v.index] = .pending
    }
  }

  /// S₀ from the superview's frame in this pass (placed already).
  /// - Throws: `.undefinedReference` when the rules do not fix that size (the superview is
  ///   inside a hidden arranged view) and the view has a flexible part on that axis.
  mutating func measureReference(of v: ViewIndex, mask: AutoresizingMask, in parent: ViewIndex) throws(Refusal) {
    for axis in Axis.allCases where !isDeterminate(parent, axis) {
      let flexible = mask.flexibleParts(axis)
      if flexible.near || flexible.size || flexible.far { throw Refusal(view: v, reason: .undefinedReference(axis)) }
    }
    let size = frames[parent.index]
    reference[v.index] = AxisPair(horizontal: size.width, vertical: size.height)
    referenceState[v.index] = .known
  }

  /// Places an autoresizing (not arranged) view in its superview, whose frame is set.
  /// O(1).
  mutating func placeAutoresizing(_ v: ViewIndex, in parent: ViewIndex, _ scene: Scene) throws(Refusal) {
    guard let (initial, mask) = scene.autoresizing(of: v) else { return }
    if referenceState[v.index] == .pending { try measureReference(of: v, mask: mask, in: parent) }
    let superview = frames[parent.index]
    let s0 = reference[v.index]
    let horizontal = Self.autoresize(
      near: initial.x, size: initial.width, mask: mask, axis: .horizontal, reference: s0.horizontal,
      current: superview.width)
    let vertical = Self.autoresize(
      near: initial.y, size: initial.height, mask: mask, axis: .vertical, reference: s0.vertical,
      current: superview.height)
    frames[v.index] = Rect(x: horizontal.position, y: vertical.position, width: horizontal.size, height: vertical.size)
    var bits: UInt8 = 0
    if horizontal.isFixed || isDeterminate(parent, .horizontal) { bits |= Self.axisBit(.horizontal) }
    if vertical.isFixed || isDeterminate(parent, .vertical) { bits |= Self.axisBit(.vertical) }
    determinate[v.index] = bits
  }

  /// Position and size on one axis when the superview's size goes from `reference` to
  /// `current`: `base + rate · (current − reference)`, the rates the constraint backends'
  /// lowering uses (``AutoresizingMask/rates(_:near:size:reference:)``). `isFixed` when
  /// neither depends on the superview.
  static func autoresize(
    near: Double, size: Double, mask: AutoresizingMask, axis: Axis, reference: Double, current: Double
  ) -> (position: Double, size: Double, isFixed: Bool) {
    let rates = mask.rates(axis, near: near, size: size, reference: reference)
    let delta = current - reference
    return (near + rates.position * delta, size + rates.size * delta, rates.position == 0 && rates.size == 0)
  }
}
