import Foundation
import Interchange
import LayoutModel

/// The example of formats.md section 1, verbatim (the committed
/// `Benchmarks/systems/formats-example.json`), and the document it means.
public enum FormatsExample {
  /// The text of formats.md section 1's example, as committed for `make bench`.
  public static var text: String {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Benchmarks/systems/formats-example.json").path
    guard let data = FileManager.default.contents(atPath: path) else {
      preconditionFailure("missing \(path): the example is part of the repository")
    }
    return String(decoding: data, as: UTF8.self)
  }

  public static var document: ConstraintSystemDocument {
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
