import LayoutModel

extension ConstraintLayout {
  /// Below every priority a scene or the stack rules use, so a probe never moves anything
  /// the constraints fix.
  static var probePriority: Priority { Priority(0.001) }

  /// Views whose frame the optimum does not fix. A frame variable is ambiguous exactly when
  /// the set of optimal layouts lets it move, and that set is convex: pulling the variable
  /// ±1 at the lowest priority moves it iff it is free in that direction. The probe is then
  /// pulled back to the original value and removed, so the variable is left where it was.
  /// Variables the solver proves fixed from its final state (`isFixedAtOptimum`) are not
  /// probed; all are asked before the first probe, which changes the solver's state.
  /// - Complexity: one proof per frame variable (O(row terms)); for each unproven one, two
  ///   suggestions and re-solves.
  /// A scroll view's content size is probed with its frame, as `contentWidth` and
  /// `contentHeight` (its content guide's size).
  func ambiguities(of scene: Scene) -> [LayoutDiagnostic] {
    var candidates: [(view: ViewIndex, variable: VariableID, attribute: String)] = []
    for v in scene.presentViews {
      guard let view = scene.view(v), !(view.isHidden && scene.isArrangedInStack(v)), scene.row(of: v) == nil else { continue }
      if v != scene.root {
        for quantity in FrameQuantity.allCases where !solver.isFixedAtOptimum(variables.variable(v, quantity)) {
          candidates.append((v, variables.variable(v, quantity), ["minX", "minY", "width", "height"][Int(quantity.rawValue)]))
        }
      }
      if let content = scene.contentGuide(of: v) {
        for (quantity, name) in [(FrameQuantity.width, "contentWidth"), (.height, "contentHeight")]
        where !solver.isFixedAtOptimum(variables.variable(content, quantity)) {
          candidates.append((v, variables.variable(content, quantity), name))
        }
      }
    }
    var result: [LayoutDiagnostic] = []
    var k = 0
    while k < candidates.count {
      let v = candidates[k].view
      var attributes: [String] = []
      while k < candidates.count && candidates[k].view == v {
        if isAmbiguous(candidates[k].variable) { attributes.append(candidates[k].attribute) }
        k += 1
      }
      if !attributes.isEmpty, let view = scene.view(v) { result.append(.ambiguous(view: view.id, attributes: attributes)) }
    }
    // Back to the values of the layout; a solver that refuses now was already solved
    // before the probes, and the probes are gone, so there is nothing to report here.
    if !candidates.isEmpty { try? solver.solve() }
    return result
  }

  /// Pulls the variable +1 (and, if it stayed, -1) at the probe priority. The probe is
  /// then set back to the original value and removed without a solve: the caller solves
  /// once after all probes (a from-scratch backend then pays one solve, not two, per probe).
  private func isAmbiguous(_ variable: VariableID) -> Bool {
    let original = solver.value(of: variable)
    var moved = false
    do {
      try solver.addEditVariable(variable, priority: Self.probePriority)
      for delta in [1.0, -1.0] where !moved {
        try solver.suggestValue(original + delta, for: variable)
        try solver.solve()
        if !Tolerance.comparison.isClose(solver.value(of: variable), original) { moved = true }
      }
      try solver.suggestValue(original, for: variable)
      try solver.removeEditVariable(variable)
    } catch {
      // A probe cannot make required constraints fail; if the solver refuses anyway, the
      // probe is withdrawn and the variable reported as fixed rather than guessed.
      if solver.hasEditVariable(variable) { try? solver.removeEditVariable(variable) }
      return false
    }
    return moved
  }
}
