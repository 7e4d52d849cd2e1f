extension JSONValue {
  /// The value as JSON text (see ``JSONWriter`` for the exact form). O(size of the value).
  /// - Precondition: every number in the value is finite.
  public func jsonText(layout: JSONWriter.Layout = .singleLine) -> String {
    JSONWriter.text(of: self, layout: layout)
  }
}
