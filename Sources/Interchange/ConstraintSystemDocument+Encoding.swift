import LayoutModel
import StrictJSON

extension ConstraintSystemDocument {
  /// The document as a `layoutbench.constraints/1` file: every field written (defaults
  /// included), one constraint, edit or step per line, ending with a newline. Tests use it
  /// to write failing systems as replayable files. O(size of the document).
  ///
  /// ``decode(_:file:)`` gives back an equal document when this one is canonical, as every
  /// decoded document is: ids numbered in order of first appearance, and no variable
  /// repeated within one expression. Otherwise it gives the canonical equivalent:
  /// repeated terms are merged (in the order of first appearance) and ids renumbered.
  /// - Precondition: every number is finite (``LinearSolver`` would refuse the others too).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// The document as a JSON value, members in the order formats.md shows them.
  /// The extensions of docs/interchange.md: `workload` after `format`, `operations` last,
  /// each only when present.
  public func jsonValue() -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("format", .string(Self.formatName))]
    if let workload { members.append(("workload", workload.jsonValue())) }
    members += [
      ("constraints", .array(constraints.map(jsonValue(of:)))),
      ("edits", .array(edits.map { edit in
        .object([("variable", .string(name(of: edit.variable))), ("priority", .number(edit.priority.value))])
      })),
      ("steps", .array(steps.map(jsonValue(of:)))),
    ]
    if let operations { members.append(("operations", .array(operations.map { $0.jsonValue() }))) }
    return .object(members)
  }

  private func jsonValue(of constraint: Constraint) -> JSONValue {
    .object([
      ("id", .string(name(of: constraint.id))),
      ("terms", .object(mergedTerms(constraint.expression.terms))),
      ("constant", .number(constraint.expression.constant)),
      ("relation", .string(constraint.relation.rawValue)),
      ("priority", .number(constraint.priority.value)),
    ])
  }

  /// JSON objects cannot repeat a key, so a variable that occurs twice in an expression
  /// is written once with the summed coefficient, at its first position.
  private func mergedTerms(_ terms: [Term]) -> [(key: String, value: JSONValue)] {
    var coefficients: [Double] = []
    var variables: [VariableID] = []
    var positions: [VariableID: Int] = [:]
    for term in terms {
      if let position = positions[term.variable] {
        coefficients[position] += term.coefficient
      } else {
        positions[term.variable] = variables.count
        variables.append(term.variable)
        coefficients.append(term.coefficient)
      }
    }
    return zip(variables, coefficients).map { (name(of: $0), .number($1)) }
  }

  private func jsonValue(of step: Step) -> JSONValue {
    switch step {
    case .suggest(let entries):
      .object([("suggest", .object(entries.map { (name(of: $0.0), .number($0.1)) }))])
    case .setConstant(let entries):
      .object([("setConstant", .object(entries.map { (name(of: $0.0), .number($0.1)) }))])
    case .setPriority(let entries):
      .object([("setPriority", .object(entries.map { (name(of: $0.0), .number($0.1.value)) }))])
    case .remove(let ids):
      .object([("remove", .array(ids.map { .string(name(of: $0)) }))])
    case .add(let constraints):
      .object([("add", .array(constraints.map(jsonValue(of:))))])
    }
  }
}
