import LayoutModel

/// What a generated constraint does for its element. Roles name the views involved, not
/// positions, so the same constraint keeps its key when a neighbour is hidden or added,
/// and a change touches only the constraints whose content changed.
public enum ConstraintRole: Hashable, Comparable, Sendable {
  // Container
  case rootOrigin(Axis)
  case rootSize(Axis)
  // A view's own
  case hugging(Axis)
  case compressionResistance(Axis)
  case autoresizingPosition(Axis)
  case autoresizingSize(Axis)
  // A stack's (the view payload is the arranged view the constraint is about)
  case stackStart(ViewIndex)
  case stackEnd(ViewIndex)
  case gap(after: ViewIndex)
  case equalGap(ViewIndex)
  case equalCentering(ViewIndex)
  case equalSize(ViewIndex)
  case proportionalSize(ViewIndex)
  case crossStart(ViewIndex)
  case crossEnd(ViewIndex)
  case crossCenter(ViewIndex)
  case baseline(ViewIndex)
  case canvasTop(ViewIndex)
  case canvasBottom(ViewIndex)
  case stackHugging(Axis)
  case fillTieStretch(ViewIndex)
  case fillTieShrink(ViewIndex)
  case textWidth(ViewIndex)
  case baselineRowPin(ViewIndex)
  case crossCollapse(ViewIndex)
  // A scroll view's guides
  case scrollContentOrigin(Axis)
  case scrollFrameOrigin(Axis)
  case scrollFrameSize(Axis)
  // A user constraint
  case user
}

/// A generated constraint's identity within a layout: its element and its role.
public struct ConstraintKey: Hashable, Comparable, Sendable {
  public var element: SceneElement
  public var role: ConstraintRole
  public init(_ element: SceneElement, _ role: ConstraintRole) {
    self.element = element
    self.role = role
  }
  public static func < (a: ConstraintKey, b: ConstraintKey) -> Bool {
    (a.element, a.role) < (b.element, b.role)
  }
}

/// A constraint a scene element produces: `expression RELATION 0` at a priority. Required
/// is 1000; internal priorities (stack hugging 0.75, fill tie-break 0.5) lie below every
/// user priority.
public struct GeneratedConstraint: Hashable, Sendable {
  public var key: ConstraintKey
  public var expression: LinearExpression
  public var relation: Relation
  public var priority: Double

  /// Same variables, coefficients and relation: changing to `other` needs at most an
  /// in-place constant or priority change.
  public func hasShape(of other: GeneratedConstraint) -> Bool {
    relation == other.relation && expression.terms == other.expression.terms
      && (priority >= 1000) == (other.priority >= 1000)
  }
}

/// Internal priorities (docs/scene-semantics.md).
public enum InternalPriority {
  public static let stackHugging = 0.75
  public static let fillTieBreak = 0.5
  public static let textWidthDisambiguation = 759.0
  /// A table row's height when it is fitted alone: UIKit's fitting-size level.
  public static let rowFitting = 50.0
}

extension Scene {
  /// A readable name for a generated constraint, for diagnostics: a user constraint's id, or
  /// `VIEW.role(...)` for generated ones (e.g. `row.stack(gap:a→b)`).
  public func name(of key: ConstraintKey) -> String {
    func id(_ v: ViewIndex) -> String { view(v)?.id ?? v.description }
    func axis(_ a: Axis) -> String { a == .horizontal ? "width" : "height" }
    let owner: String
    switch key.element {
    case .container: owner = view(root)?.id ?? "root"
    case .view(let v), .stack(let v): owner = id(v)
    case .constraint(let c): return constraints[c]?.id ?? "constraint#\(c)"
    }
    let role: String
    switch key.role {
    case .rootOrigin(let a): role = "encapsulated(\(a == .horizontal ? "minX" : "minY"))"
    case .rootSize(let a): role = "encapsulated(\(axis(a)))"
    case .hugging(let a): role = "contentSize(\(axis(a)).hugging)"
    case .compressionResistance(let a): role = "contentSize(\(axis(a)).compressionResistance)"
    case .autoresizingPosition(let a): role = "autoresizing(\(a == .horizontal ? "h" : "v").position)"
    case .autoresizingSize(let a): role = "autoresizing(\(a == .horizontal ? "h" : "v").size)"
    case .stackStart(let v): role = "stack(canvas-start:\(id(v)))"
    case .stackEnd(let v): role = "stack(canvas-end:\(id(v)))"
    case .gap(let v): role = "stack(spacing-after:\(id(v)))"
    case .equalGap(let v): role = "stack(equal-spacing:\(id(v)))"
    case .equalCentering(let v): role = "stack(equal-centering:\(id(v)))"
    case .equalSize(let v): role = "stack(fill-equally:\(id(v)))"
    case .proportionalSize(let v): role = "stack(fill-proportionally:\(id(v)))"
    case .crossStart(let v): role = "stack(alignment-start:\(id(v)))"
    case .crossEnd(let v): role = "stack(alignment-end:\(id(v)))"
    case .crossCenter(let v): role = "stack(alignment-center:\(id(v)))"
    case .baseline(let v): role = "stack(baseline:\(id(v)))"
    case .canvasTop(let v): role = "stack(canvas-connection-top:\(id(v)))"
    case .canvasBottom(let v): role = "stack(canvas-connection-bottom:\(id(v)))"
    case .stackHugging(let a): role = "stack(hugging-\(axis(a)))"
    case .fillTieStretch(let v): role = "stack(fill-tie-stretch:\(id(v)))"
    case .fillTieShrink(let v): role = "stack(fill-tie-shrink:\(id(v)))"
    case .textWidth(let v): role = "stack(text-width-disambiguation:\(id(v)))"
    case .baselineRowPin(let v): role = "stack(baseline-row-pin:\(id(v)))"
    case .crossCollapse(let v): role = "stack(cross-collapse:\(id(v)))"
    case .scrollContentOrigin(let a): role = "scroll(content-\(a == .horizontal ? "minX" : "minY"))"
    case .scrollFrameOrigin(let a): role = "scroll(frame-\(a == .horizontal ? "minX" : "minY"))"
    case .scrollFrameSize(let a): role = "scroll(frame-\(axis(a)))"
    case .user: role = "user"
    }
    return "\(owner).\(role)"
  }
}
