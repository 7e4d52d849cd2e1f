import LayoutModel
import Scene
import TestSupport

/// Random scenes of the two content-sized shapes springs-struts lays out: a table row's
/// own scene (a random stack as the root, container T × 0, its height fitted at priority
/// 50) and a scroll view whose one subview is a random stack pinned by the ScrollStack
/// recipe, with random constants, forms and size pins. A pure function of the seed.
extension RandomScenes {

  /// A row's own scene, as `Scene.rowScene` builds it: the root a stack of random arranged
  /// views, the container `T × 0` holding the root's height at the fitting priority.
  mutating func rowScene() throws -> Scene {
    var container = Container(width: length(80...600), height: 0)
    container.isRightToLeft = rng.bernoulli(0.25)
    container.fittingHeightPriority = InternalPriority.rowFitting
    var root = ViewDescription(id: "root")
    root.stack = stackDescription()
    var views = [root]
    arranged(in: "root", depth: 1, into: &views)
    for k in views.indices { views[k].path = "views[\(k)]" }
    return try Scene(container: container, views: views)
  }

  /// A scroll view `S` — autoresizing under the root, or arranged in an autoresizing stack
  /// among random siblings — whose one subview is a random stack `C` pinned by the recipe:
  /// four edges to the content guide (or S's own edges), and no size, C's width, its
  /// height or both pinned to the frame's (or S's).
  mutating func scrollScene() throws -> Scene {
    var container = Container(width: length(200...700), height: length(200...800))
    if rng.bernoulli(0.3) {
      container.safeAreaInsets = EdgeInsets(top: length(0...44), left: 0, bottom: length(0...34), right: 0)
    }
    container.isRightToLeft = rng.bernoulli(0.25)
    var views = [ViewDescription(id: "root")]
    var scroll = ViewDescription(id: "S", parent: "root")
    scroll.isScrollView = true
    if rng.bernoulli(0.5) {
      scroll.translatesAutoresizingMask = true
      let (w, h) = (container.width, container.height)
      let x = length(0...Int(w / 4))
      let y = length(0...Int(h / 4))
      scroll.frame = Rect(x: x, y: y, width: length(0...Int(w - x)), height: length(0...Int(h - y)))
      scroll.autoresizingMask = mask()
      views.append(scroll)
    } else {
      var outer = ViewDescription(id: "outer", parent: "root")
      outer.translatesAutoresizingMask = true
      outer.frame = Rect(x: 0, y: 0, width: container.width, height: container.height)
      outer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      outer.stack = stackDescription()
      if outer.stack?.alignment == .firstBaseline || outer.stack?.alignment == .lastBaseline { outer.stack?.alignment = .fill }
      views.append(outer)
      arranged(in: "outer", depth: 2, into: &views)
      scroll.parent = "outer"
      views.append(scroll)
      if rng.bernoulli(0.5) { arranged(in: "outer", depth: 2, into: &views) }
    }
    var content = ViewDescription(id: "C", parent: "S")
    content.stack = stackDescription()
    views.append(content)
    arranged(in: "C", depth: 1, into: &views)
    for k in views.indices { views[k].path = "views[\(k)]" }
    return try Scene(container: container, views: views, constraints: recipe())
  }

  /// The recipe's constraints in random forms.
  private mutating func recipe() -> [ConstraintDescription] {
    var result: [ConstraintDescription] = []
    let directional = rng.bernoulli(0.5)
    let edges: [String] = directional ? ["leading", "trailing", "top", "bottom"] : ["left", "right", "top", "bottom"]
    for edge in edges {
      let guide = rng.bernoulli(0.7) ? "S.content.\(edge)" : "S.\(edge)"
      result.append(pin("pin-\(edge)", "C.\(edge)", guide, constant: length(-10...20)))
    }
    let sizes = [[], ["width"], ["height"], ["width", "height"]][rng.weightedIndex([1, 4, 1.5, 0.5]) ?? 1]
    for size in sizes {
      let frame = rng.bernoulli(0.6) ? "S.frame.\(size)" : "S.\(size)"
      result.append(pin("pin-\(size)", "C.\(size)", frame, constant: length(-20...10)))
    }
    return result
  }

  /// `content == other + constant`, written either way round.
  private mutating func pin(_ id: String, _ content: String, _ other: String, constant: Double) -> ConstraintDescription {
    let form: ConstraintDescription.Form =
      rng.bernoulli(0.5)
      ? .anchors(first: content, relation: .equal, second: other, multiplier: 1, constant: constant)
      : .anchors(first: other, relation: .equal, second: content, multiplier: 1, constant: -constant)
    return ConstraintDescription(id: id, form: form)
  }

  /// A random change for a scroll scene: mostly those of ``change(to:)``, sometimes a new
  /// constant for a pin.
  mutating func scrollChange(to scene: Scene) -> SceneChange {
    let pins = scene.constraints.compactMap { $0?.id }
    if !pins.isEmpty, rng.bernoulli(0.2), let id = rng.choose(pins) {
      return .setConstant([Named(id, length(-10...20))])
    }
    return change(to: scene)
  }
}
