import LayoutModel
import Scene
import StrictJSON

extension SceneDocument {
  /// The document as a `layoutbench.scene/1` file (formats.md section 2, with the
  /// `wrapsText`, `workload` and `operations` extensions of docs/interchange.md): one view,
  /// guide, constraint, step or operation per line, ending with a newline.
  ///
  /// Fields that hold their default are left out (a view's `hugging` of [250, 250], a
  /// constraint's `"relation": "=="`, ...), so ``decode(utf8:file:)`` reads back an equal
  /// document, paths included when they are the ones decoding gives (see
  /// ``withCanonicalPaths()``). O(size of the document).
  /// - Precondition: every number is finite, and the ids within one step's entries and
  ///   within one `customSpacing` are unique (a JSON object cannot repeat a key). A valid
  ///   scene satisfies both.
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// The document as a JSON value, members in the order of formats.md (`workload` after
  /// `format`, `operations` last).
  public func jsonValue() -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("format", .string(Self.formatName))]
    if let workload { members.append(("workload", workload.jsonValue())) }
    members.append(("container", Self.jsonValue(of: container)))
    members.append(("views", .array(views.map(Self.jsonValue(of:)))))
    if !guides.isEmpty {
      members.append(("guides", .array(guides.map { .object([("id", .string($0.id)), ("owner", .string($0.owner))]) })))
    }
    members.append(("constraints", .array(constraints.map(Self.jsonValue(of:)))))
    members.append(("steps", .array(steps.map { Self.jsonValue(of: $0.change) })))
    if let operations { members.append(("operations", .array(operations.map { $0.jsonValue() }))) }
    return .object(members)
  }

  // MARK: Parts

  static func jsonValue(of container: Container) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("width", .number(container.width)), ("height", .number(container.height)),
    ]
    if container.safeAreaInsets != .zero { members.append(("safeAreaInsets", jsonValue(of: container.safeAreaInsets))) }
    if container.isRightToLeft { members.append(("layoutDirection", .string("rightToLeft"))) }
    return .object(members)
  }

  static func jsonValue(of insets: EdgeInsets) -> JSONValue {
    .array([.number(insets.top), .number(insets.left), .number(insets.bottom), .number(insets.right)])
  }

  static func jsonValue(of pair: AxisPair<Double>) -> JSONValue {
    .array([.number(pair.horizontal), .number(pair.vertical)])
  }

  static func jsonValue(of size: AxisPair<Double?>) -> JSONValue {
    .array([size.horizontal.map(JSONValue.number) ?? .null, size.vertical.map(JSONValue.number) ?? .null])
  }

  /// A view entry (also of `addViews`), members in the decoder's order, defaults left out.
  static func jsonValue(of view: ViewDescription) -> JSONValue {
    let defaults = ViewDescription(id: view.id)
    var members: [(key: String, value: JSONValue)] = [("id", .string(view.id))]
    if let parent = view.parent { members.append(("parent", .string(parent))) }
    if view.intrinsicSize != defaults.intrinsicSize { members.append(("intrinsicSize", jsonValue(of: view.intrinsicSize))) }
    if view.hugging != defaults.hugging { members.append(("hugging", jsonValue(of: view.hugging))) }
    if view.compressionResistance != defaults.compressionResistance {
      members.append(("compressionResistance", jsonValue(of: view.compressionResistance)))
    }
    if let baseline = view.baseline { members.append(("baseline", .array([.number(baseline.first), .number(baseline.last)]))) }
    if view.layoutMargins != defaults.layoutMargins { members.append(("layoutMargins", jsonValue(of: view.layoutMargins))) }
    if view.isHidden { members.append(("hidden", .bool(true))) }
    if let stack = view.stack { members.append(("stack", jsonValue(of: stack))) }
    if !view.isArranged { members.append(("arranged", .bool(false))) }
    if view.translatesAutoresizingMask { members.append(("translatesAutoresizingMask", .bool(true))) }
    if view.frame != .zero {
      let f = view.frame
      members.append(("frame", .array([.number(f.x), .number(f.y), .number(f.width), .number(f.height)])))
    }
    if !view.autoresizingMask.isEmpty {
      let names = AutoresizingMask.named.filter { view.autoresizingMask.contains($0.flag) }.map { JSONValue.string($0.name) }
      members.append(("autoresizingMask", .array(names)))
    }
    if view.wrapsText { members.append(("wrapsText", .bool(true))) }
    if let text = view.text { members.append(("text", jsonValue(of: text))) }
    if let width = view.preferredMaxLayoutWidth { members.append(("preferredMaxLayoutWidth", .number(width))) }
    if !view.insetsLayoutMarginsFromSafeArea { members.append(("insetsLayoutMarginsFromSafeArea", .bool(false))) }
    if let table = view.table {
      members.append(("table", .object([("estimatedRowHeight", .number(table.estimatedRowHeight))])))
    } else if view.isScrollView {
      members.append(("scroll", .object([])))
    }
    return .object(members)
  }

  /// A label's `text`, defaults left out.
  static func jsonValue(of text: TextContent) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("words", .array(text.words.map(JSONValue.number))), ("lineHeight", .number(text.lineHeight)),
    ]
    if text.space != 4 { members.append(("space", .number(text.space))) }
    if text.ascent != 0.8 * text.lineHeight { members.append(("ascent", .number(text.ascent))) }
    if text.maxLines != 0 { members.append(("maxLines", .number(Double(text.maxLines)))) }
    return .object(members)
  }

  /// A stack (or the partial stack of `setStack`): only the fields it gives.
  static func jsonValue(of stack: StackDescription) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let axis = stack.axis { members.append(("axis", .string(axis.rawValue))) }
    if let distribution = stack.distribution { members.append(("distribution", .string(distribution.rawValue))) }
    if let alignment = stack.alignment { members.append(("alignment", .string(alignment.rawValue))) }
    if let spacing = stack.spacing { members.append(("spacing", .number(spacing))) }
    if let custom = stack.customSpacing {
      members.append(("customSpacing", .object(custom.map { ($0.after, .number($0.spacing)) })))
    }
    if let flag = stack.isLayoutMarginsRelative { members.append(("layoutMarginsRelative", .bool(flag))) }
    if let flag = stack.isBaselineRelative { members.append(("baselineRelative", .bool(flag))) }
    return .object(members)
  }

  /// A constraint entry (also of `addConstraints`), defaults left out.
  static func jsonValue(of constraint: ConstraintDescription) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("id", .string(constraint.id))]
    switch constraint.form {
    case .anchors(let first, let relation, let second, let multiplier, let constant):
      members.append(("first", .string(first)))
      if relation != .equal { members.append(("relation", .string(relation.rawValue))) }
      if let second { members.append(("second", .string(second))) }
      if multiplier != 1 { members.append(("multiplier", .number(multiplier))) }
      if constant != 0 { members.append(("constant", .number(constant))) }
    case .visualFormat(let text):
      members.append(("vfl", .string(text)))
    }
    if constraint.priority != 1000 { members.append(("priority", .number(constraint.priority))) }
    if !constraint.isActive { members.append(("active", .bool(false))) }
    return .object(members)
  }

  /// A step: an object with its one kind.
  static func jsonValue(of change: SceneChange) -> JSONValue {
    func named<Value>(_ entries: [Named<Value>], _ value: (Value) -> JSONValue) -> JSONValue {
      .object(entries.map { ($0.id, value($0.value)) })
    }
    func ids(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
    let body: JSONValue
    switch change {
    case .resizeContainer(let width, let height, let insets):
      var members: [(key: String, value: JSONValue)] = [("width", .number(width)), ("height", .number(height))]
      if let insets { members.append(("safeAreaInsets", jsonValue(of: insets))) }
      body = .object(members)
    case .setConstant(let entries): body = named(entries, JSONValue.number)
    case .activate(let list), .deactivate(let list), .removeConstraints(let list), .removeViews(let list):
      body = ids(list)
    case .addConstraints(let descriptions): body = .array(descriptions.map(jsonValue(of:)))
    case .setPriority(let entries): body = named(entries, JSONValue.number)
    case .setHugging(let entries), .setCompressionResistance(let entries): body = named(entries) { jsonValue(of: $0) }
    case .setHidden(let entries): body = named(entries, JSONValue.bool)
    case .setIntrinsicSize(let entries): body = named(entries) { jsonValue(of: $0) }
    case .setStack(let entries): body = named(entries) { jsonValue(of: $0) }
    case .addViews(let descriptions): body = .array(descriptions.map(jsonValue(of:)))
    case .setText(let entries): body = named(entries) { jsonValue(of: $0) }
    case .setTextScale(let scale): body = .number(scale)
    case .scrollTo(let entries): body = named(entries, JSONValue.number)
    case .layout(let changes): body = .array(changes.map(jsonValue(of:)))
    }
    return .object([(change.kind, body)])
  }
}

