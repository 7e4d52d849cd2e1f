/// A layout guide: a rectangle with anchors and no view, owned by a view.
public struct Guide: Hashable, Sendable {
  public let id: String
  public let owner: ViewIndex
  public var role: GuideRole = .user
}

/// Who made a guide: the scene's author, or a scroll view for itself.
public enum GuideRole: Hashable, Sendable {
  case user
  /// `S.content`: origin (0, 0) of the scroll view's content coordinates, size the content size.
  case scrollContent
  /// `S.frame`: the scroll view's bounds in its own coordinates, origin (0, 0).
  case scrollFrame
}

public struct GuideIndex: Hashable, Comparable, Sendable {
  public var rawValue: Int32
  public init(_ rawValue: Int) { self.rawValue = Int32(rawValue) }
  public var index: Int { Int(rawValue) }
  public static func < (a: GuideIndex, b: GuideIndex) -> Bool { a.rawValue < b.rawValue }
}

/// What an anchor belongs to.
public enum AnchorItem: Hashable, Sendable {
  case view(ViewIndex)
  /// `VIEW.safeArea`: the view's safe area guide.
  case safeArea(ViewIndex)
  /// `VIEW.margins`: the view's layout margins guide.
  case margins(ViewIndex)
  case guide(GuideIndex)
}

/// `ITEM.ATTRIBUTE`.
public struct Anchor: Hashable, Sendable {
  public var item: AnchorItem
  public var attribute: Attribute
  public init(_ item: AnchorItem, _ attribute: Attribute) {
    self.item = item
    self.attribute = attribute
  }
}
