import Interchange
import Testing

/// `layoutbench.explanation/1` as docs/interchange.md shows it: one top-level member per
/// line, the attributes grouped by axis, each axis with the union of its constraints.
@Suite struct ExplanationDocumentTests {
  private static let leading = ExplanationDocument.ConstraintReference(id: "cardLeading", priority: 1000, isGenerated: false)
  private static let rootWidth = ExplanationDocument.ConstraintReference(
    id: "root.encapsulated(width)", priority: 1000, isGenerated: true)
  private static let hugging = ExplanationDocument.ConstraintReference(
    id: "card.contentSize(height.hugging)", priority: 250, isGenerated: true)

  @Test func groupsAttributesByAxisWithEachAxisUnion() {
    let document = ExplanationDocument(
      view: "card", step: 2, backends: ["cassowary", "dense-simplex"],
      attributes: [
        .init(name: "minX", value: 16, isAmbiguous: false, determinedBy: [Self.leading], redundant: []),
        .init(name: "minY", value: nil, isAmbiguous: true, determinedBy: [], redundant: []),
        .init(name: "width", value: 343.5, isAmbiguous: false, determinedBy: [Self.leading, Self.rootWidth], redundant: []),
        .init(name: "height", value: 44, isAmbiguous: false, determinedBy: [], redundant: [Self.hugging]),
      ])
    #expect(
      document.jsonText() == """
        {
          "format": "layoutbench.explanation/1",
          "view": "card",
          "step": 2,
          "hidden": false,
          "backends": [
            "cassowary",
            "dense-simplex"
          ],
          "horizontal": {"constraints": ["cardLeading", "root.encapsulated(width)"], "attributes": [\
        {"attribute": "minX", "value": 16, "ambiguous": false, "determinedBy": [{"id": "cardLeading", "priority": 1000, \
        "generated": false}], "redundant": []}, {"attribute": "width", "value": 343.5, "ambiguous": false, "determinedBy": \
        [{"id": "cardLeading", "priority": 1000, "generated": false}, {"id": "root.encapsulated(width)", "priority": 1000, \
        "generated": true}], "redundant": []}]},
          "vertical": {"constraints": ["card.contentSize(height.hugging)"], "attributes": [{"attribute": "minY", \
        "value": null, "ambiguous": true, "determinedBy": [], "redundant": []}, {"attribute": "height", "value": 44, \
        "ambiguous": false, "determinedBy": [], "redundant": [{"id": "card.contentSize(height.hugging)", "priority": 250, \
        "generated": true}]}]}
        }

        """)
  }

  @Test func aRefusedStepsErrorAndAHiddenViewAreWritten() {
    let document = ExplanationDocument(
      view: "chip", step: nil, stepError: .init(kind: "invalidStep", message: "steps[1]: no"), isHiddenInStack: true,
      backends: ["cassowary"], attributes: [])
    let text = document.jsonText()
    #expect(text.contains("\n  \"step\": null,\n  \"stepError\": {\"kind\": \"invalidStep\", \"message\": \"steps[1]: no\"},\n"))
    #expect(text.contains("\n  \"hidden\": true,\n"))
    #expect(text.contains("\"horizontal\": {\"constraints\": [], \"attributes\": []}"))
  }
}
