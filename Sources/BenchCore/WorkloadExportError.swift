import Interchange
import Replay
import Scene

/// Why a case could not be exported. Either is a bug (of a generator, or of the layout
/// or solver), never bad user input.
public enum WorkloadExportError: Error, Hashable, Sendable, CustomStringConvertible {
  case invalidScene(SceneError)
  case recording(RecordedSystem.Failure)

  public var description: String {
    switch self {
    case .invalidScene(let error): "the generated scene is invalid: \(error)"
    case .recording(let failure): "the scene could not be lowered to constraints: \(failure)"
    }
  }
}
