import LayoutModel

/// `Σ coefficient · variable + constant` under construction: the anchors of views, guides
/// and canvases are sums like `minX + 0.5 · width + 8`, positions in root coordinates
/// (`Scene.linear` makes them the solver's superview-relative variables). Small: a few
/// terms each.
struct AffineExpression {
  var terms: [Term] = []
  var constant: Double = 0

  init(constant: Double = 0) { self.constant = constant }
  init(_ variable: VariableID, _ coefficient: Double = 1) { terms = [Term(variable, coefficient)] }
  init(_ terms: [Term], constant: Double) {
    self.terms = terms
    self.constant = constant
  }

  static func + (a: AffineExpression, b: AffineExpression) -> AffineExpression {
    var r = a
    r.terms += b.terms
    r.constant += b.constant
    return r
  }

  /// Adds `k · b` in place: one growth of this expression's terms, no temporary.
  mutating func add(_ b: AffineExpression, times k: Double) {
    terms.reserveCapacity(terms.count + b.terms.count)
    for term in b.terms { terms.append(Term(term.variable, k * term.coefficient)) }
    constant += k * b.constant
  }

  /// One array: `a + (-1) * b` copied b's terms once to negate them and again to append.
  static func - (a: AffineExpression, b: AffineExpression) -> AffineExpression {
    var r = a
    r.add(b, times: -1)
    return r
  }

  static func * (k: Double, a: AffineExpression) -> AffineExpression {
    var r = a
    for i in r.terms.indices { r.terms[i].coefficient *= k }
    r.constant *= k
    return r
  }

  static func + (a: AffineExpression, c: Double) -> AffineExpression {
    var r = a
    r.constant += c
    return r
  }

  static func - (a: AffineExpression, c: Double) -> AffineExpression { a + (-c) }
}
