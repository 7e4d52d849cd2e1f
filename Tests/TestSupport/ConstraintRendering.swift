import LayoutModel

/// One-line text for a constraint, `c3: v0 - 2*v1 + 5 <= 0 @750`, used in the descriptions
/// of generated systems and traces so a failing case can be read and rebuilt by hand.
/// Terms are printed as given (duplicates and zero coefficients included). O(terms).
public func render(_ constraint: Constraint) -> String {
  var text = ""
  for term in constraint.expression.terms {
    let magnitude = abs(term.coefficient)
    let sign = term.coefficient < 0 || (term.coefficient == 0 && term.coefficient.sign == .minus)
    if text.isEmpty {
      text += sign ? "-" : ""
    } else {
      text += sign ? " - " : " + "
    }
    text += magnitude == 1 ? "\(term.variable)" : "\(renderNumber(magnitude))*\(term.variable)"
  }
  let constant = constraint.expression.constant
  if text.isEmpty {
    text = renderNumber(constant)
  } else if constant != 0 {
    text += constant < 0 ? " - \(renderNumber(-constant))" : " + \(renderNumber(constant))"
  }
  return "\(constraint.id): \(text) \(constraint.relation.rawValue) 0 @\(constraint.priority)"
}

/// Integers without a fractional part, anything else as Swift prints it.
func renderNumber(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}
