import ArgumentParser
import Interchange

/// Reading a results file given on the command line, as `merge`, `compare` and `gate` do.
enum ResultsInput {
  /// The decoded document; decoding warnings go to standard error.
  /// - Throws: `ExitCode(2)` after printing why (unreadable; invalid, with the file and
  ///   JSON path at fault).
  static func read(_ file: String) throws(ExitCode) -> ResultsDocument {
    let bytes: [UInt8]
    do { bytes = try InputFile.bytes(atPath: file) } catch {
      StandardError.print("error: \(file): \(error)")
      throw ExitCode(2)
    }
    do {
      // Decoding errors name the file and the JSON path themselves.
      let decoded = try ResultsDocument.decode(utf8: bytes, file: file)
      for warning in decoded.warnings { StandardError.print("warning: \(warning)") }
      return decoded.document
    } catch {
      StandardError.print("error: \(error)")
      throw ExitCode(2)
    }
  }
}
