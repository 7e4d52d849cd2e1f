import Interchange

/// Writes results files through ``AtomicFile``: whole, atomically, never through a link
/// and only over a regular file, so a reader (or a run that is killed) never sees half a
/// file and a planted link's target is never written.
public enum ResultsFile {
  public typealias WriteError = AtomicFile.WriteError

  /// O(size of the document).
  /// - Throws: `WriteError` naming the path when it is not a regular file, or its
  ///   directory is missing or unwritable.
  public static func write(_ document: ResultsDocument, to path: String) throws(WriteError) {
    try AtomicFile.write(document.jsonText(), to: path)
  }

  /// Checks before anything runs that `path` can be written: a regular file or missing,
  /// its directory exists and is writable. O(1) system calls.
  /// - Throws: `WriteError` saying what is wrong.
  public static func checkWritable(_ path: String) throws(WriteError) {
    try AtomicFile.checkWritable(path)
  }
}
