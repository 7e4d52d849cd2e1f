import Interchange
import LayoutModel
import Replay

/// `bench explain` as a backend visitor: explains the view on every constraint backend in
/// registry order, keeping each explanation, and stops at the first backend that gives
/// none. Generic over the solver type, so each layout is compiled for its backend.
struct ExplainJob: BackendVisitor {
  let document: SceneDocument
  let view: String
  let step: Int?
  /// One per backend visited so far, in registry order.
  private(set) var explanations: [ExplanationDocument] = []
  /// The first backend that gave no explanation, and why.
  private(set) var failure: (backend: String, error: SceneExplanationError)?

  init(document: SceneDocument, view: String, step: Int?) {
    self.document = document
    self.view = view
    self.step = step
  }

  mutating func visit<Solver: LinearSolver>(_ backend: BackendRegistry.Entry, makeSolver: () -> Solver) {
    guard failure == nil else { return }
    do {
      explanations.append(
        try SceneExplanation.explain(document, view: view, step: step, backend: backend.name, makeSolver: makeSolver))
    } catch {
      failure = (backend.name, error)
    }
  }
}
