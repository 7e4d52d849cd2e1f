import LayoutModel

/// A user constraint, resolved: `first RELATION multiplier · second + constant @priority`.
public struct SceneConstraint: Hashable, Sendable {
  public let id: String
  public internal(set) var first: Anchor
  public internal(set) var relation: Relation
  public internal(set) var second: Anchor?
  public internal(set) var multiplier: Double
  public internal(set) var constant: Double
  public internal(set) var priority: Double
  public internal(set) var isActive: Bool
}

/// A constraint entry as a file or a change describes it: anchors as text, or a VFL string
/// that expands to constraints `ID.0`, `ID.1`, ...
public struct ConstraintDescription: Hashable, Sendable {
  public enum Form: Hashable, Sendable {
    /// `first`, `relation`, `second` (nil: a constant), `multiplier`, `constant`.
    case anchors(first: String, relation: Relation, second: String?, multiplier: Double, constant: Double)
    /// A Visual Format Language string.
    case visualFormat(String)
  }

  public var id: String
  public var form: Form
  /// The priority (for VFL, of every constraint that gives none itself).
  public var priority: Double = 1000
  public var isActive = true
  /// Where the entry is, e.g. `constraints[3]`.
  public var path: String

  public init(id: String, form: Form, priority: Double = 1000, isActive: Bool = true, path: String = "") {
    self.id = id
    self.form = form
    self.priority = priority
    self.isActive = isActive
    self.path = path
  }
}

/// The container the root fills.
public struct Container: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var safeAreaInsets: EdgeInsets
  public var isRightToLeft: Bool
  /// When set, the root's height is `height` at this priority instead of required: a table
  /// row fitted alone (Scene+Tables.swift).
  public var fittingHeightPriority: Double?

  public init(width: Double, height: Double, safeAreaInsets: EdgeInsets = .zero, isRightToLeft: Bool = false) {
    self.width = width
    self.height = height
    self.safeAreaInsets = safeAreaInsets
    self.isRightToLeft = isRightToLeft
  }
}

/// Bad scene input: what is wrong and where (a JSON path such as
/// `constraints[3].first`), so the message can name the element at fault.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String
  public init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Appends a key to a JSON path the way `Interchange.JSONPath` renders it: `.key` for
/// identifier-like keys, `["key"]` otherwise. Identifier-like means a letter or `_`, then
/// letters, numbers or `_`, in Unicode's sense (`Character.isLetter`, `isNumber`).
/// - Complexity: O(path + key); an ASCII key is judged on its bytes, without the Unicode
///   property lookups that made this a fifth of a scene step's time.
func appending(_ path: String, key: String) -> String {
  if isIdentifierLike(key) { return path.isEmpty ? key : path + "." + key }
  var escaped = ""
  for character in key {
    if character == "\"" || character == "\\" { escaped.append("\\") }
    escaped.append(character)
  }
  return path + "[\"" + escaped + "\"]"
}

/// Whether `appending` writes `key` as `.key`. O(key).
func isIdentifierLike(_ key: String) -> Bool {
  var isASCII = true
  var isIdentifier = true
  var isFirst = true
  for byte in key.utf8 {
    if byte >= 0x80 {
      isASCII = false
      break
    }
    // For ASCII, `Character.isLetter` is exactly A–Z and a–z, `isNumber` exactly 0–9.
    let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    if !(isLetter || byte == UInt8(ascii: "_") || (!isFirst && isDigit)) { isIdentifier = false }
    isFirst = false
  }
  if isASCII { return !isFirst && isIdentifier }
  return key.first.map { $0.isLetter || $0 == "_" } ?? false
    && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
}

func appending(_ path: String, index: Int) -> String { path + "[\(index)]" }
