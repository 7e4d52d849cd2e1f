import Scene

/// What springs-struts can express, judged from the scene alone (``SpringsAndStruts/unsupportedElement(in:)``).
/// Elements are checked in a fixed order: user constraints (in scene order), then views
/// (by index), then layout guides.
enum SupportCheck {

  /// The sentence naming the first element the backend cannot express, or nil.
  /// - Complexity: O(constraints + views · depth + guides); no allocation unless refused.
  static func firstUnsupported(in scene: Scene) -> String? {
    for slot in scene.constraints {
      if let constraint = slot {
        return "springs-struts cannot express constraint '\(constraint.id)' (user constraints need a solver)"
      }
    }
    for v in scene.views.indices {
      let index = ViewIndex(v)
      guard scene.isPresent(index) else { continue }
      if let view = scene.view(index), view.isScrollView {
        let what = view.table != nil ? "table" : "scroll view"
        return "springs-struts cannot express \(what) '\(view.id)' (its content size needs a solver)"
      }
      guard index != scene.root, !scene.isArrangedInStack(index) else { continue }
      // Fields are read in place; only a refusal reads the view's id (see Scene+ViewFields.swift).
      guard scene.translatesAutoresizingMask(index) else {
        let id = scene.view(index)?.id ?? ""
        return "springs-struts cannot express view '\(id)' (neither autoresizing nor arranged in a stack)"
      }
      if let axis = feedbackAxis(of: index, in: scene) {
        let (id, isStack) = (scene.view(index)?.id ?? "", scene.isStack(index))
        let what = isStack ? "its stack's own costs" : "its intrinsic \(axis.sizeName)'s priorities"
        return "springs-struts cannot express view '\(id)' (its \(axis.sizeName) follows a view a stack sizes, "
          + "and \(what) would feed back into that stack)"
      }
    }
    for slot in scene.guides {
      if let guide = slot {
        return "springs-struts cannot express layout guide '\(guide.id)' (guides are placed by user constraints)"
      }
    }
    return nil
  }

  /// An autoresizing view whose size follows (through flexible sizes) a view a stack
  /// sizes, and which has a cost of its own along that axis (an intrinsic size, or
  /// stack hugging): the stack's choice would depend on it, which top-down layout cannot
  /// see. Conservative: a flexible size counts even when its share of a resize is 0.
  private static func feedbackAxis(of v: ViewIndex, in scene: Scene) -> Axis? {
    guard let parent = scene.parent(of: v), let mask = scene.autoresizing(of: v)?.mask else { return nil }
    for axis in Axis.allCases where mask.flexibleParts(axis).size {
      guard scene.intrinsicSize(of: v, axis) != nil || scene.isStack(v) else { continue }
      if isSizedByStack(parent, axis, scene) { return axis }
    }
    return nil
  }

  /// Whether a view's size along `axis` is chosen by a stack, directly or through a chain
  /// of autoresizing views with flexible sizes. O(depth).
  private static func isSizedByStack(_ start: ViewIndex, _ axis: Axis, _ scene: Scene) -> Bool {
    var current = start
    while current != scene.root, scene.isPresent(current) {
      if scene.isArrangedInStack(current) { return true }
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
