import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// What springs-struts refuses, with the exact sentences: a scene's first element it
/// cannot express (constraints, then views, then guides), at load and at update; and
/// layouts without a single answer, at the layout pass.
@Suite struct RefusalTests {
  private let container = Container(width: 375, height: 667)

  private func anchors(_ id: String, _ first: String, _ second: String?, _ constant: Double = 0) -> ConstraintDescription {
    ConstraintDescription(id: id, form: .anchors(first: first, relation: .equal, second: second, multiplier: 1, constant: constant))
  }

  private func expectRefusal(_ scene: Scene, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(SpringsAndStruts.unsupportedElement(in: scene) == message, sourceLocation: sourceLocation)
    #expect(throws: LayoutError.unsupported(message), sourceLocation: sourceLocation) { try SpringsAndStruts().load(scene) }
  }

  @Test func aUserConstraintNeedsASolver() throws {
    let scene = try Scene(
      container: container,
      views: [Build.root(), Build.autoresizing("title", in: "root", [0, 0, 100, 20])],
      constraints: [anchors("titleTop", "title.top", "root.safeArea.top", 20)])
    expectRefusal(scene, "springs-struts cannot express constraint 'titleTop' (user constraints need a solver)")
  }

  @Test func aViewThatIsNeitherAutoresizingNorArranged() throws {
    let scene = try Scene(container: container, views: [Build.root(), ViewDescription(id: "label", parent: "root")])
    expectRefusal(scene, "springs-struts cannot express view 'label' (neither autoresizing nor arranged in a stack)")
  }

  @Test func aPlainSubviewOfAStackMustBeAutoresizing() throws {
    var background = ViewDescription(id: "background", parent: "row")
    background.isArranged = false
    let scene = try Scene(
      container: container,
      views: [Build.root(), Build.fixedStack("row", in: "root", [0, 0, 100, 40], [], Build.stackDescription()), background])
    expectRefusal(scene, "springs-struts cannot express view 'background' (neither autoresizing nor arranged in a stack)")
  }

  @Test func aLayoutGuide() throws {
    let scene = try Scene(container: container, views: [Build.root()], guides: [(id: "spacer", owner: "root", path: "guides[0]")])
    expectRefusal(scene, "springs-struts cannot express layout guide 'spacer' (guides are placed by user constraints)")
  }

  @Test func constraintsComeFirstThenViewsThenGuides() throws {
    let scene = try Scene(
      container: container, views: [Build.root(), ViewDescription(id: "label", parent: "root")],
      guides: [(id: "spacer", owner: "root", path: "guides[0]")], constraints: [anchors("w", "label.width", nil, 10)])
    #expect(SpringsAndStruts.unsupportedElement(in: scene) == "springs-struts cannot express constraint 'w' (user constraints need a solver)")
  }

  @Test func contentCostsThatWouldFeedBackIntoAStack() throws {
    // note is a flexible-width subview of an arranged leaf, with an intrinsic width: its
    // hugging would pull on the stack's allocation.
    var note = Build.autoresizing("note", in: "a", [0, 0, 10, 10], [.flexibleWidth])
    note.intrinsicSize = AxisPair(horizontal: 30, vertical: nil)
    let scene = try Scene(
      container: container,
      views: [
        Build.root(), Build.fixedStack("row", in: "root", [0, 0, 200, 40], [], Build.stackDescription()),
        Build.leaf("a", in: "row", 40, 20), note,
      ])
    expectRefusal(
      scene,
      "springs-struts cannot express view 'note' (its width follows a view a stack sizes, and its intrinsic width's "
        + "priorities would feed back into that stack)")
  }

  @Test func theSameSubviewWithAFixedWidthIsFine() throws {
    var note = Build.autoresizing("note", in: "a", [0, 0, 10, 10], [.flexibleLeftMargin])
    note.intrinsicSize = AxisPair(horizontal: 30, vertical: nil)
    let both = try Both(
      Scene(
        container: container,
        views: [
          Build.root(), Build.fixedStack("row", in: "root", [0, 0, 200, 40], [], Build.stackDescription()),
          Build.leaf("a", in: "row", 40, 20), note,
        ]))
    // a fills the row (200); note entered at a's size then, so it stays at x 0.
    both.expect(["a": [0, 0, 200, 40], "note": [0, 0, 10, 10]])
  }

