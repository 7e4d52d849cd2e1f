import LayoutModel

/// The recursive-descent parser behind ``VisualFormat/parse(_:defaultPriority:)``: reads
/// the grammar documented on ``VisualFormat`` with a ``VisualFormatScanner`` and emits
/// constraints as each connection and view is read, which is what makes the output order
/// the text order. One pass, no backtracking: O(length of the format).
struct VisualFormatParser {
  /// One predicate: `[relation] object ['@' priority]`. Connections read `Double` objects
  /// (a spacing), views read ``SizeObject``s, so a connection cannot end up holding a view.
  struct Predicate<Object> {
    var relation: Relation
    var object: Object
    /// Nil when the predicate gives no `@priority`: the caller's default applies.
    var priority: Double?
  }

  /// What a view's size predicate compares its size with.
  enum SizeObject {
    case constant(Double)
    case view(String)
  }

  /// How two neighbouring items are spaced.
  enum Spacing {
    /// `[a][b]`, `|[a]`, `[a]|`: gap 0.
    case flush
    /// A bare `-`: 8 between views, the margin edge against the superview.
    case standard
    /// `-N-` (one `==` predicate) or `-(...)-`.
    case predicates([Predicate<Double>])
  }

  private var scanner: VisualFormatScanner
  private let defaultPriority: Double
  private var axis = Axis.horizontal
  private var constraints: [VFLConstraint] = []

  init(format: String, defaultPriority: Double) {
    scanner = VisualFormatScanner(format: format)
    self.defaultPriority = defaultPriority
  }

  /// Parses the whole format; call once. O(length of the format).
  ///
  /// - Throws: `VFLError` at the first character, left to right, that breaks the grammar.
  mutating func parse() throws(VFLError) -> [VFLConstraint] {
    guard !scanner.isAtEnd else {
      throw scanner.error(at: 0, "the format is empty; it needs at least one view, as in [a]")
    }
    let orientation = try parseOrientation()
    var earlier: VFLItem? = nil
    var spacing = Spacing.flush
    if scanner.consume("|") {
      earlier = .superview
      spacing = try parseLeadingConnection()
    } else if scanner.peek() != "[" {
      let place = orientation.map { "after '\($0):'" } ?? "at the start of the format"
      throw scanner.unexpected("expected '|' or '[' \(place)")
    }
    while true {
      let (name, sizes) = try parseView()
      let view = VFLItem.view(name)
      if let earlier { connect(earlier, to: view, by: spacing) }
      size(name, by: sizes)
      earlier = view
      switch scanner.peek() {
      case nil:
        return constraints
      case "[":
        spacing = .flush
      case "|":
        scanner.advance()
        connect(view, to: .superview, by: .flush)
        try expectEnd()
        return constraints
      case "-":
        spacing = try parseDashConnection()
        if scanner.consume("|") {
          connect(view, to: .superview, by: spacing)
          try expectEnd()
          return constraints
        }
        guard scanner.peek() == "[" else {
          throw scanner.unexpected("expected '[' (a view) or '|' after the connection")
        }
      default:
        throw scanner.unexpected(
          "expected '-', '[', '|' or the end of the format after the view '\(name)'")
      }
    }
  }

  // MARK: Orientation

  /// Reads `H:` or `V:` when the format starts with letters and a colon, and returns the
  /// letter; nil (reading nothing) when there is no orientation.
  ///
  /// - Throws: `VFLError` for an orientation other than H or V, or a second one.
  private mutating func parseOrientation() throws(VFLError) -> String? {
    guard let length = orientationLength() else { return nil }
    let text = String(scanner.characters[scanner.position..<(scanner.position + length)])
    switch text {
    case "H": axis = .horizontal
    case "V": axis = .vertical
    default:
      throw scanner.error(
        at: scanner.position, "unknown orientation '\(text):'; use 'H:' or 'V:' (or none for H)")
    }
    let start = scanner.position
    for _ in 0...length { scanner.advance() }
    if orientationLength() != nil {
      throw scanner.error(
        at: scanner.position,
        "the orientation is given twice; '\(text):' at character \(start) already gives it")
    }
    return text
  }

  /// The length of `[A-Za-z][A-Za-z0-9_]*` at the cursor when a `:` follows it, else nil.
  /// Looking for the colon is what tells an orientation from a stray name.
  private func orientationLength() -> Int? {
    guard VisualFormatScanner.isLetter(scanner.peek()) else { return nil }
    var length = 1
    while let next = scanner.peek(length),
      VisualFormatScanner.isLetter(next) || VisualFormatScanner.isDigit(next) || next == "_"
    {
      length += 1
    }
    return scanner.peek(length) == ":" ? length : nil
  }

  // MARK: Connections

