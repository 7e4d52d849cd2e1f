import LayoutModel

extension Scene {

  /// The constraints an element produces now, in a fixed order: empty when the element no
  /// longer exists (a removed view, an inactive or removed constraint).
  ///
  /// `designSuperviewSize` gives, for an autoresizing view, its superview's size in the
  /// layout the view entered (S₀ of docs/scene-semantics.md); when it returns nil the view's
  /// autoresizing constraints are left out for now (the backend measures S₀ first).
  /// - Complexity: O(constraints produced · terms each).
  public func generatedConstraints(
    for element: SceneElement, variables: SceneVariables,
    designSuperviewSize: (ViewIndex) -> AxisPair<Double>?
  ) -> [GeneratedConstraint] {
    var out: [GeneratedConstraint] = []
    // A row's subtree is laid out as a scene of its own (Scene+Tables.swift).
    if !rowSlots.isEmpty, isLaidOutByRow(element) { return out }
    // `Σ terms + constant RELATION 0` for the container's and views' constraints (one to
    // three terms each): the terms go through a stack buffer into `linear`, so the lowered
    // expression's array is the one allocation. Written with `AffineExpression` arithmetic
    // they allocated up to six arrays per constraint: 274 of the 405 allocations of a 10-view
    // autoresizing tree's build, which made it slower than kiwisolver's at that size.
    func add(
      _ role: ConstraintRole, _ first: Term, _ second: Term? = nil, _ third: Term? = nil, constant: Double,
      _ relation: Relation, _ priority: Double
    ) {
      let expression = withUnsafeTemporaryAllocation(of: Term.self, capacity: 3) { buffer in
        buffer.initializeElement(at: 0, to: first)
        var count = 1
        if let second {
          buffer.initializeElement(at: count, to: second)
          count += 1
        }
        if let third {
          buffer.initializeElement(at: count, to: third)
          count += 1
        }
        return linear(UnsafeBufferPointer(rebasing: buffer[..<count]), constant: constant, variables)
      }
      out.append(GeneratedConstraint(key: ConstraintKey(element, role), expression: expression, relation: relation, priority: priority))
    }
    switch element {
    case .container:
      let r = root
      add(.rootOrigin(.horizontal), Term(variables.variable(r, .minX), 1), constant: 0, .equal, 1000)
      add(.rootOrigin(.vertical), Term(variables.variable(r, .minY), 1), constant: 0, .equal, 1000)
      add(.rootSize(.horizontal), Term(variables.variable(r, .width), 1), constant: -container.width, .equal, 1000)
      add(
        .rootSize(.vertical), Term(variables.variable(r, .height), 1), constant: -container.height, .equal,
        container.fittingHeightPriority ?? 1000)

    case .view(let v):
      guard let view = view(v) else { break }
      if view.isScrollView {
        scrollGuideConstraints(of: v, variables: variables) { role, a, b in add(role, a, b, constant: 0, .equal, 1000) }
      }
      guard v != root else { break }
      for axis in Axis.allCases {
        guard let size = view.intrinsicSize[axis] else { continue }
        let s = Term(variables.variable(v, axis == .horizontal ? .width : .height), 1)
        add(.hugging(axis), s, constant: -size, .lessThanOrEqual, view.hugging[axis])
        add(.compressionResistance(axis), s, constant: -size, .greaterThanOrEqual, view.compressionResistance[axis])
      }
      if view.translatesAutoresizingMask, !isArrangedInStack(v), let parent = view.parent,
        let design = designSuperviewSize(v)
      {
        for axis in Axis.allCases {
          let (position, size) = autoresizing(view, axis: axis, superviewSize: design[axis])
          let minimum: FrameQuantity = axis == .horizontal ? .minX : .minY
          let extent: FrameQuantity = axis == .horizontal ? .width : .height
          let superviewSize = variables.variable(parent, extent)
          // x = a + kₐ·(S − S₀) relative to the superview; w = w₀ + k_w·(S − S₀).
          add(
            .autoresizingPosition(axis), Term(variables.variable(v, minimum), 1),
            Term(variables.variable(parent, minimum), -1), Term(superviewSize, -position.rate),
            constant: -(position.base - position.rate * design[axis]), .equal, 1000)
          add(
            .autoresizingSize(axis), Term(variables.variable(v, extent), 1), Term(superviewSize, -size.rate),
            constant: -(size.base - size.rate * design[axis]), .equal, 1000)
        }
      }

    case .stack(let s):
      out = stackConstraints(s, variables: variables)

    case .constraint(let c):
      guard c < constraints.count, let constraint = constraints[c], constraint.isActive else { break }
      let (expression, relation) = lowerLinear(constraint, variables)
      out.append(GeneratedConstraint(key: ConstraintKey(element, .user), expression: expression, relation: relation, priority: constraint.priority))
    }
    return out
  }

