import Interchange
import Scene

/// The one mapping from a scene case to a flexbox tree (docs/flexbox.md), shared by every
/// flexbox engine: stacks become flex containers, their arranged views flex items sized
/// by the distribution's rule, autoresizing views with fixed margins absolutely
/// positioned nodes, `resizeContainer` steps root sizes. Anything else is refused with a
/// ``FlexMappingError`` naming the element.
public struct FlexMapping {
  let scene: Scene
  /// The container in each state: the initial layout, then after each operation.
  let containers: [Container]
  /// Notes collected while mapping (docs/flexbox.md, "Where it is exact").
  var notes: [String] = []
  /// ``fillWinners(_:)`` by stack.
  var winners: [ViewIndex: (grow: ViewIndex?, shrink: ViewIndex?)] = [:]

  /// The case as a flex document, with the scene document's `workload` and `operations`.
  /// - Complexity: O(views · depth + steps): effective priorities and known lengths are
  ///   computed once per view and state.
  /// - Throws: ``FlexMappingError`` for a case flexbox cannot express.
  public static func document(for document: SceneDocument) throws(FlexMappingError) -> FlexDocument {
    if !document.constraints.isEmpty { throw .constraints(count: document.constraints.count) }
    if !document.guides.isEmpty { throw .guides(count: document.guides.count) }
    var container = document.container
    var after: [Container] = []
    var steps: [FlexStep] = []
    for step in document.steps {
      guard case .resizeContainer(let width, let height, let insets) = step.change else {
        throw .step(path: step.path.description, kind: step.change.kind)
      }
      container.width = width
      container.height = height
      if let insets { container.safeAreaInsets = insets }
      after.append(container)
      steps.append(.setRootSize(width: width, height: height))
    }
    let operations = document.operations ?? document.steps.indices.map { MeasuredOperation(phase: "step", steps: $0..<($0 + 1)) }
    var mapping = FlexMapping(scene: document.scene, containers: [document.container] + operations.map { after[$0.steps.upperBound - 1] })
    let nodes = try mapping.nodes()
    try mapping.checkTrace()
    return FlexDocument(
      nodes: nodes, steps: steps, workload: document.workload, operations: document.operations, notes: mapping.notes)
  }

  init(scene: Scene, containers: [Container]) {
    self.scene = scene
    self.containers = containers
  }

  func id(_ v: ViewIndex) -> String { scene.view(v)?.id ?? "\(v)" }

  /// Every view, parents first, in the scene's child order.
  mutating func nodes() throws(FlexMappingError) -> [FlexNode] {
    var nodes: [FlexNode] = []
    var pending = [scene.root]
    while let v = pending.popLast() {
      nodes.append(try node(v))
      pending.append(contentsOf: scene.children(of: v).reversed())
    }
    return nodes
  }

  /// One view's node: its place in its parent, then its style as a container.
  mutating func node(_ v: ViewIndex) throws(FlexMappingError) -> FlexNode {
    guard let view = scene.view(v) else { throw .unplaced(view: "\(v)", why: "is not in the scene") }
    if view.text != nil || view.wrapsText { throw .content(view: view.id, what: "text") }
    if view.table != nil { throw .content(view: view.id, what: "a table") }
    if view.isScrollView { throw .content(view: view.id, what: "a scroll view") }
    var node = FlexNode(id: view.id, parent: view.parent.map(id))
    if v == scene.root {
      node.width = .points(containers[0].width)
      node.height = .points(containers[0].height)
    } else if let parent = view.parent, scene.isStack(parent), view.isArranged {
      try placeArranged(v, in: parent, &node)
    } else if view.translatesAutoresizingMask {
      try placeAutoresizing(v, &node)
    } else {
      throw .unplaced(view: view.id, why: "is placed by constraints (neither arranged in a stack nor autoresizing)")
    }
    if view.stack != nil { try styleContainer(v, &node) }
    return node
  }

  /// An autoresizing view with fixed margins: absolute, inset from its parent's edges by
  /// its initial margins, with a fixed size on an axis whose size is not flexible (the far
  /// margin then takes the change, as the rule does with no flexible part).
  func placeAutoresizing(_ v: ViewIndex, _ node: inout FlexNode) throws(FlexMappingError) {
    guard let (frame, mask) = scene.autoresizing(of: v), let parent = scene.parent(of: v) else { return }
    guard let reference = initialSize(of: parent) else {
      throw .unplaced(view: id(v), why: "autoresizes inside '\(id(parent))', whose size is known only after layout")
    }
    let flexibleMargins: [AutoresizingMask] = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
    if flexibleMargins.contains(where: mask.contains) {
      let names = AutoresizingMask.named.filter { mask.contains($0.flag) }.map(\.name)
      throw .autoresizing(view: id(v), mask: names.joined(separator: ", "))
    }
    node.isAbsolute = true
    node.inset.left = frame.x
    node.inset.top = frame.y
    if mask.contains(.flexibleWidth) {
      node.inset.right = reference.width - frame.x - frame.width
    } else {
      node.width = .points(frame.width)
    }
    if mask.contains(.flexibleHeight) {
      node.inset.bottom = reference.height - frame.y - frame.height
    } else {
      node.height = .points(frame.height)
    }
  }

  /// The view's size in the initial layout when it is known without laying out: the
  /// root's, or an autoresizing view's initial frame under a view of known size. O(depth).
  func initialSize(of v: ViewIndex) -> (width: Double, height: Double)? {
    if v == scene.root { return (containers[0].width, containers[0].height) }
    guard scene.translatesAutoresizingMask(v), !scene.isArrangedInStack(v), let parent = scene.parent(of: v),
      initialSize(of: parent) != nil, let frame = scene.autoresizing(of: v)?.frame
    else { return nil }
    return (frame.width, frame.height)
  }
}
