import LayoutModel

extension Relation {
  /// The relation with its sides swapped (`<=` ↔ `>=`), for mirrored constraints.
  var reversed: Relation {
    switch self {
    case .equal: .equal
    case .lessThanOrEqual: .greaterThanOrEqual
    case .greaterThanOrEqual: .lessThanOrEqual
    }
  }
}

extension Attribute {
  /// The absolute attribute a directional one means in a layout direction (leading is
  /// left, or right in right-to-left).
  func absolute(rightToLeft: Bool) -> Attribute {
    switch self {
    case .leading: rightToLeft ? .right : .left
    case .trailing: rightToLeft ? .left : .right
    case .leadingMargin: rightToLeft ? .rightMargin : .leftMargin
    case .trailingMargin: rightToLeft ? .leftMargin : .rightMargin
    default: self
    }
  }

  /// A margin attribute's plain form, measured on the margins guide.
  var withoutMargin: Attribute {
    switch self {
    case .leftMargin: .left
    case .rightMargin: .right
    case .topMargin: .top
    case .bottomMargin: .bottom
    case .leadingMargin: .leading
    case .trailingMargin: .trailing
    case .centerXWithinMargins: .centerX
    case .centerYWithinMargins: .centerY
    default: self
    }
  }
}

/// A frame's extent along one axis, in that axis's direction: for a mirrored (right-to-left
/// horizontal) axis the coordinate is `−x`, so `start` is the right edge negated and every
/// stack rule reads the same in both directions.
struct Span {
  var start: AffineExpression
  var end: AffineExpression
  var size: AffineExpression
  var center: AffineExpression
}

extension Scene {

  /// The root-coordinate expression of an anchor whose attribute is absolute (no
  /// leading/trailing). Margin attributes of a view measure its margins guide.
  func expression(_ item: AnchorItem, _ attribute: Attribute, _ variables: SceneVariables) -> AffineExpression {
    var insets = EdgeInsets.zero
    var attribute = attribute
    let x: VariableID
    let y: VariableID
    let w: VariableID
    let h: VariableID
    var baseline: Baseline?
    switch item {
    case .guide(let g):
      (x, y, w, h) = (variables.variable(g, .minX), variables.variable(g, .minY), variables.variable(g, .width), variables.variable(g, .height))
    case .view(let v), .safeArea(let v), .margins(let v):
      (x, y, w, h) = (variables.variable(v, .minX), variables.variable(v, .minY), variables.variable(v, .width), variables.variable(v, .height))
      switch item {
      case .safeArea: insets = safeAreaInsets(of: v)
      case .margins: insets = marginInsets(of: v)
      default:
        if attribute.isMargin {
          insets = marginInsets(of: v)
          attribute = attribute.withoutMargin
        }
        baseline = view(v)?.baseline
      }
    }
    // Each anchor as one array of its own terms: building it from four one-term
    // expressions and their sums allocated five arrays per anchor.
    func affine(_ terms: [Term], _ constant: Double) -> AffineExpression { AffineExpression(terms, constant: constant) }
    switch attribute {
    case .left: return affine([Term(x, 1)], insets.left)
    case .right: return affine([Term(x, 1), Term(w, 1)], -insets.right)
    case .width: return affine([Term(w, 1)], -(insets.left + insets.right))
    case .centerX: return affine([Term(x, 1), Term(w, 0.5)], 0.5 * (insets.left - insets.right))
    case .top: return affine([Term(y, 1)], insets.top)
    case .bottom: return affine([Term(y, 1), Term(h, 1)], -insets.bottom)
    case .height: return affine([Term(h, 1)], -(insets.top + insets.bottom))
    case .centerY: return affine([Term(y, 1), Term(h, 0.5)], 0.5 * (insets.top - insets.bottom))
    // A view without baselines has both at its bottom.
    case .firstBaseline: return baseline.map { affine([Term(y, 1)], $0.first) } ?? affine([Term(y, 1), Term(h, 1)], 0)
    case .lastBaseline: return baseline.map { affine([Term(y, 1)], $0.last) } ?? affine([Term(y, 1), Term(h, 1)], 0)
    default:
      // Directional and margin attributes were mapped by the caller.
      preconditionFailure("unmapped attribute \(attribute)")
    }
  }

  /// A view's extent along an axis, its bounds inset by `insets`.
  func span(of v: ViewIndex, insets: EdgeInsets, axis: Axis, mirrored: Bool, _ variables: SceneVariables) -> Span {
    if axis == .vertical {
      let y = AffineExpression(variables.variable(v, .minY))
      let h = AffineExpression(variables.variable(v, .height))
      let size = h - (insets.top + insets.bottom)
      return Span(start: y + insets.top, end: y + h - insets.bottom, size: size, center: y + insets.top + 0.5 * size)
    }
    let x = AffineExpression(variables.variable(v, .minX))
    let w = AffineExpression(variables.variable(v, .width))
    let size = w - (insets.left + insets.right)
    let left = x + insets.left
    let right = x + w - insets.right
    let center = left + 0.5 * size
    return mirrored
      ? Span(start: (-1) * right, end: (-1) * left, size: size, center: (-1) * center)
      : Span(start: left, end: right, size: size, center: center)
  }
}
