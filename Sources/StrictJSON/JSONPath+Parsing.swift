extension JSONPath {
  /// Reads a path back from its rendering: the inverse of ``description``
  /// (`constraints[3].priority`, `terms["root.title0.left"]`, `(top level)`).
  ///
  /// The `Scene` module renders the paths of its errors as text by the same rules (it
  /// cannot import this module), so this is how a `SceneError`'s path becomes a
  /// `JSONPath`. It also accepts Scene's small differences: non-ASCII letters in a `.key`,
  /// and only `\"` and `\\` escaped inside `["..."]`.
  ///
  /// Total, never a crash: text that is not a rendered path (an unclosed bracket, say)
  /// keeps the components read so far and takes the rest as one key.
  /// - Complexity: O(length of `text`).
  public init(rendered text: String) {
    self.init()
    guard text != JSONPath.root.description else { return }
    var scanner = PathScanner(Array(text.unicodeScalars))
    while !scanner.isAtEnd {
      let start = scanner.position
      if let component = scanner.component(atStart: start == 0) {
        components.append(component)
      } else {
        components.append(.key(scanner.rest(from: start)))
        return
      }
    }
  }
}

/// Reads the components of a rendered ``JSONPath`` one at a time.
private struct PathScanner {
  private let scalars: [Unicode.Scalar]
  private(set) var position = 0

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  var isAtEnd: Bool { position >= scalars.count }

  func rest(from start: Int) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[start...])
    return String(text)
  }

  /// The next component, or nil when the text there is not a rendered component (the
  /// position is then unspecified). A bare key may only start the path.
  mutating func component(atStart: Bool) -> JSONPath.Component? {
    switch scalars[position] {
    case "[":
      position += 1
      guard !isAtEnd else { return nil }
      return scalars[position] == "\"" ? quotedKey() : index()
    case ".":
      position += 1
      return .key(bareKey())
    default:
      return atStart ? .key(bareKey()) : nil
    }
  }

  /// Characters up to the next `.` or `[`.
  private mutating func bareKey() -> String {
    var key = String.UnicodeScalarView()
    while !isAtEnd, scalars[position] != ".", scalars[position] != "[" {
      key.append(scalars[position])
      position += 1
    }
    return String(key)
  }

  /// `123]`, after the opening bracket.
  private mutating func index() -> JSONPath.Component? {
    var value = 0
    var digits = 0
    while !isAtEnd, ("0"..."9").contains(scalars[position]) {
      let digit = Int(scalars[position].value - ("0" as Unicode.Scalar).value)
      // Indices past Int's range are not array indices; read the text as a key instead.
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow, shifted <= Int.max - digit else { return nil }
      value = shifted + digit
      digits += 1
      position += 1
    }
    guard digits > 0, !isAtEnd, scalars[position] == "]" else { return nil }
    position += 1
    return .index(value)
  }

  /// `"key"]` with JSON string escapes, after the opening bracket.
  private mutating func quotedKey() -> JSONPath.Component? {
    position += 1  // the opening quote
    var key = String.UnicodeScalarView()
    while !isAtEnd {
      let scalar = scalars[position]
      position += 1
      switch scalar {
      case "\"":
        guard !isAtEnd, scalars[position] == "]" else { return nil }
        position += 1
        return .key(String(key))
      case "\\":
        guard let unescaped = escape() else { return nil }
        key.append(unescaped)
      default:
        key.append(scalar)
      }
    }
    return nil
  }

  /// The character an escape stands for, after its backslash.
  private mutating func escape() -> Unicode.Scalar? {
    guard !isAtEnd else { return nil }
    let scalar = scalars[position]
    position += 1
    switch scalar {
    case "\"", "\\", "/": return scalar
    case "n": return "\n"
    case "r": return "\r"
    case "t": return "\t"
    case "b": return "\u{08}"
    case "f": return "\u{0C}"
    case "u":
      // JSONWriter escapes only control characters this way (`\u001F`), never surrogates.
      guard position + 4 <= scalars.count else { return nil }
      let hex = String(String.UnicodeScalarView(scalars[position..<position + 4]))
      guard let value = UInt32(hex, radix: 16), let unescaped = Unicode.Scalar(value) else { return nil }
      position += 4
      return unescaped
    default: return nil
    }
  }
}
