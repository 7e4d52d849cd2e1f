import LayoutModel
import Scene
import Testing

/// What a scroll view and a table add to the scene model (formats.md section 2.1): the
/// content and frame guides, anchors on a scroll view's own edges read as its content
/// area from inside, rows that may not reach outside themselves, and a row as a scene of
/// its own.
@Suite struct ScrollAndTableModelTests {
  private func view(_ id: String, _ parent: String?, _ k: Int, _ configure: (inout ViewDescription) -> Void = { _ in }) -> ViewDescription {
    var d = ViewDescription(id: id, parent: parent, path: "views[\(k)]")
    configure(&d)
    return d
  }

  private func constraint(_ id: String, _ first: String, _ second: String?, _ k: Int = 0) -> ConstraintDescription {
    ConstraintDescription(
      id: id, form: .anchors(first: first, relation: .equal, second: second, multiplier: 1, constant: 0), path: "constraints[\(k)]")
  }

  private let container = Container(width: 375, height: 667)

  private func scrollScene(_ constraints: [ConstraintDescription]) throws -> Scene {
    try Scene(
      container: container,
      views: [view("root", nil, 0), view("s", "root", 1) { $0.isScrollView = true }, view("c", "s", 2), view("d", "root", 3)],
      constraints: constraints)
  }

  @Test func aScrollViewOwnsAContentAndAFrameGuide() throws {
    let scene = try scrollScene([])
    let s = try #require(scene.viewIndex(of: "s"))
    let content = try #require(scene.contentGuide(of: s))
    let frame = try #require(scene.frameGuide(of: s))
    #expect(scene.guides[content.index]?.id == "s.content")
    #expect(scene.guides[frame.index]?.role == .scrollFrame)
    #expect(scene.scrollViews == [s])
    let c = try #require(scene.viewIndex(of: "c"))
    #expect(scene.isInScrollContent(c))
    #expect(!scene.isInScrollContent(s))
  }

  @Test func edgesOfTheScrollViewMeanItsContentFromInsideAndItsFrameFromOutside() throws {
    let scene = try scrollScene([
      constraint("inTop", "c.top", "s.top", 0), constraint("inWidth", "c.width", "s.width", 1),
      constraint("outTop", "d.top", "s.bottom", 2), constraint("guide", "c.bottom", "s.content.bottom", 3),
    ])
    let s = try #require(scene.viewIndex(of: "s"))
    let content = try #require(scene.contentGuide(of: s))
    #expect(scene.constraints[0]?.second?.item == .guide(content), "a descendant's S.top is the content's top")
    #expect(scene.constraints[1]?.second?.item == .view(s), "S.width stays the frame's")
    #expect(scene.constraints[2]?.second?.item == .view(s), "from outside, S.bottom is the frame's")
    #expect(scene.constraints[3]?.second?.item == .guide(content))
  }

  @Test func aScrollViewCannotBeAStackNorTakeAGuidesID() {
    #expect(throws: SceneError(path: "views[1].scroll", "a view cannot be both a stack and a scroll view")) {
      _ = try Scene(
        container: container,
        views: [view("root", nil, 0), view("s", "root", 1) { $0.isScrollView = true; $0.stack = StackDescription() }])
    }
    #expect(throws: SceneError(path: "views[1].scroll", "the scroll view's guide id 's.content' is already taken")) {
      _ = try Scene(container: container, views: [view("root", nil, 0), view("s", "root", 1) { $0.isScrollView = true }, view("s.content", "root", 2)])
    }
  }

  private func tableScene(_ constraints: [ConstraintDescription] = []) throws -> Scene {
    try Scene(
      container: container,
      views: [
        view("root", nil, 0), view("t", "root", 1) { $0.table = TableConfiguration(estimatedRowHeight: 44) },
        view("r1", "t", 2), view("l1", "r1", 3) { $0.text = TextContent(words: [50, 60], lineHeight: 20) }, view("r2", "t", 4),
      ],
      constraints: constraints)
  }

  @Test func aConstraintFromARowToOutsideItIsRefused() throws {
    #expect(throws: SceneError(
      path: "constraints[0]",
      "'l1' lies in table row 'r1' and 'root' does not: a row is laid out alone, so its constraints stay within it")) {
      _ = try tableScene([constraint("out", "l1.top", "root.top")])
    }
    #expect(throws: SceneError.self) { _ = try tableScene([constraint("across", "l1.top", "r2.top")]) }
    let scene = try tableScene([constraint("in", "l1.top", "r1.top")])
    let (l1, t) = (try #require(scene.viewIndex(of: "l1")), try #require(scene.viewIndex(of: "t")))
    #expect(scene.row(of: l1) == scene.viewIndex(of: "r1"))
    #expect(scene.row(of: t) == nil)
    #expect(scene.tables == [t])
  }

  @Test func aRowIsASceneOfItsOwnAtTheTablesWidthWithTheSameIDs() throws {
    var scene = try tableScene([constraint("in", "l1.top", "r1.top")])
    _ = try scene.apply(.setTextScale(2), path: "steps[0]")
    let r1 = try #require(scene.viewIndex(of: "r1"))
    let (row, indices) = try scene.rowScene(of: r1, width: 320, widths: ["l1": 100])
    #expect(row.container.width == 320)
    #expect(row.container.fittingHeightPriority == 50)
    #expect(row.view(row.root)?.id == "r1")
    #expect(row.constraintIndex(of: "in") != nil)
    #expect(indices.map { scene.view($0)?.id } == ["r1", "l1"])
    let label = try #require(row.viewIndex(of: "l1"))
    #expect(row.textScale == 2)
    // Scaled words 100 and 120 with space 8 at the width 100: two lines of 40.
    #expect(row.view(label)?.intrinsicSize == AxisPair(horizontal: 228, vertical: 80))
  }

  @Test func aRowsSceneKeepsTheConstraintsOfTablesNestedInIt() throws {
    let scene = try Scene(
      container: container,
      views: [
        view("root", nil, 0), view("t", "root", 1) { $0.table = TableConfiguration(estimatedRowHeight: 44) },
        view("r", "t", 2), view("inner", "r", 3) { $0.table = TableConfiguration(estimatedRowHeight: 20) },
        view("ir", "inner", 4), view("leaf", "ir", 5),
      ],
      constraints: [
        constraint("innerTop", "inner.top", "r.top", 0), constraint("leafTop", "leaf.top", "ir.top", 1),
      ])
    let r = try #require(scene.viewIndex(of: "r"))
    for indices in [nil, [0, 1]] as [[Int]?] {
      let (row, _) = try scene.rowScene(of: r, width: 320, constraints: indices)
      #expect(row.constraintIndex(of: "innerTop") != nil)
      #expect(row.constraintIndex(of: "leafTop") != nil, "a nested table's row is in the outer row's subtree")
    }
  }

  @Test func scrollToNamesATableAndAFiniteOffset() throws {
    var scene = try tableScene()
    #expect(throws: SceneError(path: "steps[0].scrollTo.root", "'root' is not a table")) {
      _ = try scene.apply(.scrollTo([Named("root", 10)]), path: "steps[0]")
    }
    _ = try scene.apply(.scrollTo([Named("t", 30)]), path: "steps[1]")
    let t = try #require(scene.viewIndex(of: "t"))
    #expect(scene.tableOffsets[t.index] == 30)
  }
}
