import Interchange
import LayoutModel
import Scene

/// `bench explain`'s model: a scene document laid out to one of its states on a
/// constraint backend — `ConstraintLayout` over a solver, through ``SceneReplay`` and so
/// `LayoutDriver`'s passes, as `bench layout` lays it out — and one view's frame explained
/// there (`ConstraintLayout.explain`, docs/explain.md), each constraint named as
/// diagnostics name it.
///
/// Toggles are applied in place (no parking): parking changes which solver holds a
/// configuration, never the constraints held, and the explanation depends only on those.
public enum SceneExplanation {
  /// The explanation of view `id` in the state after step `step` (nil: the initial
  /// layout), as the backend `backend` made of `makeSolver`'s solvers finds it. A refused
  /// step leaves the state before it, which is explained, with the step's error.
  /// - Complexity: the replay up to that step, then ``ConstraintLayout/explain(_:in:)``.
  /// - Throws: ``SceneExplanationError``: no such step, no such view in that state, a view
  ///   in a table row, or a replay or solver failure (as ``SceneReplayError``, classified
  ///   as `bench layout` classifies it).
  public static func explain<Solver: LinearSolver>(
    _ document: SceneDocument, view id: String, step: Int?, backend: String, makeSolver: () -> Solver
  ) throws(SceneExplanationError) -> ExplanationDocument {
    if let step, !document.steps.indices.contains(step) { throw .noSuchStep(step, count: document.steps.count) }
    // The replay keeps the closure only while it lives, which ends with this block.
    return try withoutActuallyEscaping(makeSolver) { makeSolver throws(SceneExplanationError) in
      let makeLayout = { ConstraintLayout(solver: makeSolver(), detectsAmbiguity: false) }
      var replay = SceneReplay(document: document, backend: makeLayout(), rowBackends: makeLayout)
      do throws(SceneReplayError) {
        try replay.layoutInitialScene()
        if let step { for _ in 0...step { _ = try replay.applyNextStep() } }
      } catch {
        throw .replay(error)
      }
      return try explain(id, step: step, of: replay, backend: backend)
    }
  }

  /// The explanation of view `id` in the replay's current state.
  private static func explain<Solver: LinearSolver>(
    _ id: String, step: Int?, of replay: SceneReplay<ConstraintLayout<Solver>>, backend: String
  ) throws(SceneExplanationError) -> ExplanationDocument {
    let (scene, layout) = (replay.scene, replay.backend)
    guard let v = scene.viewIndex(of: id), scene.isPresent(v), let view = scene.view(v) else {
      throw .unknownView(id, step: step, present: scene.presentViews.compactMap { scene.view($0)?.id })
    }
    if let row = scene.row(of: v) { throw .viewInTableRow(id, row: scene.view(row)?.id ?? id) }
    let failure = { (message: String) in
      SceneExplanationError.replay(SceneReplayError(kind: .internalError, step: step, message: message))
    }
    let explanation: FrameExplanation
    do throws(LayoutError) {
      explanation = try layout.explain(v, in: scene)
    } catch {
      throw .replay(SceneReplayError(error, step: step))
    }
    func references(_ keys: [ConstraintKey]) throws(SceneExplanationError) -> [ExplanationDocument.ConstraintReference] {
      // User constraints first, in file order (their keys sort by constraint index), then
      // generated ones in key order.
      let ordered = keys.filter { $0.role == .user } + keys.filter { $0.role != .user }
      var result: [ExplanationDocument.ConstraintReference] = []
      for key in ordered {
        guard let held = layout.heldConstraint(for: key) else {
          throw failure("the explanation names '\(scene.name(of: key))', which the layout no longer holds")
        }
        result.append(.init(id: scene.name(of: key), priority: held.priority, isGenerated: key.role != .user))
      }
      return result
    }
    var attributes: [ExplanationDocument.Attribute] = []
    for attribute in explanation.attributes {
      let name = ["minX", "minY", "width", "height"][Int(attribute.quantity.rawValue)]
      guard attribute.value.isFinite else { throw failure("the backend reports \(attribute.value) for '\(id)'.\(name)") }
      attributes.append(
        ExplanationDocument.Attribute(
          name: name, value: attribute.isAmbiguous ? nil : attribute.value, isAmbiguous: attribute.isAmbiguous,
          determinedBy: try references(attribute.determinedBy), redundant: try references(attribute.redundant)))
    }
    return ExplanationDocument(
      view: id, step: step, stepError: replay.refusal, isHiddenInStack: view.isHidden && scene.isArrangedInStack(v),
      backends: [backend], attributes: attributes)
  }
}
