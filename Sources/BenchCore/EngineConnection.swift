import Foundation
import Interchange
import Measurement
import StrictJSON

/// One case for an outside engine: the file it reads and what its reply must hold.
public struct EngineCaseRequest: Sendable {
  public var workload: String
  public var size: Int
  public var seed: UInt64
  public var input: EngineInput
  /// The case file's text (`bench export`'s, with the `operations` extension).
  public var fileText: String
  /// `build`, `firstLayout`, then each operation's phase as first met, with the number of
  /// operations of each per repetition (1 for the first two).
  public var phases: [(name: String, operations: Int)]
  public var settings: MeasurementSettings
  public var caseLimitSeconds: Double
  var timeBudgetSeconds: Double { Double(settings.timeBudgetNanoseconds) / 1e9 }

  public init(
    workload: String, size: Int, seed: UInt64, input: EngineInput, fileText: String, operationPhases: [String],
    settings: MeasurementSettings, caseLimitSeconds: Double
  ) {
    self.workload = workload
    self.size = size
    self.seed = seed
    self.input = input
    self.fileText = fileText
    var phases: [(name: String, operations: Int)] = [("build", 1), ("firstLayout", 1)]
    for phase in operationPhases {
      if let index = phases.indices.dropFirst(2).first(where: { phases[$0].name == phase }) {
        phases[index].operations += 1
      } else {
        phases.append((phase, 1))
      }
    }
    self.phases = phases
    self.settings = settings
    self.caseLimitSeconds = caseLimitSeconds
    stateCount = 1 + operationPhases.count
  }

  /// States answered: the first layout, then one per operation.
  public let stateCount: Int
}

/// A case's outcome from an engine: the timings (or why there are none), who measured it,
/// and its answers (names, one array per state) for the check.
public struct EngineCaseOutcome: Sendable {
  public var outcome: CaseOutcome
  public var engine: ResultsDocument.EngineInfo?
  public var answers: (names: [String], states: [[Double]?])?
  /// The engine's facts about the case (`parameters` of its result).
  public var parameters: [(key: String, value: String)] = []
}

/// The runner's side of `layoutbench.engine/1` (docs/engines.md) for one engine: starts it
/// (again after it died), greets it, and measures cases through it. Every way a case can go
/// wrong becomes that case's `failed` outcome naming the cause; the run goes on.
public final class EngineConnection {
  public static let protocolName = "layoutbench.engine/1"
  public let manifest: EngineManifest
  private var process: EngineProcess?
  public private(set) var info: ResultsDocument.EngineInfo?
  private let scratch: String

  /// - Parameter scratch: a folder for case files (created when missing).
  public init(manifest: EngineManifest, scratch: String = NSTemporaryDirectory()) {
    self.manifest = manifest
    self.scratch = scratch
  }

  deinit { process?.finish() }

  /// Measures one case. O(the engine's work); the runner adds writing the case file and
  /// decoding the reply.
  public func measure(_ request: EngineCaseRequest, progress: (String) -> Void = { _ in }) -> EngineCaseOutcome {
    do {
      let process = try started()
      let file = try writeCaseFile(request.fileText)
      defer { try? FileManager.default.removeItem(atPath: file) }
      // The machine's speed as the Swift backends' cases record it: the reference kernel,
      // timed here before the engine starts (its samples stay the engine's own).
      let kernel = ReferenceKernel()
      _ = kernel.timedRun()
      let reference = ResultsDocument.Reference(
        name: ReferenceKernel.name,
        samplesNanoseconds: (0..<MeasurementLoop.referenceRunsPerRepetition * request.settings.repetitions).map { _ in
          Double(kernel.timedRun())
        })
      try process.send(caseMessage(request, file: file))
      // Silence longer than the case could legitimately take is a hung engine.
      let silence = max(120, 4 * (request.caseLimitSeconds + request.timeBudgetSeconds))
      while true {
        let message = try process.receive(timeout: silence)
        switch try EngineReply.decode(message) {
        case .progress(let text): progress(text)
        case .skipped(let reason): return EngineCaseOutcome(outcome: .skipped(reason: reason), engine: info)
        case .failed(let error): return EngineCaseOutcome(outcome: .failed("\(manifest.name): \(error)"), engine: info)
        case .hello: throw EngineProtocolError("a second hello in the middle of a case")
        case .result(let result):
          try Self.validate(result, against: request)
          let phases = result.phases.map {
            ResultsDocument.Phase(
              name: $0.name, samplesNanoseconds: $0.samplesNanoseconds, operations: $0.operations, counters: $0.counters,
              calls: $0.calls, callOverheadNanoseconds: $0.callOverheadNanoseconds)
          }
          return EngineCaseOutcome(
            outcome: .measured(phases: phases, repetitions: result.repetitions, reference: reference), engine: info,
            answers: (result.names, result.states), parameters: result.parameters)
        }
      }
    } catch let failure as EngineProcess.Failure {
      process?.stop()
      process = nil
      return EngineCaseOutcome(outcome: .failed("\(manifest.name): \(failure)"), engine: info)
    } catch {
      // A reply that breaks the protocol leaves the engine's state unknown: start afresh.
      process?.stop()
      process = nil
      return EngineCaseOutcome(outcome: .failed("\(manifest.name) broke the protocol: \(error)"), engine: info)
    }
  }