  /// Position and size of an autoresizing view on an axis as `base + rate · (S − S₀)`, the
  /// rates as ``AutoresizingMask/rates(_:near:size:reference:)`` gives them.
  func autoresizing(_ view: View, axis: Axis, superviewSize: Double) -> (position: (base: Double, rate: Double), size: (base: Double, rate: Double)) {
    let near = axis == .horizontal ? view.frame.x : view.frame.y
    let size = axis == .horizontal ? view.frame.width : view.frame.height
    let rates = view.autoresizingMask.rates(axis, near: near, size: size, reference: superviewSize)
    return ((near, rates.position), (size, rates.size))
  }

  /// How far the constant of `c`'s lowered expression moves when its constant becomes
  /// `constant`: `lower` subtracts the constant, negated when mirrored. O(1).
  func loweredConstantShift(of c: SceneConstraint, to constant: Double) -> Double {
    let mirrored = container.isRightToLeft && (c.first.attribute.isDirectional || c.second?.attribute.isDirectional == true)
    return mirrored ? constant - c.constant : c.constant - constant
  }

  /// A user constraint as `expression RELATION 0` (docs/scene-semantics.md): directional
  /// attributes mapped to left/right, mirrored in right-to-left (constant negated,
  /// inequality reversed), and a position multiplier applied in the nearest common
  /// ancestor's coordinates.
  ///
  /// In the solver's form (``linear(_:_:)``): the at most six root-coordinate terms go
  /// through a temporary buffer, so the result's terms are the one allocation (an array per
  /// anchor, one for their difference and one for the walk were four more).
  func lowerLinear(_ c: SceneConstraint, _ variables: SceneVariables) -> (LinearExpression, Relation) {
    withUnsafeTemporaryAllocation(of: Term.self, capacity: 6) { buffer in
      var count = 0
      let (constant, relation) = lowerTerms(c, variables) { term in
        precondition(count < buffer.count, "a user constraint lowers to at most six terms")
        buffer.initializeElement(at: count, to: term)
        count += 1
      }
      return (linear(UnsafeBufferPointer(rebasing: buffer[..<count]), constant: constant, variables), relation)
    }
  }

  /// The terms of `c`'s root-coordinate expression, each passed to `emit` (at most six:
  /// two per anchor and two for the common ancestor's origin); returns the constant and
  /// the relation.
  private func lowerTerms(
    _ c: SceneConstraint, _ variables: SceneVariables, emit: (Term) -> Void
  ) -> (constant: Double, relation: Relation) {
    let rightToLeft = container.isRightToLeft
    let mirrored = rightToLeft && (c.first.attribute.isDirectional || c.second?.attribute.isDirectional == true)
    let relation = mirrored ? c.relation.reversed : c.relation
    let constant = mirrored ? -c.constant : c.constant
    let firstAttribute = c.first.attribute.absolute(rightToLeft: rightToLeft)
    let first = anchorTerms(c.first.item, firstAttribute, variables)
    first.forEach(emit)
    guard let second = c.second else { return (first.constant - constant, relation) }
    let secondTerms = anchorTerms(second.item, second.attribute.absolute(rightToLeft: rightToLeft), variables)
    let k = -c.multiplier
    secondTerms.forEach { emit(Term($0.variable, k * $0.coefficient)) }
    let result = first.constant + k * secondTerms.constant - constant
    if !firstAttribute.isSize && c.multiplier != 1 {
      let ancestor = nearestCommonAncestor(ownerView(of: c.first.item), ownerView(of: second.item))
      // The root's origin too: it is 0, and with it the positions' coefficients sum to 0, so
      // `linear` stops at the common ancestor.
      let scale = -(1 - c.multiplier)
      if firstAttribute.axis == .vertical {
        emit(Term(variables.variable(ancestor, .minY), scale))
      } else if mirrored {
        emit(Term(variables.variable(ancestor, .minX), scale))
        emit(Term(variables.variable(ancestor, .width), scale))
      } else {
        emit(Term(variables.variable(ancestor, .minX), scale))
      }
    }
    return (result, relation)
  }
}
