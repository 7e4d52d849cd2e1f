import LayoutModel

/// The solver's position variables are relative: a view's `minX` and `minY` are its frame's
/// origin in its superview's coordinates (the root's in root coordinates), a guide's in its
/// owning view's. The lowering still writes anchors in root coordinates, where a position
/// is the sum of the relative positions on the path to the root; `linear` turns them into
/// relative terms, and the ancestors that two anchors share cancel.
///
/// Why: with root-coordinate variables, every view's position is a function of every
/// ancestor's, so one moved container changes every value below it and every relayout
/// re-evaluates them all; and a nested stack's rows carry the whole outer chain. With
/// relative variables a constraint between a view and its superview or a sibling mentions
/// only those two views' own variables, the frames are the variables themselves, and the
/// solutions are the same (the substitution is invertible, so the feasible set and every
/// priority level's error are unchanged).
extension Scene {

  /// `expression` as a constraint's left-hand side in the solver's variables: repeated
  /// variables merged, zero terms dropped. In `expression` the `minX` and `minY` of views
  /// and guides are root coordinates; in the result they are relative (see above).
  ///
  /// Each position term is walked up its view's ancestors, deepest entry first, merging
  /// entries that meet at a common ancestor; an entry whose coefficients cancel there
  /// (`a.leading == b.trailing + 8` meets with 1 − 1 = 0) stops, so the walk ends at the
  /// nearest common ancestor. Every constraint the scene format allows cancels there (a
  /// position multiplier is applied in that ancestor's coordinates, see `lower`); one that
  /// did not would walk on to the root, which is correct but long.
  /// - Complexity: O(terms · path length to the nearest common ancestor).
  func linear(_ expression: AffineExpression, _ variables: SceneVariables) -> LinearExpression {
    expression.terms.withUnsafeBufferPointer { linear($0, constant: expression.constant, variables) }
  }

  /// ``linear(_:_:)`` on terms in a buffer: the walk's entries live in a temporary
  /// allocation (on the stack for the few terms a constraint has), so the result's array is
  /// the only allocation.
  func linear(_ input: UnsafeBufferPointer<Term>, constant: Double, _ variables: SceneVariables) -> LinearExpression {
    // Root-coordinate positions still to expand: (view, quantity, coefficient, magnitude),
    // where magnitude sums the |coefficients| merged in, to judge a cancellation. There are
    // never more than at the start: each round takes one entry out and puts at most one back.
    typealias Entry = (view: Int32, quantity: FrameQuantity, coefficient: Double, magnitude: Double)
    var terms: [Term] = []
    terms.reserveCapacity(input.count + 2)
    withUnsafeTemporaryAllocation(of: Entry.self, capacity: max(1, input.count)) { pending in
      var count = 0
      func remove(at index: Int) {
        var k = index
        while k + 1 < count {
          pending[k] = pending[k + 1]
          k += 1
        }
        count -= 1
      }
      for term in input {
        guard let (owner, quantity) = variables.owner(of: term.variable), quantity == .minX || quantity == .minY else {
          terms.append(term)
          continue
        }
        switch owner {
        case .view(let v):
          pending.initializeElement(at: count, to: (v.rawValue, quantity, term.coefficient, abs(term.coefficient)))
          count += 1
        case .guide(let g):
          terms.append(term)
          if let guide = guides[g.index] {
            pending.initializeElement(at: count, to: (guide.owner.rawValue, quantity, term.coefficient, abs(term.coefficient)))
            count += 1
          }
        }
      }
      while count > 0 {
        var deepest = 0
        for k in 1..<count where depthSlots[Int(pending[k].view)] > depthSlots[Int(pending[deepest].view)] {
          deepest = k
        }
        var entry = pending[deepest]
        remove(at: deepest)
        var k = count - 1
        while k >= 0 {
          if pending[k].view == entry.view && pending[k].quantity == entry.quantity {
            entry.coefficient += pending[k].coefficient
            entry.magnitude += pending[k].magnitude
            remove(at: k)
          }
          k -= 1
        }
        // Cancelled here, so at every ancestor too.
        if abs(entry.coefficient) <= 1e-12 * entry.magnitude { continue }
        let view = ViewIndex(Int(entry.view))
        terms.append(Term(variables.variable(view, entry.quantity), entry.coefficient))
        let parent = parentSlots[Int(entry.view)]
        if parent >= 0 {
          entry.view = parent
          pending[count] = entry
          count += 1
        }
      }
    }
    // Normalized before it is wrapped, so the sort works on this array's own buffer.
    LinearExpression.normalize(&terms)
    return LinearExpression(terms, constant: constant)
  }

}
