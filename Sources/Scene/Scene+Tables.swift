import LayoutModel

/// Tables with self-sizing rows (formats.md section 2.1, docs/scene-semantics.md
/// "Tables"): a table's children are its rows, and each row is laid out alone, as its own
/// scene, at the table's width (``rowScene(of:width:)``); ``LayoutDriver`` decides which
/// rows are fitted and places them. In the table's own scene a row and everything below it
/// generate no constraints (Scene+Lowering.swift) and are not probed for ambiguity.
extension Scene {

  /// The row (a table's child) that `v` is or lies in, or nil. O(1).
  @inlinable
  public func row(of v: ViewIndex) -> ViewIndex? {
    guard v.index < rowSlots.count, rowSlots[v.index] >= 0 else { return nil }
    return ViewIndex(Int(rowSlots[v.index]))
  }

  /// The present tables, by index. O(views); allocates only when there is one.
  public var tables: [ViewIndex] {
    var result: [ViewIndex] = []
    for v in parentSlots.indices where parentSlots[v] != Self.removedSlot && isTable(ViewIndex(v)) {
      result.append(ViewIndex(v))
    }
    return result
  }

  /// Gives the views from slot `base` on their row, parents first (an initial list may name
  /// a parent after its child): a table's child is a row, anything else is in its parent's
  /// row. O(new views · depth) at worst, O(new views) for parents listed first.
  mutating func assignRows(from base: Int) {
    let unknown: Int32 = -2
    rowSlots.append(contentsOf: repeatElement(unknown, count: views.count - rowSlots.count))
    func assign(_ v: Int) -> Int32 {
      if rowSlots[v] != unknown { return rowSlots[v] }
      let parent = parentSlots[v]
      let row: Int32 = parent < 0 ? -1 : views[Int(parent)]?.table != nil ? Int32(v) : assign(Int(parent))
      rowSlots[v] = row
      return row
    }
    for v in base..<views.count { _ = assign(v) }
  }

  /// A constraint from a row's subtree must stay in that row.
  /// - Throws: `SceneError` at `path` naming both items when it reaches outside.
  func checkRowBounds(_ c: SceneConstraint, path: @autoclosure () -> String) throws(SceneError) {
    guard let second = c.second else { return }
    let (a, b) = (ownerView(of: c.first.item), ownerView(of: second.item))
    let (rowA, rowB) = (row(of: a), row(of: b))
    guard rowA != rowB else { return }
    let (inside, outside) = rowA != nil ? (a, b) : (b, a)
    let rowID = (rowA ?? rowB).flatMap { view($0)?.id } ?? ""
    throw SceneError(
      path: path(),
      "'\(view(inside)?.id ?? "")' lies in table row '\(rowID)' and '\(view(outside)?.id ?? "")' does not: "
        + "a row is laid out alone, so its constraints stay within it")
  }

  /// Whether the constraints of `element` belong to a row's own layout, not this scene's.
  func isLaidOutByRow(_ element: SceneElement) -> Bool {
    switch element {
    case .container: false
    case .view(let v), .stack(let v): row(of: v) != nil
    case .constraint(let c): constraints[c].map { row(of: ownerView(of: $0.first.item)) != nil } ?? false
    }
  }

