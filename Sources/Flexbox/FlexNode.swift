import Scene

/// A length in a flexbox style: points, or a percentage of the parent's content box.
public enum FlexLength: Hashable, Sendable {
  case points(Double)
  case percent(Double)
}

/// The main axis of a flex container, physical: a right-to-left horizontal stack is
/// `rowReverse`, so engines need no layout direction.
public enum FlexDirection: String, Hashable, Sendable {
  case row
  case rowReverse = "row-reverse"
  case column
}

/// Cross-axis placement (`alignItems`, `alignSelf`); `auto` defers to the container.
public enum FlexAlign: String, Hashable, Sendable {
  case auto
  case flexStart = "flex-start"
  case center
  case flexEnd = "flex-end"
  case stretch
}

/// Main-axis placement of a container's items.
public enum FlexJustify: String, Hashable, Sendable {
  case flexStart = "flex-start"
  case spaceBetween = "space-between"
}

/// One node of a `layoutbench.flex/1` tree (docs/flexbox.md): a scene view with its
/// flexbox style, as a container (direction, justification, alignment, gap, padding) and
/// as an item (basis, grow, shrink, sizes and their limits, its own alignment, or an
/// absolute position). Fields hold the format's defaults unless the mapping sets them.
public struct FlexNode: Hashable, Sendable {
  /// The scene view's id.
  public var id: String
  /// Nil for the root.
  public var parent: String?
  /// False for `display: none` (a hidden arranged view): no frame, not answered.
  public var isDisplayed = true

  // As a container.
  public var direction = FlexDirection.row
  public var justifyContent = FlexJustify.flexStart
  public var alignItems = FlexAlign.stretch
  public var gap = 0.0
  public var padding = EdgeInsets.zero

  // As an item.
  /// Absolutely positioned by `inset` (an autoresizing view); in the flow otherwise.
  public var isAbsolute = false
  /// The absolute position's insets from the parent's edges; nil sides are auto.
  public var inset = FlexInsets()
  /// Nil is auto.
  public var width: FlexLength?
  public var height: FlexLength?
  public var minWidth = 0.0
  public var minHeight = 0.0
  /// Nil is none.
  public var maxWidth: FlexLength?
  public var maxHeight: FlexLength?
  /// Nil is auto (the content's size).
  public var basis: FlexLength?
  public var grow = 0.0
  public var shrink = 0.0
  public var alignSelf = FlexAlign.auto

  public init(id: String, parent: String?) {
    self.id = id
    self.parent = parent
  }
}

/// An absolute position's insets; nil is auto.
public struct FlexInsets: Hashable, Sendable {
  public var top: Double?
  public var left: Double?
  public var bottom: Double?
  public var right: Double?
  public init(top: Double? = nil, left: Double? = nil, bottom: Double? = nil, right: Double? = nil) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}
