/// Why a JSON document was rejected: its text is not strict JSON, or a reader found a
/// value it does not accept (``JSONReader``). Every case names the file and where in it
/// the problem is, and says what was expected and what was found.
public enum JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is not JSON (RFC 8259). `line` and `column` are 1-based; columns count
  /// Unicode scalars.
  case syntax(file: String, line: Int, column: Int, message: String)
  /// The text is JSON but not a valid document of its format.
  case invalidDocument(file: String, path: JSONPath, message: String)

  /// `FILE:LINE:COL: message` or `FILE: PATH: message`.
  public var description: String {
    switch self {
    case .syntax(let file, let line, let column, let message):
      "\(file):\(line):\(column): \(message)"
    case .invalidDocument(let file, let path, let message):
      "\(file): \(path): \(message)"
    }
  }
}
