/// Something in a JSON document that a ``JSONReader`` ignored rather than rejected: an
/// unknown field, which is reported instead of silently misread.
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
