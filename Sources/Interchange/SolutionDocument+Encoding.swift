import StrictJSON

extension SolutionDocument {
  /// The document as JSON text, one state per line, ending with a newline.
  /// O(states × variables).
  /// - Precondition: every value is finite (a solver returning NaN is broken; callers
  ///   check values before writing them).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// The document as a JSON value. Members in the order formats.md shows them.
  public func jsonValue() -> JSONValue {
    .object([
      ("format", .string(Self.formatName)),
      ("backend", .string(backend)),
      ("states", .array(states.map(jsonValue(of:)))),
    ])
  }

  private func jsonValue(of state: State) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("step", state.step.map { .number(Double($0)) } ?? .null)
    ]
    switch state.outcome {
    case .values(let values):
      members.append(("values", .object(zip(variableNames, values).map { ($0, .number($1)) })))
    case .failed(let error):
      members.append(("error", jsonValue(of: error)))
    }
    if !state.skipped.isEmpty {
      members.append(("errors", .array(state.skipped.map(jsonValue(of:)))))
    }
    return .object(members)
  }

  private func jsonValue(of error: ErrorRecord) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("kind", .string(error.kind))]
    if let constraint = error.constraint { members.append(("constraint", .string(constraint))) }
    if let conflicts = error.conflicts { members.append(("conflicts", .array(conflicts.map(JSONValue.string)))) }
    if let variable = error.variable { members.append(("variable", .string(variable))) }
    members.append(("message", .string(error.message)))
    return .object(members)
  }
}
