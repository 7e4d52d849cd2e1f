import StrictJSON

/// Where a generated document came from: the `workload` extension field of
/// `layoutbench.scene/1` and `layoutbench.constraints/1` files that `bench export` writes
/// (docs/interchange.md).
///
/// ```json
/// "workload": {"name": "stack.fill.horizontal", "size": 100, "seed": 1,
///              "parameters": {"distribution": "fill", "axis": "horizontal"}}
/// ```
public struct WorkloadInfo: Hashable, Sendable {
  /// The catalog name, e.g. `stack.fill.horizontal`.
  public var name: String
  /// The size parameter (views, depth, ... as the workload defines it).
  public var size: Int
  public var seed: UInt64
  /// In order; keys unique.
  public var parameters: [Parameter]

  public struct Parameter: Hashable, Sendable {
    public var key: String
    public var value: String
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  public init(name: String, size: Int, seed: UInt64, parameters: [Parameter] = []) {
    self.name = name
    self.size = size
    self.seed = seed
    self.parameters = parameters
  }

  /// Seeds up to 2⁵³ are written as JSON numbers; larger ones as decimal strings, since a
  /// JSON number read as a double would lose digits. Readers accept both.
  static let largestNumericSeed: UInt64 = 1 << 53

  /// The `workload` object, members in the order above.
  /// - Precondition: parameter keys are unique (a JSON object cannot repeat a key).
  public func jsonValue() -> JSONValue {
    let seedValue: JSONValue =
      seed <= Self.largestNumericSeed ? .number(Double(seed)) : .string(String(seed))
    return .object([
      ("name", .string(name)),
      ("size", .number(Double(size))),
      ("seed", seedValue),
      ("parameters", .object(parameters.map { ($0.key, .string($0.value)) })),
    ])
  }
}

/// A measured operation: consecutive steps of a document applied together and timed as
/// one sample of `phase` (`resizeContainer`, `sizeClassSwap`, ...). The `operations`
/// extension field of both formats lists them, in order, covering the steps
/// (docs/interchange.md):
///
/// ```json
/// "operations": [{"phase": "resizeContainer", "steps": [0, 1]}, {"phase": "sizeClassSwap", "steps": [1, 3]}]
/// ```
/// `steps` is `[start, end]`, end excluded, so `[1, 3]` is steps 1 and 2.
public struct MeasuredOperation: Hashable, Sendable {
  public var phase: String
  public var steps: Range<Int>

  public init(phase: String, steps: Range<Int>) {
    self.phase = phase
    self.steps = steps
  }

  public func jsonValue() -> JSONValue {
    .object([
      ("phase", .string(phase)),
      ("steps", .array([.number(Double(steps.lowerBound)), .number(Double(steps.upperBound))])),
    ])
  }

  /// Nil when `operations` are consecutive, non-empty, in order and cover `0..<stepCount`
  /// exactly; otherwise the index of the first one at fault and why.
  public static func coverageProblem(_ operations: [MeasuredOperation], stepCount: Int) -> (index: Int, message: String)? {
    var next = 0
    for (index, operation) in operations.enumerated() {
      guard operation.steps.lowerBound == next else {
        return (index, "expected the operation to start at step \(next) (operations are consecutive and cover every step), found \(operation.steps.lowerBound)")
      }
      guard !operation.steps.isEmpty else { return (index, "an operation holds at least one step") }
      guard operation.steps.upperBound <= stepCount else {
        return (index, "the operation ends at step \(operation.steps.upperBound), past the \(stepCount) steps of the file")
      }
      next = operation.steps.upperBound
    }
    if next != stepCount {
      return (operations.count, "the operations cover steps 0..<\(next) of \(stepCount); they must cover every step")
    }
    return nil
  }
}

extension JSONReader {
  static let workloadKeys = ["name", "size", "seed", "parameters"]
  static let operationKeys = ["phase", "steps"]

  /// The `workload` extension object.
  mutating func workloadInfo(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> WorkloadInfo {
    let members = try object(value, at: path, knownKeys: Self.workloadKeys)
    let name = try string(Self.member("name", of: members), at: path.appending("name"))
    let size = try number(
      Self.member("size", of: members), at: path.appending("size"), expected: "a non-negative integer"
    ) { $0 >= 0 && $0 == $0.rounded() && $0 < 1e15 }
    let seedPath = path.appending("seed")
    let seedValue = Self.member("seed", of: members)
    let seed: UInt64
    switch seedValue {
    case .number(let number)? where number >= 0 && number == number.rounded() && number <= Double(WorkloadInfo.largestNumericSeed):
      seed = UInt64(number)
    case .string(let text)? where UInt64(text) != nil:
      seed = UInt64(text)!
    default:
      throw mismatch(
        expected: "an integer in [0, 2^53] or a string of decimal digits (a 64-bit seed)", found: seedValue, at: seedPath)
    }
    var parameters: [WorkloadInfo.Parameter] = []
    if let value = Self.member("parameters", of: members) {
      let parametersPath = path.appending("parameters")
      for member in try object(value, at: parametersPath) {
        parameters.append(
          WorkloadInfo.Parameter(key: member.key, value: try string(member.value, at: parametersPath.appending(member.key))))
      }
    }
    return WorkloadInfo(name: name, size: Int(size), seed: seed, parameters: parameters)
  }

  /// The `operations` extension array, checked against the file's number of steps.
  mutating func measuredOperations(
    _ value: JSONValue, at path: JSONPath, stepCount: Int
  ) throws(JSONError) -> [MeasuredOperation] {
    var operations: [MeasuredOperation] = []
    for (index, element) in try array(value, at: path).enumerated() {
      let elementPath = path.appending(index)
      let members = try object(element, at: elementPath, knownKeys: Self.operationKeys)
      let phase = try string(Self.member("phase", of: members), at: elementPath.appending("phase"))
      let stepsPath = elementPath.appending("steps")
      let bounds = try numbers(
        Self.member("steps", of: members), at: stepsPath, count: 2, shape: "[start, end]",
        expected: "a non-negative integer"
      ) { $0 >= 0 && $0 == $0.rounded() && $0 < 1e15 }
      guard bounds[0] <= bounds[1] else {
        throw invalid("expected [start, end] with start <= end (end excluded), found [\(Int(bounds[0])), \(Int(bounds[1]))]", at: stepsPath)
      }
      operations.append(MeasuredOperation(phase: phase, steps: Int(bounds[0])..<Int(bounds[1])))
    }
    if let (index, message) = MeasuredOperation.coverageProblem(operations, stepCount: stepCount) {
      throw invalid(message, at: index < operations.count ? path.appending(index).appending("steps") : path)
    }
    return operations
  }
}