extension SceneDocument: Equatable {
  /// Equal descriptions (paths included), steps, workload and operations. The initial
  /// `scene` is built from the descriptions, so it is not compared separately.
  public static func == (a: SceneDocument, b: SceneDocument) -> Bool {
    a.container == b.container && a.views == b.views && a.guides == b.guides && a.constraints == b.constraints
      && a.steps == b.steps && a.workload == b.workload && a.operations == b.operations
  }
}

extension SceneDocument {
  /// The same document with every description's path set to where decoding its
  /// ``jsonText()`` would place it (`views[3]`, `steps[2]`, `steps[2].addViews[0]`, ...),
  /// so a document built in code compares equal to its round trip. Builds the scene again.
  /// - Throws: never for a document that was valid (the descriptions are unchanged).
  public func withCanonicalPaths() throws(SceneError) -> SceneDocument {
    let viewsPath = JSONPath.root.appending("views")
    let guidesPath = JSONPath.root.appending("guides")
    let constraintsPath = JSONPath.root.appending("constraints")
    let stepsPath = JSONPath.root.appending("steps")
    var views = self.views
    for i in views.indices { views[i].path = viewsPath.appending(i).description }
    var guides = self.guides
    for i in guides.indices { guides[i].path = guidesPath.appending(i).description }
    var constraints = self.constraints
    for i in constraints.indices { constraints[i].path = constraintsPath.appending(i).description }
    var steps = self.steps
    for i in steps.indices {
      let path = stepsPath.appending(i)
      steps[i].path = path
      steps[i].change = Self.withCanonicalPaths(steps[i].change, at: path)
    }
    return try SceneDocument(
      container: container, views: views, guides: guides, constraints: constraints, steps: steps,
      workload: workload, operations: operations)
  }

  /// A step with the paths of the descriptions it holds (nested `layout` groups included)
  /// set as decoding places them. O(size of the step).
  private static func withCanonicalPaths(_ change: SceneChange, at path: JSONPath) -> SceneChange {
    switch change {
    case .addConstraints(var descriptions):
      for j in descriptions.indices { descriptions[j].path = path.appending("addConstraints").appending(j).description }
      return .addConstraints(descriptions)
    case .addViews(var descriptions):
      for j in descriptions.indices { descriptions[j].path = path.appending("addViews").appending(j).description }
      return .addViews(descriptions)
    case .layout(let changes):
      return .layout(changes.enumerated().map { withCanonicalPaths($1, at: path.appending("layout").appending($0)) })
    default:
      return change
    }
  }
}
