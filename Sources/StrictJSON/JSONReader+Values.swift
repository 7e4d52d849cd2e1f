/// Typed readers that the scene format needs beyond those of the constraint format:
/// booleans, names from a fixed list and fixed-length arrays.
extension JSONReader {
  public func bool(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> Bool {
    guard case .bool(let flag)? = value else {
      throw mismatch(expected: "true or false", found: value, at: path)
    }
    return flag
  }

  /// The value a string names, out of `choices` (name, value), e.g. a distribution.
  /// - Complexity: O(choices).
  /// - Throws: `expected one of "a", "b", ...` for any other string or type.
  public func choice<Value>(
    _ value: JSONValue?, at path: JSONPath, from choices: [(name: String, value: Value)]
  ) throws(JSONError) -> Value {
    if case .string(let name)? = value, let match = choices.first(where: { $0.name == name }) {
      return match.value
    }
    let names = choices.map { JSONWriter.quoted($0.name) }.joined(separator: ", ")
    throw mismatch(expected: "one of \(names)", found: value, at: path)
  }

  /// The elements of an array of exactly `count` elements; `shape` names them for the
  /// message, e.g. `[top, left, bottom, right]`.
  public func tuple(
    _ value: JSONValue?, at path: JSONPath, count: Int, shape: String
  ) throws(JSONError) -> [JSONValue] {
    let expected = "an array of \(count) numbers \(shape)"
    guard case .array(let elements)? = value else {
      throw mismatch(expected: expected, found: value, at: path)
    }
    guard elements.count == count else {
      throw invalid("expected \(expected), found an array of \(elements.count)", at: path)
    }
    return elements
  }

  /// An array of exactly `count` finite numbers that `isAllowed` accepts.
  public func numbers(
    _ value: JSONValue?, at path: JSONPath, count: Int, shape: String,
    expected: String = "a finite number", where isAllowed: (Double) -> Bool = { _ in true }
  ) throws(JSONError) -> [Double] {
    var numbers: [Double] = []
    for (index, element) in try tuple(value, at: path, count: count, shape: shape).enumerated() {
      numbers.append(try number(element, at: path.appending(index), expected: expected, where: isAllowed))
    }
    return numbers
  }
}
