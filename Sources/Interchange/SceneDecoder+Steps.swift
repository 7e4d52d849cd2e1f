import Scene
import StrictJSON

extension SceneDecoder {
  /// The step kinds of formats.md sections 2 and 2.1, in their order.
  static let stepKinds = [
    "resizeContainer", "setConstant", "activate", "deactivate", "addConstraints", "removeConstraints", "setPriority",
    "setHugging", "setCompressionResistance", "setHidden", "setIntrinsicSize", "setStack", "addViews", "removeViews",
    "setText", "setTextScale", "layout", "scrollTo",
  ]
  static let resizeKeys = ["width", "height", "safeAreaInsets"]

  /// One step: an object with exactly one of ``stepKinds`` (other members are unknown
  /// fields: warnings). Only the JSON is checked here; ids, anchors and VFL are checked
  /// against the scene when the step is applied.
  /// - Complexity: O(size of the step).
  mutating func decodeStep(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> SceneChange {
    let members = try reader.object(value, at: path, knownKeys: Self.stepKinds)
    let kinds = members.filter { Self.stepKinds.contains($0.key) }
    guard kinds.count == 1, let kind = kinds.first else {
      let found = kinds.isEmpty ? "none" : kinds.map { "'\($0.key)'" }.joined(separator: ", ")
      throw reader.invalid("expected exactly one step kind (one of \(Self.stepKindList)); found \(found)", at: path)
    }
    let kindPath = path.appending(kind.key)
    let value = kind.value
    switch kind.key {
    case "resizeContainer":
      let members = try reader.object(value, at: kindPath, knownKeys: Self.resizeKeys)
      let size = try decodeContainerSize(members, at: kindPath)
      let insets = try JSONReader.member("safeAreaInsets", of: members).map {
        (insets: JSONValue) throws(JSONError) -> EdgeInsets in
        try decodeInsets(insets, at: kindPath.appending("safeAreaInsets"))
      }
      return .resizeContainer(width: size.width, height: size.height, safeAreaInsets: insets)
    case "setConstant":
      return .setConstant(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.reader.number(value, at: path)
        })
    case "activate": return .activate(try ids(value, at: kindPath))
    case "deactivate": return .deactivate(try ids(value, at: kindPath))
    case "addConstraints":
      var descriptions: [ConstraintDescription] = []
      for (index, element) in try reader.array(value, at: kindPath).enumerated() {
        descriptions.append(try decodeConstraint(element, at: kindPath.appending(index)))
      }
      return .addConstraints(descriptions)
    case "removeConstraints": return .removeConstraints(try ids(value, at: kindPath))
    case "setPriority":
      return .setPriority(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.priority(value, at: path)
        })
    case "setHugging":
      return .setHugging(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.decodePriorityPair(value, at: path)
        })
    case "setCompressionResistance":
      return .setCompressionResistance(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.decodePriorityPair(value, at: path)
        })
    case "setHidden":
      return .setHidden(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.reader.bool(value, at: path)
        })
    case "setIntrinsicSize":
      return .setIntrinsicSize(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.decodeIntrinsicSize(value, at: path)
        })
    case "setStack":
      return .setStack(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.decodeStack(value, at: path)
        })
    case "addViews":
      var descriptions: [ViewDescription] = []
      for (index, element) in try reader.array(value, at: kindPath).enumerated() {
        descriptions.append(try decodeView(element, at: kindPath.appending(index)))
      }
      return .addViews(descriptions)
    case "setText":
      return .setText(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.decodeText(value, at: path)
        })
    case "setTextScale":
      return .setTextScale(try reader.number(value, at: kindPath))
    case "scrollTo":
      return .scrollTo(
        try named(value, at: kindPath) { (decoder, value, path) throws(JSONError) in
          try decoder.reader.number(value, at: path)
        })
    case "layout":
      var changes: [SceneChange] = []
      for (index, element) in try reader.array(value, at: kindPath).enumerated() {
        changes.append(try decodeStep(element, at: kindPath.appending(index)))
      }
      return .layout(changes)
    default:
      return .removeViews(try ids(value, at: kindPath))
    }
  }

  /// `'resizeContainer', 'setConstant', ...`, for the message of a step without exactly
  /// one kind.
  private static var stepKindList: String {
    stepKinds.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// An array of ids (constraints or views).
  private func ids(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> [String] {
    var result: [String] = []
    for (index, element) in try reader.array(value, at: path).enumerated() {
      result.append(try reader.string(element, at: path.appending(index)))
    }
    return result
  }

  /// An object from ids to values, in file order: `{"titleTop": 40}`.
  private mutating func named<Value: Hashable & Sendable>(
    _ value: JSONValue, at path: JSONPath,
    _ decodeValue: (inout SceneDecoder, JSONValue, JSONPath) throws(JSONError) -> Value
  ) throws(JSONError) -> [Named<Value>] {
    var entries: [Named<Value>] = []
    for member in try reader.object(value, at: path) {
      entries.append(Named(member.key, try decodeValue(&self, member.value, path.appending(member.key))))
    }
    return entries
  }
}
