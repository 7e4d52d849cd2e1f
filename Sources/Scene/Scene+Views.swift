import LayoutModel

extension Scene {

  /// Validates and inserts views. For the initial scene, parents may be listed in any
  /// order and exactly one view has none. For `addViews`, every view needs a parent that
  /// exists already or comes earlier in the same list (so no cycle can form), and each is
  /// appended as its parent's last child. Nothing is inserted unless all are valid.
  /// - Complexity: O(views), plus O(views) per custom spacing entry.
  /// - Throws: `SceneError` naming the first bad entry.
  mutating func insert(_ descriptions: [ViewDescription], asInitial: Bool) throws(SceneError) {
    var newIndex: [String: ViewIndex] = [:]
    for (k, description) in descriptions.enumerated() {
      func path() -> String { appending(description.path, key: "id") }
      if description.id.isEmpty { throw SceneError(path: path(), "a view id may not be empty") }
      if viewIndexByID[description.id] != nil || newIndex[description.id] != nil {
        throw SceneError(path: path(), "duplicate view id '\(description.id)'")
      }
      if guideIndexByID[description.id] != nil {
        throw SceneError(path: path(), "'\(description.id)' is already a layout guide's id")
      }
      newIndex[description.id] = ViewIndex(views.count + k)
      try Self.checkFields(of: description)
    }
    var parents: [ViewIndex?] = []
    var rootSeen: ViewIndex?
    for (k, description) in descriptions.enumerated() {
      func path() -> String { appending(description.path, key: "parent") }
      guard let parentID = description.parent else {
        guard asInitial else { throw SceneError(path: path(), "an added view needs a parent") }
        if let first = rootSeen {
          throw SceneError(
            path: path(),
            "'\(description.id)' has no parent, but '\(descriptions[first.index - views.count].id)' is already the root; "
              + "a scene has exactly one root")
        }
        rootSeen = ViewIndex(views.count + k)
        parents.append(nil)
        continue
      }
      if let existing = viewIndexByID[parentID] {
        parents.append(existing)
      } else if let fresh = newIndex[parentID], asInitial || fresh.index < views.count + k {
        parents.append(fresh)
      } else {
        let hint = newIndex[parentID] != nil ? " (list a parent before its children)" : ""
        throw SceneError(path: path(), "unknown view '\(parentID)'\(hint)")
      }
    }
    if asInitial {
      guard let rootIndex = rootSeen else {
        throw SceneError(path: "views", "no view without a parent: a scene needs a root")
      }
      // Every view must reach the root: otherwise its parents form a cycle. A view whose
      // walk reached it is marked with every view on the way, and later walks stop at the
      // first marked view, so checking a chain of any depth is O(views), not O(views · depth).
      // A walk into a cycle meets no marked view: the first such view in file order throws.
      var reachesRoot = [Bool](repeating: false, count: descriptions.count)
      reachesRoot[rootIndex.index - views.count] = true
      var walked: [Int] = []
      for (k, description) in descriptions.enumerated() {
        var current = parents[k]
        var steps = 0
        walked.removeAll(keepingCapacity: true)
        while let c = current, !reachesRoot[c.index - views.count] {
          steps += 1
          if steps > descriptions.count {
            throw SceneError(path: appending(description.path, key: "parent"), "the parents of '\(description.id)' form a cycle")
          }
          walked.append(c.index - views.count)
          current = parents[c.index - views.count]
        }
        for j in walked { reachesRoot[j] = true }
      }
      root = rootIndex
    }

    // Custom spacing can only name this stack's arranged children, which are all in this
    // list: check before inserting anything, so a failure leaves the scene unchanged.
    for description in descriptions {
      for entry in description.stack?.customSpacing ?? [] {
        let child = descriptions.first { $0.id == entry.after }
        if child == nil || child?.parent != description.id || child?.isArranged == false {
          throw SceneError(
            path: appending(appending(appending(description.path, key: "stack"), key: "customSpacing"), key: entry.after),
            "'\(entry.after)' is not an arranged subview of this stack")
        }
      }
    }

    try checkScrollViews(descriptions, parents: parents)

    let base = views.count
    views.reserveCapacity(base + descriptions.count)
    parentSlots.reserveCapacity(base + descriptions.count)
    for (k, description) in descriptions.enumerated() {
      var view = View(
        id: description.id, parent: parents[k], intrinsicSize: description.intrinsicSize,
        hugging: description.hugging, compressionResistance: description.compressionResistance,
        baseline: description.baseline, layoutMargins: description.layoutMargins,
        isHidden: description.isHidden, stack: nil, isArranged: description.isArranged,
        translatesAutoresizingMask: description.translatesAutoresizingMask, frame: description.frame,
        autoresizingMask: description.autoresizingMask, wrapsText: description.wrapsText, text: description.text,
        preferredMaxLayoutWidth: description.preferredMaxLayoutWidth,
        isScrollView: description.isScrollView || description.table != nil, table: description.table,
        insetsLayoutMarginsFromSafeArea: description.insetsLayoutMarginsFromSafeArea)
      if let text = description.text {
        view.wrapsText = description.wrapsText || text.wraps
        let metrics = textMetrics(text, preferredMaxLayoutWidth: description.preferredMaxLayoutWidth, width: .nan)
        view.intrinsicSize = metrics.size
        view.baseline = metrics.baseline
        textViews.append(ViewIndex(base + k))
      }
      views.append(view)
      viewIndexByID[description.id] = ViewIndex(base + k)
      parentSlots.append(parents[k]?.rawValue ?? Self.noParent)
      flagSlots.append((view.isHidden ? Self.hiddenFlag : 0) | (view.isScrollView ? Self.scrollViewFlag : 0))
      textWidthSlots.append(.nan)
      safeAreaSlots.append(.zero)
      tableOffsets.append(0)
    }
    // A table's content is its rows, placed by the table: it has no guides.
    for (k, description) in descriptions.enumerated() where description.isScrollView && description.table == nil {
      addScrollGuides(of: ViewIndex(base + k))
    }
    for (k, parent) in parents.enumerated() {
      if let parent { views[parent.index]?.children.append(ViewIndex(base + k)) }
    }
    assignDepths(from: base)
    assignRows(from: base)
    // Stacks last: their custom spacing names arranged children.
    for (k, description) in descriptions.enumerated() {
      guard let stack = description.stack else { continue }
      let index = ViewIndex(base + k)
      let configuration = try resolve(stack, of: index, over: StackConfiguration(), path: appending(description.path, key: "stack"))
      views[index.index]?.stack = configuration
    }
  }

