import Interchange
import LayoutModel
import StrictJSON
import Testing
import TestSupport

private let file = "sys.json"

/// A constraint system file with `body` after the format member.
private func system(_ body: String) -> String {
  #"{"format": "layoutbench.constraints/1""# + (body.isEmpty ? "" : ", " + body) + "}"
}

/// The error `text` gives, as `bench` prints it, or nil when it decodes.
private func decodingError(_ text: String) -> String? {
  do {
    _ = try ConstraintSystemDocument.decode(text, file: file)
    return nil
  } catch {
    return error.description
  }
}

private func decode(_ text: String) throws -> (document: ConstraintSystemDocument, warnings: [Warning]) {
  try ConstraintSystemDocument.decode(text, file: file)
}

private let pin = #"{"id": "a", "terms": {"x": 1}, "relation": "=="}"#

@Suite struct DocumentDecodingTests {
  @Test func decodesTheFormatsExample() throws {
    let (document, warnings) = try decode(FormatsExample.text)
    #expect(document == FormatsExample.document)
    #expect(warnings.isEmpty)
  }

  @Test func anEmptySystemIsValid() throws {
    let (document, warnings) = try decode(system(#""constraints": []"#))
    #expect(document == ConstraintSystemDocument(variableNames: [], constraintNames: [], constraints: []))
    #expect(warnings.isEmpty)
    #expect(try decode(system(#""constraints": [], "edits": [], "steps": []"#)).document == document)
  }

  /// formats.md section 1 makes no member optional but the extensions; a file without
  /// `constraints` is more likely a misspelt key than an empty system.
  @Test func aSystemWithoutConstraintsIsRefused() {
    #expect(
      decodingError(system(#""edits": [], "steps": []"#))
        == "sys.json: constraints: missing required field 'constraints'; expected an array")
  }

  @Test(arguments: [
    (#"[{"id": "", "terms": {"x": 1}, "relation": "=="}]"#, "sys.json: constraints[0].id: a constraint id must not be empty"),
    (#"[{"id": "a", "terms": {"": 1}, "relation": "=="}]"#, #"sys.json: constraints[0].terms[""]: a variable name must not be empty"#),
  ])
  func refusesEmptyNames(constraints: String, expected: String) {
    #expect(decodingError(system(#""constraints": \#(constraints)"#)) == expected)
  }

  @Test func refusesAnEmptyEditVariable() {
    #expect(
      decodingError(system(#""constraints": [], "edits": [{"variable": "", "priority": 999}]"#))
        == "sys.json: edits[0].variable: a variable name must not be empty")
  }

  @Test func defaultsConstantToZeroAndPriorityToRequired() throws {
    let document = try decode(system(#""constraints": [\#(pin)]"#)).document
    #expect(document.constraints == [Constraint(id: ConstraintID(0), LinearExpression([Term(VariableID(0), 1)]), .equal)])
  }

  // MARK: Format and top level

  @Test(arguments: [
    ("[]", "sys.json: (top level): expected an object, found an array"),
    ("{}", #"sys.json: format: missing required field 'format'; expected "layoutbench.constraints/1""#),
    (#"{"format": "layoutbench.scene/1"}"#, #"sys.json: format: expected "layoutbench.constraints/1", found "layoutbench.scene/1""#),
    (#"{"format": 1}"#, #"sys.json: format: expected "layoutbench.constraints/1", found 1"#),
    (system(#""constraints": {}"#), "sys.json: constraints: expected an array, found an object"),
    (system(#""constraints": null"#), "sys.json: constraints: expected an array, found null"),
    (system(#""constraints": [], "edits": "W""#), #"sys.json: edits: expected an array, found "W""#),
    (system(#""constraints": [], "steps": 3"#), "sys.json: steps: expected an array, found 3"),
  ])
  func checksFormatAndTopLevelTypes(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  @Test func reportsSyntaxErrorsWithLineAndColumn() {
    #expect(decodingError("{\n  \"format\": NaN\n}") == "sys.json:2:13: NaN is not valid JSON: numbers must be finite")
  }

  // MARK: Constraints

  @Test(arguments: [
    (#"[5]"#, "sys.json: constraints[0]: expected an object, found 5"),
    (#"[\#(pin), {"terms": {}, "relation": "=="}]"#, "sys.json: constraints[1].id: missing required field 'id'; expected a string"),
    (#"[{"id": 7, "terms": {}, "relation": "=="}]"#, "sys.json: constraints[0].id: expected a string, found 7"),
    (#"[\#(pin), \#(pin)]"#, "sys.json: constraints[1].id: duplicate id 'a' in 'constraints'; first defined at constraints[0].id"),
    (#"[{"id": "a", "relation": "=="}]"#, "sys.json: constraints[0].terms: missing required field 'terms'; expected an object"),
    (#"[{"id": "a", "terms": [], "relation": "=="}]"#, "sys.json: constraints[0].terms: expected an object, found an array"),
    (#"[{"id": "a", "terms": {"x": "1"}, "relation": "=="}]"#, #"sys.json: constraints[0].terms.x: expected a finite number, found "1""#),
    (#"[{"id": "a", "terms": {"root.left": null}, "relation": "=="}]"#, #"sys.json: constraints[0].terms["root.left"]: expected a finite number, found null"#),
    (#"[{"id": "a", "terms": {}, "constant": true, "relation": "=="}]"#, "sys.json: constraints[0].constant: expected a finite number, found true"),
    (#"[{"id": "a", "terms": {}}]"#, "sys.json: constraints[0].relation: missing required field 'relation'; expected a string"),
    (#"[{"id": "a", "terms": {}, "relation": "="}]"#, #"sys.json: constraints[0].relation: expected one of "==", "<=", ">=", found "=""#),
    (#"[{"id": "a", "terms": {}, "relation": "=<"}]"#, #"sys.json: constraints[0].relation: expected one of "==", "<=", ">=", found "=<""#),
    (#"[\#(pin), {"id": "b", "terms": {}, "relation": ">=", "priority": 1200}]"#, "sys.json: constraints[1].priority: expected a number in (0, 1000], found 1200"),
    (#"[{"id": "a", "terms": {}, "relation": ">=", "priority": 0}]"#, "sys.json: constraints[0].priority: expected a number in (0, 1000], found 0"),
    (#"[{"id": "a", "terms": {}, "relation": ">=", "priority": -5}]"#, "sys.json: constraints[0].priority: expected a number in (0, 1000], found -5"),
    (#"[{"id": "a", "terms": {}, "relation": ">=", "priority": "high"}]"#, #"sys.json: constraints[0].priority: expected a number in (0, 1000], found "high""#),
  ])
  func checksConstraints(constraints: String, expected: String) {
    #expect(decodingError(system(#""constraints": \#(constraints)"#)) == expected)
  }

  @Test func acceptsPriorityBoundsAndEmptyTerms() throws {
    let text = system(#""constraints": [{"id": "a", "terms": {}, "relation": "<=", "priority": 1000}, {"id": "b", "terms": {"x": 0}, "relation": ">=", "priority": 0.001}]"#)
    let document = try decode(text).document
    #expect(document.constraints.map(\.priority) == [.required, Priority(0.001)])
    #expect(document.constraints[0].expression.terms.isEmpty)
    #expect(document.variableNames == ["x"])
  }

  @Test func rejectsDuplicateTermsAsSyntaxErrors() {
    let text = system(#""constraints": [{"id": "a", "terms": {"x": 1, "x": 2}, "relation": "=="}]"#)
    #expect(
      decodingError(text)
        == "sys.json:1:87: duplicate key 'x' at constraints[0].terms.x; keys must be unique within an object")
  }

  // MARK: Edits

  @Test(arguments: [
    (#"[{"priority": 999}]"#, "sys.json: edits[0].variable: missing required field 'variable'; expected a string"),
    (#"[{"variable": "W"}]"#, "sys.json: edits[0].priority: missing required field 'priority'; expected a number in (0, 1000); edit variables must be optional (below 1000)"),
    (#"[{"variable": "W", "priority": 1000}]"#, "sys.json: edits[0].priority: expected a number in (0, 1000), found 1000; edit variables must be optional (below 1000)"),
    (#"[{"variable": "W", "priority": 0}]"#, "sys.json: edits[0].priority: expected a number in (0, 1000), found 0; edit variables must be optional (below 1000)"),
    (#"[{"variable": "W", "priority": 999}, {"variable": "W", "priority": 10}]"#, "sys.json: edits[1].variable: duplicate edit variable 'W'; first declared at edits[0].variable"),
    (#"[["W", 999]]"#, "sys.json: edits[0]: expected an object, found an array"),
  ])
  func checksEdits(edits: String, expected: String) {
    #expect(decodingError(system(#""constraints": [], "edits": \#(edits)"#)) == expected)
  }

  // MARK: Steps

  @Test(arguments: [
    (#"[[]]"#, "sys.json: steps[0]: expected an object, found an array"),
    (#"[{}]"#, "sys.json: steps[0]: expected exactly one of 'suggest', 'setConstant', 'setPriority', 'remove', 'add'; found none"),
    (#"[{"remove": []}, {"sugest": {"W": 1}}]"#, "sys.json: steps[1]: expected exactly one of 'suggest', 'setConstant', 'setPriority', 'remove', 'add'; found none"),
    (#"[{"suggest": {}, "remove": []}]"#, "sys.json: steps[0]: expected exactly one of 'suggest', 'setConstant', 'setPriority', 'remove', 'add'; found 'suggest' and 'remove'"),
    (#"[{"add": [], "suggest": {}, "remove": []}]"#, "sys.json: steps[0]: expected exactly one of 'suggest', 'setConstant', 'setPriority', 'remove', 'add'; found 'add', 'suggest' and 'remove'"),
    (#"[{"suggest": {"x": 5}}]"#, "sys.json: steps[0].suggest.x: 'x' is not an edit variable; only variables declared in 'edits' can be suggested"),
    (#"[{"suggest": {"H": 5}}]"#, "sys.json: steps[0].suggest.H: 'H' is not an edit variable; only variables declared in 'edits' can be suggested"),
    (#"[{"suggest": {"W": "5"}}]"#, #"sys.json: steps[0].suggest.W: expected a finite number, found "5""#),
    (#"[{"suggest": [320]}]"#, "sys.json: steps[0].suggest: expected an object, found an array"),
    (#"[{"remove": []}, {"setConstant": {"nope": 1}}]"#, "sys.json: steps[1].setConstant.nope: no constraint 'nope' is defined in this file (in 'constraints' or an 'add' step)"),
    (#"[{"setConstant": {"a": false}}]"#, "sys.json: steps[0].setConstant.a: expected a finite number, found false"),
    (#"[{"setPriority": {"a": 1000}}]"#, "sys.json: steps[0].setPriority.a: expected a number in (0, 1000), found 1000; setPriority moves a priority only within the optional range"),
    (#"[{"setPriority": {"a": 0}}]"#, "sys.json: steps[0].setPriority.a: expected a number in (0, 1000), found 0; setPriority moves a priority only within the optional range"),
    (#"[{"setPriority": {"root.a": 5}}]"#, #"sys.json: steps[0].setPriority["root.a"]: no constraint 'root.a' is defined in this file (in 'constraints' or an 'add' step)"#),
    (#"[{"remove": []}, {"remove": []}, {"remove": ["ghost"]}]"#, "sys.json: steps[2].remove[0]: no constraint 'ghost' is defined in this file (in 'constraints' or an 'add' step)"),
    (#"[{"remove": ["a", 3]}]"#, "sys.json: steps[0].remove[1]: expected a string, found 3"),
    (#"[{"remove": "a"}]"#, #"sys.json: steps[0].remove: expected an array, found "a""#),
    (#"[{"add": {}}]"#, "sys.json: steps[0].add: expected an array, found an object"),
    (#"[{"add": [{"id": "n", "terms": {}, "relation": "=="}, {"id": "n", "terms": {}, "relation": "<="}]}]"#, "sys.json: steps[0].add[1].id: duplicate id 'n' in this 'add' step; first defined at steps[0].add[0].id"),
    (#"[{"add": [{"id": "n", "terms": {}, "relation": "==", "priority": 2000}]}]"#, "sys.json: steps[0].add[0].priority: expected a number in (0, 1000], found 2000"),
  ])
  func checksSteps(steps: String, expected: String) {
    let text = system(#""constraints": [\#(pin)], "edits": [{"variable": "W", "priority": 999}], "steps": \#(steps)"#)
    #expect(decodingError(text) == expected)
  }

  @Test func idsPresentOnlyAtRuntimeAreNotStaticErrors() throws {
    // Removing twice, setting a removed constraint, referring to a constraint before the
    // step that adds it, and adding an id already present all decode; the replay reports
    // them when they happen.
    let text = system(#"""
      "constraints": [\#(pin)],
      "steps": [
        {"remove": ["a", "a"]},
        {"setConstant": {"late": 1}},
        {"add": [{"id": "late", "terms": {"y": 1}, "relation": "=="}]},
        {"add": [\#(pin)]}
      ]
      """#)
    let document = try decode(text).document
    #expect(document.constraintNames == ["a", "late"])
    #expect(document.steps[0] == .remove([ConstraintID(0), ConstraintID(0)]))
    #expect(document.steps[1] == .setConstant([(ConstraintID(1), 1)]))
  }

  // MARK: Numbering

  @Test func numbersVariablesByFirstAppearanceConstraintsThenEditsThenSteps() throws {
    // `steps` and `edits` come first in the file; numbering still follows the format's
    // order: initial constraints, then edits, then steps.
    let text = #"""
      {"steps": [{"add": [{"id": "n", "terms": {"z": 1, "b": 2}, "relation": "=="}]}, {"suggest": {"E": 1, "a": 2}}],
       "edits": [{"variable": "E", "priority": 10}, {"variable": "a", "priority": 20}],
       "format": "layoutbench.constraints/1",
       "constraints": [{"id": "c", "terms": {"b": 1, "a": 1}, "relation": "<="}, {"id": "d", "terms": {"q": 1, "b": 1}, "relation": ">="}]}
      """#
    let document = try decode(text).document
    #expect(document.variableNames == ["b", "a", "q", "E", "z"])
    #expect(document.constraintNames == ["c", "d", "n"])
    #expect(document.edits == [.init(variable: VariableID(3), priority: Priority(10)), .init(variable: VariableID(1), priority: Priority(20))])
    #expect(document.steps[1] == .suggest([(VariableID(3), 1), (VariableID(1), 2)]))
    #expect(document.steps[0] == .add([Constraint(id: ConstraintID(2), LinearExpression([Term(VariableID(4), 1), Term(VariableID(0), 2)]), .equal)]))
  }

  @Test func keepsTermOrderAsWritten() throws {
    let text = system(#""constraints": [{"id": "s", "terms": {"c": 3, "a": 1, "b": 2}, "relation": "=="}]"#)
    let document = try decode(text).document
    #expect(document.variableNames == ["c", "a", "b"])
    #expect(document.constraints[0].expression.terms.map(\.coefficient) == [3, 1, 2])
  }

  @Test func numbersConstraintsByDefinitionAndReaddedIdsKeepTheirID() throws {
    let text = system(#"""
      "constraints": [{"id": "c1", "terms": {"x": 1}, "relation": "=="}, {"id": "c2", "terms": {"y": 1}, "relation": "=="}],
      "steps": [
        {"remove": ["c1", "later"]},
        {"add": [{"id": "n1", "terms": {"x": 1}, "relation": ">="}]},
        {"add": [{"id": "c1", "terms": {"x": 2}, "relation": "==", "constant": -4}]},
        {"add": [{"id": "later", "terms": {}, "relation": "<="}]}
      ]
      """#)
    let document = try decode(text).document
    #expect(document.constraintNames == ["c1", "c2", "n1", "later"])
    #expect(document.steps[0] == .remove([ConstraintID(0), ConstraintID(3)]))
    guard case .add(let readded) = document.steps[2] else {
      Issue.record("step 2 should be an add")
      return
    }
    #expect(readded.map(\.id) == [ConstraintID(0)])
    #expect(readded[0].expression == LinearExpression([Term(VariableID(0), 2)], constant: -4))
  }

  // MARK: Warnings

  @Test func warnsAboutUnknownFieldsEverywhereAndIgnoresThem() throws {
    let text = system(#"""
      "comment": "top",
      "constraints": [{"id": "a", "terms": {"x": 1}, "relation": "==", "note": 1, "strength": "strong"}],
      "edits": [{"variable": "W", "priority": 999, "initial": 5}],
      "steps": [{"suggest": {"W": 1}, "label": "resize"}, {"add": [{"id": "b", "terms": {}, "relation": "<=", "x": null}]}],
      "version": 2
      """#)
    let (document, warnings) = try decode(text)
    #expect(warnings.map(\.description) == [
      "sys.json: comment: unknown field 'comment' ignored",
      "sys.json: version: unknown field 'version' ignored",
      "sys.json: constraints[0].note: unknown field 'note' ignored",
      "sys.json: constraints[0].strength: unknown field 'strength' ignored",
      "sys.json: edits[0].initial: unknown field 'initial' ignored",
      "sys.json: steps[0].label: unknown field 'label' ignored",
      "sys.json: steps[1].add[0].x: unknown field 'x' ignored",
    ])
    #expect(warnings.first == Warning(file: file, path: JSONPath([.key("comment")]), message: "unknown field 'comment' ignored"))
    #expect(document.variableNames == ["x", "W"])
    #expect(document.constraints.count == 1)
  }

  @Test func errorsCarryFileAndPathAsValues() {
    #expect(throws: JSONError.invalidDocument(
      file: "other.json", path: JSONPath([.key("constraints"), .index(0), .key("priority")]),
      message: "expected a number in (0, 1000], found 1001")
    ) {
      try ConstraintSystemDocument.decode(
        system(#""constraints": [{"id": "a", "terms": {}, "relation": "==", "priority": 1001}]"#), file: "other.json")
    }
  }

  @Test func rejectsInvalidUTF8InFileBytes() {
    let prefix = #"{"format": "layoutbench.constraints/1", "constraints": [{"id": "a"#
    let suffix = #"", "terms": {}, "relation": "=="}]}"#
    let bytes = Array(prefix.utf8) + [0xC3, 0x28] + Array(suffix.utf8)
    let column = prefix.utf8.count + 1
    #expect(throws: JSONError.syntax(file: file, line: 1, column: column, message: "invalid UTF-8 byte 0xC3 in string")) {
      try ConstraintSystemDocument.decode(utf8: bytes, file: file)
    }
  }
}
