import LayoutModel
import StrictJSON

/// Turns a parsed `layoutbench.constraints/1` value into a ``ConstraintSystemDocument``
/// (formats.md section 1), checking every rule that can be checked without a solver.
///
/// Numbering: variables get ids in order of first appearance (initial constraints in
/// file order, then edits, then `add` steps); constraint names get ids in order of
/// definition (initial constraints, then `add` steps), and a name defined again by a
/// later `add` keeps its id. Because a step may refer to a constraint that only a later
/// `add` defines, constraint names are collected in a first pass over the raw value.
struct ConstraintSystemDecoder {
  private var reader: JSONReader
  private var variableNames: [String] = []
  private var variableIDs: [String: VariableID] = [:]
  private var constraintNames: [String] = []
  private var constraintIDs: [String: ConstraintID] = [:]
  /// Where each edit variable was declared, for duplicate and `suggest` checks.
  private var editDeclarations: [VariableID: JSONPath] = [:]

  static let topLevelKeys = ["format", "workload", "constraints", "edits", "steps", "operations"]
  static let constraintKeys = ["id", "terms", "constant", "relation", "priority"]
  static let editKeys = ["variable", "priority"]
  static let stepKinds = ["suggest", "setConstant", "setPriority", "remove", "add"]

  init(file: String) {
    reader = JSONReader(file: file)
  }

  var warnings: [Warning] { reader.warnings }

  /// O(size of the document).
  mutating func decode(_ root: JSONValue) throws(JSONError) -> ConstraintSystemDocument {
    let members = try reader.object(root, at: .root, knownKeys: Self.topLevelKeys)
    let format = JSONReader.member("format", of: members)
    guard case .string(ConstraintSystemDocument.formatName)? = format else {
      throw reader.mismatch(
        expected: JSONWriter.quoted(ConstraintSystemDocument.formatName), found: format,
        at: .root.appending("format"))
    }
    let constraintValues = JSONReader.member("constraints", of: members)
    let stepValues = JSONReader.member("steps", of: members)
    numberConstraintDefinitions(constraintValues, stepValues)

    var constraints: [Constraint] = []
    var definedIDs: [String: JSONPath] = [:]
    // Required: a file without it is more likely a mistake (a misspelt key, the wrong
    // file) than a system without constraints, which `"constraints": []` states.
    for (index, value) in try reader.array(constraintValues, at: .root.appending("constraints")).enumerated() {
      let path = JSONPath.root.appending("constraints").appending(index)
      constraints.append(try decodeConstraint(value, at: path, definedIDs: &definedIDs, scope: "'constraints'"))
    }

    var edits: [ConstraintSystemDocument.EditDeclaration] = []
    let editsPath = JSONPath.root.appending("edits")
    for (index, value) in try optionalArray(JSONReader.member("edits", of: members), at: editsPath).enumerated() {
      edits.append(try decodeEdit(value, at: editsPath.appending(index)))
    }

    var steps: [ConstraintSystemDocument.Step] = []
    let stepsPath = JSONPath.root.appending("steps")
    for (index, value) in try optionalArray(stepValues, at: stepsPath).enumerated() {
      steps.append(try decodeStep(value, at: stepsPath.appending(index)))
    }

    // Extensions (docs/interchange.md).
    var workload: WorkloadInfo?
    if let value = JSONReader.member("workload", of: members) {
      workload = try reader.workloadInfo(value, at: .root.appending("workload"))
    }
    var operations: [MeasuredOperation]?
    if let value = JSONReader.member("operations", of: members) {
      operations = try reader.measuredOperations(value, at: .root.appending("operations"), stepCount: steps.count)
    }

    return ConstraintSystemDocument(
      variableNames: variableNames, constraintNames: constraintNames, constraints: constraints,
      edits: edits, steps: steps, workload: workload, operations: operations)
  }

  /// An absent array is empty; `null` or any other type is an error.
  private func optionalArray(_ value: JSONValue?, at path: JSONPath) throws(JSONError) -> [JSONValue] {
    guard let value else { return [] }
    return try reader.array(value, at: path)
  }

  // MARK: Names

