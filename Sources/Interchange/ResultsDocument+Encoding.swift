import StrictJSON

extension ResultsDocument {
  /// The document as JSON text: one case per line, so diffs of result files stay readable.
  /// O(samples).
  public func jsonText() -> String {
    jsonValue().jsonText(layout: .entryPerLine) + "\n"
  }

  /// Members in the order formats.md shows them, extensions after.
  public func jsonValue() -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("format", .string(Self.formatName)), ("suite", .string(suite))]
    // An empty time is one the file read did not give; the decoder refuses "" itself.
    if !createdAt.isEmpty { members.append(("createdAt", .string(createdAt))) }
    if let complete { members.append(("complete", .bool(complete))) }
    if let plannedCases { members.append(("plannedCases", .number(Double(plannedCases)))) }
    members.append(("environment", Self.jsonValue(of: environment)))
    if let run { members.append(("run", Self.jsonValue(of: run))) }
    if !mergedFrom.isEmpty { members.append(("mergedFrom", .array(mergedFrom.map(Self.jsonValue(of:))))) }
    members.append(("cases", .array(cases.map(Self.jsonValue(of:)))))
    return .object(members)
  }

  public static func jsonValue(of environment: Environment) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    func add(_ key: String, _ value: String?) { if let value { members.append((key, .string(value))) } }
    func add(_ key: String, _ value: Double?) { if let value { members.append((key, .number(value))) } }
    add("gitRevision", environment.gitRevision)
    add("swiftVersion", environment.swiftVersion)
    add("configuration", environment.configuration)
    add("os", environment.os)
    add("cpu", environment.cpu)
    add("cores", environment.cores.map(Double.init))
    members.append(("allocator", environment.allocator.map(JSONValue.string) ?? .null))
    add("memoryBytes", environment.memoryBytes)
    add("clockResolutionNanoseconds", environment.clockResolutionNanoseconds)
    add("hostname", environment.hostname)
    return .object(members)
  }

  static func jsonValue(of source: Source) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("file", .string(source.file))]
    if !source.createdAt.isEmpty { members.append(("createdAt", .string(source.createdAt))) }
    if let shard = source.shard { members.append(("shard", .string(shard))) }
    members.append(("cases", .number(Double(source.cases))))
    members.append(("environment", jsonValue(of: source.environment)))
    return .object(members)
  }

  static func jsonValue(of run: RunSettings) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("command", .string(run.command)),
      ("repetitions", .number(Double(run.repetitions))),
      ("warmup", .number(Double(run.warmup))),
      ("timeBudgetSeconds", .number(run.timeBudgetSeconds)),
      // A string: seeds are 64-bit and a JSON number holds 53 bits exactly.
      ("seed", .string(String(run.seed))),
    ]
    if let shard = run.shard { members.append(("shard", .string(shard))) }
    members.append(("interrupted", .bool(run.interrupted)))
    if !run.workloads.isEmpty { members.append(("workloads", .array(run.workloads.map(JSONValue.string)))) }
    if !run.backends.isEmpty { members.append(("backends", .array(run.backends.map(JSONValue.string)))) }
    if run.processes != 1 { members.append(("processes", .number(Double(run.processes)))) }
    if let plan = run.plan { members.append(("plan", .string(plan))) }
    return .object(members)
  }

  static func jsonValue(of result: Case) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("workload", .string(result.workload)),
      ("backend", .string(result.backend)),
      ("size", .number(Double(result.size))),
      ("parameters", .object(result.parameters.map { ($0.key, .string($0.value)) })),
      ("status", .string(result.status.name)),
    ]
    switch result.status {
    case .ok: break
    case .skipped(let reason): members.append(("reason", .string(reason)))
    case .error(let message): members.append(("error", .string(message)))
    }
    if let seed = result.seed { members.append(("seed", .string(String(seed)))) }
    if let repetitions = result.repetitions { members.append(("repetitions", .number(Double(repetitions)))) }
    if let reference = result.reference {
      var figures: [(key: String, value: JSONValue)] = [
        ("name", .string(reference.name)),
        ("samplesNanoseconds", .array(reference.samplesNanoseconds.map(JSONValue.number))),
      ]
      if let median = reference.medianNanoseconds { figures.append(("medianNanoseconds", .number(median))) }
      members.append(("reference", .object(figures)))
    }
    if let engine = result.engine { members.append(("engine", jsonValue(of: engine))) }
    if let check = result.check { members.append(("check", jsonValue(of: check))) }
    members.append(("phases", .array(result.phases.map(jsonValue(of:)))))
    return .object(members)
  }

  static func jsonValue(of phase: Phase) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(phase.name)),
      ("iterations", .number(Double(phase.iterations))),
      ("samplesNanoseconds", .array(phase.samplesNanoseconds.map(JSONValue.number))),
    ]
    if let statistics = phase.statistics {
      members.append(("medianNanoseconds", .number(statistics.median)))
      members.append(("minNanoseconds", .number(statistics.minimum)))
      members.append(("meanNanoseconds", .number(statistics.mean)))
      members.append(("madNanoseconds", .number(statistics.medianAbsoluteDeviation)))
      members.append(("maxNanoseconds", .number(statistics.maximum)))
    }
    if let operations = phase.operations { members.append(("operations", .number(Double(operations)))) }
    if let allocations = phase.allocations {
      var figures: [(key: String, value: JSONValue)] = [
        ("count", .number(allocations.count)), ("bytes", .number(allocations.bytes)),
      ]
      if let maxCount = allocations.maxCount { figures.append(("maxCount", .number(maxCount))) }
      members.append(("allocations", .object(figures)))
    } else {
      members.append(("allocations", .null))
    }
    members.append(("counters", .object(phase.counters.map { ($0.name, .number($0.value)) })))
    if let calls = phase.calls { members.append(("calls", .number(calls))) }
    if let overhead = phase.callOverheadNanoseconds { members.append(("callOverheadNanoseconds", .number(overhead))) }
    return .object(members)
  }
}