  /// Depths of the views from slot `base` on, whose parents are in the scene (an initial
  /// list may name a parent after its child). Each walk stops at the first view whose depth
  /// is known, and every view it passed is given one, so this is O(new views).
  private mutating func assignDepths(from base: Int) {
    depthSlots.append(contentsOf: repeatElement(-1, count: views.count - depthSlots.count))
    var walked: [Int] = []
    for v in base..<views.count where depthSlots[v] < 0 {
      var current = v
      walked.removeAll(keepingCapacity: true)
      while depthSlots[current] < 0, parentSlots[current] >= 0 {
        walked.append(current)
        current = Int(parentSlots[current])
      }
      if depthSlots[current] < 0 { depthSlots[current] = 0 }  // the root
      var depth = depthSlots[current]
      for w in walked.reversed() {
        depth += 1
        depthSlots[w] = depth
      }
    }
  }

  /// Field checks that need no other view. O(1).
  static func checkFields(of d: ViewDescription) throws(SceneError) {
    for axis in Axis.allCases {
      let name = axis == .horizontal ? 0 : 1
      if let size = d.intrinsicSize[axis], !(size.isFinite && size >= 0) {
        throw SceneError(
          path: appending(appending(d.path, key: "intrinsicSize"), index: name),
          "expected a finite non-negative size or null, found \(size)")
      }
      try checkPriority(d.hugging[axis], path: appending(appending(d.path, key: "hugging"), index: name))
      try checkPriority(
        d.compressionResistance[axis], path: appending(appending(d.path, key: "compressionResistance"), index: name))
    }
    try checkInsets(d.layoutMargins, path: appending(d.path, key: "layoutMargins"))
    if let baseline = d.baseline, !(baseline.first.isFinite && baseline.last.isFinite) {
      throw SceneError(path: appending(d.path, key: "baseline"), "expected finite baseline offsets")
    }
    for (i, value) in [d.frame.x, d.frame.y, d.frame.width, d.frame.height].enumerated() where !value.isFinite {
      throw SceneError(path: appending(appending(d.path, key: "frame"), index: i), "expected a finite number, found \(value)")
    }
    if d.frame.width < 0 || d.frame.height < 0 {
      throw SceneError(path: appending(d.path, key: "frame"), "a frame's width and height may not be negative")
    }
    try checkText(of: d)
    if let table = d.table, !(table.estimatedRowHeight.isFinite && table.estimatedRowHeight >= 0) {
      throw SceneError(
        path: appending(appending(d.path, key: "table"), key: "estimatedRowHeight"),
        "expected a finite height >= 0, found \(table.estimatedRowHeight)")
    }
  }

