import LayoutModel

/// Scroll views (formats.md section 2.1, docs/scene-semantics.md "Scroll views").
///
/// A scroll view's children are positioned in its content coordinates, whose origin the
/// solver places at the scroll view's own origin (the content offset changes no frame), so
/// relative positions need nothing new. Each scroll view owns two guides, made with it:
/// `S.content` (origin 0, size the content size: two variables nothing else fixes) and
/// `S.frame` (origin 0, the scroll view's size). A constraint between a descendant and the
/// scroll view's own edges or centres is resolved onto the content guide, as UIKit reads it
/// since iOS 11; the scroll view's width, height and margins stay its frame's.
extension Scene {

  /// The content guide of scroll view `s`, or nil when `s` is not one. O(1) amortized (one
  /// id lookup).
  public func contentGuide(of s: ViewIndex) -> GuideIndex? {
    guard let view = view(s), view.isScrollView else { return nil }
    return guideIndexByID[Self.contentGuideID(view.id)]
  }

  /// The frame guide of scroll view `s`, or nil when `s` is not one.
  public func frameGuide(of s: ViewIndex) -> GuideIndex? {
    guard let view = view(s), view.isScrollView else { return nil }
    return guideIndexByID[Self.frameGuideID(view.id)]
  }

  static func contentGuideID(_ scrollView: String) -> String { scrollView + ".content" }
  static func frameGuideID(_ scrollView: String) -> String { scrollView + ".frame" }

  /// Whether a proper ancestor of `v` is a scroll view: `v` lies in scrolling content,
  /// whose safe-area insets are zero. O(depth).
  public func isInScrollContent(_ v: ViewIndex) -> Bool {
    var current = parentSlots[v.index]
    while current >= 0 {
      if views[Int(current)]?.isScrollView == true { return true }
      current = parentSlots[Int(current)]
    }
    return false
  }

  /// The present scroll views, by index. O(views).
  public var scrollViews: [ViewIndex] {
    presentViews.filter { view($0)?.isScrollView == true }
  }

  /// Checks the views about to be inserted for what a scroll view cannot be: also a stack,
  /// or a view whose guides' ids are taken.
  /// - Throws: `SceneError` naming the view's `scroll` field.
  func checkScrollViews(_ descriptions: [ViewDescription], parents: [ViewIndex?]) throws(SceneError) {
    for description in descriptions where description.isScrollView || description.table != nil {
      let path = appending(description.path, key: "scroll")
      if description.stack != nil { throw SceneError(path: path, "a view cannot be both a stack and a scroll view") }
      for id in [Self.contentGuideID(description.id), Self.frameGuideID(description.id)]
      where viewIndexByID[id] != nil || guideIndexByID[id] != nil || descriptions.contains(where: { $0.id == id }) {
        throw SceneError(path: path, "the scroll view's guide id '\(id)' is already taken")
      }
    }
  }

  /// Adds the content and frame guides of a scroll view just inserted.
  mutating func addScrollGuides(of s: ViewIndex) {
    guard let id = view(s)?.id else { return }
    for (guideID, role) in [(Self.contentGuideID(id), GuideRole.scrollContent), (Self.frameGuideID(id), .scrollFrame)] {
      guideIndexByID[guideID] = GuideIndex(guides.count)
      guides.append(Guide(id: guideID, owner: s, role: role))
    }
  }

  /// The constraint with each anchor on a scroll view's own edge or centre moved to its
  /// content guide when the other anchor lies in that scroll view's content. O(depth).
  func resolvingScrollEdges(_ c: SceneConstraint) -> SceneConstraint {
    guard let second = c.second else { return c }
    var c = c
    func moved(_ anchor: Anchor, other: Anchor) -> Anchor {
      guard case .view(let s) = anchor.item, view(s)?.isScrollView == true, anchor.attribute.isContentEdge,
        let guide = contentGuide(of: s)
      else { return anchor }
      let otherView = ownerView(of: other.item)
      guard otherView != s, isDescendant(otherView, of: s) else { return anchor }
      return Anchor(.guide(guide), anchor.attribute)
    }
    c.first = moved(c.first, other: second)
    c.second = moved(second, other: c.first)
    return c
  }

  /// Whether `v` lies below `ancestor` (or is it). O(depth).
  func isDescendant(_ v: ViewIndex, of ancestor: ViewIndex) -> Bool {
    var current = Int32(v.rawValue)
    while current >= 0 {
      if current == ancestor.rawValue { return true }
      current = parentSlots[Int(current)]
    }
    return false
  }

  /// A scroll view's guide constraints, `role` keyed under the scroll view's element:
  /// both guides at origin (0, 0) of its coordinates, the frame guide its size.
  func scrollGuideConstraints(
    of s: ViewIndex, variables: SceneVariables, add: (ConstraintRole, Term, Term) -> Void
  ) {
    guard let content = contentGuide(of: s), let frame = frameGuide(of: s) else { return }
    // Guide positions are relative to their owner: `guide − owner` in root coordinates.
    for (quantity, axis) in [(FrameQuantity.minX, Axis.horizontal), (.minY, .vertical)] {
      let owner = Term(variables.variable(s, quantity), -1)
      add(.scrollContentOrigin(axis), Term(variables.variable(content, quantity), 1), owner)
      add(.scrollFrameOrigin(axis), Term(variables.variable(frame, quantity), 1), owner)
    }
    for (quantity, axis) in [(FrameQuantity.width, Axis.horizontal), (.height, .vertical)] {
      add(.scrollFrameSize(axis), Term(variables.variable(frame, quantity), 1), Term(variables.variable(s, quantity), -1))
    }
  }

  /// `scrollTo`: each entry names a table and a finite offset.
  /// - Throws: `SceneError` naming the entry (not a table, or a non-finite offset).
  mutating func applyScrollTo(_ entries: [Named<Double>], path: @autoclosure () -> String) throws(SceneError) {
    let indices = try presentViews(entries.map(\.id), path: path())
    for (k, entry) in entries.enumerated() {
      guard view(indices[k])?.table != nil else {
        throw SceneError(path: appending(path(), key: entry.id), "'\(entry.id)' is not a table")
      }
      guard entry.value.isFinite else {
        throw SceneError(path: appending(path(), key: entry.id), "expected a finite offset, found \(entry.value)")
      }
    }
    for (k, entry) in entries.enumerated() { tableOffsets[indices[k].index] = entry.value }
  }
}

extension Attribute {
  /// An edge or centre (not a size, margin or baseline): what a scroll view's content
  /// guide stands in for.
  var isContentEdge: Bool {
    switch self {
    case .left, .right, .top, .bottom, .leading, .trailing, .centerX, .centerY: true
    default: false
    }
  }
}
