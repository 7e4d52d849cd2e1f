import BenchCore
import StrictJSON
import Workloads

extension Bench.List {
  /// `bench list --json`: the facts of the text listing as one document (formats.md
  /// section 4): `suites` (each workload with its default sweep, what its size counts, its
  /// size range, whether a seed changes it, the names of the parameters its cases record
  /// and the layout backends that can lay it out), `backends` (name, kind, summary, what
  /// each command supports) and `engines`, the outside engines' manifests (name, inputs,
  /// summary, command; docs/engines.md). Generates every workload once at its smallest
  /// default size to read its parameters' names. O(workloads · that generation).
  /// - Throws: `WorkloadError` when a workload refuses its own smallest size (a bug).
  static func document(
    solvers: [BackendRegistry.Entry], layouts: [LayoutBackendRegistry.Entry], engines: [EngineManifest]
  ) throws -> JSONValue {
    var parameterNames: [String: [String]] = [:]
    for workload in WorkloadCatalog.allWorkloads {
      let size = workload.defaultSizes.min() ?? workload.sizes.lowerBound
      parameterNames[workload.name] = try workload.makeCase(size: size, seed: WorkloadCatalog.defaultSeed).parameters.map(\.key)
    }
    let suites = WorkloadCatalog.suites.map { suite -> JSONValue in
      .object([
        ("name", .string(suite.name)), ("summary", .string(suite.summary)),
        ("workloads", .array(suite.workloads.map { workloadValue($0, parameters: parameterNames[$0.name] ?? [], layouts: layouts) })),
      ])
    }
    return .object([
      ("suites", .array(suites)), ("backends", .array(backendValues(solvers: solvers, layouts: layouts))), ("engines", .array(engines.map(engineValue))),
    ])
  }

  private static func workloadValue(_ workload: Workload, parameters: [String], layouts: [LayoutBackendRegistry.Entry]) -> JSONValue {
    let sizes = workload.sizes.count == 1 ? [workload.sizes.lowerBound] : workload.defaultSizes.sorted()
    return .object([
      ("name", .string(workload.name)), ("summary", .string(workload.summary)),
      ("sizes", .array(sizes.map { .number(Double($0)) })), ("sizeMeaning", .string(workload.sizeMeaning)),
      ("sizeRange", .array([.number(Double(workload.sizes.lowerBound)), .number(Double(workload.sizes.upperBound))])),
      ("seeded", .bool(workload.isSeeded)), ("parameters", .array(parameters.map(JSONValue.string))),
      ("backends", .array(layouts.filter { !$0.needsFrameLayoutOnly || workload.isFrameLayoutOnly }.map { .string($0.name) })),
    ])
  }

  private static func engineValue(_ engine: EngineManifest) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(engine.name)), ("inputs", .array(engine.inputs.map { .string($0.rawValue) })),
    ]
    if let summary = engine.summary { members.append(("summary", .string(summary))) }
    members.append(("command", .array(engine.command.map(JSONValue.string))))
    return .object(members)
  }

  /// In the text listing's order: solver backends, then layout-only ones. A solver backend
  /// is `kind` `solver` and lays out scenes too (its `supports.layout`); a layout-only one
  /// is `layout`.
  private static func backendValues(solvers: [BackendRegistry.Entry], layouts: [LayoutBackendRegistry.Entry]) -> [JSONValue] {
    var names = solvers.map(\.name)
    for layout in layouts where !names.contains(layout.name) { names.append(layout.name) }
    return names.map { name in
      let solver = solvers.first { $0.name == name }
      let layout = layouts.first { $0.name == name }
      var supports: [(key: String, value: JSONValue)] = []
      if solver != nil { supports.append(("solve", .string("every constraint system"))) }
      if let layout { supports.append(("layout", .string(layout.supports))) }
      var members: [(key: String, value: JSONValue)] = [
        ("name", .string(name)), ("kind", .string(solver != nil ? "solver" : "layout")),
        ("summary", .string(solver?.summary ?? layout?.summary ?? "")), ("supports", .object(supports)),
      ]
      if solver != nil, let layout { members.append(("layoutSummary", .string(layout.summary))) }
      return .object(members)
    }
  }
}
