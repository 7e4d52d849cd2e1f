import StrictJSON

extension ResultsDocument {
  /// Reads a results file, strictly: wrong types, missing required fields and impossible
  /// values are errors naming the file and JSON path; unknown fields are warnings (peer
  /// scripts may add their own). Derived statistics in the file are not trusted: they are
  /// recomputed from the samples. Numbers must lie in ``Limits``' ranges, times be UTC
  /// (``isTimestamp(_:)``); a case (workload, backend, size) or a phase name within a case
  /// given twice, and a case count that contradicts `plannedCases` and `complete`, are
  /// errors.
  /// - Complexity: O(size of the document).
  /// - Throws: `JSONError` for invalid JSON or an invalid document.
  public static func decode(
    utf8 bytes: [UInt8], file: String
  ) throws(JSONError) -> (document: ResultsDocument, warnings: [Warning]) {
    let root = try JSONValue.parse(utf8: bytes, file: file)
    var reader = JSONReader(file: file)
    let document = try ResultsDecoder.decode(root, &reader)
    return (document, reader.warnings)
  }

  public static func decode(_ text: String, file: String) throws(JSONError) -> (document: ResultsDocument, warnings: [Warning]) {
    try decode(utf8: Array(text.utf8), file: file)
  }
}

enum ResultsDecoder {
  static let topLevelKeys = [
    "format", "suite", "createdAt", "complete", "plannedCases", "environment", "run", "mergedFrom", "cases",
  ]
  static let sourceKeys = ["file", "createdAt", "shard", "cases", "environment"]
  static let environmentKeys = [
    "gitRevision", "swiftVersion", "configuration", "os", "cpu", "cores", "allocator", "memoryBytes",
    "clockResolutionNanoseconds", "hostname",
    // Written by the kiwisolver peer (Benchmarks/README.md); accepted, not carried.
    "pythonVersion", "kiwisolverVersion", "callNanoseconds",
  ]
  static let runKeys = [
    "command", "repetitions", "warmup", "timeBudgetSeconds", "seed", "shard", "interrupted", "workloads", "backends",
    "processes", "plan",
  ]
  static let caseKeys = ["workload", "backend", "size", "parameters", "status", "reason", "error", "seed", "repetitions", "reference", "engine", "check", "phases"]
  static let phaseKeys = [
    "name", "iterations", "samplesNanoseconds", "medianNanoseconds", "minNanoseconds", "meanNanoseconds",
    "madNanoseconds", "maxNanoseconds", "operations", "allocations", "counters", "calls", "callOverheadNanoseconds",
  ]

