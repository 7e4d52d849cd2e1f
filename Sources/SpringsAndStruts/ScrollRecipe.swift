import LayoutModel
import Scene

/// The one scroll-view shape springs-struts lays out (docs/springs-and-struts.md, "Scroll
/// views"): the scroll view's only subview is a stack C pinned by the ScrollStack recipe —
/// each of C's four edges equal to the content guide's (`S.content.*`, or `S.*` from
/// inside, which the scene resolves to the content guide) plus a constant, and optionally
/// C's width (height) equal to the frame guide's (`S.frame.*` or `S.width`/`S.height`)
/// plus a constant. Every pin is an active, required equality with multiplier 1, and each
/// of the six slots is pinned at most once. Nothing else then acts on the content guide, so
/// C's unpinned sizes are what its own costs choose and the content size follows from C's
/// frame and the edge constants.
struct ScrollPins {
  /// C, the scroll view's content stack.
  var content: ViewIndex
  /// C's left and top in the scroll view's content coordinates (the content guide's
  /// origin is the scroll view's own).
  var near: AxisPair<Double>
  /// How far the content guide's right and bottom lie beyond C's.
  var far: AxisPair<Double>
  /// Per axis, `k` in `C.size == S.size + k` when that size is pinned, else nil.
  var sizeOffset: AxisPair<Double?>
}

/// One constraint of the recipe: which slot of which scroll view's content it pins, and
/// its value in absolute terms (``ScrollPins``).
struct ScrollPin {
  enum Slot: Equatable {
    case near(Axis)
    case far(Axis)
    case size(Axis)
  }
  var scrollView: ViewIndex
  var content: ViewIndex
  var slot: Slot
  var value: Double
}

/// Why a scroll view is not laid out by the recipe; rendered only to refuse.
enum ScrollRecipeProblem: Error {
  case notOneSubview
  case contentNotAStack(ViewIndex)
  case pinnedTwice(constraint: Int)
  case unpinned(ViewIndex, Attribute)

  func message(in scene: Scene) -> String {
    switch self {
    case .notOneSubview:
      return "its content is expressed only as one subview, a stack pinned to its content guide"
    case .contentNotAStack(let v):
      return "its subview '\(scene.view(v)?.id ?? "")' is not a stack laid out by constraints, the one content it expresses"
    case .pinnedTwice(let c):
      return "constraint '\(scene.constraints[c]?.id ?? "")' pins an edge or size of its content a second time"
    case .unpinned(let v, let attribute):
      return "the \(attribute.rawValue) of its content '\(scene.view(v)?.id ?? "")' is not pinned to its content guide, "
        + "so the content size is not determined"
    }
  }
}

enum ScrollRecipe {

  /// The recipe pin `c` is, or nil: an active required equality, multiplier 1, between an
  /// edge of a stack whose superview is a scroll view (not a table) and the same edge of
  /// that scroll view's content guide, or between that stack's width or height and the
  /// scroll view's (or its frame guide's). Either order; leading and trailing follow the
  /// layout direction. O(1), no allocation.
  static func pin(_ c: SceneConstraint, in scene: Scene) -> ScrollPin? {
    guard c.isActive, c.priority >= 1000, c.relation == .equal, c.multiplier == 1, let second = c.second else { return nil }
    if let pin = pin(content: c.first, other: second, constant: c.constant, scene) { return pin }
    return pin(content: second, other: c.first, constant: -c.constant, scene)
  }

