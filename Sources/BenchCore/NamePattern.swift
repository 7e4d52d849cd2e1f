/// A shell-style pattern over names, as `--workloads 'stack.fill.*'` takes: `*` matches
/// any run of characters (none included, dots included), `?` exactly one character,
/// `[abc]` one of the listed characters, `[a-z]` one in the range, `[!abc]` or `[^abc]`
/// one not listed, and `\` makes the next character literal. Every other character
/// matches itself, case included. The pattern must match the whole name.
public struct NamePattern: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as given.
  public let text: String
  private let elements: [Element]

  private enum Element: Hashable, Sendable {
    case literal(Character)
    case anyOne
    case anyRun
    case set(ranges: [ClosedRange<Character>], negated: Bool)
  }

  /// Why a pattern cannot be read, naming the character at fault (1-based).
  public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
    public var pattern: String
    public var position: Int
    public var message: String

    public var description: String { "pattern '\(pattern)', character \(position): \(message)" }
  }

  /// Parses `text`. O(length).
  /// - Throws: ``Invalid`` for a `[` with no closing `]`, an empty set `[]`, a range whose
  ///   bounds are reversed (`[z-a]`), or a trailing `\`.
  public init(_ text: String) throws(Invalid) {
    self.text = text
    let characters = Array(text)
    var elements: [Element] = []
    var index = 0
    func invalid(_ message: String, at position: Int) -> Invalid {
      Invalid(pattern: text, position: position + 1, message: message)
    }
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "*":
        // Consecutive stars match what one does; keeping one keeps matching linear.
        if elements.last != .anyRun { elements.append(.anyRun) }
        index += 1
      case "?":
        elements.append(.anyOne)
        index += 1
      case "\\":
        guard index + 1 < characters.count else { throw invalid("'\\' has no character after it to make literal", at: index) }
        elements.append(.literal(characters[index + 1]))
        index += 2
      case "[":
        let (element, end) = try Self.set(characters, openingAt: index, invalid: invalid)
        elements.append(element)
        index = end
      default:
        elements.append(.literal(character))
        index += 1
      }
    }
    self.elements = elements
  }

  /// Reads the set opening at `start` (a `[`); returns it and the index after its `]`.
  /// A `]` right after the opening (or after `!`/`^`) is a member, as in the shell.
  private static func set(
    _ characters: [Character], openingAt start: Int, invalid: (String, Int) -> Invalid
  ) throws(Invalid) -> (Element, Int) {
    var index = start + 1
    var negated = false
    if index < characters.count && (characters[index] == "!" || characters[index] == "^") {
      negated = true
      index += 1
    }
    var ranges: [ClosedRange<Character>] = []
    let firstMember = index
    while index < characters.count && (characters[index] != "]" || index == firstMember) {
      var low = characters[index]
      if low == "\\" && index + 1 < characters.count {
        index += 1
        low = characters[index]
      }
      if index + 2 < characters.count && characters[index + 1] == "-" && characters[index + 2] != "]" {
        let high = characters[index + 2]
        guard low <= high else { throw invalid("the range '\(low)-\(high)' runs backwards", index) }
        ranges.append(low...high)
        index += 3
      } else {
        ranges.append(low...low)
        index += 1
      }
    }
    guard index < characters.count else { throw invalid("'[' has no closing ']'", start) }
    guard !ranges.isEmpty else { throw invalid("'[]' lists no character", start) }
    return (.set(ranges: ranges, negated: negated), index + 1)
  }

  /// Whether the pattern has any wildcard or set (false: it names exactly one name).
  public var isLiteral: Bool {
    elements.allSatisfy { if case .literal = $0 { true } else { false } }
  }

  /// Whether `name`, whole, matches. O(pattern length · name length) at worst (one
  /// backtracking point: the latest `*`).
  public func matches(_ name: String) -> Bool {
    let characters = Array(name)
    var position = 0
    var element = 0
    // Where to resume after the latest `*`: the element after it and the name position
    // it has absorbed up to.
    var resume: (element: Int, position: Int)?
    while position < characters.count {
      if element < elements.count {
        switch elements[element] {
        case .anyRun:
          resume = (element + 1, position)
          element += 1
          continue
        case .anyOne:
          element += 1
          position += 1
          continue
        case .literal(let expected) where expected == characters[position]:
          element += 1
          position += 1
          continue
        case .set(let ranges, let negated) where ranges.contains { $0.contains(characters[position]) } != negated:
          element += 1
          position += 1
          continue
        default:
          break
        }
      }
      guard let last = resume else { return false }
      // Let the latest `*` absorb one more character and try again from there.
      resume = (last.element, last.position + 1)
      element = last.element
      position = last.position + 1
    }
    return elements[element...].allSatisfy { $0 == .anyRun }
  }

  /// The names `patterns` match, in the order of `names`, each once. O(patterns · names ·
  /// pattern length · name length).
  public static func select(_ patterns: [NamePattern], from names: [String]) -> [String] {
    names.filter { name in patterns.contains { $0.matches(name) } }
  }

  public var description: String { text }
}