  /// A stack configuration with `description`'s fields applied over `base`; custom spacing
  /// must name this stack's arranged subviews.
  /// - Throws: `SceneError` for a non-finite spacing or a custom spacing after a view that
  ///   is not arranged in this stack.
  func resolve(
    _ description: StackDescription, of stack: ViewIndex, over base: StackConfiguration, path: @autoclosure () -> String
  ) throws(SceneError) -> StackConfiguration {
    var configuration = base
    if let axis = description.axis { configuration.axis = axis }
    if let distribution = description.distribution { configuration.distribution = distribution }
    if let alignment = description.alignment { configuration.alignment = alignment }
    if let spacing = description.spacing {
      guard spacing.isFinite else { throw SceneError(path: appending(path(), key: "spacing"), "expected a finite number") }
      configuration.spacing = spacing
    }
    if let flag = description.isLayoutMarginsRelative { configuration.isLayoutMarginsRelative = flag }
    if let flag = description.isBaselineRelative { configuration.isBaselineRelative = flag }
    if let entries = description.customSpacing {
      configuration.customSpacing = [:]
      for entry in entries {
        func entryPath() -> String { appending(appending(path(), key: "customSpacing"), key: entry.after) }
        guard let view = viewIndexByID[entry.after], self.view(view)?.parent == stack, self.view(view)?.isArranged == true else {
          throw SceneError(path: entryPath(), "'\(entry.after)' is not an arranged subview of this stack")
        }
        guard entry.spacing.isFinite else { throw SceneError(path: entryPath(), "expected a finite number") }
        configuration.customSpacing[view] = entry.spacing
      }
    }
    return configuration
  }

  // MARK: Removal

  /// The view and all its descendants, parents before children. O(subtree).
  public func subtree(of index: ViewIndex) -> [ViewIndex] {
    var result = [index]
    var i = 0
    while i < result.count {
      result.append(contentsOf: view(result[i])?.children ?? [])
      i += 1
    }
    return result
  }

  /// Removes views with their subtrees, the guides they own, every user constraint that
  /// involves them (as UIKit's `removeFromSuperview` does) and custom spacing after them.
  /// Returns the removed views and constraint indices. Validates first: nothing changes
  /// unless every id names a present non-root view.
  /// - Throws: `SceneError` for an unknown id or the root.
  mutating func removeViews(_ ids: [String], path: @autoclosure () -> String) throws(SceneError) -> (views: [ViewIndex], constraints: [Int]) {
    var targets: [ViewIndex] = []
    for (k, id) in ids.enumerated() {
      guard let index = viewIndexByID[id] else { throw SceneError(path: appending(path(), index: k), "unknown view '\(id)'") }
      if index == root { throw SceneError(path: appending(path(), index: k), "the root view cannot be removed") }
      targets.append(index)
    }
    var removed: [ViewIndex] = []
    var gone = Set<ViewIndex>()
    for target in targets where !gone.contains(target) {
      for v in subtree(of: target) where gone.insert(v).inserted { removed.append(v) }
    }
    for v in removed {
      if let parent = view(v)?.parent, !gone.contains(parent) {
        views[parent.index]?.children.removeAll { $0 == v }
        views[parent.index]?.stack?.customSpacing[v] = nil
      }
    }
    var removedGuides = Set<GuideIndex>()
    for g in guides.indices {
      if let guide = guides[g], gone.contains(guide.owner) {
        removedGuides.insert(GuideIndex(g))
        guideIndexByID[guide.id] = nil
        guides[g] = nil
      }
    }
    var removedConstraints: [Int] = []
    for c in constraints.indices {
      guard let constraint = constraints[c] else { continue }
      let items = [constraint.first.item] + (constraint.second.map { [$0.item] } ?? [])
      let involved = items.contains { item in
        if case .guide(let g) = item { return removedGuides.contains(g) }
        return gone.contains(ownerView(of: item))
      }
      if involved {
        constraintIndexByID[constraint.id] = nil
        constraints[c] = nil
        removedConstraints.append(c)
      }
    }
    for v in removed {
      if !safeAreaSlots[v.index].isZero {
        safeAreaSlots[v.index] = .zero
        viewsWithInsets -= 1
      }
      if let id = view(v)?.id { viewIndexByID[id] = nil }
      views[v.index] = nil
      parentSlots[v.index] = Self.removedSlot
    }
    if textViews.contains(where: gone.contains) { textViews.removeAll(where: gone.contains) }
    return (removed, removedConstraints)
  }

  // MARK: Guides

  mutating func addGuide(id: String, owner: String, path: String) throws(SceneError) {
    if id.isEmpty { throw SceneError(path: appending(path, key: "id"), "a guide id may not be empty") }
    if guideIndexByID[id] != nil || viewIndexByID[id] != nil {
      throw SceneError(path: appending(path, key: "id"), "duplicate id '\(id)' (views and guides share ids)")
    }
    guard let ownerIndex = viewIndexByID[owner] else {
      throw SceneError(path: appending(path, key: "owner"), "unknown view '\(owner)'")
    }
    guideIndexByID[id] = GuideIndex(guides.count)
    guides.append(Guide(id: id, owner: ownerIndex))
  }
}
