import LayoutModel

extension Scene {

  /// Applies one step. Every entry is checked before anything changes, so a refused step
  /// leaves the scene as it was.
  /// - Parameter path: the step's JSON path (`steps[3]`), for error messages.
  /// - Returns: what the step touched, for the backends.
  /// - Complexity: O(entries) for most steps; O(constraints) when views are removed or the
  ///   root's safe area changes.
  /// - Throws: `SceneError` naming the entry: an unknown id, an invalid value, a priority
  ///   change between required and optional on an active constraint.
  public mutating func apply(_ change: SceneChange, path stepPath: String) throws(SceneError) -> SceneDelta {
    // The step's path is built only to throw (it cost more than most steps' checks).
    func path() -> String { appending(stepPath, key: change.kind) }
    var delta = SceneDelta()
    switch change {
    case .resizeContainer(let width, let height, let insets):
      var container = self.container
      container.width = width
      container.height = height
      if let insets { container.safeAreaInsets = insets }
      try Self.check(container, path: path())
      let insetsChanged = container.safeAreaInsets != self.container.safeAreaInsets
      let old = self.container
      self.container = container
      delta.touch(.container)
      if insetsChanged {
        // Constants that measure from the root's safe area or margins change with it.
        for c in constraints.indices where constraints[c].map({ mentionsRootInsets($0) }) == true {
          delta.touch(.constraint(c))
        }
        if view(root)?.stack != nil { delta.touch(.stack(root)) }
      }
      if delta.elements == [.container] {
        // Nothing measures from the insets: only the root's size moves, and `rootSize`
        // lowers to `size - width`.
        delta.constantShifts = [
          ConstantShift(ConstraintKey(.container, .rootSize(.horizontal)), shift: old.width - width),
          ConstantShift(ConstraintKey(.container, .rootSize(.vertical)), shift: old.height - height),
        ]
      }

    case .setConstant(let entries):
      let indices = try presentConstraints(entries.map(\.id), path: path(), keyed: true)
      for entry in entries where !entry.value.isFinite {
        throw SceneError(path: appending(path(), key: entry.id), "expected a finite number, found \(entry.value)")
      }
      for (k, entry) in entries.enumerated() {
        guard let constraint = constraints[indices[k]] else { continue }
        delta.constantShifts.append(
          ConstantShift(
            ConstraintKey(.constraint(indices[k]), .user), shift: loweredConstantShift(of: constraint, to: entry.value)))
        constraints[indices[k]]?.constant = entry.value
        delta.touch(.constraint(indices[k]))
      }

    case .activate(let ids), .deactivate(let ids):
      let active: Bool = if case .activate = change { true } else { false }
      for c in try presentConstraints(ids, path: path()) {
        constraints[c]?.isActive = active
        delta.touch(.constraint(c))
      }
      delta.flipsActivityOnly = true

    case .addConstraints(let descriptions):
      var batch: [SceneConstraint] = []
      for description in descriptions {
        let resolved = try resolve(description)
        for constraint in resolved where constraintIndexByID[constraint.id] != nil || batch.contains(where: { $0.id == constraint.id }) {
          throw SceneError(path: appending(description.path, key: "id"), "duplicate constraint id '\(constraint.id)'")
        }
        batch += resolved
      }
      for constraint in batch {
        constraintIndexByID[constraint.id] = constraints.count
        delta.touch(.constraint(constraints.count))
        constraints.append(constraint)
      }

    case .removeConstraints(let ids):
      for c in try presentConstraints(ids, path: path()) {
        if let id = constraints[c]?.id { constraintIndexByID[id] = nil }
        constraints[c] = nil
        delta.touch(.constraint(c))
      }

    case .setPriority(let entries):
      let indices = try presentConstraints(entries.map(\.id), path: path(), keyed: true)
      for (k, entry) in entries.enumerated() {
        try Self.checkPriority(entry.value, path: appending(path(), key: entry.id))
        if let constraint = constraints[indices[k]], constraint.isActive,
          (constraint.priority >= 1000) != (entry.value >= 1000)
        {
          throw SceneError(
            path: appending(path(), key: entry.id),
            "an active constraint cannot move between required and optional (UIKit forbids it); deactivate it first")
        }
      }
      for (k, entry) in entries.enumerated() {
        constraints[indices[k]]?.priority = entry.value
        delta.touch(.constraint(indices[k]))
      }

    case .setHugging(let entries), .setCompressionResistance(let entries):
      let isHugging: Bool = if case .setHugging = change { true } else { false }
      let indices = try presentViews(entries.map(\.id), path: path())
      for entry in entries {
        for axis in Axis.allCases {
          try Self.checkPriority(entry.value[axis], path: appending(appending(path(), key: entry.id), index: axis == .horizontal ? 0 : 1))
        }
      }
      for (k, entry) in entries.enumerated() {
        if isHugging { views[indices[k].index]?.hugging = entry.value } else {
          views[indices[k].index]?.compressionResistance = entry.value
        }
        delta.touch(.view(indices[k]))
      }

    case .setHidden(let entries):
      let indices = try presentViews(entries.map(\.id), path: path())
      for (k, entry) in entries.enumerated() {
        views[indices[k].index]?.isHidden = entry.value
        let flags = flagSlots[indices[k].index]
        flagSlots[indices[k].index] = entry.value ? flags | Self.hiddenFlag : flags & ~Self.hiddenFlag
        if isArrangedInStack(indices[k]), let parent = view(indices[k])?.parent { delta.touch(.stack(parent)) }
      }

    case .setIntrinsicSize(let entries):
      let indices = try presentViews(entries.map(\.id), path: path())
      for (k, entry) in entries.enumerated() where view(indices[k])?.text != nil {
        throw SceneError(path: appending(path(), key: entry.id), "'\(entry.id)' takes its intrinsic size from its text; use setText")
      }
      for entry in entries {
        for axis in Axis.allCases {
          if let size = entry.value[axis], !(size.isFinite && size >= 0) {
            throw SceneError(
              path: appending(appending(path(), key: entry.id), index: axis == .horizontal ? 0 : 1),
              "expected a finite non-negative size or null, found \(size)")
          }
        }
      }
      var before: [(view: ViewIndex, size: AxisPair<Double?>)] = []
      before.reserveCapacity(entries.count)
      for (k, entry) in entries.enumerated() {
        guard let size = view(indices[k])?.intrinsicSize else { continue }
        before.append((indices[k], size))
        views[indices[k].index]?.intrinsicSize = entry.value
        delta.touch(.view(indices[k]))
        if isArrangedInStack(indices[k]), let parent = view(indices[k])?.parent { delta.touch(.stack(parent)) }
      }
      // New sizes of the same presence move constants only (a content-size category
      // change): backends that hold the lowered constraints shift them in place.
      delta.constantShifts = intrinsicSizeShifts(from: before) ?? []

    case .setStack(let entries):
      let indices = try presentViews(entries.map(\.id), path: path())
      var configurations: [StackConfiguration] = []
      for (k, entry) in entries.enumerated() {
        guard let current = view(indices[k])?.stack else {
          throw SceneError(path: appending(path(), key: entry.id), "'\(entry.id)' is not a stack view")
        }
        configurations.append(try resolve(entry.value, of: indices[k], over: current, path: appending(path(), key: entry.id)))
      }
      for (k, configuration) in configurations.enumerated() {
        views[indices[k].index]?.stack = configuration
        delta.touch(.stack(indices[k]))
      }

    case .addViews(let descriptions):
      let first = views.count
      try insert(descriptions, asInitial: false)
      for v in first..<views.count {
        let index = ViewIndex(v)
        delta.addedViews.append(index)
        delta.touch(.view(index))
        if view(index)?.stack != nil { delta.touch(.stack(index)) }
        if isArrangedInStack(index), let parent = view(index)?.parent { delta.touch(.stack(parent)) }
      }

    case .removeViews(let ids):
      // The stacks that lose arranged views, noted before the views go.
      var stacks: [ViewIndex] = []
      for id in ids {
        if let index = viewIndexByID[id], isArrangedInStack(index), let parent = view(index)?.parent { stacks.append(parent) }
      }
      let removed = try removeViews(ids, path: path())
      for v in removed.views {
        delta.removedViews.append(v)
        delta.touch(.view(v))
        delta.touch(.stack(v))
      }
      for c in removed.constraints { delta.touch(.constraint(c)) }
      for stack in stacks where view(stack) != nil { delta.touch(.stack(stack)) }

    case .setText(let entries):
      try applySetText(entries, path: path(), into: &delta)

    case .setTextScale(let scale):
      try applySetTextScale(scale, path: path(), into: &delta)

    case .scrollTo(let entries):
      try applyScrollTo(entries, path: path())

    case .layout(let changes):
      // Applied in order on this scene; any refusal puts the scene back as it was (a copy
      // kept only for the group), so the group is refused whole.
      let saved = self
      do {
        for (k, change) in changes.enumerated() {
          delta.merge(try apply(change, path: appending(path(), index: k)))
        }
      } catch {
        self = saved
        throw error
      }
    }
    delta.normalize()
    return delta
  }

