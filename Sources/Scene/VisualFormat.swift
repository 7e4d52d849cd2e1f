import LayoutModel

/// An item a VFL string names: a view by its name, or the superview `|`.
public enum VFLItem: Hashable, Sendable {
  case view(String)
  case superview
}

/// One side of a VFL constraint: an item's attribute.
public struct VFLAnchor: Hashable, Sendable {
  public var item: VFLItem
  public var attribute: Attribute

  public init(item: VFLItem, attribute: Attribute) {
    self.item = item
    self.attribute = attribute
  }
}

/// One constraint a VFL string describes: first RELATION second + constant @priority
/// (multiplier always 1 in VFL); `second` nil means `first RELATION constant`.
public struct VFLConstraint: Hashable, Sendable {
  public var first: VFLAnchor
  public var relation: Relation
  public var second: VFLAnchor?
  public var constant: Double
  public var priority: Double

  public init(
    first: VFLAnchor, relation: Relation, second: VFLAnchor?, constant: Double, priority: Double
  ) {
    self.first = first
    self.relation = relation
    self.second = second
    self.constant = constant
    self.priority = priority
  }
}

/// The Visual Format Language of Auto Layout, as the scene format uses it (formats.md
/// section 2; autolayout-semantics.md section 9): Apple's published grammar without metrics
/// dictionaries or options, since a scene has nowhere to put them.
///
/// ```
/// format        := [('H'|'V') ':'] ['|' connection] view (connection view)* [connection '|']
/// connection    := '' | '-' | '-' number '-' | '-' predicateList '-'
/// view          := '[' viewName [predicateList] ']'
/// predicateList := '(' predicate (',' predicate)* ')'
/// predicate     := ['==' | '<=' | '>='] (number | viewName) ['@' number]
/// number        := ['+' | '-'] digits ['.' digits]
/// viewName      := [A-Za-z_][A-Za-z0-9_.]*
/// ```
/// No whitespace is allowed anywhere (Apple's parser rejects it too). A view name may appear
/// as a predicate's object only in a view's own list (`[a(==b)]`); in a connection the
/// object is a number. Priorities lie in [1, 1000].
public enum VisualFormat {
  /// The standard spacing `-` between two sibling views, in points (formats.md section 2).
  /// Against the superview, `|-` and `-|` mean its margin edge instead, with constant 0.
  public static let standardSpacing: Double = 8

  /// Parses `format` into constraints in the order they appear, each with `defaultPriority`
  /// unless the predicate gives `@priority`. `defaultPriority` is used as given.
  ///
  /// Orientation `H` (the default) uses `leading`, `trailing` and `width`; `V` uses `top`,
  /// `bottom` and `height`. A connection between an earlier item E and a later item L gives
  /// `L.leading RELATION E.trailing + spacing` (V: top, bottom), one constraint per
  /// predicate; a flush connection has spacing 0 and `-` between views has spacing
  /// ``standardSpacing``. The superview `|` has its `leading` edge as the earlier item and
  /// its `trailing` edge as the later one (V: top, bottom), or the margin forms of those
  /// (`leadingMargin`, `trailingMargin`, `topMargin`, `bottomMargin`) with spacing 0 when
  /// the connection is a bare `-`. So `|-8-[a]-|` gives `a.leading == superview.leading + 8`
  /// and `superview.trailingMargin == a.trailing`. A view's predicates size it along the
  /// orientation: `[a(>=50)]` gives `a.width >= 50`, `[a(==b)]` gives `a.width == b.width`.
  ///
  /// Output order (the scene names the constraints `ID.0`, `ID.1`, ... in this order): the
  /// order of the text that describes them, left to right. Each connection gives its
  /// constraints where it stands, one per predicate in list order (one for flush, `-` and
  /// `-N-`); each view gives its size constraints where it stands, one per predicate in list
  /// order. So `|-[a(50)]-[b(==a,>=20)]|` gives: `|-` to a, a's width, `-` from a to b,
  /// b's two widths, then `|` after b.
  ///
  /// O(length of `format`).
  ///
  /// - Throws: `VFLError` naming the first character at fault, reading left to right
  ///   (offset `format.count` when the format ends too early).
  public static func parse(
    _ format: String, defaultPriority: Double = 1000
  ) throws(VFLError) -> [VFLConstraint] {
    var parser = VisualFormatParser(format: format, defaultPriority: defaultPriority)
    return try parser.parse()
  }
}

extension VFLConstraint: CustomStringConvertible {
  /// `b.leading == a.trailing + 8 @1000`, the superview written `superview`.
  public var description: String {
    var text = "\(Self.describe(first)) \(relation.rawValue)"
    if let second {
      text += " \(Self.describe(second))"
      if constant != 0 {
        text += constant < 0 ? " - \(Self.describe(-constant))" : " + \(Self.describe(constant))"
      }
    } else {
      text += " \(Self.describe(constant))"
    }
    return text + " @\(Self.describe(priority))"
  }

  private static func describe(_ anchor: VFLAnchor) -> String {
    switch anchor.item {
    case .view(let name): "\(name).\(anchor.attribute.rawValue)"
    case .superview: "superview.\(anchor.attribute.rawValue)"
    }
  }

  /// Whole numbers without the `.0`, so descriptions read like the VFL that made them.
  private static func describe(_ value: Double) -> String {
    if abs(value) < 1e15, let whole = Int64(exactly: value) { return String(whole) }
    return String(value)
  }
}
