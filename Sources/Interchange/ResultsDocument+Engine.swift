import LayoutModel
import StrictJSON

/// The members a case measured by an outside engine carries (docs/engines.md;
/// interchange.md, "Engine checks"): who the engine is, and how its answers compared with
/// the reference backend's.
extension ResultsDocument {
  /// The engine as its `hello` described it.
  public struct EngineInfo: Hashable, Sendable {
    public var name: String
    public var version: String
    public var language: String?
    /// What sits between the engine's language and the timed calls (`Python → C++`).
    public var binding: String?
    /// The arithmetic the engine computes in, when it says: `float32` answers are checked
    /// at a tolerance of their own (docs/engines.md, "How answers are checked").
    public var precision: String?

    public init(name: String, version: String, language: String? = nil, binding: String? = nil, precision: String? = nil) {
      self.name = name
      self.version = version
      self.language = language
      self.binding = binding
      self.precision = precision
    }
  }

  /// An engine's answers against the reference backend's, state by state.
  public struct AnswerCheck: Hashable, Sendable {
    /// The backend whose answers are the reference (`cassowary`).
    public var reference: String
    public var states: Int
    /// Values compared (four per view and state for scenes), refused states counted once.
    public var values: Int
    /// Values (or states, refused on one side only) that differ.
    public var mismatches: Int
    /// The first differences, in state order.
    public var examples: [Mismatch]
    /// The closeness rule the values were compared by, when not the default one (an engine
    /// that computes in 32-bit floats).
    public var tolerance: Tolerance?

    public init(
      reference: String, states: Int, values: Int, mismatches: Int, examples: [Mismatch], tolerance: Tolerance? = nil
    ) {
      self.reference = reference
      self.states = states
      self.values = values
      self.mismatches = mismatches
      self.examples = examples
      self.tolerance = tolerance
    }

    public var passed: Bool { mismatches == 0 }
  }

  /// One difference: in `state` (0 the first layout, k after operation k), the value of
  /// `name` (`VIEW.x` for a frame), nil where that side refused the state.
  public struct Mismatch: Hashable, Sendable {
    public var state: Int
    public var name: String
    public var engine: Double?
    public var reference: Double?

    public init(state: Int, name: String, engine: Double?, reference: Double?) {
      self.state = state
      self.name = name
      self.engine = engine
      self.reference = reference
    }
  }

  static func jsonValue(of engine: EngineInfo) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(engine.name)), ("version", .string(engine.version))]
    if let language = engine.language { members.append(("language", .string(language))) }
    if let binding = engine.binding { members.append(("binding", .string(binding))) }
    if let precision = engine.precision { members.append(("precision", .string(precision))) }
    return .object(members)
  }

  static func jsonValue(of check: AnswerCheck) -> JSONValue {
    func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    var members: [(key: String, value: JSONValue)] = [
      ("reference", .string(check.reference)), ("states", .number(Double(check.states))),
      ("values", .number(Double(check.values))), ("mismatches", .number(Double(check.mismatches))),
      (
        "examples",
        .array(
          check.examples.map {
            .object([
              ("state", .number(Double($0.state))), ("name", .string($0.name)), ("engine", number($0.engine)),
              ("reference", number($0.reference)),
            ])
          })
      ),
    ]
    if let tolerance = check.tolerance {
      members.append(
        ("tolerance", .object([("absolute", .number(tolerance.absolute)), ("relative", .number(tolerance.relative))])))
    }
    return .object(members)
  }

  /// - Throws: `JSONError` naming the member at fault.
  static func decodeEngine(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> EngineInfo {
    let members = try reader.object(value, at: path, knownKeys: ["name", "version", "language", "binding", "precision"])
    func optional(_ key: String) throws(JSONError) -> String? {
      guard let value = JSONReader.member(key, of: members), value != .null else { return nil }
      return try reader.string(value, at: path.appending(key))
    }
    return EngineInfo(
      name: try reader.string(JSONReader.member("name", of: members), at: path.appending("name")),
      version: try reader.string(JSONReader.member("version", of: members), at: path.appending("version")),
      language: try optional("language"), binding: try optional("binding"), precision: try optional("precision"))
  }

  /// - Throws: `JSONError` naming the member at fault.
  static func decodeCheck(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> AnswerCheck {
    let members = try reader.object(
      value, at: path, knownKeys: ["reference", "states", "values", "mismatches", "examples", "tolerance"])
    func count(_ key: String) throws(JSONError) -> Int {
      Int(
        try reader.number(JSONReader.member(key, of: members), at: path.appending(key), expected: "a count (an integer >= 0)") {
          $0 >= 0 && $0 == $0.rounded() && $0 <= Limits.count
        })
    }
    var examples: [Mismatch] = []
    let examplesPath = path.appending("examples")
    for (index, entry) in try reader.array(JSONReader.member("examples", of: members), at: examplesPath).enumerated() {
      let entryPath = examplesPath.appending(index)
      let fields = try reader.object(entry, at: entryPath, knownKeys: ["state", "name", "engine", "reference"])
      func value(_ key: String) throws(JSONError) -> Double? {
        guard let value = JSONReader.member(key, of: fields), value != .null else { return nil }
        return try reader.number(value, at: entryPath.appending(key), expected: "a number or null") { _ in true }
      }
      let state = try reader.number(JSONReader.member("state", of: fields), at: entryPath.appending("state"), expected: "a state index") {
        $0 >= 0 && $0 == $0.rounded() && $0 <= Limits.count
      }
      examples.append(
        Mismatch(
          state: Int(state), name: try reader.string(JSONReader.member("name", of: fields), at: entryPath.appending("name")),
          engine: try value("engine"), reference: try value("reference")))
    }
    var tolerance: Tolerance?
    if let entry = JSONReader.member("tolerance", of: members) {
      let tolerancePath = path.appending("tolerance")
      let fields = try reader.object(entry, at: tolerancePath, knownKeys: ["absolute", "relative"])
      func bound(_ key: String) throws(JSONError) -> Double {
        try reader.number(JSONReader.member(key, of: fields), at: tolerancePath.appending(key), expected: "a bound (a number >= 0)") {
          $0 >= 0
        }
      }
      tolerance = Tolerance(absolute: try bound("absolute"), relative: try bound("relative"))
    }
    return AnswerCheck(
      reference: try reader.string(JSONReader.member("reference", of: members), at: path.appending("reference")),
      states: try count("states"), values: try count("values"), mismatches: try count("mismatches"), examples: examples,
      tolerance: tolerance)
  }
}
