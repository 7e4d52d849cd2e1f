import LayoutModel

extension ConstraintLayout {
  /// Below every priority a scene or the stack rules use, so a probe never moves anything
  /// the constraints fix.
  static var probePriority: Priority { Priority(0.001) }

  /// Views whose frame the optimum does not fix. A frame variable is ambiguous exactly when
  /// the set of optimal layouts lets it move, and that set is convex: pulling the variable
  /// ±1 at the lowest priority moves it iff it is free in that direction. The probe is then
  /// pulled back to the original value and removed, so the variable is left where it was.
  /// - Complexity: four variables per view, two suggestions and re-solves each.
  func ambiguities(of scene: Scene) -> [LayoutDiagnostic] {
    var result: [LayoutDiagnostic] = []
    for v in scene.presentViews where v != scene.root {
      guard let view = scene.view(v), !(view.isHidden && scene.isArrangedInStack(v)) else { continue }
      var attributes: [String] = []
      for quantity in FrameQuantity.allCases where isAmbiguous(variables.variable(v, quantity)) {
        attributes.append(["minX", "minY", "width", "height"][Int(quantity.rawValue)])
      }
      if !attributes.isEmpty { result.append(.ambiguous(view: view.id, attributes: attributes)) }
    }
    return result
  }

  private func isAmbiguous(_ variable: VariableID) -> Bool {
    let original = solver.value(of: variable)
    var moved = false
    do {
      try solver.addEditVariable(variable, priority: Self.probePriority)
      for delta in [1.0, -1.0] {
        try solver.suggestValue(original + delta, for: variable)
        try solver.solve()
        if !Tolerance.comparison.isClose(solver.value(of: variable), original) { moved = true }
      }
      try solver.suggestValue(original, for: variable)
      try solver.solve()
      try solver.removeEditVariable(variable)
      try solver.solve()
    } catch {
      // A probe cannot make required constraints fail; if the solver refuses anyway, the
      // variable is reported as fixed rather than guessed.
      return false
    }
    return moved
  }
}
