import Scene

/// What springs-struts can express, judged from the scene alone (``SpringsAndStruts/unsupportedElement(in:)``).
/// Elements are checked in a fixed order: user constraints (in scene order), then views
/// (by index), then layout guides.
///
/// Table rows are judged here with the rest, by the rules their own scenes are judged by
/// when fitted (each row a root whose height its content decides), so that a table is
/// refused up front rather than when a row scrolls into view; the table's own layout
/// leaves their subtrees alone (TableLayout lays each row out).
enum SupportCheck {

  /// The sentence naming the first element the backend cannot express, or nil.
  /// - Complexity: O(constraints · (1 + scroll views) + views · depth + guides); no
  ///   allocation unless refused.
  static func firstUnsupported(in scene: Scene) -> String? {
    for slot in scene.constraints {
      guard let constraint = slot, ScrollRecipe.pin(constraint, in: scene) == nil else { continue }
      if touchesScrollGuide(constraint, scene) {
        return "springs-struts cannot express constraint '\(constraint.id)' (a scroll view's content is expressed "
          + "only as a stack whose edges equal its content guide's and whose width or height may equal its frame's, "
          + "each a required equality with multiplier 1)"
      }
      return "springs-struts cannot express constraint '\(constraint.id)' (user constraints need a solver)"
    }
    for v in scene.views.indices {
      let index = ViewIndex(v)
      guard scene.isPresent(index) else { continue }
      if let message = unsupportedView(index, scene) { return message }
    }
    for slot in scene.guides {
      if let guide = slot, guide.role == .user {
        return "springs-struts cannot express layout guide '\(guide.id)' (guides are placed by user constraints)"
      }
    }
    return nil
  }

  /// One present view's refusal, or nil. O(depth), O(constraints) for a scroll view.
  private static func unsupportedView(_ index: ViewIndex, _ scene: Scene) -> String? {
    if scene.isScrollView(index), !scene.isTable(index), case .failure(let problem) = ScrollRecipe.pins(of: index, in: scene) {
      return "springs-struts cannot express scroll view '\(scene.view(index)?.id ?? "")' (\(problem.message(in: scene)))"
    }
    if isFittedRoot(index, scene) {
      guard scene.isStack(index) else {
        return "springs-struts cannot express table row '\(scene.view(index)?.id ?? "")' "
          + "(a row's height is fitted here only when the row is a stack)"
      }
      return nil
    }
    guard index != scene.root, !scene.isArrangedInStack(index) else { return nil }
    // A scroll view's content: its own check above decides (the subview may come first).
    if let parent = scene.parent(of: index), scene.isScrollView(parent), !scene.isTable(parent),
      !scene.translatesAutoresizingMask(index)
    {
      return nil
    }
    // Fields are read in place; only a refusal reads the view's id (see Scene+ViewFields.swift).
    guard scene.translatesAutoresizingMask(index) else {
      let id = scene.view(index)?.id ?? ""
      return "springs-struts cannot express view '\(id)' (neither autoresizing nor arranged in a stack)"
    }
    if let axis = feedbackAxis(of: index, in: scene) {
      let id = scene.view(index)?.id ?? ""
      let what =
        scene.isStack(index)
        ? "its stack's own costs" : scene.intrinsicSize(of: index, axis) != nil
          ? "its intrinsic \(axis.sizeName)'s priorities" : "its content stack's costs"
      return "springs-struts cannot express view '\(id)' (its \(axis.sizeName) follows a view a stack sizes, "
        + "and \(what) would feed back into that stack)"
    }
    return nil
  }

  /// A root whose height its content decides: the root of a table row's own scene (its
  /// height is pulled to 0 at the fitting priority), or a row in its table's scene.
  static func isFittedRoot(_ v: ViewIndex, _ scene: Scene) -> Bool {
    if v == scene.root { return scene.container.fittingHeightPriority.map { $0 < 1000 } ?? false }
    return scene.row(of: v) == v
  }

  /// Whether either anchor of `c` is a scroll view's content or frame guide.
  private static func touchesScrollGuide(_ c: SceneConstraint, _ scene: Scene) -> Bool {
    for anchor in [c.first, c.second] {
      if case .guide(let g)? = anchor?.item, let guide = scene.guides[g.index], guide.role != .user { return true }
    }
    return false
  }

  /// An autoresizing view whose size follows (through flexible sizes) a view a stack
  /// sizes, and which has a cost of its own along that axis (an intrinsic size, stack
  /// hugging, or a content stack whose size is pinned to it): the stack's choice would
  /// depend on it, which top-down layout cannot see. Conservative: a flexible size counts
  /// even when its share of a resize is 0.
  private static func feedbackAxis(of v: ViewIndex, in scene: Scene) -> Axis? {
    guard let parent = scene.parent(of: v), let mask = scene.autoresizing(of: v)?.mask else { return nil }
    for axis in Axis.allCases where mask.flexibleParts(axis).size {
      guard scene.intrinsicSize(of: v, axis) != nil || scene.isStack(v) || ScrollRecipe.pinsSize(of: v, axis, in: scene)
      else { continue }
      if isSizedByStack(parent, axis, scene) { return axis }
    }
    return nil
  }

  /// Whether a view's size along `axis` is chosen by costs — a stack arranging it, a
  /// fitted root's content (heights), a scroll view's content stack's own costs (an
  /// unpinned size) — directly or through a chain of autoresizing views with flexible
  /// sizes and pinned content sizes. O(depth), O(constraints) per scroll view passed.
  private static func isSizedByStack(_ start: ViewIndex, _ axis: Axis, _ scene: Scene) -> Bool {
    var current = start
    while scene.isPresent(current) {
      if isFittedRoot(current, scene) { return axis == .vertical }
      if current == scene.root { return false }
      if scene.isArrangedInStack(current) { return true }
      if let s = scene.parent(of: current), scene.isScrollView(s), !scene.isTable(s), !scene.translatesAutoresizingMask(current) {
        // A content stack: sized by its own costs, or (pinned) with its scroll view.
        guard ScrollRecipe.pinsSize(of: s, axis, in: scene) else { return true }
        current = s
        continue
      }
      guard scene.translatesAutoresizingMask(current),
        scene.autoresizing(of: current)?.mask.flexibleParts(axis).size == true,
        let parent = scene.parent(of: current)
      else {
        return false
      }
      current = parent
    }
    return false
  }
}