  static func decode(_ root: JSONValue, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument {
    let members = try reader.object(root, at: .root, knownKeys: topLevelKeys)
    let format = JSONReader.member("format", of: members)
    guard case .string(ResultsDocument.formatName)? = format else {
      throw reader.mismatch(expected: JSONWriter.quoted(ResultsDocument.formatName), found: format, at: .root.appending("format"))
    }
    let suite = try reader.string(JSONReader.member("suite", of: members), at: .root.appending("suite"))
    let createdAt = try timestamp(JSONReader.member("createdAt", of: members), at: .root.appending("createdAt"), reader)
    var complete: Bool?
    if let value = JSONReader.member("complete", of: members) {
      complete = try reader.bool(value, at: .root.appending("complete"))
    }
    var plannedCases: Int?
    if let value = JSONReader.member("plannedCases", of: members) {
      plannedCases = try count(value, at: .root.appending("plannedCases"), reader)
    }
    let environment = try decodeEnvironment(JSONReader.member("environment", of: members), at: .root.appending("environment"), &reader)
    var run: ResultsDocument.RunSettings?
    if let value = JSONReader.member("run", of: members) {
      run = try decodeRun(value, at: .root.appending("run"), &reader)
    }
    var mergedFrom: [ResultsDocument.Source] = []
    if let value = JSONReader.member("mergedFrom", of: members) {
      let sourcesPath = JSONPath.root.appending("mergedFrom")
      for (index, source) in try reader.array(value, at: sourcesPath).enumerated() {
        mergedFrom.append(try decodeSource(source, at: sourcesPath.appending(index), &reader))
      }
    }
    var cases: [ResultsDocument.Case] = []
    var positions: [ResultsDocument.CaseKey: Int] = [:]
    let casesPath = JSONPath.root.appending("cases")
    for (index, value) in try reader.array(JSONReader.member("cases", of: members), at: casesPath).enumerated() {
      let result = try decodeCase(value, at: casesPath.appending(index), &reader)
      // Every reader pairs cases by this key, so a second case of one key would be
      // compared, merged or charted in place of the first without a word.
      if let first = positions[result.key] {
        throw reader.invalid(
          "the case \(result.key) is given twice (first at cases[\(first)]); a case is one workload, backend and size",
          at: casesPath.appending(index))
      }
      positions[result.key] = index
      cases.append(result)
    }
    if complete == true && run?.interrupted == true {
      throw reader.invalid("a file whose run was interrupted (run.interrupted) cannot be complete", at: .root.appending("complete"))
    }
    try checkCompleteness(complete: complete, plannedCases: plannedCases, cases: cases.count, reader)
    return ResultsDocument(
      suite: suite, createdAt: createdAt, environment: environment, run: run, mergedFrom: mergedFrom, cases: cases,
      complete: complete, plannedCases: plannedCases)
  }

  /// A file cannot hold more cases than planned, and a complete one holds exactly those.
  /// - Throws: `JSONError` at `plannedCases` or `complete`.
  static func checkCompleteness(complete: Bool?, plannedCases: Int?, cases: Int, _ reader: JSONReader) throws(JSONError) {
    guard let plannedCases else { return }
    if cases > plannedCases {
      throw reader.invalid("the file holds \(cases) cases, more than the \(plannedCases) planned", at: .root.appending("plannedCases"))
    }
    if complete == true && cases != plannedCases {
      throw reader.invalid(
        "a complete file holds every planned case, but this one holds \(cases) of \(plannedCases)", at: .root.appending("complete"))
    }
  }

  /// A time as `bench` writes it (``ResultsDocument/isTimestamp(_:)``); "" when absent.
  /// - Throws: `JSONError` for anything else, `null` included.
  static func timestamp(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader) throws(JSONError) -> String {
    guard let value else { return "" }
    guard case .string(let text) = value, ResultsDocument.isTimestamp(text) else {
      throw reader.mismatch(expected: "an ISO 8601 UTC time such as \"2026-11-21T10:00:00Z\"", found: value, at: path)
    }
    return text
  }

  static func decodeSource(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument.Source {
    let members = try reader.object(value, at: path, knownKeys: sourceKeys)
    return ResultsDocument.Source(
      file: try reader.string(JSONReader.member("file", of: members), at: path.appending("file")),
      createdAt: try timestamp(JSONReader.member("createdAt", of: members), at: path.appending("createdAt"), reader),
      shard: try optionalString(JSONReader.member("shard", of: members), at: path.appending("shard"), reader),
      cases: try count(JSONReader.member("cases", of: members), at: path.appending("cases"), reader),
      environment: try decodeEnvironment(JSONReader.member("environment", of: members), at: path.appending("environment"), &reader))
  }

  private static func optionalString(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader) throws(JSONError) -> String? {
    if value == nil || value == .null { return nil }
    return try reader.string(value, at: path)
  }

  /// A whole number from `minimum` to ``ResultsDocument/Limits/count``.
  private static func count(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader, minimum: Double = 0) throws(JSONError) -> Int {
    let limit = ResultsDocument.Limits.count
    return Int(
      try reader.number(value, at: path, expected: "an integer from \(Int(minimum)) to \(Int(limit))") {
        $0 >= minimum && $0 == $0.rounded() && $0 <= limit
      })
  }

  /// A duration in nanoseconds from 0 (or above it, when not `allowsZero`) to
  /// ``ResultsDocument/Limits/nanoseconds``.
  static func duration(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader, allowsZero: Bool = true) throws(JSONError) -> Double {
    try reader.number(value, at: path, expected: "a duration in nanoseconds (\(allowsZero ? ">= 0" : "> 0"), at most 1e18)") {
      (allowsZero ? $0 >= 0 : $0 > 0) && $0 <= ResultsDocument.Limits.nanoseconds
    }
  }

  /// A figure (a count per operation, bytes, a counter) of at most
  /// ``ResultsDocument/Limits/figure`` in absolute value, and >= 0 unless `signed`.
  static func figure(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader, signed: Bool = false) throws(JSONError) -> Double {
    try reader.number(value, at: path, expected: signed ? "a number from -1e18 to 1e18" : "a number from 0 to 1e18") {
      (signed || $0 >= 0) && abs($0) <= ResultsDocument.Limits.figure
    }
  }

  private static func seed(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader) throws(JSONError) -> UInt64? {
    guard let value, value != .null else { return nil }
    if case .string(let text) = value, let seed = UInt64(text) { return seed }
    if case .number(let number) = value, number >= 0, number == number.rounded(), number < 9e15 { return UInt64(number) }
    throw reader.mismatch(expected: "a seed (an unsigned 64-bit integer, as a string)", found: value, at: path)
  }

  static func decodeEnvironment(_ value: JSONValue?, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument.Environment {
    guard let value else { return ResultsDocument.Environment() }
    let members = try reader.object(value, at: path, knownKeys: environmentKeys)
    func string(_ key: String) throws(JSONError) -> String? {
      try optionalString(JSONReader.member(key, of: members), at: path.appending(key), reader)
    }
    func number(_ key: String, duration: Bool = false) throws(JSONError) -> Double? {
      guard let value = JSONReader.member(key, of: members), value != .null else { return nil }
      return duration ? try ResultsDecoder.duration(value, at: path.appending(key), reader) : try figure(value, at: path.appending(key), reader)
    }
    var cores: Int?
    if let value = JSONReader.member("cores", of: members), value != .null {
      cores = try count(value, at: path.appending("cores"), reader, minimum: 1)
    }
    return ResultsDocument.Environment(
      gitRevision: try string("gitRevision"), swiftVersion: try string("swiftVersion"),
      configuration: try string("configuration"), os: try string("os"), cpu: try string("cpu"), cores: cores,
      allocator: try string("allocator"), memoryBytes: try number("memoryBytes"),
      clockResolutionNanoseconds: try number("clockResolutionNanoseconds", duration: true), hostname: try string("hostname"))
  }

  static func decodeRun(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument.RunSettings {
    let members = try reader.object(value, at: path, knownKeys: runKeys)
    let interrupted = JSONReader.member("interrupted", of: members)
    func names(_ key: String) throws(JSONError) -> [String] {
      guard let value = JSONReader.member(key, of: members) else { return [] }
      var names: [String] = []
      for (index, entry) in try reader.array(value, at: path.appending(key)).enumerated() {
        names.append(try reader.string(entry, at: path.appending(key).appending(index)))
      }
      return names
    }
    return ResultsDocument.RunSettings(
      command: try reader.string(JSONReader.member("command", of: members), at: path.appending("command")),
      repetitions: try count(JSONReader.member("repetitions", of: members), at: path.appending("repetitions"), reader, minimum: 1),
      warmup: try count(JSONReader.member("warmup", of: members), at: path.appending("warmup"), reader),
      timeBudgetSeconds: try reader.number(
        JSONReader.member("timeBudgetSeconds", of: members), at: path.appending("timeBudgetSeconds"),
        expected: "a positive number of seconds (at most 1e9)") { $0 > 0 && $0 <= ResultsDocument.Limits.seconds },
      seed: try seed(JSONReader.member("seed", of: members), at: path.appending("seed"), reader) ?? 0,
      shard: try optionalString(JSONReader.member("shard", of: members), at: path.appending("shard"), reader),
      interrupted: interrupted == nil ? false : try reader.bool(interrupted, at: path.appending("interrupted")),
      workloads: try names("workloads"), backends: try names("backends"),
      processes: JSONReader.member("processes", of: members) == nil
        ? 1 : try count(JSONReader.member("processes", of: members), at: path.appending("processes"), reader, minimum: 1),
      plan: try planFingerprint(JSONReader.member("plan", of: members), at: path.appending("plan"), reader))
  }

  /// `run.plan`: 16 lowercase hex digits, as `bench run` writes it; nil when absent.
  /// - Throws: `JSONError` for anything else.
  static func planFingerprint(_ value: JSONValue?, at path: JSONPath, _ reader: JSONReader) throws(JSONError) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value, text.utf8.count == 16,
      text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
    else {
      throw reader.mismatch(expected: "a plan fingerprint (16 lowercase hex digits)", found: value, at: path)
    }
    return text
  }

  static func decodeCase(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument.Case {
    let members = try reader.object(value, at: path, knownKeys: caseKeys)
    func member(_ key: String) -> JSONValue? { JSONReader.member(key, of: members) }
    let workload = try reader.string(member("workload"), at: path.appending("workload"))
    let backend = try reader.string(member("backend"), at: path.appending("backend"))
    let size = try count(member("size"), at: path.appending("size"), reader, minimum: 1)
    var parameters: [(key: String, value: String)] = []
    if let value = member("parameters") {
      for (key, entry) in try reader.object(value, at: path.appending("parameters")) {
        let text: String
        switch entry {
        case .string(let string): text = string
        case .number(let number): text = JSONWriter.numberText(number)
        case .bool(let flag): text = flag ? "true" : "false"
        default: throw reader.mismatch(expected: "a string, number or boolean", found: entry, at: path.appending("parameters").appending(key))
        }
        parameters.append((key, text))
      }
    }
    let statusPath = path.appending("status")
    let status: ResultsDocument.Status
    switch try reader.choice(member("status"), at: statusPath, from: [("ok", 0), ("skipped", 1), ("error", 2)]) {
    case 0: status = .ok
    case 1: status = .skipped(reason: try reader.string(member("reason"), at: path.appending("reason")))
    default: status = .error(try reader.string(member("error"), at: path.appending("error")))
    }
    var phases: [ResultsDocument.Phase] = []
    let phasesPath = path.appending("phases")
    if let value = member("phases") {
      for (index, phase) in try reader.array(value, at: phasesPath).enumerated() {
        let decoded = try decodePhase(phase, at: phasesPath.appending(index), &reader)
        // Phases are looked up by name: a second one of a name would never be read.
        if let first = phases.firstIndex(where: { $0.name == decoded.name }) {
          throw reader.invalid(
            "the phase '\(decoded.name)' is given twice in this case (first at phases[\(first)])",
            at: phasesPath.appending(index).appending("name"))
        }
        phases.append(decoded)
      }
    }
    if status == .ok && phases.isEmpty {
      throw reader.invalid("a case with status \"ok\" needs at least one phase", at: phasesPath)
    }
    var repetitions: Int?
    if let value = member("repetitions"), value != .null {
      repetitions = try count(value, at: path.appending("repetitions"), reader, minimum: 1)
    }
    var reference: ResultsDocument.Reference?
    if let value = member("reference"), value != .null {
      let referencePath = path.appending("reference")
      let figures = try reader.object(value, at: referencePath, knownKeys: ["name", "samplesNanoseconds", "medianNanoseconds"])
      let samplesPath = referencePath.appending("samplesNanoseconds")
      var samples: [Double] = []
      for (index, sample) in try reader.array(JSONReader.member("samplesNanoseconds", of: figures), at: samplesPath).enumerated() {
        samples.append(try duration(sample, at: samplesPath.appending(index), reader, allowsZero: false))
      }
      if samples.isEmpty { throw reader.invalid("a reference needs at least one sample", at: samplesPath) }
      reference = ResultsDocument.Reference(
        name: try reader.string(JSONReader.member("name", of: figures), at: referencePath.appending("name")),
        samplesNanoseconds: samples)
    }
    let engine = try member("engine").flatMap { value throws(JSONError) in
      value == .null ? nil : try ResultsDocument.decodeEngine(value, at: path.appending("engine"), &reader)
    }
    let check = try member("check").flatMap { value throws(JSONError) in
      value == .null ? nil : try ResultsDocument.decodeCheck(value, at: path.appending("check"), &reader)
    }
    return ResultsDocument.Case(
      workload: workload, backend: backend, size: size, parameters: parameters, status: status, phases: phases,
      seed: try seed(member("seed"), at: path.appending("seed"), reader), repetitions: repetitions, reference: reference,
      engine: engine, check: check)
  }

  static func decodePhase(_ value: JSONValue, at path: JSONPath, _ reader: inout JSONReader) throws(JSONError) -> ResultsDocument.Phase {
    let members = try reader.object(value, at: path, knownKeys: phaseKeys)
    func member(_ key: String) -> JSONValue? { JSONReader.member(key, of: members) }
    let name = try reader.string(member("name"), at: path.appending("name"))
    let iterations = member("iterations") == nil ? 1 : try count(member("iterations"), at: path.appending("iterations"), reader, minimum: 1)
    let samplesPath = path.appending("samplesNanoseconds")
    var samples: [Double] = []
    for (index, sample) in try reader.array(member("samplesNanoseconds"), at: samplesPath).enumerated() {
      samples.append(try duration(sample, at: samplesPath.appending(index), reader))
    }
    if samples.isEmpty { throw reader.invalid("a phase needs at least one sample", at: samplesPath) }
    var operations: Int?
    if let value = member("operations"), value != .null {
      operations = try count(value, at: path.appending("operations"), reader, minimum: 1)
    }
    var allocations: ResultsDocument.Allocations?
    let allocationsPath = path.appending("allocations")
    if let value = member("allocations"), value != .null {
      let figures = try reader.object(value, at: allocationsPath, knownKeys: ["count", "bytes", "maxCount"])
      func allocationFigure(_ key: String) throws(JSONError) -> Double {
        try figure(JSONReader.member(key, of: figures), at: allocationsPath.appending(key), reader)
      }
      let maxCount = JSONReader.member("maxCount", of: figures) == nil ? nil : try allocationFigure("maxCount")
      allocations = ResultsDocument.Allocations(
        count: try allocationFigure("count"), bytes: try allocationFigure("bytes"), maxCount: maxCount)
    }
    var counters: [(name: String, value: Double)] = []
    if let value = member("counters"), value != .null {
      for (key, entry) in try reader.object(value, at: path.appending("counters")) {
        counters.append((key, try figure(entry, at: path.appending("counters").appending(key), reader, signed: true)))
      }
    }
    func peerFigure(_ key: String, expected: String) throws(JSONError) -> Double? {
      guard let value = member(key), value != .null else { return nil }
      return try reader.number(value, at: path.appending(key), expected: expected) { $0 >= 0 && $0 <= ResultsDocument.Limits.figure }
    }
    // A peer may write its call figures among the counters (the kiwisolver peer does);
    // they are read into the phase members either way, because counters are solver work
    // compared as deterministic figures and a measured overhead is not.
    var calls = try peerFigure("calls", expected: "a number of calls per operation (0 to 1e18)")
    var overhead = try peerFigure("callOverheadNanoseconds", expected: "a duration in nanoseconds (0 to 1e18)")
    if let counted = counters.first(where: { $0.name == "calls" })?.value { calls = calls ?? counted }
    if let counted = counters.first(where: { $0.name == "callOverheadNanoseconds" })?.value { overhead = overhead ?? counted }
    counters.removeAll { $0.name == "calls" || $0.name == "callOverheadNanoseconds" }
    return ResultsDocument.Phase(
      name: name, iterations: iterations, samplesNanoseconds: samples, operations: operations,
      allocations: allocations, counters: counters, calls: calls, callOverheadNanoseconds: overhead)
  }
}
