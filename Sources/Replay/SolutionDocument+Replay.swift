import Interchange
import LayoutModel

extension SolutionDocument {
  /// The solution document of a backend's run. O(states × variables).
  public init(run: ReplayRun, document: ConstraintSystemDocument) {
    self.init(backend: run.backend, document: document, states: run.states)
  }

  /// The solution document for replayed states, with errors rendered in the document's
  /// names. O(states × variables).
  public init(backend: String, document: ConstraintSystemDocument, states: [ReplayState]) {
    self.init(
      backend: backend, variableNames: document.variableNames,
      states: states.map { state in
        State(
          step: state.step,
          outcome: {
            switch state.outcome {
            case .values(let values): .values(values)
            case .failed(let error): .failed(ErrorRecord(error, names: document))
            }
          }(),
          skipped: state.skipped.map { ErrorRecord($0, names: document) })
      })
  }
}
