import LayoutModel
import Scene
import StrictJSON

/// Turns a parsed `layoutbench.scene/1` value into a ``SceneDocument`` (formats.md
/// section 2).
///
/// Two stages. This decoder checks the JSON itself, for the whole file: types, required
/// fields, names from fixed lists (relations, distributions, autoresizing flags, step
/// kinds), number ranges (priorities in [1, 1000], sizes >= 0), array lengths, exactly one
/// kind per step; unknown fields become warnings. Then `Scene` checks the meaning of the
/// initial scene (ids, parents, anchors, VFL), and its `SceneError` is turned into an
/// error at the path it names. What steps mean is checked only when they run.
struct SceneDecoder {
  var reader: JSONReader

  static let topLevelKeys = ["format", "workload", "container", "views", "guides", "constraints", "steps", "operations"]
  static let containerKeys = ["width", "height", "safeAreaInsets", "layoutDirection"]
  static let guideKeys = ["id", "owner"]
  /// The members of the anchor form of a constraint, which the VFL form may not have.
  static let anchorFormKeys = ["first", "relation", "second", "multiplier", "constant"]
  static let constraintKeys = ["id"] + anchorFormKeys + ["vfl", "priority", "active"]

  init(file: String) {
    reader = JSONReader(file: file)
  }

  var file: String { reader.file }
  var warnings: [Warning] { reader.warnings }

  /// - Complexity: O(size of the document), plus building the scene.
  mutating func decode(_ root: JSONValue) throws(JSONError) -> SceneDocument {
    let members = try reader.object(root, at: .root, knownKeys: Self.topLevelKeys)
    let format = JSONReader.member("format", of: members)
    guard case .string(SceneDocument.formatName)? = format else {
      throw reader.mismatch(
        expected: JSONWriter.quoted(SceneDocument.formatName), found: format, at: .root.appending("format"))
    }
    let container = try decodeContainer(JSONReader.member("container", of: members), at: .root.appending("container"))

    let viewsPath = JSONPath.root.appending("views")
    var views: [ViewDescription] = []
    for (index, value) in try reader.array(JSONReader.member("views", of: members), at: viewsPath).enumerated() {
      views.append(try decodeView(value, at: viewsPath.appending(index)))
    }

    let guidesPath = JSONPath.root.appending("guides")
    var guides: [SceneDocument.GuideDescription] = []
    for (index, value) in try optionalArray(JSONReader.member("guides", of: members), at: guidesPath).enumerated() {
      guides.append(try decodeGuide(value, at: guidesPath.appending(index)))
    }

    let constraintsPath = JSONPath.root.appending("constraints")
    var constraints: [ConstraintDescription] = []
    for (index, value) in try optionalArray(JSONReader.member("constraints", of: members), at: constraintsPath)
      .enumerated()
    {
      constraints.append(try decodeConstraint(value, at: constraintsPath.appending(index)))
    }

    let stepsPath = JSONPath.root.appending("steps")
    var steps: [SceneDocument.Step] = []
    for (index, value) in try optionalArray(JSONReader.member("steps", of: members), at: stepsPath).enumerated() {
      let path = stepsPath.appending(index)
      steps.append(SceneDocument.Step(try decodeStep(value, at: path), path: path))
    }

    // Extensions (docs/interchange.md).
    var workload: WorkloadInfo?
    if let value = JSONReader.member("workload", of: members) {
      workload = try reader.workloadInfo(value, at: .root.appending("workload"))
    }
    var operations: [MeasuredOperation]?
    if let value = JSONReader.member("operations", of: members) {
      operations = try reader.measuredOperations(value, at: .root.appending("operations"), stepCount: steps.count)
    }

    do {
      return try SceneDocument(
        container: container, views: views, guides: guides, constraints: constraints, steps: steps,
        workload: workload, operations: operations)
    } catch {
      throw JSONError(error, file: file)
    }
  }

