import LayoutModel

extension Scene {

  /// Resolves a constraint entry (anchors, or VFL expanding to `ID.0`, `ID.1`, ...) and
  /// appends the result. Nothing is appended unless every generated constraint is valid.
  /// Returns the new constraints' indices.
  /// - Complexity: O(entry length + ancestors of the items).
  /// - Throws: `SceneError` naming the field at fault (an unknown item or attribute, an
  ///   invalid pair, a priority out of range, a malformed VFL string, a duplicate id).
  @discardableResult
  mutating func addConstraints(from description: ConstraintDescription) throws(SceneError) -> [Int] {
    let resolved = try resolve(description)
    for constraint in resolved where constraintIndexByID[constraint.id] != nil {
      throw SceneError(path: appending(description.path, key: "id"), "duplicate constraint id '\(constraint.id)'")
    }
    var indices: [Int] = []
    for constraint in resolved {
      constraintIndexByID[constraint.id] = constraints.count
      indices.append(constraints.count)
      constraints.append(constraint)
    }
    return indices
  }

  /// The constraints an entry describes, validated, without adding them.
  func resolve(_ description: ConstraintDescription) throws(SceneError) -> [SceneConstraint] {
    let path = description.path
    if description.id.isEmpty { throw SceneError(path: appending(path, key: "id"), "a constraint id may not be empty") }
    // Paths are built only when something throws: on the success path they were a fifth
    // of a scene step's time.
    try Self.checkPriority(description.priority, path: appending(path, key: "priority"))
    switch description.form {
    case .anchors(let firstText, let relation, let secondText, let multiplier, let constant):
      let first = try resolveAnchor(firstText, path: appending(path, key: "first"))
      let second = try secondText.map { (text: String) throws(SceneError) -> Anchor in
        try resolveAnchor(text, path: appending(path, key: "second"))
      }
      guard multiplier.isFinite else { throw SceneError(path: appending(path, key: "multiplier"), "expected a finite number") }
      guard constant.isFinite else { throw SceneError(path: appending(path, key: "constant"), "expected a finite number") }
      let constraint = SceneConstraint(
        id: description.id, first: first, relation: relation, second: second, multiplier: multiplier,
        constant: constant, priority: description.priority, isActive: description.isActive)
      try checkPair(constraint, path: path)
      try checkRowBounds(constraint, path: path)
      return [resolvingScrollEdges(constraint)]

    case .visualFormat(let format):
      func vflPath() -> String { appending(path, key: "vfl") }
      let parsed: [VFLConstraint]
      do {
        parsed = try VisualFormat.parse(format, defaultPriority: description.priority)
      } catch {
        throw SceneError(path: vflPath(), error.description)
      }
      // The superview `|` is the parent of the views the string names; they must share one.
      var named: [ViewIndex] = []
      for item in parsed.flatMap({ [$0.first.item] + ($0.second.map { [$0.item] } ?? []) }) {
        guard case .view(let name) = item else { continue }
        guard let index = viewIndexByID[name] else { throw SceneError(path: vflPath(), "unknown view '\(name)'") }
        if !named.contains(index) { named.append(index) }
      }
      let parents = Set(named.map { view($0)?.parent })
      if parents.count > 1 {
        throw SceneError(path: vflPath(), "the views of a VFL string must share one superview")
      }
      let superview = parents.first ?? nil
      var result: [SceneConstraint] = []
      for (k, vfl) in parsed.enumerated() {
        func anchor(_ a: VFLAnchor) throws(SceneError) -> Anchor {
          switch a.item {
          case .view(let name): return Anchor(.view(viewIndexByID[name] ?? root), a.attribute)
          case .superview:
            guard let superview else { throw SceneError(path: vflPath(), "'|' needs the views to have a superview") }
            return Anchor(.view(superview), a.attribute)
          }
        }
        let constraint = SceneConstraint(
          id: "\(description.id).\(k)", first: try anchor(vfl.first), relation: vfl.relation,
          second: try vfl.second.map { (a: VFLAnchor) throws(SceneError) -> Anchor in try anchor(a) }, multiplier: 1,
          constant: vfl.constant, priority: vfl.priority, isActive: description.isActive)
        try Self.checkPriority(constraint.priority, path: vflPath())
        try checkPair(constraint, path: vflPath())
        try checkRowBounds(constraint, path: vflPath())
        result.append(resolvingScrollEdges(constraint))
      }
      return result
    }
  }

