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

  static func + (a: AffineExpression, b: AffineExpression) -> AffineExpression {
    var r = a
    r.terms += b.terms
    r.constant += b.constant
    return r
  }

  static func - (a: AffineExpression, b: AffineExpression) -> AffineExpression { a + (-1) * b }

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
