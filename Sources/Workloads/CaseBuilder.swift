import LayoutModel
import Scene

/// Accumulates a case: views, guides and constraints with the paths a scene file would
/// give them, and steps grouped into operations as they are added. Generators use one each.
struct CaseBuilder {
  var container: Container
  var parameters: [(key: String, value: String)] = []
  private(set) var views: [ViewDescription] = []
  private(set) var guides: [(id: String, owner: String, path: String)] = []
  private(set) var constraints: [ConstraintDescription] = []
  private(set) var steps: [SceneChange] = []
  private(set) var operations: [WorkloadOperation] = []

  init(container: Container) {
    self.container = container
  }

  // MARK: Scene

  /// Adds a view; `configure` sets its fields. Returns its id.
  @discardableResult
  mutating func view(_ id: String, in parent: String?, _ configure: (inout ViewDescription) -> Void = { _ in }) -> String {
    var view = ViewDescription(id: id, parent: parent, path: "views[\(views.count)]")
    configure(&view)
    views.append(view)
    return id
  }

  /// Appends views built by another builder (re-pathed to their place here).
  mutating func append(views other: [ViewDescription]) {
    for var view in other {
      view.path = "views[\(views.count)]"
      views.append(view)
    }
  }

  /// A leaf with an intrinsic size and optional hugging and compression resistance.
  @discardableResult
  mutating func leaf(
    _ id: String, in parent: String, size: (Double?, Double?), hugging: (Double, Double) = (250, 250),
    compressionResistance: (Double, Double) = (750, 750)
  ) -> String {
    view(id, in: parent) {
      $0.intrinsicSize = AxisPair(horizontal: size.0, vertical: size.1)
      $0.hugging = AxisPair(horizontal: hugging.0, vertical: hugging.1)
      $0.compressionResistance = AxisPair(horizontal: compressionResistance.0, vertical: compressionResistance.1)
    }
  }

  /// A stack view (arranged in its parent when that is a stack). Fields that hold their
  /// default (fill, fill, 0) are left unset, as a file would leave them out.
  @discardableResult
  mutating func stack(
    _ id: String, in parent: String?, axis: Axis, distribution: Distribution = .fill, alignment: StackAlignment = .fill,
    spacing: Double = 0, _ configure: (inout ViewDescription) -> Void = { _ in }
  ) -> String {
    view(id, in: parent) {
      var stack = StackDescription()
      stack.axis = axis
      if distribution != .fill { stack.distribution = distribution }
      if alignment != .fill { stack.alignment = alignment }
      if spacing != 0 { stack.spacing = spacing }
      $0.stack = stack
      configure(&$0)
    }
  }

  /// An autoresizing view at `frame` (in its superview's coordinates in the initial layout).
  static func autoresizing(_ view: inout ViewDescription, frame: Rect, mask: AutoresizingMask) {
    view.translatesAutoresizingMask = true
    view.frame = frame
    view.autoresizingMask = mask
  }

  mutating func guide(_ id: String, owner: String) {
    guides.append((id, owner, "guides[\(guides.count)]"))
  }

  /// `first RELATION multiplier · second + constant @priority`.
  mutating func constrain(
    _ id: String, _ first: String, _ relation: Relation = .equal, _ second: String? = nil, multiplier: Double = 1,
    constant: Double = 0, priority: Double = 1000, active: Bool = true
  ) {
    var description = Self.anchors(
      id, first, relation, second, multiplier: multiplier, constant: constant, priority: priority, active: active)
    description.path = "constraints[\(constraints.count)]"
    constraints.append(description)
  }

  /// A constraint built with ``anchors(_:_:_:_:multiplier:constant:priority:active:)``.
  mutating func constrain(_ description: ConstraintDescription) {
    var description = description
    description.path = "constraints[\(constraints.count)]"
    constraints.append(description)
  }

  mutating func vfl(_ id: String, _ format: String, priority: Double = 1000) {
    constraints.append(
      ConstraintDescription(
        id: id, form: .visualFormat(format), priority: priority, path: "constraints[\(constraints.count)]"))
  }

  /// A constraint description for a step (its path is set when the step is added).
  static func anchors(
    _ id: String, _ first: String, _ relation: Relation = .equal, _ second: String? = nil, multiplier: Double = 1,
    constant: Double = 0, priority: Double = 1000, active: Bool = true
  ) -> ConstraintDescription {
    ConstraintDescription(
      id: id, form: .anchors(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant),
      priority: priority, isActive: active)
  }

  // MARK: Trace

  /// Appends `changes` as consecutive steps measured as one operation of `phase`.
  mutating func operation(_ phase: String, _ changes: [SceneChange]) {
    precondition(!changes.isEmpty, "an operation holds at least one step")
    let start = steps.count
    for change in changes {
      let path = WorkloadCase.stepPath(steps.count)
      switch change {
      case .addConstraints(var descriptions):
        for j in descriptions.indices { descriptions[j].path = "\(path).addConstraints[\(j)]" }
        steps.append(.addConstraints(descriptions))
      case .addViews(var descriptions):
        for j in descriptions.indices { descriptions[j].path = "\(path).addViews[\(j)]" }
        steps.append(.addViews(descriptions))
      default:
        steps.append(change)
      }
    }
    operations.append(WorkloadOperation(phase: phase, steps: start..<steps.count))
  }

  mutating func operation(_ phase: String, _ change: SceneChange) { operation(phase, [change]) }

  /// `count` resizes through ``Devices/rotationCycle``, each one `resizeContainer` operation.
  mutating func rotations(_ count: Int) {
    for k in 0..<count {
      let device = Devices.rotationCycle[k % Devices.rotationCycle.count]
      operation(
        "resizeContainer",
        .resizeContainer(width: device.width, height: device.height, safeAreaInsets: device.safeAreaInsets))
    }
  }

  /// The case; ``Workload/makeCase(size:seed:)`` fills in name, size and seed.
  func build() -> WorkloadCase {
    WorkloadCase(
      workload: "", size: 0, seed: 0, parameters: parameters, container: container, views: views, guides: guides,
      constraints: constraints, steps: steps, operations: operations)
  }
}
