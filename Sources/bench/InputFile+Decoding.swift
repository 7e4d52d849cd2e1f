import ArgumentParser
import StrictJSON

extension InputFile {
  /// The document `decode` makes of the file at `file` (its bytes and its name, for
  /// errors); decoding warnings go to standard error. O(file size) plus the decoding.
  /// - Throws: `ExitCode(2)` after printing why: unreadable, or invalid (the decoder's
  ///   error names the file and the JSON path or line:column).
  static func decoded<Document>(
    _ file: String, _ decode: ([UInt8], String) throws(JSONError) -> (document: Document, warnings: [Warning])
  ) throws(ExitCode) -> Document {
    let bytes: [UInt8]
    do { bytes = try Self.bytes(atPath: file) } catch {
      StandardError.print("error: \(file): \(error)")
      throw ExitCode(2)
    }
    do {
      let decoded = try decode(bytes, file)
      for warning in decoded.warnings { StandardError.print("warning: \(warning)") }
      return decoded.document
    } catch {
      StandardError.print("error: \(error)")
      throw ExitCode(2)
    }
  }
}
