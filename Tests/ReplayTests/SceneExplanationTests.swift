import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import Testing
import TestSupport

/// `SceneExplanation`: which state it explains (`bench layout`'s step numbering), a
/// refused step, how it names constraints, and each reason it gives no explanation.
@Suite struct SceneExplanationTests {
  /// A card pinned 50 points inside the root; steps: a resize, a step the scene refuses,
  /// a constant change, removing the card.
  private static let scene = """
    {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
     "views": [{"id": "root"}, {"id": "card", "parent": "root", "intrinsicSize": [null, 44]},
       {"id": "row", "parent": "root", "stack": {"axis": "horizontal"}},
       {"id": "chip", "parent": "row", "intrinsicSize": [20, 20], "hidden": true}],
     "constraints": [
       {"id": "cardEdges", "vfl": "H:|-50-[card]-50-|"},
       {"id": "cardTop", "first": "card.top", "second": "root.top", "constant": 50, "priority": 999}],
     "steps": [
       {"resizeContainer": {"width": 667, "height": 375}},
       {"setConstant": {"nothing": 1}},
       {"setConstant": {"cardTop": 70}},
       {"removeViews": ["card"]}]}
    """

  private func explain(_ view: String, step: Int? = nil, text: String = scene) throws(SceneExplanationError)
    -> ExplanationDocument
  {
    let document: SceneDocument
    do { document = try SceneDocument.decode(text, file: "e.json").document } catch {
      preconditionFailure("the test's scene is valid: \(error)")
    }
    return try SceneExplanation.explain(document, view: view, step: step, backend: "cassowary") { CassowarySolver() }
  }

  private func attribute(_ document: ExplanationDocument, _ name: String) throws -> ExplanationDocument.Attribute {
    try #require(document.attributes.first { $0.name == name })
  }

  @Test func withoutAStepItExplainsTheInitialLayout() throws {
    let card = try explain("card")
    #expect(card.step == nil && card.stepError == nil && card.backends == ["cassowary"])
    #expect(card.attributes.map(\.name) == ["minX", "minY", "width", "height"])
    let width = try attribute(card, "width")
    expectClose(try #require(width.value), 275)
    #expect(width.determinedBy.map(\.id) == ["cardEdges.0", "cardEdges.1", "root.encapsulated(width)"])
  }

  /// `step: 0` is the state after steps[0], as `"step": 0` in bench layout's output.
  @Test func stepKIsTheStateAfterStepK() throws {
    let card = try explain("card", step: 0)
    #expect(card.step == 0)
    expectClose(try #require(try attribute(card, "width").value), 567)
    let moved = try explain("card", step: 2)
    expectClose(try #require(try attribute(moved, "minY").value), 70)
  }

  /// A refused step leaves the state before it, which is explained, with the step's error.
  @Test func aRefusedStepExplainsTheStateBeforeItWithItsError() throws {
    let card = try explain("card", step: 1)
    let error = try #require(card.stepError)
    #expect(error.kind == "invalidStep")
    #expect(error.message.contains("steps[1]"))
    expectClose(try #require(try attribute(card, "width").value), 567)
  }

  /// User constraints first with their priorities; generated ones named as diagnostics
  /// name them, flagged as generated.
  @Test func constraintsAreNamedWithTheirPrioritiesUserOnesFirst() throws {
    let minY = try attribute(try explain("card"), "minY")
    #expect(minY.determinedBy == [.init(id: "cardTop", priority: 999, isGenerated: false)])
    let height = try attribute(try explain("card"), "height")
    #expect(
      height.determinedBy == [
        .init(id: "card.contentSize(height.hugging)", priority: 250, isGenerated: true),
        .init(id: "card.contentSize(height.compressionResistance)", priority: 750, isGenerated: true),
      ])
  }

  @Test func aHiddenArrangedViewIsExplainedAndFlagged() throws {
    let chip = try explain("chip")
    #expect(chip.isHiddenInStack)
    #expect(try attribute(chip, "minX").isAmbiguous)
    #expect(try attribute(chip, "minX").value == nil)
    #expect(!(try explain("card").isHiddenInStack))
  }

  @Test func aStepPastTheLastIsRefused() {
    #expect(throws: SceneExplanationError.noSuchStep(4, count: 4)) { try explain("card", step: 4) }
    #expect("\(SceneExplanationError.noSuchStep(4, count: 4))".contains("its steps are 0 to 3"))
  }

  /// An unknown id, or one that a step removed, names the views present then.
  @Test func aViewNotPresentInTheStateIsRefusedWithThePresentOnes() {
    #expect(throws: SceneExplanationError.unknownView("crad", step: nil, present: ["root", "card", "row", "chip"])) {
      try explain("crad")
    }
    #expect(throws: SceneExplanationError.unknownView("card", step: 3, present: ["root", "row", "chip"])) {
      try explain("card", step: 3)
    }
    #expect(
      "\(SceneExplanationError.unknownView("card", step: 3, present: []))" == "no view 'card' is present after step 3")
  }

  /// Rows are laid out alone, outside the scene's constraint system.
  @Test func aViewInATableRowIsRefused() throws {
    let table = """
      {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667},
       "views": [{"id": "root"},
         {"id": "list", "parent": "root", "table": {"estimatedRowHeight": 50}},
         {"id": "cell", "parent": "list", "stack": {"axis": "vertical"}},
         {"id": "label", "parent": "cell", "intrinsicSize": [100, 20]}],
       "constraints": [{"id": "listEdges", "vfl": "H:|[list]|"}, {"id": "listRows", "vfl": "V:|[list]|"}]}
      """
    #expect(throws: SceneExplanationError.viewInTableRow("label", row: "cell")) { try explain("label", text: table) }
    #expect(throws: SceneExplanationError.viewInTableRow("cell", row: "cell")) { try explain("cell", text: table) }
    let list = try explain("list", text: table)
    #expect(try attribute(list, "width").determinedBy.map(\.id).contains("listEdges.0"))
  }
}
