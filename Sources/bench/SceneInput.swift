import ArgumentParser
import Interchange
import StrictJSON

/// Reading a scene file given on the command line, as `layout`, `explain`, `run --scene` and
/// `export --scene` do.
enum SceneInput {
  /// The decoded document, its initial scene validated and every number within the
  /// accuracy contract; decoding warnings (unknown fields) go to standard error.
  /// O(file size), plus building the scene.
  /// - Throws: `ExitCode(2)` after printing why (unreadable; invalid, with the file and
  ///   the JSON path or line:column at fault); `ExitCode(3)` for a number outside the
  ///   accuracy contract, naming its path (no backend can answer it accurately).
  static func read(_ file: String) throws(ExitCode) -> SceneDocument {
    let document = try InputFile.decoded(file) { bytes, name throws(JSONError) in
      try SceneDocument.decode(utf8: bytes, file: name)
    }
    if let refusal = document.accuracyRefusal {
      StandardError.print("error: \(file): \(refusal)")
      throw ExitCode(3)
    }
    return document
  }
}