  /// Says `bye` and lets the engine exit.
  public func finish() {
    process?.finish()
    process = nil
  }

  private func started() throws -> EngineProcess {
    if let process { return process }
    // A program named by path must exist: env's own message would say only "No such file".
    if let program = manifest.command.first, program.contains("/") {
      let path = program.hasPrefix("/") ? program : (manifest.directory as NSString).appendingPathComponent(program)
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw EngineProcess.Failure.cannotStart(
          "\(path) is not there or not executable" + (manifest.build.map { " (\($0) builds it)" } ?? ""))
      }
    }
    let fresh = try EngineProcess(command: manifest.command, directory: manifest.directory)
    try fresh.send(.object([("message", .string("hello")), ("protocol", .string(Self.protocolName))]))
    guard case .hello(let hello, let inputs) = try EngineReply.decode(try fresh.receive(timeout: 60)) else {
      fresh.stop()
      throw EngineProtocolError("the first message is not a hello")
    }
    guard hello.name == manifest.name, Set(inputs) == Set(manifest.inputs) else {
      fresh.stop()
      throw EngineProtocolError(
        "the engine says it is \"\(hello.name)\" reading \(inputs.map(\.rawValue)); its manifest says \"\(manifest.name)\" "
          + "reading \(manifest.inputs.map(\.rawValue))")
    }
    info = hello
    process = fresh
    return fresh
  }

  private func writeCaseFile(_ text: String) throws -> String {
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let path = (scratch as NSString).appendingPathComponent("layoutbench-engine-case-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json")
    do { try AtomicFile.write(text, to: path) } catch {
      throw EngineProtocolError("the case file \(path) cannot be written: \(error)")
    }
    return path
  }

  private func caseMessage(_ request: EngineCaseRequest, file: String) -> JSONValue {
    .object([
      ("message", .string("case")), ("workload", .string(request.workload)), ("size", .number(Double(request.size))),
      ("seed", .number(Double(request.seed))), ("input", .string(request.input.rawValue)), ("file", .string(file)),
      ("repetitions", .number(Double(request.settings.repetitions))), ("warmup", .number(Double(request.settings.warmup))),
      ("timeBudgetSeconds", .number(request.timeBudgetSeconds)), ("caseLimitSeconds", .number(request.caseLimitSeconds)),
    ])
  }

  /// The reply's shape against the case: its phases in order with their operation counts,
  /// a sample per operation and repetition, one answer array per state of the right length.
  /// - Throws: `EngineProtocolError` naming the first rule broken.
  static func validate(_ result: EngineResult, against request: EngineCaseRequest) throws {
    guard result.repetitions <= request.settings.repetitions else {
      throw EngineProtocolError("\(result.repetitions) repetitions, more than the \(request.settings.repetitions) asked for")
    }
    let got = result.phases.map { "\($0.name)×\($0.operations)" }
    let expected = request.phases.map { "\($0.name)×\($0.operations)" }
    guard got == expected else {
      throw EngineProtocolError("phases \(got.joined(separator: ", ")); the case has \(expected.joined(separator: ", "))")
    }
    for phase in result.phases where phase.samplesNanoseconds.count != phase.operations * result.repetitions {
      throw EngineProtocolError(
        "phase \(phase.name) has \(phase.samplesNanoseconds.count) samples; \(phase.operations) operations × "
          + "\(result.repetitions) repetitions expected")
    }
    guard Set(result.names).count == result.names.count else { throw EngineProtocolError("answers.names repeats a name") }
    guard result.states.count == request.stateCount else {
      throw EngineProtocolError("answers.states has \(result.states.count) states; the case has \(request.stateCount)")
    }
    let width = result.names.count * request.input.valuesPerName
    if let index = result.states.firstIndex(where: { $0 != nil && $0!.count != width }) {
      throw EngineProtocolError("answers.states[\(index)] has \(result.states[index]!.count) numbers; \(width) expected")
    }
  }
}

/// A reply that breaks `layoutbench.engine/1`.
public struct EngineProtocolError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