  /// `VIEW.ATTR`, `VIEW.safeArea.ATTR`, `VIEW.margins.ATTR` or `GUIDE.ATTR`. Ids may
  /// contain dots: the attribute is the last component, the item everything before it.
  /// - Complexity: O(text length) plus the id lookups; `path` is evaluated only to throw.
  /// - Throws: `SceneError` for an unknown item or attribute, or an attribute the item
  ///   does not have (margins or baselines of a guide).
  func resolveAnchor(_ text: String, path: @autoclosure () -> String) throws(SceneError) -> Anchor {
    guard let (itemText, attributeText) = Self.splitAnchor(text) else {
      throw SceneError(path: path(), "expected 'VIEW.ATTRIBUTE', found '\(text)'")
    }
    guard let attribute = Attribute(rawValue: attributeText) else {
      throw SceneError(path: path(), "unknown attribute '\(attributeText)' in '\(text)'")
    }
    let item: AnchorItem
    if let index = viewIndexByID[itemText] {
      item = .view(index)
    } else if let index = guideIndexByID[itemText] {
      item = .guide(index)
    } else if itemText.hasSuffix(".safeArea"), let index = viewIndexByID[String(itemText.dropLast(9))] {
      item = .safeArea(index)
    } else if itemText.hasSuffix(".margins"), let index = viewIndexByID[String(itemText.dropLast(8))] {
      item = .margins(index)
    } else {
      throw SceneError(path: path(), "unknown view or guide '\(itemText)' in '\(text)'")
    }
    if case .view = item {} else {
      if attribute.isMargin { throw SceneError(path: path(), "a layout guide has no margin attributes ('\(text)')") }
      if attribute.isBaseline { throw SceneError(path: path(), "a layout guide has no baselines ('\(text)')") }
    }
    return Anchor(item, attribute)
  }

  /// `ITEM.ATTRIBUTE` split at its last dot (in Characters), or nil without a dot. An ASCII
  /// text is split on its bytes: searching Characters cost more than the lookups.
  /// O(text length).
  static func splitAnchor(_ text: String) -> (item: String, attribute: String)? {
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
      // In ASCII every byte is a Character, so the last `.` byte is the last `.`.
      guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
      return (String(text[..<dot]), String(text[utf8.index(after: dot)...]))
    }
    guard let dot = text.lastIndex(of: ".") else { return nil }
    return (String(text[..<dot]), String(text[text.index(after: dot)...]))
  }

  /// The pair rules UIKit enforces (docs/scene-semantics.md): no x-axis with y-axis, no size
  /// with position, a position needs a second item (and a non-zero multiplier), no
  /// leading/trailing with left/right.
  /// O(1); `path` is evaluated only to throw.
  func checkPair(_ c: SceneConstraint, path: @autoclosure () -> String) throws(SceneError) {
    let a = c.first.attribute
    guard let second = c.second else {
      if !a.isSize {
        throw SceneError(path: appending(path(), key: "second"), "a position ('\(a.rawValue)') cannot equal a constant: it needs a second anchor")
      }
      return
    }
    let b = second.attribute
    if a.isSize != b.isSize {
      throw SceneError(path: path(), "a size ('\(a.isSize ? a.rawValue : b.rawValue)') cannot relate to a position ('\(a.isSize ? b.rawValue : a.rawValue)')")
    }
    if !a.isSize && a.axis != b.axis {
      throw SceneError(path: path(), "'\(a.rawValue)' (\(a.axis.rawValue) axis) cannot relate to '\(b.rawValue)' (\(b.axis.rawValue) axis)")
    }
    if (a.isDirectional && b.isAbsoluteHorizontalEdge) || (a.isAbsoluteHorizontalEdge && b.isDirectional) {
      throw SceneError(path: path(), "leading/trailing cannot be mixed with left/right ('\(a.rawValue)' and '\(b.rawValue)')")
    }
    if !a.isSize && c.multiplier == 0 {
      throw SceneError(path: appending(path(), key: "multiplier"), "a position with multiplier 0 equals a constant, which a position cannot")
    }
  }
}