  /// The row `row` as a scene of its own, the row its root, as UIKit fits a self-sizing
  /// cell: container width `width` (the table's), height 0 at priority 50 (the fitting
  /// level), no safe area; the row's subtree, its guides and constraints with their ids;
  /// the text scale; and each label's last width from `widths` (by id), else none.
  /// Returns the scene and, by its view index, the view's index here.
  /// - Parameter constraints: the indices of the row's constraints, ascending, when the
  ///   caller keeps them (``TableLayout`` does); nil to find them among all.
  /// - Complexity: O(row subtree + guides + the row's constraints · depth), or O(every
  ///   constraint · depth) without `constraints`.
  /// - Throws: `SceneError` only if this scene was inconsistent (a bug).
  public func rowScene(
    of row: ViewIndex, width: Double, widths: [String: Double] = [:], constraints indices: [Int]? = nil
  ) throws(SceneError) -> (scene: Scene, indices: [ViewIndex]) {
    let members = subtree(of: row)
    var descriptions: [ViewDescription] = []
    descriptions.reserveCapacity(members.count)
    for v in members {
      guard var description = self.description(of: v) else { continue }
      if v == row { description.parent = nil }
      descriptions.append(description)
    }
    var container = Container(width: width, height: 0, isRightToLeft: container.isRightToLeft)
    container.fittingHeightPriority = InternalPriority.rowFitting
    let guideList = guides.compactMap { guide -> (id: String, owner: String, path: String)? in
      guard let guide, guide.role == .user, isDescendant(guide.owner, of: row), let owner = view(guide.owner)?.id else { return nil }
      return (guide.id, owner, "")
    }
    var scene = try Scene(container: container, views: descriptions, guides: guideList)
    // A constraint is the row's when its first item lies in the row's subtree (tables
    // nested in the row included; no constraint reaches out of a row).
    for c in indices ?? Array(constraints.indices) {
      guard let constraint = constraints[c], isDescendant(ownerView(of: constraint.first.item), of: row) else { continue }
      try scene.addConstraints(from: description(of: constraint))
    }
    scene.textScale = textScale
    for v in scene.textViews {
      if let id = scene.view(v)?.id, let width = widths[id] { scene.textWidthSlots[v.index] = width }
    }
    var ignored = SceneDelta()
    scene.refreshTextSizes(threshold: 0, into: &ignored)
    return (scene, members)
  }

  /// A present view as a description that builds the same view (its text as written, its
  /// stack's settings, custom spacing by id). O(children).
  func description(of v: ViewIndex) -> ViewDescription? {
    guard let view = view(v) else { return nil }
    var d = ViewDescription(id: view.id, parent: view.parent.flatMap { self.view($0)?.id })
    if view.text == nil {
      d.intrinsicSize = view.intrinsicSize
      d.baseline = view.baseline
    }
    d.hugging = view.hugging
    d.compressionResistance = view.compressionResistance
    d.layoutMargins = view.layoutMargins
    d.isHidden = view.isHidden
    d.isArranged = view.isArranged
    d.translatesAutoresizingMask = view.translatesAutoresizingMask
    d.frame = view.frame
    d.autoresizingMask = view.autoresizingMask
    d.wrapsText = view.wrapsText
    d.text = view.text
    d.preferredMaxLayoutWidth = view.preferredMaxLayoutWidth
    d.isScrollView = view.isScrollView
    d.table = view.table
    d.insetsLayoutMarginsFromSafeArea = view.insetsLayoutMarginsFromSafeArea
    if let stack = view.stack {
      var s = StackDescription()
      s.axis = stack.axis
      s.distribution = stack.distribution
      s.alignment = stack.alignment
      s.spacing = stack.spacing
      s.isLayoutMarginsRelative = stack.isLayoutMarginsRelative
      s.isBaselineRelative = stack.isBaselineRelative
      s.customSpacing = view.children.compactMap { child in
        guard let spacing = stack.customSpacing[child], let id = self.view(child)?.id else { return nil }
        return StackDescription.CustomSpacing(after: id, spacing: spacing)
      }
      d.stack = s
    }
    return d
  }

  /// A user constraint as an anchors entry naming the same items (a VFL entry's
  /// constraints keep their expanded ids). O(1).
  func description(of c: SceneConstraint) -> ConstraintDescription {
    func text(_ anchor: Anchor) -> String {
      let item: String
      switch anchor.item {
      case .view(let v): item = view(v)?.id ?? ""
      case .safeArea(let v): item = (view(v)?.id ?? "") + ".safeArea"
      case .margins(let v): item = (view(v)?.id ?? "") + ".margins"
      case .guide(let g): item = guides[g.index]?.id ?? ""
      }
      return item + "." + anchor.attribute.rawValue
    }
    return ConstraintDescription(
      id: c.id,
      form: .anchors(
        first: text(c.first), relation: c.relation, second: c.second.map(text), multiplier: c.multiplier, constant: c.constant),
      priority: c.priority, isActive: c.isActive)
  }
}