  /// `content == other + constant`, `content` an anchor of the candidate stack C.
  private static func pin(content: Anchor, other: Anchor, constant: Double, _ scene: Scene) -> ScrollPin? {
    guard case .view(let c) = content.item, scene.isStack(c), let s = scene.parent(of: c), scene.isScrollView(s),
      !scene.isTable(s)
    else { return nil }
    let rightToLeft = scene.container.isRightToLeft
    let attribute = absolute(content.attribute, rightToLeft: rightToLeft)
    // A mirrored constraint's constant is negated (docs/scene-semantics.md, "Layout direction").
    let value = content.attribute.isDirectional && rightToLeft ? -constant : constant
    guard attribute == absolute(other.attribute, rightToLeft: rightToLeft) else { return nil }
    switch attribute {
    case .left, .top, .right, .bottom:
      guard case .guide(let g) = other.item, let guide = scene.guides[g.index], guide.owner == s,
        guide.role == .scrollContent
      else { return nil }
      // C.near == content.near + k puts C at k; C.far == content.far + k leaves −k beyond it.
      switch attribute {
      case .left: return ScrollPin(scrollView: s, content: c, slot: .near(.horizontal), value: value)
      case .top: return ScrollPin(scrollView: s, content: c, slot: .near(.vertical), value: value)
      case .right: return ScrollPin(scrollView: s, content: c, slot: .far(.horizontal), value: -value)
      default: return ScrollPin(scrollView: s, content: c, slot: .far(.vertical), value: -value)
      }
    case .width, .height:
      switch other.item {
      case .view(let v) where v == s: break
      case .guide(let g) where scene.guides[g.index].map({ $0.owner == s && $0.role == .scrollFrame }) == true: break
      default: return nil
      }
      return ScrollPin(scrollView: s, content: c, slot: .size(attribute.axis), value: value)
    default:
      return nil
    }
  }

  /// The recipe's pins for scroll view `s` (not a table), or what keeps it from the
  /// recipe: not exactly one subview, a subview that is not a stack laid out by
  /// constraints, a slot pinned twice, an edge not pinned. O(constraints), no allocation.
  static func pins(of s: ViewIndex, in scene: Scene) -> Result<ScrollPins, ScrollRecipeProblem> {
    let children = scene.children(of: s)
    guard children.count == 1 else { return .failure(.notOneSubview) }
    let c = children[0]
    guard scene.isStack(c), !scene.translatesAutoresizingMask(c) else { return .failure(.contentNotAStack(c)) }
    var near = AxisPair<Double?>(horizontal: nil, vertical: nil)
    var far = AxisPair<Double?>(horizontal: nil, vertical: nil)
    var size = AxisPair<Double?>(horizontal: nil, vertical: nil)
    for (index, slot) in scene.constraints.enumerated() {
      guard let constraint = slot, let pin = pin(constraint, in: scene), pin.scrollView == s else { continue }
      switch pin.slot {
      case .near(let axis):
        if near[axis] != nil { return .failure(.pinnedTwice(constraint: index)) }
        near[axis] = pin.value
      case .far(let axis):
        if far[axis] != nil { return .failure(.pinnedTwice(constraint: index)) }
        far[axis] = pin.value
      case .size(let axis):
        if size[axis] != nil { return .failure(.pinnedTwice(constraint: index)) }
        size[axis] = pin.value
      }
    }
    guard let left = near.horizontal else { return .failure(.unpinned(c, .left)) }
    guard let right = far.horizontal else { return .failure(.unpinned(c, .right)) }
    guard let top = near.vertical else { return .failure(.unpinned(c, .top)) }
    guard let bottom = far.vertical else { return .failure(.unpinned(c, .bottom)) }
    return .success(
      ScrollPins(
        content: c, near: AxisPair(horizontal: left, vertical: top), far: AxisPair(horizontal: right, vertical: bottom),
        sizeOffset: size))
  }

  /// Whether `s`'s content stack's size along `axis` is pinned to the scroll view's: then
  /// the stack's costs along it are the scroll view's own. O(constraints).
  static func pinsSize(of s: ViewIndex, _ axis: Axis, in scene: Scene) -> Bool {
    guard scene.isScrollView(s), !scene.isTable(s), case .success(let pins) = pins(of: s, in: scene) else { return false }
    return pins.sizeOffset[axis] != nil
  }

  /// The absolute attribute a directional one means (leading is left, or right in
  /// right-to-left); others unchanged.
  static func absolute(_ attribute: Attribute, rightToLeft: Bool) -> Attribute {
    switch attribute {
    case .leading: rightToLeft ? .right : .left
    case .trailing: rightToLeft ? .left : .right
    default: attribute
    }
  }
}
