import Cassowary
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Shorthand for scenes built in code, and reading a backend's frames by id.
enum Build {
  static func root() -> ViewDescription { ViewDescription(id: "root") }

  /// An autoresizing view with its initial frame and mask.
  static func autoresizing(
    _ id: String, in parent: String, _ frame: [Double], _ mask: AutoresizingMask = [], arranged: Bool = false
  ) -> ViewDescription {
    var view = ViewDescription(id: id, parent: parent)
    view.translatesAutoresizingMask = true
    view.frame = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
    view.autoresizingMask = mask
    view.isArranged = arranged
    return view
  }

  /// An arranged leaf with intrinsic sizes (nil: none).
  static func leaf(
    _ id: String, in parent: String, _ width: Double?, _ height: Double?, hugging: [Double] = [250, 250],
    resistance: [Double] = [750, 750], baseline: [Double]? = nil, hidden: Bool = false
  ) -> ViewDescription {
    var view = ViewDescription(id: id, parent: parent)
    view.intrinsicSize = AxisPair(horizontal: width, vertical: height)
    view.hugging = AxisPair(horizontal: hugging[0], vertical: hugging[1])
    view.compressionResistance = AxisPair(horizontal: resistance[0], vertical: resistance[1])
    view.baseline = baseline.map { Baseline(first: $0[0], last: $0[1]) }
    view.isHidden = hidden
    return view
  }

  static func stackDescription(
    _ axis: Axis = .horizontal, _ distribution: Distribution = .fill, _ alignment: StackAlignment = .fill,
    spacing: Double = 0, custom: [(String, Double)] = [], margins: Bool = false, baselines: Bool = false
  ) -> StackDescription {
    var stack = StackDescription()
    stack.axis = axis
    stack.distribution = distribution
    stack.alignment = alignment
    stack.spacing = spacing
    if !custom.isEmpty { stack.customSpacing = custom.map { StackDescription.CustomSpacing(after: $0.0, spacing: $0.1) } }
    stack.isLayoutMarginsRelative = margins
    stack.isBaselineRelative = baselines
    return stack
  }

  /// A stack that is an autoresizing child (sized from outside).
  static func fixedStack(
    _ id: String, in parent: String, _ frame: [Double], _ mask: AutoresizingMask = [], _ stack: StackDescription
  ) -> ViewDescription {
    var view = autoresizing(id, in: parent, frame, mask)
    view.stack = stack
    return view
  }

  /// A stack arranged in another.
  static func nestedStack(_ id: String, in parent: String, _ stack: StackDescription) -> ViewDescription {
    var view = ViewDescription(id: id, parent: parent)
    view.stack = stack
    return view
  }
}

extension LayoutBackend {
  /// `load`, then the layout pass: a replay's initial layout.
  func layOut(_ scene: Scene) throws(LayoutError) {
    try load(scene)
    try layoutIfNeeded(scene)
  }

  /// `update`, then the layout pass: a replay's step.
  func layOut(_ scene: Scene, after delta: SceneDelta) throws(LayoutError) {
    try update(scene, delta)
    try layoutIfNeeded(scene)
  }
}

/// Frames of the present views by id.
func frames(_ scene: Scene, _ layout: any LayoutBackend) -> [String: Rect] {
  var buffer = [Rect](repeating: .zero, count: scene.views.count)
  buffer.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
  var result: [String: Rect] = [:]
  for v in scene.presentViews { result[scene.view(v)?.id ?? ""] = buffer[v.index] }
  return result
}

func expectFrame(_ actual: Rect?, _ expected: [Double], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let actual else {
    Issue.record("\(what): no frame", sourceLocation: sourceLocation)
    return
  }
  expectClose([actual.x, actual.y, actual.width, actual.height], expected, what, sourceLocation: sourceLocation)
}

