/// A layout attribute of a view or guide (formats.md section 2): edges, centres, sizes,
/// baselines and the margin variants.
public enum Attribute: String, Hashable, Sendable, CaseIterable {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case firstBaseline, lastBaseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins

  /// The axis the attribute measures along (a width is horizontal, a baseline vertical).
  public var axis: Axis {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
      .leadingMargin, .trailingMargin, .centerXWithinMargins:
      .horizontal
    case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin,
      .bottomMargin, .centerYWithinMargins:
      .vertical
    }
  }

  /// `width` and `height`: dimensions, which may equal a constant; every other attribute is
  /// a position, which needs a second item.
  public var isSize: Bool { self == .width || self == .height }

  /// Leading/trailing and their margin forms: they follow the layout direction and may not
  /// be mixed with left/right in one constraint.
  public var isDirectional: Bool {
    switch self {
    case .leading, .trailing, .leadingMargin, .trailingMargin: true
    default: false
    }
  }

  /// Left/right and their margin forms: absolute horizontal edges.
  public var isAbsoluteHorizontalEdge: Bool {
    switch self {
    case .left, .right, .leftMargin, .rightMargin: true
    default: false
    }
  }

  public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

  public var isMargin: Bool {
    switch self {
    case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
      .centerXWithinMargins, .centerYWithinMargins:
      true
    default: false
    }
  }
}
