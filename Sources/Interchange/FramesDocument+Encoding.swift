import Scene
import StrictJSON

extension FramesDocument {
  /// The document as JSON text, one state per line, ending with a newline.
  /// O(states × views).
  /// - Precondition: every frame is finite (`SceneReplay` checks what backends report).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// The document as a JSON value, members in the order formats.md shows them.
  public func jsonValue() -> JSONValue {
    .object([
      ("format", .string(Self.formatName)),
      ("backend", .string(backend)),
      ("states", .array(states.map(Self.jsonValue(of:)))),
    ])
  }

  /// `{"step": k, "frames": {...}, "contentSizes": {...}, "estimatedRows": {...}, "passes": n,
  /// "diagnostics": [...]}` (content sizes and estimated rows only when the scene has scroll
  /// views or tables) or `{"step": k, "error": {...}}`.
  static func jsonValue(of state: State) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("step", state.step.map { .number(Double($0)) } ?? .null)]
    switch state.outcome {
    case .layout(let layout):
      members.append(("frames", .object(layout.frames.map { ($0.view, jsonValue(of: $0.frame)) })))
      if !layout.contentSizes.isEmpty {
        members.append(
          ("contentSizes", .object(layout.contentSizes.map { ($0.view, .array([.number($0.width), .number($0.height)])) })))
      }
      if !layout.estimatedRows.isEmpty {
        members.append(
          ("estimatedRows", .object(layout.estimatedRows.map { ($0.table, .array($0.rows.map(JSONValue.string))) })))
      }
      members.append(("passes", .number(Double(layout.passes))))
      members.append(("diagnostics", .array(layout.diagnostics.map(jsonValue(of:)))))
    case .failed(let error):
      members.append(("error", .object([("kind", .string(error.kind)), ("message", .string(error.message))])))
    }
    return .object(members)
  }

  /// `[x, y, width, height]`.
  static func jsonValue(of frame: Rect) -> JSONValue {
    .array([frame.x, frame.y, frame.width, frame.height].map(JSONValue.number))
  }

  /// formats.md's two diagnostic objects. An ambiguity is reported per view, so its
  /// `views` list has one element.
  static func jsonValue(of diagnostic: LayoutDiagnostic) -> JSONValue {
    switch diagnostic {
    case .unsatisfiable(let constraints, let broken):
      .object([
        ("kind", .string("unsatisfiable")),
        ("constraints", .array(constraints.map(JSONValue.string))),
        ("broken", .string(broken)),
      ])
    case .ambiguous(let view, let attributes):
      .object([
        ("kind", .string("ambiguous")),
        ("views", .array([.string(view)])),
        ("attributes", .array(attributes.map(JSONValue.string))),
      ])
    case .layoutLoop(let views):
      .object([("kind", .string("layoutLoop")), ("views", .array(views.map(JSONValue.string)))])
    }
  }
}