  /// The connection after a leading `|`: flush before `[`, or a `-` form.
  private mutating func parseLeadingConnection() throws(VFLError) -> Spacing {
    let spacing: Spacing
    switch scanner.peek() {
    case "[": return .flush
    case "-": spacing = try parseDashConnection()
    default: spacing = .flush
    }
    guard scanner.peek() == "[" else {
      if scanner.peek() == "|" {
        throw scanner.error(
          at: scanner.position,
          "expected a view ('[') before the closing '|'; a format needs at least one view")
      }
      throw scanner.unexpected(
        spacing.isFlush
          ? "expected '-' or '[' after '|'" : "expected '[' (a view) after the connection")
    }
    return spacing
  }

  /// A connection starting at the `-` under the cursor: `-` alone (standard spacing, when
  /// `[` or `|` follows), `-N-`, or `-(predicates)-`.
  private mutating func parseDashConnection() throws(VFLError) -> Spacing {
    let start = scanner.position
    scanner.advance()
    let spacing: Spacing
    switch scanner.peek() {
    case "[", "|":
      return .standard
    case "(":
      spacing = .predicates(try parsePredicateList(objects: Self.parseSpacingObject))
    default:
      // A bare number: `-8-` means `-(==8)-`.
      if let number = try scanner.scanNumber() {
        spacing = .predicates([Predicate(relation: .equal, object: number.value, priority: nil)])
      } else if let (name, offset) = scanner.scanName() {
        throw nameInConnection(name, at: offset)
      } else {
        throw scanner.unexpected("expected a number, '(', '[' or '|' after '-'")
      }
    }
    guard scanner.consume("-") else {
      throw scanner.unexpected("expected '-' to end the connection started at character \(start)")
    }
    return spacing
  }

  /// A connection predicate's object: a number. O(length of the object).
  private static func parseSpacingObject(
    _ scanner: inout VisualFormatScanner, after relation: Relation?
  ) throws(VFLError) -> Double {
    if let number = try scanner.scanNumber() { return number.value }
    if let (name, offset) = scanner.scanName() {
      throw nameInConnection(name, at: offset, in: scanner)
    }
    throw scanner.unexpected(
      relation.map { "expected a number after '\($0.rawValue)'" }
        ?? "expected a predicate (a number, optionally after ==, <= or >=)")
  }

  private func nameInConnection(_ name: String, at offset: Int) -> VFLError {
    Self.nameInConnection(name, at: offset, in: scanner)
  }

  /// A name where a connection needs a number. Apple's VFL would read it as a metric (or,
  /// inside parentheses, possibly a view); the message guesses which was meant from whether
  /// the format has a view of that name, since the two fixes differ.
  private static func nameInConnection(
    _ name: String, at offset: Int, in scanner: VisualFormatScanner
  ) -> VFLError {
    if namesView(name, in: scanner.characters) {
      return scanner.error(
        at: offset,
        "view names are not allowed in a connection's predicate ('\(name)' is a view; "
          + "compare views in a view's own list, as in [a(==\(name))]); use a number")
    }
    return scanner.error(at: offset, "metrics are not supported here; use a number")
  }

  /// Whether `[name]` or `[name(` occurs in `characters`. O(length): each name scanned
  /// starts after a distinct `[`, and names contain no `[`.
  private static func namesView(_ name: String, in characters: [Character]) -> Bool {
    let target = Array(name)
    var index = 0
    while index < characters.count {
      defer { index += 1 }
      guard characters[index] == "[" else { continue }
      var end = index + 1
      while end < characters.count, VisualFormatScanner.isNameContinuation(characters[end]) {
        end += 1
      }
      let closes = end < characters.count && (characters[end] == "]" || characters[end] == "(")
      if closes, characters[(index + 1)..<end].elementsEqual(target) { return true }
      index = end - 1
    }
    return false
  }

  // MARK: Views

  /// `'[' viewName [predicateList] ']'` at the cursor; the size predicates are returned,
  /// not emitted, so that the connection leading to the view can be emitted first.
  private mutating func parseView() throws(VFLError) -> (String, [Predicate<SizeObject>]) {
    let start = scanner.position
    guard scanner.consume("[") else { throw scanner.unexpected("expected '[' to start a view") }
    guard let (name, _) = scanner.scanName() else {
      let hint =
        VisualFormatScanner.isDigit(scanner.peek())
        ? " (view names start with a letter or '_')" : ""
      throw scanner.unexpected("expected a view name after '['\(hint)")
    }
    var sizes: [Predicate<SizeObject>] = []
    if scanner.peek() == "(" {
      sizes = try parsePredicateList(objects: Self.parseSizeObject)
    }
    guard scanner.consume("]") else {
      throw scanner.unexpected("expected ']' to close the view started at character \(start)")
    }
    return (name, sizes)
  }

  /// A view predicate's object: a number or another view's name. O(length of the object).
  private static func parseSizeObject(
    _ scanner: inout VisualFormatScanner, after relation: Relation?
  ) throws(VFLError) -> SizeObject {
    if let number = try scanner.scanNumber() { return .constant(number.value) }
    if let (name, _) = scanner.scanName() { return .view(name) }
    throw scanner.unexpected(
      relation.map { "expected a number or a view name after '\($0.rawValue)'" }
        ?? "expected a predicate (a number or a view name, optionally after ==, <= or >=)")
  }

