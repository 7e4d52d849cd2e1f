import Interchange
import Scene
import StrictJSON
import Testing

@Suite struct FramesDocumentTests {
  @Test func writesTheShapeFormatsMdShows() {
    let document = FramesDocument(
      backend: "cassowary",
      states: [
        .init(
          step: nil,
          outcome: .layout(.init(frames: [
            .init("root", Rect(x: 0, y: 0, width: 375, height: 667)),
            .init("title", Rect(x: 127.5, y: 64, width: 120, height: 21)),
          ])))
      ])
    #expect(
      document.jsonText() == """
        {
          "format": "layoutbench.frames/1",
          "backend": "cassowary",
          "states": [
            {"step": null, "frames": {"root": [0, 0, 375, 667], "title": [127.5, 64, 120, 21]}, "passes": 1, "diagnostics": []}
          ]
        }

        """)
  }

  @Test func writesDiagnosticsErrorsAndOneStatePerLine() {
    let document = FramesDocument(
      backend: "dense-simplex",
      states: [
        .init(step: nil, outcome: .layout(.init(frames: [.init("r", Rect(x: -0.0, y: 0.1, width: 1e-7, height: 2e20))]))),
        .init(
          step: 0,
          outcome: .layout(
            .init(
              frames: [.init("r", .zero), .init("a \"b\"", Rect(x: 1, y: 2, width: 3, height: 4))],
              diagnostics: [
                .unsatisfiable(constraints: ["w", "r.encapsulated(width)"], broken: "w"),
                .ambiguous(view: "a \"b\"", attributes: ["minX", "width"]),
                .layoutLoop(views: ["r"]),
              ], passes: 8))),
        .init(step: 1, outcome: .failed(.init(kind: "invalidStep", message: "steps[1].setHidden.q: unknown view 'q'"))),
      ])
    #expect(
      document.jsonText() == #"""
        {
          "format": "layoutbench.frames/1",
          "backend": "dense-simplex",
          "states": [
            {"step": null, "frames": {"r": [0, 0.1, 1e-07, 2e+20]}, "passes": 1, "diagnostics": []},
            {"step": 0, "frames": {"r": [0, 0, 0, 0], "a \"b\"": [1, 2, 3, 4]}, "passes": 8, "diagnostics": [{"kind": "unsatisfiable", "constraints": ["w", "r.encapsulated(width)"], "broken": "w"}, {"kind": "ambiguous", "views": ["a \"b\""], "attributes": ["minX", "width"]}, {"kind": "layoutLoop", "views": ["r"]}]},
            {"step": 1, "error": {"kind": "invalidStep", "message": "steps[1].setHidden.q: unknown view 'q'"}}
          ]
        }

        """#)
  }

  @Test func writesContentSizesAndEstimatedRowsOfScrollViewsAndTables() {
    let layout = FramesDocument.Layout(
      frames: [.init("t", Rect(x: 0, y: 0, width: 10, height: 20))], passes: 2,
      contentSizes: [.init("t", width: 10, height: 132)], estimatedRows: [.init("t", rows: ["r1", "r2"])])
    let document = FramesDocument(backend: "b", states: [.init(step: nil, outcome: .layout(layout))])
    #expect(
      document.jsonText() == """
        {
          "format": "layoutbench.frames/1",
          "backend": "b",
          "states": [
            {"step": null, "frames": {"t": [0, 0, 10, 20]}, "contentSizes": {"t": [10, 132]}, "estimatedRows": {"t": ["r1", "r2"]}, "passes": 2, "diagnostics": []}
          ]
        }

        """)
  }

  @Test func theTextIsValidJSONThatReadsBack() throws {
    let document = FramesDocument(
      backend: "b", states: [.init(step: nil, outcome: .layout(.init(frames: [.init("v", Rect(x: 1.25, y: 2, width: 3, height: 4))])))])
    let value = try JSONValue.parse(document.jsonText())
    #expect(value == document.jsonValue())
    #expect(value["states"] == .array([
      .object([
        ("step", .null), ("frames", .object([("v", .array([.number(1.25), .number(2), .number(3), .number(4)]))])),
        ("passes", .number(1)), ("diagnostics", .array([])),
      ])
    ]))
  }
}