  private mutating func variableID(_ name: String) -> VariableID {
    if let id = variableIDs[name] { return id }
    let id = VariableID(variableNames.count)
    variableNames.append(name)
    variableIDs[name] = id
    return id
  }

  private mutating func constraintID(_ name: String) -> ConstraintID {
    if let id = constraintIDs[name] { return id }
    let id = ConstraintID(constraintNames.count)
    constraintNames.append(name)
    constraintIDs[name] = id
    return id
  }

  /// Gives every constraint name defined in the file (in `constraints` or in an `add`
  /// step) its id, in definition order, before steps that refer to names are decoded.
  /// Lenient on purpose: whatever is malformed here is reported by the main pass.
  private mutating func numberConstraintDefinitions(_ constraints: JSONValue?, _ steps: JSONValue?) {
    var definitionLists: [JSONValue] = []
    if let constraints { definitionLists.append(constraints) }
    if case .array(let stepValues)? = steps {
      definitionLists += stepValues.compactMap { $0["add"] }
    }
    for case .array(let definitions) in definitionLists {
      for case .string(let name)? in definitions.map({ $0["id"] }) {
        _ = constraintID(name)
      }
    }
  }

  // MARK: Constraints and edits

  /// One constraint object; `definedIDs` holds the ids already defined in the same array.
  private mutating func decodeConstraint(
    _ value: JSONValue, at path: JSONPath, definedIDs: inout [String: JSONPath], scope: String
  ) throws(JSONError) -> Constraint {
    let members = try reader.object(value, at: path, knownKeys: Self.constraintKeys)
    let idPath = path.appending("id")
    let name = try reader.identifier(JSONReader.member("id", of: members), at: idPath, of: "a constraint id")
    if let firstPath = definedIDs[name] {
      throw reader.invalid("duplicate id '\(name)' in \(scope); first defined at \(firstPath)", at: idPath)
    }
    definedIDs[name] = idPath

    let termsPath = path.appending("terms")
    var terms: [Term] = []
    for member in try reader.object(JSONReader.member("terms", of: members), at: termsPath) {
      if member.key.isEmpty { throw reader.invalid("a variable name must not be empty", at: termsPath.appending(member.key)) }
      let coefficient = try reader.number(member.value, at: termsPath.appending(member.key))
      terms.append(Term(variableID(member.key), coefficient))
    }

    var constant = 0.0
    if let value = JSONReader.member("constant", of: members) {
      constant = try reader.number(value, at: path.appending("constant"))
    }

    let relationPath = path.appending("relation")
    let relationValue = JSONReader.member("relation", of: members)
    let relationText = try reader.string(relationValue, at: relationPath)
    guard let relation = Relation(rawValue: relationText) else {
      throw reader.mismatch(expected: #"one of "==", "<=", ">=""#, found: relationValue, at: relationPath)
    }

    var priority = Priority.required
    if let value = JSONReader.member("priority", of: members) {
      priority = Priority(
        try reader.number(value, at: path.appending("priority"), expected: "a number in (0, 1000]") {
          $0 > 0 && $0 <= 1000
        })
    }
    return Constraint(
      id: constraintID(name), LinearExpression(terms, constant: constant), relation, priority: priority)
  }

  private mutating func decodeEdit(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> ConstraintSystemDocument.EditDeclaration {
    let members = try reader.object(value, at: path, knownKeys: Self.editKeys)
    let variablePath = path.appending("variable")
    let name = try reader.identifier(JSONReader.member("variable", of: members), at: variablePath, of: "a variable name")
    let priority = try reader.number(
      JSONReader.member("priority", of: members), at: path.appending("priority"),
      expected: "a number in (0, 1000)", reason: "edit variables must be optional (below 1000)"
    ) { $0 > 0 && $0 < 1000 }
    let variable = variableID(name)
    if let firstPath = editDeclarations[variable] {
      throw reader.invalid("duplicate edit variable '\(name)'; first declared at \(firstPath)", at: variablePath)
    }
    editDeclarations[variable] = variablePath
    return ConstraintSystemDocument.EditDeclaration(variable: variable, priority: Priority(priority))
  }

  // MARK: Steps

  private mutating func decodeStep(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> ConstraintSystemDocument.Step {
    let members = try reader.object(value, at: path, knownKeys: Self.stepKinds)
    let kinds = members.filter { Self.stepKinds.contains($0.key) }
    guard kinds.count == 1, let kind = kinds.first else {
      let found = kinds.isEmpty ? "none" : Self.listed(kinds.map { "'\($0.key)'" })
      let expected = Self.stepKinds.map { "'\($0)'" }.joined(separator: ", ")
      throw reader.invalid("expected exactly one of \(expected); found \(found)", at: path)
    }
    let kindPath = path.appending(kind.key)
    switch kind.key {
    case "suggest": return try decodeSuggest(kind.value, at: kindPath)
    case "setConstant":
      return .setConstant(
        try decodeConstraintMap(kind.value, at: kindPath) { (reader, value, path) throws(JSONError) in
          try reader.number(value, at: path)
        })
    case "setPriority":
      return .setPriority(
        try decodeConstraintMap(kind.value, at: kindPath) { (reader, value, path) throws(JSONError) in
          Priority(
            try reader.number(
              value, at: path, expected: "a number in (0, 1000)",
              reason: "setPriority moves a priority only within the optional range"
            ) { $0 > 0 && $0 < 1000 })
        })
    case "remove": return try decodeRemove(kind.value, at: kindPath)
    default: return try decodeAdd(kind.value, at: kindPath)
    }
  }

  /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
  private static func listed(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  private mutating func decodeSuggest(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> ConstraintSystemDocument.Step {
    var suggestions: [(VariableID, Double)] = []
    for member in try reader.object(value, at: path) {
      let memberPath = path.appending(member.key)
      let suggestion = try reader.number(member.value, at: memberPath)
      guard let variable = variableIDs[member.key], editDeclarations[variable] != nil else {
        throw reader.invalid(
          "'\(member.key)' is not an edit variable; only variables declared in 'edits' can be suggested",
          at: memberPath)
      }
      suggestions.append((variable, suggestion))
    }
    return .suggest(suggestions)
  }

  /// An object from constraint ids to values, as `setConstant` and `setPriority` take.
  private mutating func decodeConstraintMap<Value>(
    _ value: JSONValue, at path: JSONPath,
    _ decodeValue: (JSONReader, JSONValue, JSONPath) throws(JSONError) -> Value
  ) throws(JSONError) -> [(ConstraintID, Value)] {
    var entries: [(ConstraintID, Value)] = []
    for member in try reader.object(value, at: path) {
      let memberPath = path.appending(member.key)
      let decoded = try decodeValue(reader, member.value, memberPath)
      entries.append((try definedConstraint(member.key, at: memberPath), decoded))
    }
    return entries
  }

  private mutating func decodeRemove(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> ConstraintSystemDocument.Step {
    var ids: [ConstraintID] = []
    for (index, element) in try reader.array(value, at: path).enumerated() {
      let elementPath = path.appending(index)
      ids.append(try definedConstraint(try reader.string(element, at: elementPath), at: elementPath))
    }
    return .remove(ids)
  }

  private mutating func decodeAdd(
    _ value: JSONValue, at path: JSONPath
  ) throws(JSONError) -> ConstraintSystemDocument.Step {
    var constraints: [Constraint] = []
    var definedIDs: [String: JSONPath] = [:]
    for (index, element) in try reader.array(value, at: path).enumerated() {
      constraints.append(
        try decodeConstraint(element, at: path.appending(index), definedIDs: &definedIDs, scope: "this 'add' step"))
    }
    return .add(constraints)
  }

  /// The id of a constraint a step refers to. A name defined nowhere in the file is a
  /// static error; whether it is present when the step runs is the replay's business.
  private func definedConstraint(_ name: String, at path: JSONPath) throws(JSONError) -> ConstraintID {
    guard let id = constraintIDs[name] else {
      throw reader.invalid(
        "no constraint '\(name)' is defined in this file (in 'constraints' or an 'add' step)", at: path)
    }
    return id
  }
}
