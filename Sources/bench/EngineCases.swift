import BenchCore
import Cassowary
import Flexbox
import Interchange
import LayoutModel
import Replay
import Scene
import Workloads

/// The cases `bench run` gives outside engines (docs/engines.md): each workload case
/// exported in the input the engine reads, measured through the engine's connection, and its
/// answers checked against the cassowary backend's on the same file.
final class EngineCases {
  /// Connections by engine name, started at an engine's first case and kept for the run.
  private var connections: [String: EngineConnection] = [:]
  private let manifests: [EngineManifest]

  init(manifests: [EngineManifest]) {
    self.manifests = manifests
  }

  /// Whether `backend` names one of the run's engines.
  func isEngine(_ backend: String) -> Bool { manifests.contains { $0.name == backend } }

  /// Measures `workloadCase` on the engine `planned.backend`. Never throws: every failure
  /// is the case's outcome.
  func measure(
    _ planned: PlannedCase, _ workloadCase: WorkloadCase, settings: MeasurementSettings, caseLimit: Double,
    progress: RunProgress
  ) -> BenchmarkRun.Measured {
    guard let manifest = manifests.first(where: { $0.name == planned.backend }) else {
      return BenchmarkRun.Measured(outcome: .failed("no engine '\(planned.backend)'"), parameters: workloadCase.parameters)
    }
    let connection = connections[manifest.name] ?? EngineConnection(manifest: manifest)
    connections[manifest.name] = connection
    // The first input of the manifest's in the runner's order of preference.
    let input = EngineInput.allCases.first(where: manifest.inputs.contains) ?? .constraints
    let prepared: PreparedCase
    do {
      progress.update("exporting the case for \(manifest.name)")
      switch input {
      case .constraints: prepared = try Self.constraintCase(workloadCase)
      case .scene: prepared = try Self.sceneCase(workloadCase)
      case .flex: prepared = try Self.flexCase(workloadCase)
      }
    } catch let error as WorkloadExportError {
      switch error {
      case .noSingleSystem(let reason):
        return BenchmarkRun.Measured(outcome: .skipped(reason: "no single constraint system: \(reason)"), parameters: workloadCase.parameters)
      case .noFlexbox(let reason):
        return BenchmarkRun.Measured(outcome: .skipped(reason: "no flexbox equivalent: \(reason)"), parameters: workloadCase.parameters)
      default: break
      }
      return BenchmarkRun.Measured(outcome: .failed("the case cannot be exported: \(error)"), parameters: workloadCase.parameters)
    } catch {
      return BenchmarkRun.Measured(outcome: .failed("the case cannot be exported: \(error)"), parameters: workloadCase.parameters)
    }
    let request = EngineCaseRequest(
      workload: planned.workload, size: planned.size, seed: workloadCase.seed, input: input, fileText: prepared.text,
      operationPhases: prepared.phases, settings: settings, caseLimitSeconds: caseLimit)
    let result = connection.measure(request) { progress.update($0) }
    var measured = BenchmarkRun.Measured(
      outcome: result.outcome, parameters: workloadCase.parameters + prepared.parameters + result.parameters, engine: result.engine)
    if let answers = result.answers {
      do {
        measured.check = try AnswerComparison.check(
          answers, against: prepared.reference, valuesPerName: input.valuesPerName, referenceName: "cassowary",
          tolerance: AnswerComparison.tolerance(for: result.engine))
      } catch {
        measured.outcome = .failed("\(manifest.name)'s answers: \(error)")
      }
    }
    return measured
  }

  /// Lets every engine exit.
  func finish() {
    for connection in connections.values { connection.finish() }
    connections = [:]
  }

  /// A case exported for an engine: the file's text, its operations' phases, cassowary's
  /// answers, and facts about the export that join the case's parameters.
  struct PreparedCase {
    var text: String
    var phases: [String]
    var reference: AnswerComparison.Answers
    var parameters: [(key: String, value: String)] = []
  }

