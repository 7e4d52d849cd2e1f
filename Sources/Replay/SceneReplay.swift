import Interchange
import LayoutModel
import Scene

/// Runs a ``SceneDocument`` through any `LayoutBackend`: the model behind `bench layout`,
/// as ``SystemReplay`` is behind `bench solve`. Generic over the backend, never
/// existential, so a caller holding the concrete type makes no existential call per
/// layout operation.
///
/// Call ``layoutInitialScene()`` once, then ``applyNextStep()`` until it returns false,
/// reading ``currentState()`` after each (or call ``run()``); the calls are separate so a
/// caller can time the layout apart from reading frames and diagnostics.
///
/// Every step is atomic. The scene applies it (`Scene.apply` checks every entry before
/// changing anything, a guarantee SceneTests hold it to); a `SceneError` refuses the step:
/// the state records an `invalidStep` error naming the path, the backend is not told, and
/// the next step starts from the unchanged scene. (No copy of the previous scene is kept:
/// holding one would make every accepted step copy the arrays it writes.) A change the
/// scene accepted is passed to the backend with its delta; a backend that then throws ends the replay
/// (``SceneReplayError``): it cannot express the new scene, is over a limit, or is broken.
public struct SceneReplay<Backend: LayoutBackend> {
  public let document: SceneDocument
  /// Lays the scene out through the backend, pass by pass (formats.md section 2.1).
  public let driver: LayoutDriver<Backend>
  /// The backend being driven; read its `counters` after the replay.
  public var backend: Backend { driver.backend }
  /// The scene as of the last accepted step.
  public private(set) var scene: Scene
  /// The index of the next step ``applyNextStep()`` applies; nil before the initial layout.
  public private(set) var nextStep: Int?
  /// The error of the last step applied, when the scene refused it (the state is then
  /// the one before it); nil after an accepted step and after the initial layout.
  public private(set) var refusal: FramesDocument.StepError?
  /// Reused for every state, so reading frames allocates only for new views.
  private var frameBuffer: [Rect] = []

  /// O(1). The backend should be new: the replay loads the scene into it.
  /// - Parameter rowBackends: makes a backend like `backend` for each table row fitted
  ///   alone (``LayoutDriver``); without it a scene with a table is refused.
  public init(document: SceneDocument, backend: Backend, rowBackends: (() -> Backend)? = nil) {
    self.document = document
    driver = LayoutDriver(backend, rowBackends: rowBackends)
    scene = document.scene
  }

  /// Lays out the initial scene. Call once, before any step.
  /// - Complexity: that of the backend's `load`.
  /// - Throws: ``SceneReplayError`` when the backend cannot express the scene (asked
  ///   first, so a backend never lays out what it cannot), is over a limit or fails.
  public mutating func layoutInitialScene() throws(SceneReplayError) {
    precondition(nextStep == nil, "layoutInitialScene() runs once, before any step")
    nextStep = 0
    if let element = Backend.unsupportedElement(in: scene) {
      throw SceneReplayError(kind: .unsupported, step: nil, message: element)
    }
    do {
      try driver.load(&scene)
      try driver.layoutIfNeeded(&scene)
    } catch {
      throw SceneReplayError(error, step: nil)
    }
  }

  /// Applies the next step: to the scene, then, if the scene accepted it, to the backend.
  /// Returns false when every step has been applied.
  /// - Complexity: that of `Scene.apply` and the backend's `update`.
  /// - Throws: ``SceneReplayError`` when the backend fails on an accepted change.
  public mutating func applyNextStep() throws(SceneReplayError) -> Bool {
    guard let index = nextStep else {
      preconditionFailure("layoutInitialScene() must run before applyNextStep()")
    }
    guard index < document.steps.count else { return false }
    nextStep = index + 1
    refusal = nil
    let step = document.steps[index]
    let delta: SceneDelta
    do {
      delta = try scene.apply(step.change, path: step.path.description)
    } catch {
      refusal = FramesDocument.StepError(kind: FramesDocument.StepError.invalidStep, message: error.description)
      return true
    }
    do {
      try driver.update(&scene, delta)
      try driver.layoutIfNeeded(&scene)
    } catch {
      throw SceneReplayError(error, step: index)
    }
    return true
  }

  /// The state after the initial layout or the last step: every present view's frame in
  /// view order and the backend's diagnostics, or the last step's error if it was refused.
  /// - Complexity: O(views), plus the backend's diagnostics (ambiguity probes re-solve).
  /// - Throws: ``SceneReplayError/Kind/internalError`` for a NaN or infinite frame, which no
  ///   valid layout has and the output format cannot hold;
  ///   ``SceneReplayError/Kind/limitExceeded`` for a frame beyond the accuracy contract's
  ///   largest value.
  public mutating func currentState() throws(SceneReplayError) -> FramesDocument.State {
    guard let next = nextStep else {
      preconditionFailure("layoutInitialScene() must run before currentState()")
    }
    let step = next == 0 ? nil : next - 1
    if let refusal { return FramesDocument.State(step: step, outcome: .failed(refusal)) }
    if frameBuffer.count < scene.views.count {
      frameBuffer.append(contentsOf: repeatElement(.zero, count: scene.views.count - frameBuffer.count))
    }
    let scene = self.scene
    let driver = self.driver
    frameBuffer.withUnsafeMutableBufferPointer { driver.writeFrames(of: scene, into: $0) }
    var frames: [FramesDocument.ViewFrame] = []
    for v in scene.presentViews {
      guard let view = scene.view(v) else { continue }
      let frame = frameBuffer[v.index]
      guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
        throw SceneReplayError(
          kind: .internalError, step: step,
          message: "the backend reports the frame \(frame) for view '\(view.id)'")
      }
      let largest = max(abs(frame.x), abs(frame.y), abs(frame.width), abs(frame.height))
      guard largest <= AccuracyContract.largestValue else {
        // Lengths within the contract can still multiply up through chains of multipliers
        // to where the residual tolerance no longer separates an answer from rounding.
        throw SceneReplayError(
          kind: .limitExceeded, step: step,
          message: "cannot answer accurately: the frame \(frame) of view '\(view.id)' lies beyond the accuracy "
            + "contract's largest value \(AccuracyContract.largestValueText)")
      }
      frames.append(FramesDocument.ViewFrame(view.id, frame))
    }
    var contentSizes: [FramesDocument.ContentSize] = []
    for (v, size) in driver.contentSizes(of: scene) {
      guard let id = scene.view(v)?.id else { continue }
      guard size.horizontal.isFinite, size.vertical.isFinite else {
        throw SceneReplayError(
          kind: .internalError, step: step, message: "the backend reports the content size \(size) for scroll view '\(id)'")
      }
      contentSizes.append(FramesDocument.ContentSize(id, width: size.horizontal, height: size.vertical))
    }
    let estimatedRows = driver.estimatedRows(of: scene).map { table, rows in
      FramesDocument.EstimatedRows(scene.view(table)?.id ?? "", rows: rows.compactMap { scene.view($0)?.id })
    }
    return FramesDocument.State(
      step: step,
      outcome: .layout(
        FramesDocument.Layout(
          frames: frames, diagnostics: driver.diagnostics(of: scene), passes: driver.passes, contentSizes: contentSizes,
          estimatedRows: estimatedRows)))
  }

  /// The initial state followed by one state per step.
  /// - Throws: ``SceneReplayError`` (the replay cannot go on).
  public mutating func run() throws(SceneReplayError) -> [FramesDocument.State] {
    try layoutInitialScene()
    var states = [try currentState()]
    while try applyNextStep() { states.append(try currentState()) }
    return states
  }
}
