import StrictJSON

extension JSONReader {
  /// A non-empty string: an id or a name that others refer to (a constraint, variable,
  /// view or guide). The empty string names nothing a message could point at, and as a key
  /// it reads as no key at all. O(1).
  /// - Throws: `invalidDocument` at `path` for anything else.
  func identifier(_ value: JSONValue?, at path: JSONPath, of what: String) throws(JSONError) -> String {
    let text = try string(value, at: path)
    guard !text.isEmpty else { throw invalid("\(what) must not be empty", at: path) }
    return text
  }
}
