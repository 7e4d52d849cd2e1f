import Interchange
import Scene
import StrictJSON

extension FlexDocument {
  /// The document as `layoutbench.flex/1` text (docs/flexbox.md): one node, step or
  /// operation per line, fields at the format's defaults left out, ending with a newline.
  /// O(size of the document).
  /// - Precondition: every number is finite (the mapping writes only finite ones).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// Members in the format's order: `format`, `workload`, `notes`, `nodes`, `steps`,
  /// `operations`.
  public func jsonValue() -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("format", .string(Self.formatName))]
    if let workload { members.append(("workload", workload.jsonValue())) }
    if !notes.isEmpty { members.append(("notes", .array(notes.map(JSONValue.string)))) }
    members.append(("nodes", .array(nodes.map(Self.jsonValue(of:)))))
    members.append(("steps", .array(steps.map(Self.jsonValue(of:)))))
    if let operations { members.append(("operations", .array(operations.map { $0.jsonValue() }))) }
    return .object(members)
  }

  static func jsonValue(of step: FlexStep) -> JSONValue {
    switch step {
    case .setRootSize(let width, let height):
      .object([("setRootSize", .array([.number(width), .number(height)]))])
    }
  }

  static func jsonValue(of length: FlexLength) -> JSONValue {
    switch length {
    case .points(let value): .number(value)
    case .percent(let value): .string(JSONWriter.numberText(value) + "%")
    }
  }

  static func jsonValue(of node: FlexNode) -> JSONValue {
    let defaults = FlexNode(id: node.id, parent: node.parent)
    var members: [(key: String, value: JSONValue)] = [("id", .string(node.id))]
    func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }
    if let parent = node.parent { add("parent", .string(parent)) }
    if !node.isDisplayed { add("display", .string("none")) }
    if node.direction != defaults.direction { add("direction", .string(node.direction.rawValue)) }
    if node.justifyContent != defaults.justifyContent { add("justifyContent", .string(node.justifyContent.rawValue)) }
    if node.alignItems != defaults.alignItems { add("alignItems", .string(node.alignItems.rawValue)) }
    if node.gap != defaults.gap { add("gap", .number(node.gap)) }
    if !node.padding.isZero {
      let p = node.padding
      add("padding", .array([.number(p.top), .number(p.left), .number(p.bottom), .number(p.right)]))
    }
    if node.isAbsolute {
      add("position", .string("absolute"))
      let sides: [(String, Double?)] = [
        ("top", node.inset.top), ("left", node.inset.left), ("bottom", node.inset.bottom), ("right", node.inset.right),
      ]
      for (side, value) in sides { if let value { add(side, .number(value)) } }
    }
    if let width = node.width { add("width", jsonValue(of: width)) }
    if let height = node.height { add("height", jsonValue(of: height)) }
    if node.minWidth != defaults.minWidth { add("minWidth", .number(node.minWidth)) }
    if node.minHeight != defaults.minHeight { add("minHeight", .number(node.minHeight)) }
    if let maxWidth = node.maxWidth { add("maxWidth", jsonValue(of: maxWidth)) }
    if let maxHeight = node.maxHeight { add("maxHeight", jsonValue(of: maxHeight)) }
    if let basis = node.basis { add("basis", jsonValue(of: basis)) }
    if node.grow != defaults.grow { add("grow", .number(node.grow)) }
    if node.shrink != defaults.shrink { add("shrink", .number(node.shrink)) }
    if node.alignSelf != defaults.alignSelf { add("alignSelf", .string(node.alignSelf.rawValue)) }
    return .object(members)
  }
}
