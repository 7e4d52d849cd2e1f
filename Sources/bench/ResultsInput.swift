import ArgumentParser
import Interchange
import StrictJSON

/// Reading a results file given on the command line, as `merge`, `compare` and `gate` do.
enum ResultsInput {
  /// The decoded document; decoding warnings go to standard error.
  /// - Throws: `ExitCode(2)` after printing why (unreadable; invalid, with the file and
  ///   JSON path at fault).
  static func read(_ file: String) throws(ExitCode) -> ResultsDocument {
    try InputFile.decoded(file) { bytes, name throws(JSONError) in try ResultsDocument.decode(utf8: bytes, file: name) }
  }
}