  /// The case as `bench export --format constraints` writes it, its operations' phases,
  /// and cassowary's values after the first solve and after each operation (nil where a
  /// step of the operation was refused).
  static func constraintCase(_ workloadCase: WorkloadCase) throws -> PreparedCase {
    let document = try workloadCase.constraintSystem(base: CassowarySolver())
    var replay = SystemReplay(document: document, solver: CassowarySolver())
    let states = try replay.run()
    let operations = document.operations ?? document.steps.indices.map { MeasuredOperation(phase: "step", steps: $0..<($0 + 1)) }
    func values(_ state: ReplayState) -> [Double]? {
      if case .values(let values) = state.outcome { return values }
      return nil
    }
    // A variable no present constraint or edit mentions may report any value (formats.md
    // section 1): its reference is NaN, which the comparison passes over.
    var present: [ConstraintID: Constraint] = [:]
    for constraint in document.constraints { present[constraint.id] = constraint }
    func unmentionedAsNaN(_ values: [Double]?) -> [Double]? {
      guard var values else { return nil }
      var mentioned = [Bool](repeating: false, count: values.count)
      for edit in document.edits where edit.variable.index < values.count { mentioned[edit.variable.index] = true }
      for constraint in present.values {
        for term in constraint.expression.terms where term.variable.index < values.count { mentioned[term.variable.index] = true }
      }
      for index in values.indices where !mentioned[index] { values[index] = .nan }
      return values
    }
    var answers: [[Double]?] = [unmentionedAsNaN(values(states[0]))]
    for operation in operations {
      for index in operation.steps where values(states[index + 1]) != nil {
        switch document.steps[index] {
        case .add(let added): for constraint in added { present[constraint.id] = constraint }
        case .remove(let removed): for id in removed { present[id] = nil }
        case .suggest, .setConstant, .setPriority: break
        }
      }
      let refused = states[(operation.steps.lowerBound + 1)...operation.steps.upperBound].contains { values($0) == nil }
      answers.append(refused ? nil : unmentionedAsNaN(values(states[operation.steps.upperBound])))
    }
    return PreparedCase(text: document.jsonText(), phases: operations.map(\.phase), reference: (document.variableNames, answers))
  }

  /// The case as `bench export --format scene` writes it, its operations' phases, and
  /// cassowary's frames (x, y, width, height by view, as `bench layout` reports them)
  /// after the first layout and after each operation.
  static func sceneCase(_ workloadCase: WorkloadCase) throws -> PreparedCase {
    let document = try workloadCase.sceneDocument()
    var replay = SceneReplay(document: document, backend: ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false), rowBackends: {
      ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
    })
    let states = try replay.run()
    let operations = document.operations ?? document.steps.indices.map { MeasuredOperation(phase: "step", steps: $0..<($0 + 1)) }
    var names: [String] = []
    func frames(_ state: FramesDocument.State) -> [Double]? {
      guard case .layout(let layout) = state.outcome else { return nil }
      if names.isEmpty { names = layout.frames.map(\.view) }
      return layout.frames.flatMap { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
    }
    var answers: [[Double]?] = [frames(states[0])]
    for operation in operations {
      let refused = states[(operation.steps.lowerBound + 1)...operation.steps.upperBound].contains { frames($0) == nil }
      answers.append(refused ? nil : frames(states[operation.steps.upperBound]))
    }
    return PreparedCase(text: document.jsonText(), phases: operations.map(\.phase), reference: (names, answers))
  }

  /// The case as `bench export --format flex` writes it, its operations' phases, and
  /// cassowary's frames of the nodes an engine answers (those outside `display: none`
  /// subtrees; docs/flexbox.md); the mapping's notes, if any, as the parameter
  /// `flex.notes`.
  /// - Throws: `WorkloadExportError.noFlexbox` for a case flexbox cannot express.
  static func flexCase(_ workloadCase: WorkloadCase) throws -> PreparedCase {
    let document = try workloadCase.flexDocument()
    let scene = try sceneCase(workloadCase)
    let answered = document.answeredIDs
    var position: [String: Int] = [:]
    for (index, name) in scene.reference.names.enumerated() { position[name] = index }
    var columns: [Int] = []
    for id in answered {
      guard let column = position[id] else { throw EngineProtocolError("cassowary's layout has no frame for node '\(id)'") }
      columns.append(column)
    }
    let states = scene.reference.states.map { state in
      state.map { frames in columns.flatMap { frames[(4 * $0)..<(4 * $0 + 4)] } }
    }
    var parameters: [(key: String, value: String)] = []
    if !document.notes.isEmpty { parameters.append(("flex.notes", document.notes.joined(separator: "; "))) }
    return PreparedCase(
      text: document.jsonText(), phases: scene.phases, reference: (answered, states), parameters: parameters)
  }
}
