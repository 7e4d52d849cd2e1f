/// Something in an interchange file that was ignored rather than rejected, such as an
/// unknown field (formats.md: unknown fields are ignored with a warning, never silently
/// misread).
public struct Warning: Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var path: JSONPath
  public var message: String

  public init(file: String, path: JSONPath, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// `FILE: PATH: message`, e.g. `a.json: constraints[2].comment: unknown field 'comment' ignored`.
  public var description: String { "\(file): \(path): \(message)" }
}
