import StrictJSON

extension ExplanationDocument {
  /// The document as JSON text, one top-level member per line, ending with a newline.
  /// O(constraints named).
  /// - Precondition: every value is finite (the explanation comes from a layout whose
  ///   frames were checked finite).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// `{"format", "view", "step", ["stepError",] "hidden", "backends", "horizontal",
  /// "vertical"}`; each axis `{"constraints": [ids], "attributes": [...]}`, its
  /// constraints the union of its attributes' in order of first mention.
  public func jsonValue() -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("format", .string(Self.formatName)),
      ("view", .string(view)),
      ("step", step.map { .number(Double($0)) } ?? .null),
    ]
    if let stepError {
      members.append(("stepError", .object([("kind", .string(stepError.kind)), ("message", .string(stepError.message))])))
    }
    members.append(("hidden", .bool(isHiddenInStack)))
    members.append(("backends", .array(backends.map(JSONValue.string))))
    for (axis, isHorizontal) in [("horizontal", true), ("vertical", false)] {
      let ofAxis = attributes.filter { $0.isHorizontal == isHorizontal }
      var named: [String] = []
      for reference in ofAxis.flatMap({ $0.determinedBy + $0.redundant }) where !named.contains(reference.id) {
        named.append(reference.id)
      }
      members.append(
        (
          axis,
          .object([
            ("constraints", .array(named.map(JSONValue.string))),
            ("attributes", .array(ofAxis.map(Self.jsonValue(of:)))),
          ])
        ))
    }
    return .object(members)
  }

  /// `{"attribute", "value", "ambiguous", "determinedBy", "redundant"}`.
  static func jsonValue(of attribute: Attribute) -> JSONValue {
    .object([
      ("attribute", .string(attribute.name)),
      ("value", attribute.value.map(JSONValue.number) ?? .null),
      ("ambiguous", .bool(attribute.isAmbiguous)),
      ("determinedBy", .array(attribute.determinedBy.map(jsonValue(of:)))),
      ("redundant", .array(attribute.redundant.map(jsonValue(of:)))),
    ])
  }

  /// `{"id", "priority", "generated"}`.
  static func jsonValue(of reference: ConstraintReference) -> JSONValue {
    .object([
      ("id", .string(reference.id)),
      ("priority", .number(reference.priority)),
      ("generated", .bool(reference.isGenerated)),
    ])
  }
}
