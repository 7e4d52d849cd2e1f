import Scene
import StrictJSON

extension SceneDocument {
  /// Decodes a `layoutbench.scene/1` file (formats.md section 2) and builds its initial
  /// scene. O(length), plus building the scene (`Scene.init`).
  ///
  /// Unknown fields are returned as warnings and otherwise ignored. Steps are decoded
  /// (their JSON checked) but not applied: whether a step's ids and constraints are valid
  /// depends on the scene when it runs, and is that step's state's business (`SceneReplay`).
  /// - Parameter file: the name used in errors and warnings.
  /// - Throws: ``JSONError/syntax(file:line:column:message:)`` for text that is not
  ///   JSON; ``JSONError/invalidDocument(file:path:message:)`` for a wrong or
  ///   missing `format`, a wrong type, a missing required field, an unknown name (relation,
  ///   axis, distribution, alignment, layout direction, autoresizing flag), a number out
  ///   of range (a priority outside [1, 1000], a negative size), an array of the wrong
  ///   length, a step with zero or several kinds, a VFL constraint with anchor-form
  ///   members; and, at the path `Scene` names, anything that makes the initial scene
  ///   invalid: duplicate or unknown ids, no root or two, a cycle, an invalid anchor or
  ///   anchor pair, a malformed VFL string (the message points at the character). A
  ///   number outside the accuracy contract is not an error here: the document records it
  ///   in ``accuracyRefusal`` for the caller to refuse.
  public static func decode(
    utf8 bytes: [UInt8], file: String
  ) throws(JSONError) -> (document: SceneDocument, warnings: [Warning]) {
    let root = try JSONValue.parse(utf8: bytes, file: file)
    var decoder = SceneDecoder(file: file)
    var document = try decoder.decode(root)
    document.accuracyRefusal = accuracyRefusal(in: root)
    return (document, decoder.warnings)
  }

  /// Like ``decode(utf8:file:)`` for text.
  public static func decode(
    _ text: String, file: String
  ) throws(JSONError) -> (document: SceneDocument, warnings: [Warning]) {
    try decode(utf8: Array(text.utf8), file: file)
  }
}
