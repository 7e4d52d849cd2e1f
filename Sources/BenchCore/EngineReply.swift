import Interchange
import StrictJSON

/// A message from an outside engine (docs/engines.md, "The protocol"), decoded strictly:
/// whatever breaks the rules is a `JSONError` naming the member, file `engine output`.
public enum EngineReply: Sendable {
  case hello(ResultsDocument.EngineInfo, inputs: [EngineInput])
  case progress(String)
  case result(EngineResult)
  case skipped(reason: String)
  case failed(error: String)

  static let file = "engine output"

  /// - Throws: `JSONError` for an unknown message or a malformed member.
  public static func decode(_ value: JSONValue) throws(JSONError) -> EngineReply {
    var reader = JSONReader(file: file)
    let root = JSONPath()
    let members = try reader.object(value, at: root)
    func member(_ key: String) -> JSONValue? { JSONReader.member(key, of: members) }
    let kind = try reader.string(member("message"), at: root.appending("message"))
    switch kind {
    case "hello":
      let protocolName = try reader.string(member("protocol"), at: root.appending("protocol"))
      guard protocolName == EngineConnection.protocolName else {
        throw reader.invalid("the runner speaks \(EngineConnection.protocolName), the engine \(protocolName)", at: root.appending("protocol"))
      }
      func optional(_ key: String) throws(JSONError) -> String? {
        guard let value = member(key), value != .null else { return nil }
        return try reader.string(value, at: root.appending(key))
      }
      var inputs: [EngineInput] = []
      for (index, entry) in try reader.array(member("inputs"), at: root.appending("inputs")).enumerated() {
        let text = try reader.string(entry, at: root.appending("inputs").appending(index))
        guard let input = EngineInput(rawValue: text) else {
          throw reader.invalid(
            "expected \"constraints\", \"scene\" or \"flex\", found \"\(text)\"", at: root.appending("inputs").appending(index))
        }
        inputs.append(input)
      }
      let precision = try optional("precision")
      if let precision, !AnswerComparison.precisions.contains(precision) {
        throw reader.invalid(
          "expected one of \(AnswerComparison.precisions.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(precision)\"",
          at: root.appending("precision"))
      }
      let info = ResultsDocument.EngineInfo(
        name: try reader.string(member("engine"), at: root.appending("engine")),
        version: try reader.string(member("version"), at: root.appending("version")),
        language: try optional("language"), binding: try optional("binding"), precision: precision)
      return .hello(info, inputs: inputs)
    case "progress": return .progress(try reader.string(member("text"), at: root.appending("text")))
    case "skipped": return .skipped(reason: try reader.string(member("reason"), at: root.appending("reason")))
    case "failed": return .failed(error: try reader.string(member("error"), at: root.appending("error")))
    case "result": return .result(try EngineResult.decode(members, &reader))
    default:
      throw reader.invalid(
        "expected one of \"hello\", \"progress\", \"result\", \"skipped\", \"failed\", found \"\(kind)\"",
        at: root.appending("message"))
    }
  }
}

/// A `result` message: the timed phases and the answers, checked for shape only (the
/// connection checks them against the case).
public struct EngineResult: Sendable {
  public struct Phase: Sendable {
    public var name: String
    public var operations: Int
    public var samplesNanoseconds: [Double]
    public var counters: [(name: String, value: Double)]
    public var calls: Double?
    public var callOverheadNanoseconds: Double?
  }

  public var repetitions: Int
  public var phases: [Phase]
  /// Variables (constraints) or view ids (scenes), in the order of each state's numbers.
  public var names: [String]
  /// One per state; nil where the engine refused the operation.
  public var states: [[Double]?]
  /// Facts about how the engine ran the case (its mapping's choices), added to the case's
  /// parameters.
  public var parameters: [(key: String, value: String)]

  static func decode(_ members: [(key: String, value: JSONValue)], _ reader: inout JSONReader) throws(JSONError) -> EngineResult {
    let root = JSONPath()
    func member(_ key: String) -> JSONValue? { JSONReader.member(key, of: members) }
    func count(_ value: JSONValue?, at path: JSONPath, minimum: Double) throws(JSONError) -> Int {
      Int(try reader.number(value, at: path, expected: "an integer >= \(Int(minimum))") { $0 >= minimum && $0 == $0.rounded() && $0 < 1e9 })
    }
    let repetitions = try count(member("repetitions"), at: root.appending("repetitions"), minimum: 1)
    var phases: [Phase] = []
    let phasesPath = root.appending("phases")
    for (index, entry) in try reader.array(member("phases"), at: phasesPath).enumerated() {
      let path = phasesPath.appending(index)
      let fields = try reader.object(
        entry, at: path, knownKeys: ["name", "operations", "samplesNanoseconds", "counters", "calls", "callOverheadNanoseconds"])
      func field(_ key: String) -> JSONValue? { JSONReader.member(key, of: fields) }
      var samples: [Double] = []
      for (k, sample) in try reader.array(field("samplesNanoseconds"), at: path.appending("samplesNanoseconds")).enumerated() {
        samples.append(
          try reader.number(sample, at: path.appending("samplesNanoseconds").appending(k), expected: "a duration in nanoseconds (>= 0)") {
            $0 >= 0 && $0.isFinite && $0 < 1e15
          })
      }
      var counters: [(name: String, value: Double)] = []
      if let value = field("counters") {
        for (name, number) in try reader.object(value, at: path.appending("counters")) {
          counters.append((name, try reader.number(number, at: path.appending("counters").appending(name), expected: "a finite number") { $0.isFinite }))
        }
      }
      func optionalNumber(_ key: String) throws(JSONError) -> Double? {
        guard let value = field(key), value != .null else { return nil }
        return try reader.number(value, at: path.appending(key), expected: "a number >= 0") { $0 >= 0 && $0.isFinite }
      }
      phases.append(
        Phase(
          name: try reader.string(field("name"), at: path.appending("name")),
          operations: try count(field("operations"), at: path.appending("operations"), minimum: 1), samplesNanoseconds: samples,
          counters: counters, calls: try optionalNumber("calls"), callOverheadNanoseconds: try optionalNumber("callOverheadNanoseconds")))
    }
    let answersPath = root.appending("answers")
    let answers = try reader.object(member("answers"), at: answersPath, knownKeys: ["names", "states"])
    var names: [String] = []
    for (index, entry) in try reader.array(JSONReader.member("names", of: answers), at: answersPath.appending("names")).enumerated() {
      names.append(try reader.string(entry, at: answersPath.appending("names").appending(index)))
    }
    var states: [[Double]?] = []
    let statesPath = answersPath.appending("states")
    for (index, entry) in try reader.array(JSONReader.member("states", of: answers), at: statesPath).enumerated() {
      if entry == .null {
        states.append(nil)
        continue
      }
      var values: [Double] = []
      for (k, number) in try reader.array(entry, at: statesPath.appending(index)).enumerated() {
        values.append(try reader.number(number, at: statesPath.appending(index).appending(k), expected: "a finite number") { $0.isFinite })
      }
      states.append(values)
    }
    var parameters: [(key: String, value: String)] = []
    if let value = member("parameters") {
      for (key, entry) in try reader.object(value, at: root.appending("parameters")) {
        parameters.append((key, try reader.string(entry, at: root.appending("parameters").appending(key))))
      }
    }
    return EngineResult(repetitions: repetitions, phases: phases, names: names, states: states, parameters: parameters)
  }
}