  /// An absent array is empty; `null` or any other type is an error.
  func optionalArray(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> [JSONValue] {
    guard let value else { return [] }
    return try reader.array(value, at: path)
  }

  // MARK: Container and guides

  private mutating func decodeContainer(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> Container {
    let members = try reader.object(value, at: path, knownKeys: Self.containerKeys)
    let size = try decodeContainerSize(members, at: path)
    var container = Container(width: size.width, height: size.height)
    if let insets = JSONReader.member("safeAreaInsets", of: members) {
      container.safeAreaInsets = try decodeInsets(insets, at: path.appending("safeAreaInsets"))
    }
    if let direction = JSONReader.member("layoutDirection", of: members) {
      container.isRightToLeft = try reader.choice(
        direction, at: path.appending("layoutDirection"), from: [("leftToRight", false), ("rightToLeft", true)])
    }
    return container
  }

  /// `width` and `height`, both required and non-negative (a container and a
  /// `resizeContainer` step give them alike).
  func decodeContainerSize(
    _ members: [(key: String, value: JSONValue)], at path: JSONPath
  ) throws(JSONError) -> (width: Double, height: Double) {
    let width = try reader.number(
      JSONReader.member("width", of: members), at: path.appending("width"), expected: "a non-negative number"
    ) { $0 >= 0 }
    let height = try reader.number(
      JSONReader.member("height", of: members), at: path.appending("height"), expected: "a non-negative number"
    ) { $0 >= 0 }
    return (width, height)
  }

  /// `[top, left, bottom, right]`, finite numbers.
  func decodeInsets(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> EdgeInsets {
    let n = try reader.numbers(value, at: path, count: 4, shape: "[top, left, bottom, right]")
    return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
  }

  private mutating func decodeGuide(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> SceneDocument.GuideDescription {
    let members = try reader.object(value, at: path, knownKeys: Self.guideKeys)
    return SceneDocument.GuideDescription(
      id: try reader.identifier(JSONReader.member("id", of: members), at: path.appending("id"), of: "a guide id"),
      owner: try reader.string(JSONReader.member("owner", of: members), at: path.appending("owner")),
      path: path.description)
  }

  // MARK: Constraints

  /// A priority a scene gives: a number in [1, 1000] (formats.md: user priorities in a
  /// scene lie in [1, 1000]; lower ones are for generated constraints).
  func priority(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> Double {
    try reader.number(value, at: path, expected: "a priority in [1, 1000]") { $0 >= 1 && $0 <= 1000 }
  }

  /// One constraint entry, of the anchor form or the VFL form (also the entries of an
  /// `addConstraints` step). A VFL entry with an anchor-form member is an error rather
  /// than a warning: the member means something, just not with `vfl`.
  mutating func decodeConstraint(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> ConstraintDescription {
    let members = try reader.object(value, at: path, knownKeys: Self.constraintKeys)
    let id = try reader.identifier(JSONReader.member("id", of: members), at: path.appending("id"), of: "a constraint id")
    var priority = 1000.0
    if let value = JSONReader.member("priority", of: members) {
      priority = try self.priority(value, at: path.appending("priority"))
    }
    var isActive = true
    if let value = JSONReader.member("active", of: members) {
      isActive = try reader.bool(value, at: path.appending("active"))
    }

    let form: ConstraintDescription.Form
    if let vfl = JSONReader.member("vfl", of: members) {
      let text = try reader.string(vfl, at: path.appending("vfl"))
      if let extra = members.first(where: { Self.anchorFormKeys.contains($0.key) }) {
        throw reader.invalid(
          "a constraint with 'vfl' takes no '\(extra.key)'; give either 'vfl' or 'first' "
            + "(with 'relation', 'second', 'multiplier', 'constant')",
          at: path.appending(extra.key))
      }
      form = .visualFormat(text)
    } else {
      form = try decodeAnchorForm(members, at: path)
    }
    return ConstraintDescription(id: id, form: form, priority: priority, isActive: isActive, path: path.description)
  }

  /// `first RELATION multiplier · second + constant`; defaults `==`, none, 1, 0.
  private func decodeAnchorForm(
    _ members: [(key: String, value: JSONValue)], at path: JSONPath
  ) throws(JSONError) -> ConstraintDescription.Form {
    let firstPath = path.appending("first")
    let firstValue = JSONReader.member("first", of: members)
    guard case .string(let first)? = firstValue else {
      throw reader.mismatch(
        expected: #"an anchor such as "title.top""#, found: firstValue, at: firstPath,
        reason: "a constraint gives 'first' (and optionally 'relation', 'second', ...) or 'vfl'")
    }
    var relation = Relation.equal
    if let value = JSONReader.member("relation", of: members) {
      relation = try reader.choice(
        value, at: path.appending("relation"), from: Relation.allCases.map { ($0.rawValue, $0) })
    }
    var second: String?
    if let value = JSONReader.member("second", of: members) {
      guard case .string(let text) = value else {
        throw reader.mismatch(
          expected: #"an anchor such as "root.top""#, found: value, at: path.appending("second"),
          reason: "leave 'second' out for a constant")
      }
      second = text
    }
    var multiplier = 1.0
    if let value = JSONReader.member("multiplier", of: members) {
      multiplier = try reader.number(value, at: path.appending("multiplier"))
    }
    var constant = 0.0
    if let value = JSONReader.member("constant", of: members) {
      constant = try reader.number(value, at: path.appending("constant"))
    }
    return .anchors(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant)
  }
}