  @Test func updatesAreCheckedAgain() throws {
    var scene = try Scene(container: container, views: [Build.root(), Build.autoresizing("title", in: "root", [0, 0, 100, 20])])
    let layout = SpringsAndStruts()
    try layout.load(scene)
    let delta = try scene.apply(.addConstraints([anchors("titleTop", "title.top", "root.top", 20)]), path: "steps[0]")
    #expect(throws: LayoutError.unsupported("springs-struts cannot express constraint 'titleTop' (user constraints need a solver)")) {
      try layout.update(scene, delta)
    }
    var other = try Scene(container: container, views: [Build.root()])
    try layout.load(other)
    var label = ViewDescription(id: "label", parent: "root")
    label.path = "steps[0].addViews[0]"
    let added = try other.apply(.addViews([label]), path: "steps[0]")
    #expect(throws: LayoutError.unsupported("springs-struts cannot express view 'label' (neither autoresizing nor arranged in a stack)")) {
      try layout.update(other, added)
    }
  }

  @Test func ambiguityIsRefusedAtTheLayoutPass() throws {
    // equalSpacing: b has no intrinsic width, so b's width and the gap share the 120 left
    // over in any proportion (no tie-break applies along an equalSpacing stack).
    let scene = try Scene(
      container: container,
      views: [
        Build.root(),
        Build.fixedStack("row", in: "root", [0, 0, 200, 40], [], Build.stackDescription(.horizontal, .equalSpacing, .fill)),
        Build.leaf("a", in: "row", 80, 20), Build.leaf("b", in: "row", nil, 20),
      ])
    let layout = SpringsAndStruts()
    try layout.load(scene)
    #expect(throws: LayoutError.unsupported("springs-struts cannot express stack 'row' (the rules leave widths or positions along it free: the layout is ambiguous)")) {
      try layout.layoutIfNeeded(scene)
    }
  }

  @Test func aViewWithNoIntrinsicSizeAcrossCollapsesInsteadOfBeingAmbiguous() throws {
    // Rule 6b: top-aligned, a's height is free but for the 0.5 collapse: 0. b keeps its 20.
    try layoutBoth(
      Scene(
        container: container,
        views: [
          Build.root(),
          Build.fixedStack("row", in: "root", [0, 0, 200, 40], [], Build.stackDescription(.horizontal, .fill, .leading)),
          Build.leaf("a", in: "row", 40, nil), Build.leaf("b", in: "row", 60, 20),
        ]),
      expect: ["a": [0, 0, 140, 0], "b": [140, 0, 60, 20]])
  }

  @Test func requiredConflictsAreRefused() throws {
    // Two leaves that must each be at least 150 wide in a 200-wide row.
    let scene = try Scene(
      container: container,
      views: [
        Build.root(), Build.fixedStack("row", in: "root", [0, 0, 200, 40], [], Build.stackDescription()),
        Build.leaf("a", in: "row", 150, 20, resistance: [1000, 750]), Build.leaf("b", in: "row", 150, 20, resistance: [1000, 750]),
      ])
    #expect(throws: LayoutError.unsupported("springs-struts cannot express stack 'row' (its required widths conflict: the constraint backends would break one)")) {
      try SpringsAndStruts().layOut(scene)
    }
  }

  @Test func backendContract() throws {
    let scene = try Scene(container: container, views: [Build.root(), Build.autoresizing("v", in: "root", [1, 2, 3, 4])])
    let layout = SpringsAndStruts()
    try layout.load(scene)
    #expect(layout.counters.cellsTouched == 0, "load only takes the scene in")
    try layout.layoutIfNeeded(scene)
    #expect(SpringsAndStruts.backendName == "springs-struts")
    #expect(layout.diagnostics(of: scene).isEmpty)
    #expect(layout.counters.pivots == 0)
    #expect(layout.counters.cellsTouched == 2)
    expectFrame(frames(scene, layout)["v"], [1, 2, 3, 4], "v")
    try layout.layoutIfNeeded(scene)
    #expect(layout.counters.cellsTouched == 2, "nothing changed: no second pass")
  }
}
