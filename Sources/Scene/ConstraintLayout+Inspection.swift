import LayoutModel

extension ConstraintLayout {
  /// Which variables hold the frames of the scene's views and guides (blocks are assigned
  /// at `load` and at each `update` that brings new views).
  public var frameVariables: SceneVariables { variables }

  /// The scene element and role behind a solver constraint the layout holds now, or nil
  /// for an id it does not hold. With ``Scene/name(of:)`` this names a constraint the way
  /// diagnostics do, e.g. for an exporter that records the solver calls: during a solver
  /// `add`, the id being added already maps to its key. O(1).
  public func key(of id: ConstraintID) -> ConstraintKey? {
    id.index < keyOfID.count ? keyOfID[id.index] : nil
  }

  /// The constraint the layout holds for `key` now (its expression, relation and
  /// priority), or nil when it holds none or the constraint is broken (left out). O(1).
  public func heldConstraint(for key: ConstraintKey) -> GeneratedConstraint? {
    guard let entry = held[key], entry.id != nil else { return nil }
    return entry.constraint
  }
}
