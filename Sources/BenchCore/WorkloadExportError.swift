import Flexbox
import Interchange
import Replay
import Scene

/// Why a case could not be exported: a bug (of a generator, or of the layout or solver),
/// never bad user input — except ``noSingleSystem`` and ``noFlexbox``, refusals.
public enum WorkloadExportError: Error, Hashable, Sendable, CustomStringConvertible {
  case invalidScene(SceneError)
  case recording(RecordedSystem.Failure)
  /// The scene is not one constraint system (a table fits each row as a system of its
  /// own): there is nothing to export, and nothing is wrong.
  case noSingleSystem(String)
  /// The case has no flexbox equivalent (docs/flexbox.md, "What is skipped").
  case noFlexbox(FlexMappingError)

  public var description: String {
    switch self {
    case .invalidScene(let error): "the generated scene is invalid: \(error)"
    case .recording(let failure): "the scene could not be lowered to constraints: \(failure)"
    case .noSingleSystem(let reason): "the scene has no single constraint system: \(reason)"
    case .noFlexbox(let reason): "the case has no flexbox equivalent: \(reason)"
    }
  }
}
