/// A view of a scene, identified by a dense index (stable while the view exists; a removed
/// view's index is not reused).
public struct ViewIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int32
  public init(_ rawValue: Int) { self.rawValue = Int32(rawValue) }
  public var index: Int { Int(rawValue) }
  public static func < (a: ViewIndex, b: ViewIndex) -> Bool { a.rawValue < b.rawValue }
  public var description: String { "view#\(rawValue)" }
}

/// Autoresizing flags (springs and struts): which of each axis's near margin, size and far
/// margin may change when the superview's size changes.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
  public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
  public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
  public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
  public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

  /// The flags by their formats.md names, in a fixed order.
  public static let named: [(name: String, flag: AutoresizingMask)] = [
    ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
    ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
    ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
  ]

  /// Which of (near margin, size, far margin) are flexible on an axis.
  public func flexibleParts(_ axis: Axis) -> (near: Bool, size: Bool, far: Bool) {
    axis == .horizontal
      ? (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin))
      : (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin))
  }

  /// How fast a view's position and size on `axis` follow its superview's size: a change Δ
  /// of the superview's size moves the position by `position · Δ` and the size by
  /// `size · Δ` (docs/scene-semantics.md, "Autoresizing"). The view's initial near margin
  /// is `near`, its size `size`, and its far margin `reference − near − size`, `reference`
  /// being the superview's size when the view entered. Δ is split among the flexible parts
  /// in proportion to their values, equally when those sum to zero (all zero, or a negative
  /// far margin cancelling the others): zero within 1e-9 of the parts' magnitudes, so that
  /// a reference off by rounding (a size the solver computes as 7e-15 instead of 0) does not
  /// turn the split into rates of 10¹⁴. No flexible part: the far margin takes Δ (rates 0).
  /// Every backend uses this one rule. O(1).
  public func rates(_ axis: Axis, near: Double, size: Double, reference: Double) -> (position: Double, size: Double) {
    let flexible = flexibleParts(axis)
    let far = reference - near - size
    var (total, magnitude, count) = (0.0, 0.0, 0)
    // Not a loop over an array of the parts: a layout pass calls this per view, allocation-free.
    func include(_ isFlexible: Bool, _ value: Double) {
      guard isFlexible else { return }
      total += value
      magnitude += abs(value)
      count += 1
    }
    include(flexible.near, near)
    include(flexible.size, size)
    include(flexible.far, far)
    guard count > 0 else { return (0, 0) }
    let splitsEqually = abs(total) <= 1e-9 * max(1, magnitude)
    func rate(_ isFlexible: Bool, _ value: Double) -> Double {
      guard isFlexible else { return 0 }
      return splitsEqually ? 1 / Double(count) : value / total
    }
    return (rate(flexible.near, near), rate(flexible.size, size))
  }
}

/// First and last baseline, measured from the view's top.
public struct Baseline: Hashable, Sendable {
  public var first: Double
  public var last: Double
  public init(first: Double, last: Double) {
    self.first = first
    self.last = last
  }
}

/// A view as the scene holds it: validated, with its relations resolved to indices.
public struct View: Hashable, Sendable {
  public let id: String
  public internal(set) var parent: ViewIndex?
  /// In order: z-order, and arranged order in a stack.
  public internal(set) var children: [ViewIndex] = []
  public internal(set) var intrinsicSize: AxisPair<Double?>
  public internal(set) var hugging: AxisPair<Double>
  public internal(set) var compressionResistance: AxisPair<Double>
  public internal(set) var baseline: Baseline?
  public internal(set) var layoutMargins: EdgeInsets
  public internal(set) var isHidden: Bool
  public internal(set) var stack: StackConfiguration?
  /// False for a plain (unmanaged) subview of a stack.
  public internal(set) var isArranged: Bool
  public internal(set) var translatesAutoresizingMask: Bool
  /// The frame in the initial layout, for autoresizing views.
  public internal(set) var frame: Rect
  public internal(set) var autoresizingMask: AutoresizingMask
  /// A multi-line text view (extension, or a view with wrapping `text`): triggers the
  /// stack's text-width disambiguation.
  public internal(set) var wrapsText: Bool
  /// A label's text as written (unscaled); its intrinsic size and baselines follow from it
  /// (Scene+Text.swift).
  public internal(set) var text: TextContent?
  /// The width a label wraps at whatever its frame (formats.md section 2.1).
  public internal(set) var preferredMaxLayoutWidth: Double?
  /// A scroll view: its children's frames are in its content coordinates, and it has a
  /// content and a frame layout guide (Scene+ScrollViews.swift).
  public internal(set) var isScrollView: Bool
  /// A table (also a scroll view): its children are its rows.
  public internal(set) var table: TableConfiguration?
  /// UIKit's `insetsLayoutMarginsFromSafeArea`: whether the margins guide is inset from the
  /// safe area (true) or from the bounds.
  public internal(set) var insetsLayoutMarginsFromSafeArea: Bool
}

/// A table view's own settings (formats.md section 2.1).
public struct TableConfiguration: Hashable, Sendable {
  /// The height a row counts until it is fitted.
  public var estimatedRowHeight: Double
  public init(estimatedRowHeight: Double) { self.estimatedRowHeight = estimatedRowHeight }
}

/// A view as a scene file or a change describes it, with references still by id and the
/// JSON path of its entry (for error messages). Fields default as in formats.md.
public struct ViewDescription: Hashable, Sendable {
  public var id: String
  public var parent: String?
  public var intrinsicSize = AxisPair<Double?>(horizontal: nil, vertical: nil)
  public var hugging = AxisPair(horizontal: 250.0, vertical: 250.0)
  public var compressionResistance = AxisPair(horizontal: 750.0, vertical: 750.0)
  public var baseline: Baseline?
  public var layoutMargins = EdgeInsets.defaultMargins
  public var isHidden = false
  public var stack: StackDescription?
  public var isArranged = true
  public var translatesAutoresizingMask = false
  public var frame = Rect.zero
  public var autoresizingMask: AutoresizingMask = []
  public var wrapsText = false
  public var text: TextContent?
  public var preferredMaxLayoutWidth: Double?
  public var isScrollView = false
  public var table: TableConfiguration?
  public var insetsLayoutMarginsFromSafeArea = true
  /// Where the entry is, e.g. `views[3]`.
  public var path: String

  public init(id: String, parent: String? = nil, path: String = "") {
    self.id = id
    self.parent = parent
    self.path = path
  }
}
