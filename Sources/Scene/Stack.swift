/// How a stack sizes its arranged views along its axis.
public enum Distribution: String, Hashable, Sendable, CaseIterable {
  case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// How a stack places its arranged views across its axis. Axis-neutral (formats.md):
/// `top` is `leading` and `bottom` is `trailing`, so an alignment survives an axis change.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
  case fill, leading, center, trailing, firstBaseline, lastBaseline

  /// Accepts the formats.md names, `top` and `bottom` included.
  public init?(name: String) {
    switch name {
    case "top": self = .leading
    case "bottom": self = .trailing
    default: self.init(rawValue: name)
    }
  }
}

/// A stack view's configuration, resolved.
public struct StackConfiguration: Hashable, Sendable {
  public var axis: Axis = .horizontal
  public var distribution: Distribution = .fill
  public var alignment: StackAlignment = .fill
  public var spacing: Double = 0
  /// Spacing after particular arranged views.
  public var customSpacing: [ViewIndex: Double] = [:]
  public var isLayoutMarginsRelative = false
  public var isBaselineRelative = false

  public init() {}
}

/// A stack as a file or a `setStack` change describes it: every field optional, so a
/// change gives only what it changes; custom spacing keyed by view id.
public struct StackDescription: Hashable, Sendable {
  public var axis: Axis?
  public var distribution: Distribution?
  public var alignment: StackAlignment?
  public var spacing: Double?
  /// Replaces the whole custom-spacing table when given.
  public var customSpacing: [CustomSpacing]?
  public var isLayoutMarginsRelative: Bool?
  public var isBaselineRelative: Bool?

  public struct CustomSpacing: Hashable, Sendable {
    public var after: String
    public var spacing: Double
    public init(after: String, spacing: Double) {
      self.after = after
      self.spacing = spacing
    }
  }

  public init() {}
}
