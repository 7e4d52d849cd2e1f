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

/// An anchor's root-coordinate expression: one or two terms and a constant, without an
/// array (``Scene/anchorTerms(_:_:_:)``).
struct AnchorTerms {
  var first: Term
  var second: Term?
  var constant: Double

  init(_ first: Term, _ second: Term?, _ constant: Double) {
    self.first = first
    self.second = second
    self.constant = constant
  }

  var count: Int { second == nil ? 1 : 2 }

  func forEach(_ body: (Term) -> Void) {
    body(first)
    if let second { body(second) }
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
    let anchor = anchorTerms(item, attribute, variables)
    var terms: [Term] = []
    terms.reserveCapacity(anchor.count)
    anchor.forEach { terms.append($0) }
    return AffineExpression(terms, constant: anchor.constant)
  }

  /// ``expression(_:_:_:)`` as at most two terms held in the value: a user constraint is
  /// lowered from two of these without an array per anchor (`lower`).
  /// - Complexity: O(1).
  func anchorTerms(_ item: AnchorItem, _ attribute: Attribute, _ variables: SceneVariables) -> AnchorTerms {
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
    func one(_ a: VariableID, _ constant: Double) -> AnchorTerms { AnchorTerms(Term(a, 1), nil, constant) }
    func two(_ a: VariableID, _ b: VariableID, _ k: Double, _ constant: Double) -> AnchorTerms {
      AnchorTerms(Term(a, 1), Term(b, k), constant)
    }
    switch attribute {
    case .left: return one(x, insets.left)
    case .right: return two(x, w, 1, -insets.right)
    case .width: return one(w, -(insets.left + insets.right))
    case .centerX: return two(x, w, 0.5, 0.5 * (insets.left - insets.right))
    case .top: return one(y, insets.top)
    case .bottom: return two(y, h, 1, -insets.bottom)
    case .height: return one(h, -(insets.top + insets.bottom))
    case .centerY: return two(y, h, 0.5, 0.5 * (insets.top - insets.bottom))
    // A view without baselines has both at its bottom.
    case .firstBaseline: return baseline.map { one(y, $0.first) } ?? two(y, h, 1, 0)
    case .lastBaseline: return baseline.map { one(y, $0.last) } ?? two(y, h, 1, 0)
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