  /// The constraint indices of present ids (a VFL entry's id stands for all its
  /// constraints), or an error naming the first unknown one.
  /// - Parameter keyed: the step names ids as object keys (`setConstant`), not in a list.
  /// - Complexity: O(ids); `path` is evaluated only to throw.
  func presentConstraints(_ ids: [String], path: @autoclosure () -> String, keyed: Bool = false) throws(SceneError) -> [Int] {
    var result: [Int] = []
    for (k, id) in ids.enumerated() {
      if let c = constraintIndexByID[id] {
        result.append(c)
      } else {
        throw SceneError(path: keyed ? appending(path(), key: id) : appending(path(), index: k), "no constraint '\(id)' is present")
      }
    }
    return result
  }

  /// Views named as object keys (`setHidden`, `setStack`, ...).
  /// O(ids); `path` is evaluated only to throw.
  func presentViews(_ ids: [String], path: @autoclosure () -> String) throws(SceneError) -> [ViewIndex] {
    var result: [ViewIndex] = []
    for id in ids {
      guard let index = viewIndexByID[id] else { throw SceneError(path: appending(path(), key: id), "unknown view '\(id)'") }
      result.append(index)
    }
    return result
  }

  /// Whether a constraint measures from the root's safe area or margins, whose offsets
  /// depend on the container's insets.
  func mentionsRootInsets(_ constraint: SceneConstraint) -> Bool {
    for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
      switch anchor.item {
      case .safeArea(let v), .margins(let v): if v == root { return true }
      case .view(let v): if v == root && anchor.attribute.isMargin { return true }
      case .guide: break
      }
    }
    return false
  }
}
