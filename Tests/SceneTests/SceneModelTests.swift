import LayoutModel
import Scene
import Testing

/// The scene model's validation (every bad input an error with its JSON path) and what
/// each change touches.
@Suite struct SceneModelTests {

  private func view(_ id: String, _ parent: String?, _ index: Int) -> ViewDescription {
    ViewDescription(id: id, parent: parent, path: "views[\(index)]")
  }

  private func constraint(_ id: String, _ first: String, _ second: String?, multiplier: Double = 1, _ index: Int = 0) -> ConstraintDescription {
    ConstraintDescription(
      id: id, form: .anchors(first: first, relation: .equal, second: second, multiplier: multiplier, constant: 0),
      path: "constraints[\(index)]")
  }

  private func expectError(_ expectedPath: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected an error at \(expectedPath)", sourceLocation: sourceLocation)
    } catch let error as SceneError {
      #expect(error.path == expectedPath, "\(error)", sourceLocation: sourceLocation)
      #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
  }

  private let container = Container(width: 375, height: 667)
  private var basics: [ViewDescription] { [view("root", nil, 0), view("a", "root", 1), view("b", "root", 2)] }

  // MARK: The tree

  @Test func treeErrorsNameTheEntry() {
    expectError("views[2].id", "duplicate view id 'a'") {
      _ = try Scene(container: container, views: [view("root", nil, 0), view("a", "root", 1), view("a", "root", 2)])
    }
    expectError("views[1].parent", "unknown view 'nope'") {
      _ = try Scene(container: container, views: [view("root", nil, 0), view("a", "nope", 1)])
    }
    expectError("views[1].parent", "exactly one root") {
      _ = try Scene(container: container, views: [view("root", nil, 0), view("other", nil, 1)])
    }
    expectError("views", "needs a root") {
      _ = try Scene(container: container, views: [view("a", "b", 0), view("b", "a", 1)])
    }
    expectError("views[1].parent", "form a cycle") {
      _ = try Scene(container: container, views: [view("root", nil, 0), view("a", "b", 1), view("b", "a", 2)])
    }
  }

  @Test func viewFieldErrorsNameTheField() {
    var bad = view("a", "root", 1)
    bad.intrinsicSize = AxisPair(horizontal: -5, vertical: nil)
    expectError("views[1].intrinsicSize[0]", "non-negative") {
      _ = try Scene(container: container, views: [view("root", nil, 0), bad])
    }
    bad = view("a", "root", 1)
    bad.hugging = AxisPair(horizontal: 250, vertical: 1200)
    expectError("views[1].hugging[1]", "[1, 1000]") {
      _ = try Scene(container: container, views: [view("root", nil, 0), bad])
    }
    var stack = view("row", "root", 1)
    stack.stack = StackDescription()
    stack.stack?.customSpacing = [.init(after: "stranger", spacing: 4)]
    expectError("views[1].stack.customSpacing.stranger", "not an arranged subview") {
      _ = try Scene(container: container, views: [view("root", nil, 0), stack, view("stranger", "root", 2)])
    }
  }

  // MARK: Constraints

