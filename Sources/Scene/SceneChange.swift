/// A value for one named element of a change: `{"titleTop": 40}`.
public struct Named<Value: Hashable & Sendable>: Hashable, Sendable {
  public var id: String
  public var value: Value
  public init(_ id: String, _ value: Value) {
    self.id = id
    self.value = value
  }
}

/// One step of formats.md section 2, with references still by id: resolved and validated
/// when applied, against the scene as it is then.
public enum SceneChange: Hashable, Sendable {
  /// Nil insets keep the previous ones.
  case resizeContainer(width: Double, height: Double, safeAreaInsets: EdgeInsets?)
  case setConstant([Named<Double>])
  case activate([String])
  case deactivate([String])
  case addConstraints([ConstraintDescription])
  case removeConstraints([String])
  case setPriority([Named<Double>])
  case setHugging([Named<AxisPair<Double>>])
  case setCompressionResistance([Named<AxisPair<Double>>])
  case setHidden([Named<Bool>])
  case setIntrinsicSize([Named<AxisPair<Double?>>])
  case setStack([Named<StackDescription>])
  case addViews([ViewDescription])
  case removeViews([String])
  /// Replaces labels' text (formats.md section 2.1).
  case setText([Named<TextContent>])
  /// Dynamic Type: the scale of every text as written (1 restores it).
  case setTextScale(Double)
  /// Several changes laid out once (UIKit's deferred layout); refused whole if any is.
  /// The k-th change's path is `STEP.layout[k]`.
  indirect case layout([SceneChange])
  /// Scrolls a table to a content offset (formats.md section 2.1).
  case scrollTo([Named<Double>])

  /// The step's key in the file: `setConstant`, `addViews`, ...
  public var kind: String {
    switch self {
    case .resizeContainer: "resizeContainer"
    case .setConstant: "setConstant"
    case .activate: "activate"
    case .deactivate: "deactivate"
    case .addConstraints: "addConstraints"
    case .removeConstraints: "removeConstraints"
    case .setPriority: "setPriority"
    case .setHugging: "setHugging"
    case .setCompressionResistance: "setCompressionResistance"
    case .setHidden: "setHidden"
    case .setIntrinsicSize: "setIntrinsicSize"
    case .setStack: "setStack"
    case .addViews: "addViews"
    case .removeViews: "removeViews"
    case .setText: "setText"
    case .setTextScale: "setTextScale"
    case .layout: "layout"
    case .scrollTo: "scrollTo"
    }
  }
}

/// Something whose layout consequences a backend keeps: the container (the root's size
/// and safe area), a view's own constraints (content size, autoresizing), a stack's
/// generated constraints, or one user constraint.
public enum SceneElement: Hashable, Comparable, Sendable {
  case container
  case view(ViewIndex)
  case stack(ViewIndex)
  case constraint(Int)
}

/// What a change touched: the elements whose consequences must be brought up to date (in
/// a fixed order), and the views that came and went.
public struct SceneDelta: Hashable, Sendable {
  public var elements: [SceneElement] = []
  public var addedViews: [ViewIndex] = []
  public var removedViews: [ViewIndex] = []
  /// When not empty, the whole effect of the change on the lowered constraints: which
  /// lowered constraints keep their shape and how far each one's constant moves (in
  /// order). Set by `setConstant` (the user constraints), by a `resizeContainer` that
  /// keeps the safe-area insets (the root's size), and by a `setIntrinsicSize` whose sizes
  /// keep their presence and, in fill-proportionally stacks, their value along the axis
  /// (content size and fill tie-breaks; Scene+IntrinsicSizeShifts.swift). A backend that
  /// holds the lowered constraints can apply these in place instead of lowering `elements`
  /// again.
  public var constantShifts: [ConstantShift] = []
  /// Set by `activate` and `deactivate`: the change's whole effect is the `isActive` flag
  /// of the user constraints in `elements` (nothing else about them, or any other element,
  /// changed). A backend may hold such steps back and apply them together, or return to a
  /// configuration it kept (ConstraintLayout+Parking.swift).
  public var flipsActivityOnly = false
  /// False once something touched a lowered constraint in a way `constantShifts` does not
  /// describe; ``normalize()`` then drops the shifts, so they are never half the effect.
  var shiftsAreComplete = true

  public init() {}

  mutating func touch(_ element: SceneElement) { elements.append(element) }

  /// Sorted, each once; constant shifts only if they are the whole effect.
  mutating func normalize() {
    elements = Array(Set(elements)).sorted()
    if !shiftsAreComplete { constantShifts = [] }
  }

  /// `other` after this delta, as one delta (a `layout` group, a layout pass's new inputs
  /// after a step's): elements and views joined; constant shifts kept only when both are
  /// wholly shifts (or one touches nothing); activity-only when both are.
  mutating func merge(_ other: SceneDelta) {
    let shiftsOnly = { (d: SceneDelta) in
      d.elements.isEmpty || (!d.constantShifts.isEmpty && d.addedViews.isEmpty && d.removedViews.isEmpty)
    }
    let keepsShifts = shiftsOnly(self) && shiftsOnly(other)
    flipsActivityOnly =
      (flipsActivityOnly || elements.isEmpty) && (other.flipsActivityOnly || other.elements.isEmpty)
      && !(elements.isEmpty && other.elements.isEmpty)
    elements += other.elements
    addedViews += other.addedViews
    removedViews += other.removedViews
    constantShifts += other.constantShifts
    if !keepsShifts || flipsActivityOnly { shiftsAreComplete = false }
    normalize()
    shiftsAreComplete = true
  }
}

/// A lowered constraint whose constant moves, and by how much. A user constraint lowers to
/// `expression = base - c` (`base + c` when mirrored in right-to-left), so a new `c` moves it
/// by `-(new - old)` (or `+(new - old)`); the root's size, `size - width`, by
/// `-(new - old)`.
public struct ConstantShift: Hashable, Sendable {
  public var key: ConstraintKey
  public var shift: Double

  public init(_ key: ConstraintKey, shift: Double) {
    self.key = key
    self.shift = shift
  }
}
