import Interchange
import LayoutModel

/// The example of formats.md section 1, verbatim, and the document it means.
enum FormatsExample {
  static let text = """
    {
      "format": "layoutbench.constraints/1",
      "constraints": [
        {"id": "x0",   "terms": {"x0": 1},                    "constant": 0,    "relation": "==", "priority": 1000},
        {"id": "cr0",  "terms": {"w0": 1},                    "constant": -40,  "relation": ">=", "priority": 750},
        {"id": "gap1", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -8,  "relation": "==", "priority": 1000}
      ],
      "edits": [{"variable": "W", "priority": 999}],
      "steps": [
        {"suggest": {"W": 320}},
        {"setConstant": {"cr0": -50}},
        {"setPriority": {"cr0": 700}},
        {"remove": ["gap1"]},
        {"add": [{"id": "gap1b", "terms": {"x1": 1, "x0": -1, "w0": -1}, "constant": -16, "relation": "==", "priority": 1000}]}
      ]
    }
    """

  static var document: ConstraintSystemDocument {
    let (x0, w0, x1, w) = (VariableID(0), VariableID(1), VariableID(2), VariableID(3))
    let gapTerms = [Term(x1, 1), Term(x0, -1), Term(w0, -1)]
    return ConstraintSystemDocument(
      variableNames: ["x0", "w0", "x1", "W"],
      constraintNames: ["x0", "cr0", "gap1", "gap1b"],
      constraints: [
        Constraint(id: ConstraintID(0), LinearExpression([Term(x0, 1)], constant: 0), .equal),
        Constraint(id: ConstraintID(1), LinearExpression([Term(w0, 1)], constant: -40), .greaterThanOrEqual, priority: Priority(750)),
        Constraint(id: ConstraintID(2), LinearExpression(gapTerms, constant: -8), .equal),
      ],
      edits: [.init(variable: w, priority: Priority(999))],
      steps: [
        .suggest([(w, 320)]),
        .setConstant([(ConstraintID(1), -50)]),
        .setPriority([(ConstraintID(1), Priority(700))]),
        .remove([ConstraintID(2)]),
        .add([Constraint(id: ConstraintID(3), LinearExpression(gapTerms, constant: -16), .equal)]),
      ])
  }
}