/// Lays `scene` out with springs-struts and with Cassowary and expects the same frames for
/// `ids`, and the given frames where listed. Returns springs-struts' frames.
@discardableResult
func layoutBoth(
  _ scene: Scene, expect expected: [String: [Double]] = [:], sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String: Rect] {
  let springs = SpringsAndStruts()
  try springs.layOut(scene)
  let reference = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
  try reference.layOut(scene)
  let ours = frames(scene, springs)
  let theirs = frames(scene, reference)
  for (id, frame) in expected.sorted(by: { $0.key < $1.key }) {
    expectFrame(ours[id], frame, "springs-struts \(id)", sourceLocation: sourceLocation)
    expectFrame(theirs[id], frame, "cassowary \(id)", sourceLocation: sourceLocation)
  }
  return ours
}

/// A readable dump of a scene's views, for failure messages.
func describe(_ scene: Scene) -> String {
  var lines = ["container \(scene.container.width)×\(scene.container.height) insets \(scene.container.safeAreaInsets) rtl \(scene.container.isRightToLeft)"]
  for v in scene.presentViews {
    guard let view = scene.view(v) else { continue }
    var line = "\(view.id) parent=\(view.parent.flatMap { scene.view($0)?.id } ?? "-")"
    if scene.isArrangedInStack(v) { line += " arranged" }
    if view.isHidden { line += " hidden" }
    if view.translatesAutoresizingMask && !scene.isArrangedInStack(v) {
      line += " autoresizing \(view.frame) mask=\(view.autoresizingMask.rawValue)"
    }
    line += " ics=(\(view.intrinsicSize.horizontal.map { "\($0)" } ?? "nil"), \(view.intrinsicSize.vertical.map { "\($0)" } ?? "nil"))"
    line += " ch=(\(view.hugging.horizontal), \(view.hugging.vertical)) cr=(\(view.compressionResistance.horizontal), \(view.compressionResistance.vertical))"
    if let b = view.baseline { line += " baseline=(\(b.first), \(b.last))" }
    if view.wrapsText { line += " wraps" }
    if let s = view.stack {
      line += " STACK \(s.axis) \(s.distribution) \(s.alignment) spacing=\(s.spacing)"
      if !s.customSpacing.isEmpty { line += " custom=\(s.customSpacing.map { "\(scene.view($0.key)?.id ?? ""):\($0.value)" })" }
      if s.isLayoutMarginsRelative { line += " margins=\(view.layoutMargins)" }
      if s.isBaselineRelative { line += " baselineRelative" }
    }
    lines.append(line)
  }
  return lines.joined(separator: "\n")
}

/// A scene laid out by springs-struts and by ConstraintLayout on Cassowary side by side:
/// every change goes to both, and after each the two must give the same frames.
struct Both {
  var scene: Scene
  let springs = SpringsAndStruts()
  let reference = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)

  init(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws {
    self.scene = scene
    try springs.layOut(scene)
    try reference.layOut(scene)
    agree(sourceLocation: sourceLocation)
  }

  mutating func apply(_ change: SceneChange, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let delta = try scene.apply(change, path: "steps")
    try springs.layOut(scene, after: delta)
    try reference.layOut(scene, after: delta)
    agree(sourceLocation: sourceLocation)
  }

  func agree(sourceLocation: SourceLocation) {
    let (ours, theirs) = (frames(scene, springs), frames(scene, reference))
    for v in scene.presentViews where DifferentialTests.takesPart(v, scene) {
      let id = scene.view(v)?.id ?? ""
      guard let a = ours[id], let b = theirs[id] else { continue }
      expectClose([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], "'\(id)' springs-struts vs cassowary", sourceLocation: sourceLocation)
    }
  }

  /// Expects springs-struts' frames (the reference agrees, checked on every step).
  func expect(_ expected: [String: [Double]], sourceLocation: SourceLocation = #_sourceLocation) {
    let ours = frames(scene, springs)
    for (id, frame) in expected.sorted(by: { $0.key < $1.key }) {
      expectFrame(ours[id], frame, id, sourceLocation: sourceLocation)
    }
  }
}
