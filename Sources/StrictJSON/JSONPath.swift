/// Where a value sits inside a JSON document, rendered the way error messages show it:
/// `constraints[3].priority`, `steps[0].suggest.W`, `terms["root.title0.left"]`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step down from a container: an object key or an array index.
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The document itself.
  public static let root = JSONPath()

  /// This path extended by an object key. O(depth).
  public func appending(_ key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path extended by an array index. O(depth).
  public func appending(_ index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// Keys that look like identifiers are written `.key` (no dot at the start); any other
  /// key, including one with a dot or a space, is written `["key"]` with JSON string
  /// escaping, so the rendering is unambiguous. The root renders as `(top level)`.
  public var description: String {
    if components.isEmpty { return "(top level)" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where JSONPath.isIdentifierLike(key):
        text += text.isEmpty ? key : "." + key
      case .key(let key):
        text += "[" + JSONWriter.quoted(key) + "]"
      }
    }
    return text
  }

  /// ASCII letters, digits, `_` and `$`, not starting with a digit.
  static func isIdentifierLike(_ key: String) -> Bool {
    guard let first = key.utf8.first, !isDigit(first) else { return false }
    return key.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
