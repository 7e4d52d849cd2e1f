import StrictJSON

extension ConstraintSystemDocument {
  /// The `format` value of a constraint system file.
  public static let formatName = "layoutbench.constraints/1"

  /// Decodes a `layoutbench.constraints/1` file (formats.md section 1). O(length).
  ///
  /// Names are numbered in order of first appearance (see ``ConstraintSystemDocument``).
  /// Unknown fields are returned as warnings and otherwise ignored.
  /// - Parameter file: the name used in errors and warnings.
  /// - Throws: ``JSONError/syntax(file:line:column:message:)`` for text that is not
  ///   JSON; ``JSONError/invalidDocument(file:path:message:)`` for a wrong or
  ///   missing `format`, a wrong type, a missing required field, a non-finite or
  ///   out-of-range number, a duplicate id or edit variable, an unknown relation, a step
  ///   with zero or several kinds, a step naming a constraint defined nowhere in the file,
  ///   or a `suggest` of a variable not declared in `edits`.
  public static func decode(
    _ text: String, file: String
  ) throws(JSONError) -> (document: ConstraintSystemDocument, warnings: [Warning]) {
    try decode(utf8: Array(text.utf8), file: file)
  }

  /// Like ``decode(_:file:)`` for raw file bytes, so invalid UTF-8 is reported rather than
  /// replaced.
  public static func decode(
    utf8 bytes: [UInt8], file: String
  ) throws(JSONError) -> (document: ConstraintSystemDocument, warnings: [Warning]) {
    let root = try JSONValue.parse(utf8: bytes, file: file)
    var decoder = ConstraintSystemDecoder(file: file)
    let document = try decoder.decode(root)
    return (document, decoder.warnings)
  }
}
