import BenchCore

/// Writes output files whole and atomically through ``AtomicFile``: a temporary file of a
/// random name, created exclusively without following links, renamed over the target
/// only when that is a regular file or missing. A reader never sees half a file and a
/// failed write leaves the old file as it was.
enum OutputFile {
  typealias WriteError = AtomicFile.WriteError

  /// Checks, before any work, that `path` can be written: a regular file or missing, its
  /// directory exists and is writable. O(1) system calls.
  /// - Throws: ``WriteError`` saying what is wrong.
  static func checkWritable(_ path: String) throws(WriteError) {
    try AtomicFile.checkWritable(path)
  }

  /// Writes `text` as UTF-8 to `path`, replacing a regular file there. O(text length).
  /// - Throws: ``WriteError`` when `path` is not a regular file, or the temporary file
  ///   cannot be written or renamed.
  static func save(_ text: String, to path: String) throws(WriteError) {
    try AtomicFile.write(text, to: path)
  }
}