  // MARK: Predicates

  /// `'(' predicate (',' predicate)* ')'` starting at the `(` under the cursor, reading
  /// each object with `objects`. O(length of the list).
  private mutating func parsePredicateList<Object>(
    objects: (inout VisualFormatScanner, Relation?) throws(VFLError) -> Object
  ) throws(VFLError) -> [Predicate<Object>] {
    let start = scanner.position
    scanner.advance()
    var predicates: [Predicate<Object>] = []
    repeat {
      let relation = try scanner.scanRelation()
      let object = try objects(&scanner, relation)
      var priority: Double? = nil
      if scanner.consume("@") { priority = try parsePriority() }
      predicates.append(Predicate(relation: relation ?? .equal, object: object, priority: priority))
      if scanner.consume(")") { return predicates }
    } while scanner.consume(",")
    throw scanner.unexpected(
      "expected ',' or ')' to close the predicate list started at character \(start)")
  }

  /// The number after `@`, in [1, 1000].
  private mutating func parsePriority() throws(VFLError) -> Double {
    if let number = try scanner.scanNumber() {
      guard number.value >= 1, number.value <= 1000 else {
        throw scanner.error(at: number.offset, "priority \(number.text) is outside [1, 1000]")
      }
      return number.value
    }
    if let (_, offset) = scanner.scanName() {
      throw scanner.error(at: offset, "metrics are not supported here; use a number in [1, 1000]")
    }
    throw scanner.unexpected("expected a priority (a number in [1, 1000]) after '@'")
  }

  private func expectEnd() throws(VFLError) {
    guard scanner.isAtEnd else {
      throw scanner.unexpected("expected the end of the format after the closing '|'")
    }
  }

  // MARK: Emitting constraints

  /// The constraints of a connection from `earlier` to `later`: `later`'s near edge
  /// RELATION `earlier`'s far edge + spacing, one per predicate.
  private mutating func connect(_ earlier: VFLItem, to later: VFLItem, by spacing: Spacing) {
    let standard = spacing.isStandard
    let first = VFLAnchor(
      item: later, attribute: edge(of: later, isEarlier: false, standard: standard))
    let second = VFLAnchor(
      item: earlier, attribute: edge(of: earlier, isEarlier: true, standard: standard))
    switch spacing {
    case .flush:
      append(first, .equal, second, constant: 0, priority: nil)
    case .standard:
      // Against the superview the margin edge carries the spacing (formats.md section 2).
      let touchesSuperview = earlier == .superview || later == .superview
      append(
        first, .equal, second, constant: touchesSuperview ? 0 : VisualFormat.standardSpacing,
        priority: nil)
    case .predicates(let predicates):
      for predicate in predicates {
        append(
          first, predicate.relation, second, constant: predicate.object,
          priority: predicate.priority)
      }
    }
  }

  /// The edge a connection uses: a view's trailing edge when it comes first and its
  /// leading edge when it comes second; the superview the other way round, since `|` is
  /// outside the views (V: top and bottom).
  private func edge(of item: VFLItem, isEarlier: Bool, standard: Bool) -> Attribute {
    let isSuperview = item == .superview
    let isLeadingEdge = isEarlier == isSuperview
    let margin = standard && isSuperview
    switch (axis, isLeadingEdge, margin) {
    case (.horizontal, true, false): return .leading
    case (.horizontal, true, true): return .leadingMargin
    case (.horizontal, false, false): return .trailing
    case (.horizontal, false, true): return .trailingMargin
    case (.vertical, true, false): return .top
    case (.vertical, true, true): return .topMargin
    case (.vertical, false, false): return .bottom
    case (.vertical, false, true): return .bottomMargin
    }
  }

  /// A view's size constraints along the orientation, one per predicate.
  private mutating func size(_ name: String, by predicates: [Predicate<SizeObject>]) {
    let attribute: Attribute = axis == .horizontal ? .width : .height
    let first = VFLAnchor(item: .view(name), attribute: attribute)
    for predicate in predicates {
      switch predicate.object {
      case .constant(let value):
        append(first, predicate.relation, nil, constant: value, priority: predicate.priority)
      case .view(let other):
        let second = VFLAnchor(item: .view(other), attribute: attribute)
        append(first, predicate.relation, second, constant: 0, priority: predicate.priority)
      }
    }
  }

  private mutating func append(
    _ first: VFLAnchor, _ relation: Relation, _ second: VFLAnchor?, constant: Double,
    priority: Double?
  ) {
    constraints.append(
      VFLConstraint(
        first: first, relation: relation, second: second, constant: constant,
        priority: priority ?? defaultPriority))
  }
}

extension VisualFormatParser.Spacing {
  var isFlush: Bool {
    if case .flush = self { return true }
    return false
  }

  var isStandard: Bool {
    if case .standard = self { return true }
    return false
  }
}
