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

extension ConstraintLayout {
  /// A solver error as the layout reports it. A refusal under the accuracy contract
  /// (lengths and multipliers that lower to a number the solver cannot hold accurately) is
  /// the backend declining the scene, named by the scene's constraint as diagnostics name
  /// it; anything else is the solver's error as it is. O(1) plus the message.
  func layoutError(_ error: SolverError, _ scene: Scene) -> LayoutError {
    guard error.isAccuracyRefusal else { return .solver(error) }
    return .unsupported(error.message(names: LoweredNaming(keyOfID: keyOfID, scene: scene)))
  }
}

/// Solver ids in a layout's terms: a constraint by the scene's name for it, a variable by
/// its solver id (frame variables have no names of their own).
private struct LoweredNaming: SolverNaming {
  /// The layout's map from solver ids to scene keys (shared storage, not a copy).
  let keyOfID: [ConstraintKey?]
  let scene: Scene

  func name(of constraint: ConstraintID) -> String {
    guard constraint.index < keyOfID.count, let key = keyOfID[constraint.index] else { return constraint.description }
    return scene.name(of: key)
  }

  func name(of variable: VariableID) -> String { variable.description }
}
