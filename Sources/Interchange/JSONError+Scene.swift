import Scene
import StrictJSON

extension JSONError {
  /// A scene file rejected by `Scene`'s own checks (an unknown id, an invalid anchor pair,
  /// a malformed VFL string, ...), as an invalid document at the JSON path the scene
  /// names, so it renders `FILE: PATH: message` like every other bad file.
  /// - Complexity: O(length of the path).
  public init(_ error: SceneError, file: String) {
    self = .invalidDocument(file: file, path: JSONPath(rendered: error.path), message: error.message)
  }
}
