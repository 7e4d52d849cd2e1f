/// One term `coefficient * variable` of a linear expression.
public struct Term: Hashable, Sendable {
  public var variable: VariableID
  public var coefficient: Double

  @inlinable
  public init(_ variable: VariableID, _ coefficient: Double) {
    self.variable = variable
    self.coefficient = coefficient
  }
}

/// `sum(terms) + constant`, the left-hand side of every constraint.
///
/// Terms keep the order they were given in; the same variable may appear more than once
/// (solvers add the coefficients). Use ``normalized()`` for the canonical form: sorted by
/// variable, duplicates merged, exact zeros dropped.
public struct LinearExpression: Hashable, Sendable {
  public var terms: [Term]
  public var constant: Double

  @inlinable
  public init(_ terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// The canonical form: terms sorted by variable with duplicates merged and exact zeros
  /// removed. O(n log n) in the number of terms.
  public func normalized() -> LinearExpression {
    var result = self
    result.normalize()
    return result
  }

  /// Term counts up to which ``normalize()`` sorts by insertion.
  static let insertionSortLimit = 12

  /// ``normalized()`` in place: sorts and merges within `terms`' own storage, so it
  /// allocates at most the copy of a shared buffer (a sorted copy and a merged array
  /// before). Duplicates are summed in the sorted order, as before. O(n log n).
  public mutating func normalize() { Self.normalize(&terms) }

  /// ``normalize()`` on a term array: sorted by variable (stable), duplicates summed in
  /// that order, exact zeros dropped. One pass over the buffer after the sort; a
  /// constraint's few terms are sorted by insertion (the general sort's set-up, and the
  /// merge and the zero removal as separate passes with closures, were most of the cost of
  /// normalizing two to four terms). O(n log n); O(n²) below ``insertionSortLimit``.
  public static func normalize(_ terms: inout [Term]) {
    let kept = terms.withUnsafeMutableBufferPointer { terms -> Int in
      if terms.count <= insertionSortLimit {
        for i in terms.indices.dropFirst() {
          let term = terms[i]
          var j = i
          while j > 0 && term.variable < terms[j - 1].variable {
            terms[j] = terms[j - 1]
            j -= 1
          }
          terms[j] = term
        }
      } else {
        terms.sort { $0.variable < $1.variable }
      }
      var merged = 0
      for k in terms.indices {
        if merged > 0, terms[merged - 1].variable == terms[k].variable {
          terms[merged - 1].coefficient += terms[k].coefficient
        } else {
          terms[merged] = terms[k]
          merged += 1
        }
      }
      var kept = 0
      for k in 0..<merged where terms[k].coefficient != 0 {
        terms[kept] = terms[k]
        kept += 1
      }
      return kept
    }
    terms.removeLast(terms.count - kept)
  }

  /// The expression's value for the given variable values. O(terms).
  @inlinable
  public func value(_ valueOf: (VariableID) -> Double) -> Double {
    var sum = constant
    for term in terms { sum += term.coefficient * valueOf(term.variable) }
    return sum
  }

  /// The largest magnitude among the constant and each `|coefficient * value|`, the scale
  /// against which a residual of this expression is judged. O(terms).
  @inlinable
  public func magnitude(_ valueOf: (VariableID) -> Double) -> Double {
    var scale = abs(constant)
    for term in terms { scale = max(scale, abs(term.coefficient * valueOf(term.variable))) }
    return scale
  }
}
