import ArgumentParser
import Interchange

/// Reading a scene file given on the command line, as `layout`, `run --scene` and
/// `export --scene` do.
enum SceneInput {
  /// The decoded document, its initial scene validated; decoding warnings (unknown
  /// fields) go to standard error. O(file size), plus building the scene.
  /// - Throws: `ExitCode(2)` after printing why (unreadable; invalid, with the file and
  ///   the JSON path or line:column at fault).
  static func read(_ file: String) throws(ExitCode) -> SceneDocument {
    let bytes: [UInt8]
    do { bytes = try InputFile.bytes(atPath: file) } catch {
      StandardError.print("error: \(file): \(error)")
      throw ExitCode(2)
    }
    do {
      // Decoding errors name the file and the JSON path themselves.
      let decoded = try SceneDocument.decode(utf8: bytes, file: file)
      for warning in decoded.warnings { StandardError.print("warning: \(warning)") }
      return decoded.document
    } catch {
      StandardError.print("error: \(error)")
      throw ExitCode(2)
    }
  }
}