  @Test func invalidAnchorPairsAreRejectedAsUIKitDoes() {
    expectError("constraints[0]", "cannot relate to 'top'") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.leading", "b.top")])
    }
    expectError("constraints[0]", "size ('width') cannot relate to a position ('leading')") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.width", "b.leading")])
    }
    expectError("constraints[0].second", "needs a second anchor") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.centerY", nil)])
    }
    expectError("constraints[0]", "leading/trailing cannot be mixed with left/right") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.left", "b.trailing")])
    }
    expectError("constraints[0].multiplier", "multiplier 0") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.top", "b.top", multiplier: 0)])
    }
    expectError("constraints[0].first", "unknown attribute 'middle'") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.middle", "b.top")])
    }
    expectError("constraints[0].second", "unknown view or guide 'ghost'") {
      _ = try Scene(container: container, views: basics, constraints: [constraint("c", "a.top", "ghost.top")])
    }
    expectError("constraints[0].first", "no baselines") {
      _ = try Scene(
        container: container, views: basics, guides: [(id: "g", owner: "root", path: "guides[0]")],
        constraints: [constraint("c", "g.firstBaseline", "a.top")])
    }
    var outOfRange = constraint("c", "a.width", nil)
    outOfRange.priority = 0.5
    expectError("constraints[0].priority", "[1, 1000]") {
      _ = try Scene(container: container, views: basics, constraints: [outOfRange])
    }
  }

  @Test func allowedPairsResolve() throws {
    let scene = try Scene(
      container: container, views: basics + [view("dotted.id", "root", 3)],
      guides: [(id: "spacer", owner: "root", path: "guides[0]")],
      constraints: [
        constraint("aspect", "a.height", "a.width", multiplier: 0.5), constraint("safe", "a.top", "root.safeArea.top"),
        constraint("margins", "a.leading", "root.margins.leading"), constraint("guide", "spacer.width", "b.width"),
        constraint("dots", "dotted.id.centerX", "root.centerXWithinMargins"),
      ])
    #expect(scene.constraints.count == 5)
    #expect(scene.constraints[4]?.first.item == .view(scene.viewIndex(of: "dotted.id")!))
  }

  // MARK: Changes

  @Test func changesAreValidatedBeforeAnythingChanges() throws {
    var scene = try Scene(
      container: container, views: basics, constraints: [constraint("w", "a.width", nil), constraint("h", "a.height", nil)])
    expectError("steps[0].setConstant.ghost", "no constraint 'ghost'") {
      _ = try scene.apply(.setConstant([Named("w", 10), Named("ghost", 3)]), path: "steps[0]")
    }
    #expect(scene.constraints[0]?.constant == 0)
    expectError("steps[1].setPriority.h", "between required and optional") {
      _ = try scene.apply(.setPriority([Named("h", 999)]), path: "steps[1]")
    }
    _ = try scene.apply(.deactivate(["h"]), path: "steps[2]")
    _ = try scene.apply(.setPriority([Named("h", 999)]), path: "steps[3]")
    #expect(scene.constraints[1]?.priority == 999)
    expectError("steps[4].setStack.a", "not a stack view") {
      _ = try scene.apply(.setStack([Named("a", StackDescription())]), path: "steps[4]")
    }
    expectError("steps[5].removeViews[0]", "root view cannot be removed") {
      _ = try scene.apply(.removeViews(["root"]), path: "steps[5]")
    }
    expectError("steps[6].addViews[0].parent", "needs a parent") {
      _ = try scene.apply(.addViews([view("orphan", nil, 0).withPath("steps[6].addViews[0]")]), path: "steps[6]")
    }
  }

  /// Only `activate` and `deactivate` say their whole effect is the flags (a layout may
  /// hold such steps back: ConstraintLayout+Parking.swift); a constant or a priority does not.
  @Test func onlyActivationFlipsActivityOnly() throws {
    var scene = try Scene(
      container: container, views: basics, constraints: [constraint("w", "a.width", nil), constraint("h", "a.height", nil)])
    let off = try scene.apply(.deactivate(["w", "h"]), path: "steps[0]")
    #expect(off.flipsActivityOnly && off.elements == [.constraint(0), .constraint(1)])
    #expect(try scene.apply(.activate(["w"]), path: "steps[1]").flipsActivityOnly)
    #expect(!(try scene.apply(.setConstant([Named("w", 4)]), path: "steps[2]").flipsActivityOnly))
    #expect(!(try scene.apply(.setPriority([Named("h", 999)]), path: "steps[3]").flipsActivityOnly))
    #expect(!(try scene.apply(.removeConstraints(["h"]), path: "steps[4]").flipsActivityOnly))
  }

  @Test func removingAViewRemovesItsSubtreeGuidesAndConstraints() throws {
    var scene = try Scene(
      container: container, views: basics + [view("child", "a", 3)], guides: [(id: "g", owner: "child", path: "guides[0]")],
      constraints: [constraint("c1", "child.top", "b.top"), constraint("c2", "b.width", nil), constraint("c3", "g.width", "b.width")])
    let delta = try scene.apply(.removeViews(["a"]), path: "steps[0]")
    #expect(scene.viewIndex(of: "a") == nil && scene.viewIndex(of: "child") == nil)
    #expect(scene.guideIndex(of: "g") == nil)
    #expect(scene.constraintIndex(of: "c1") == nil && scene.constraintIndex(of: "c3") == nil)
    #expect(scene.constraintIndex(of: "c2") != nil)
    #expect(delta.removedViews.count == 2)
    #expect(delta.elements.contains(.constraint(0)) && delta.elements.contains(.constraint(2)))
  }

  @Test func parentSlotsFollowAddedAndRemovedViews() throws {
    var scene = try Scene(container: container, views: basics + [view("child", "a", 3)])
    func slot(_ id: String) -> Int32 { scene.parentSlots[scene.viewIndex(of: id)!.index] }
    func raw(_ id: String) -> Int32 { scene.viewIndex(of: id)!.rawValue }
    #expect(scene.parentSlots.count == scene.views.count)
    #expect(slot("root") == Scene.noParent && slot("a") == raw("root") && slot("child") == raw("a"))
    let child = scene.viewIndex(of: "child")!
    _ = try scene.apply(.addViews([view("late", "child", 0)]), path: "steps[0]")
    #expect(scene.parentSlots.count == scene.views.count && slot("late") == child.rawValue)
    let removed = try scene.apply(.removeViews(["a"]), path: "steps[1]").removedViews
    #expect(removed.count == 3)
    #expect(removed.allSatisfy { scene.parentSlots[$0.index] == Scene.removedSlot })
    // Every slot agrees with the view it stands for, and so do the presence test and the
    // present views read from the slots.
    for v in scene.views.indices {
      let expected = scene.views[v].map { $0.parent?.rawValue ?? Scene.noParent } ?? Scene.removedSlot
      #expect(scene.parentSlots[v] == expected)
      #expect(scene.isPresent(v) == (scene.views[v] != nil))
    }
    #expect(scene.presentViews == scene.views.indices.filter { scene.views[$0] != nil }.map { ViewIndex($0) })
    #expect(!scene.isPresent(-1) && !scene.isPresent(scene.views.count))
  }

  /// Fill-equally sizes every visible view against the first visible one (rule 3, as
  /// UIKit's `UISV-fill-equally`), not against its neighbour: a chain makes each view's
  /// size depend on every size constraint before it, and the solver's rows grow with it.
  @Test func fillEquallySizesEveryViewAgainstTheFirstVisibleOne() throws {
    var row = view("row", "root", 1)
    row.stack = StackDescription()
    row.stack?.distribution = .fillEqually
    var scene = try Scene(
      container: container, views: [view("root", nil, 0), row, view("w", "row", 2), view("x", "row", 3), view("y", "row", 4), view("z", "row", 5)])
    func sizeTerms(_ id: String) throws -> Set<VariableID> {
      var variables = SceneVariables()
      variables.assign(scene)
      let constraints = scene.generatedConstraints(for: .stack(scene.viewIndex(of: "row")!), variables: variables) { _ in nil }
      let sized = try #require(constraints.first { $0.key.role == .equalSize(scene.viewIndex(of: id)!) })
      return Set(sized.expression.terms.map(\.variable))
    }
    func width(_ id: String) -> VariableID {
      var variables = SceneVariables()
      variables.assign(scene)
      return variables.variable(scene.viewIndex(of: id)!, .width)
    }
    #expect(try sizeTerms("z") == [width("z"), width("w")])
    #expect(try sizeTerms("x") == [width("x"), width("w")])
    _ = try scene.apply(.setHidden([Named("w", true)]), path: "s")
    #expect(try sizeTerms("z") == [width("z"), width("x")])
  }

  @Test func eachChangeTouchesOnlyItsElements() throws {
    var row = view("row", "root", 1)
    row.stack = StackDescription()
    var scene = try Scene(
      container: container, views: [view("root", nil, 0), row, view("x", "row", 2), view("y", "row", 3), view("z", "root", 4)],
      constraints: [constraint("pin", "row.top", "root.safeArea.top"), constraint("w", "z.width", nil)])
    let rowIndex = scene.viewIndex(of: "row")!
    let zIndex = scene.viewIndex(of: "z")!
    #expect(try scene.apply(.setHidden([Named("x", true)]), path: "s").elements == [.stack(rowIndex)])
    // Hiding a view outside any stack changes no constraint.
    #expect(try scene.apply(.setHidden([Named("z", true)]), path: "s").elements == [])
    let constantDelta = try scene.apply(.setConstant([Named("w", 4)]), path: "s")
    #expect(constantDelta.elements == [.constraint(1)])
    // `lower` subtracts the constant: 0 → 4 moves the lowered expression's constant by −4.
    #expect(constantDelta.constantShifts == [ConstantShift(ConstraintKey(.constraint(1), .user), shift: -4)])
    #expect(try scene.apply(.setIntrinsicSize([Named("z", AxisPair(horizontal: 5, vertical: nil))]), path: "s").elements == [.view(zIndex)])
    // A resize with the same insets touches the root's size only; new insets also touch
    // the constraints that measure from the root's safe area.
    let resize = try scene.apply(.resizeContainer(width: 400, height: 600, safeAreaInsets: nil), path: "s")
    #expect(resize.elements == [.container])
    #expect(
      resize.constantShifts == [
        ConstantShift(ConstraintKey(.container, .rootSize(.horizontal)), shift: container.width - 400),
        ConstantShift(ConstraintKey(.container, .rootSize(.vertical)), shift: container.height - 600),
      ])
    let withInsets = try scene.apply(
      .resizeContainer(width: 400, height: 600, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)), path: "s")
    #expect(withInsets.elements == [.container, .constraint(0)])
    #expect(withInsets.constantShifts.isEmpty)
  }
}

extension ViewDescription {
  func withPath(_ path: String) -> ViewDescription {
    var copy = self
    copy.path = path
    return copy
  }
}
