import Interchange
import LayoutModel
import Scene

/// The constraint system a scene's layout builds, recorded as a `layoutbench.constraints/1`
/// document (`bench export --format constraints`): the scene runs through
/// `ConstraintLayout` (ambiguity probes off) over a ``RecordingSolver``, and the calls it
/// makes become the system.
///
/// * The initial `constraints` are what the initial load and first layout pass left in
///   the solver, in the order they were added.
/// * Each scene operation (the document's `operations`, or one per step) becomes the
///   solver calls its steps and its one layout pass made, in order, as `add`, `remove`,
///   `setConstant` and `setPriority` steps; consecutive calls of one kind are merged into
///   one step when they name no constraint twice. An operation that made no call becomes
///   one empty step (`{"remove": []}`), so every operation has a state to compare.
///   The result's `operations` give the constraint steps of each scene operation.
/// * Constraints are named as diagnostics name them (`Scene.name(of:)`: a user
///   constraint's id, `root.encapsulated(width)`, `row.stack(spacing-after:a)`, ...), made
///   unique with a `#2`, `#3` suffix when a name comes back after a removal; variables are
///   `VIEW.minX`, `VIEW.minY`, `VIEW.width`, `VIEW.height` (positions in the superview's coordinates), guides
///   likewise by guide id.
/// * A scene step that the scene refuses changes nothing and makes no call.
///
/// Replaying the result (``SystemReplay``) gives, at the end of every operation, the
/// values the scene's layout had there, wherever the layout is unique.
public struct RecordedSystem {
  /// The constraint system, numbered as decoding its text would number it.
  public var document: ConstraintSystemDocument
  /// With `recordingValues`: the value of each variable of ``document`` (by `VariableID`
  /// index) after the initial layout and after each operation, as the scene's layout had
  /// it; a variable not yet named at that point is missing (the array is shorter). Empty
  /// otherwise.
  public var valuesAtBoundaries: [[Double]]

  /// Why a scene's layout could not be recorded.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layout failed (a solver over a limit, or a solver bug); `step` is the scene
    /// step being taken in, nil for the initial layout.
    case layout(step: Int?, LayoutError)
    /// The layout made a call the format cannot express (an edit variable added after
    /// the initial constraints).
    case inexpressible(String)

    public var description: String {
      switch self {
      case .layout(let step, let error): "\(step.map { "step \($0)" } ?? "initial layout"): \(error)"
      case .inexpressible(let message): message
      }
    }
  }

  /// Records `scene`'s layout with `base` as the layout's solver (any correct solver
  /// records the same system up to ties). O(that of the layout), plus O(ops · variables) with
  /// `recordingValues`.
  /// - Throws: ``Failure``.
  public init<Base: LinearSolver>(
    recording scene: SceneDocument, base: Base, recordingValues: Bool = false
  ) throws(Failure) {
    let holder = SceneHolder(scene.scene)
    let recorder = RecordingSolver(base)
    let layout = ConstraintLayout(solver: recorder, detectsAmbiguity: false)
    recorder.constraintName = { [unowned layout, holder] id in
      layout.key(of: id).map { holder.scene.name(of: $0) } ?? id.description
    }
    recorder.variableName = { [unowned layout, holder] variable in
      guard let (owner, quantity) = layout.frameVariables.owner(of: variable) else { return variable.description }
      return "\(holder.name(of: owner)).\(Self.name(of: quantity))"
    }

    var snapshots: [[Double]] = []
    func snapshot() {
      guard recordingValues else { return }
      snapshots.append(recorder.baseVariables.map { recorder.value(of: $0) })
    }

    // Through the pass driver, as every layout goes (formats.md 2.1). It writes into a copy
    // of the scene, put back after each call: the naming closures read `holder.scene`
    // while the layout runs, which an `inout` access to it would forbid.
    let driver = LayoutDriver(layout)
    func drive(_ body: (inout Scene) throws(LayoutError) -> Void) throws(LayoutError) {
      var scene = holder.scene
      defer { holder.scene = scene }
      try body(&scene)
    }
    do {
      try drive { scene throws(LayoutError) in try driver.load(&scene) }
      try drive { scene throws(LayoutError) in try driver.layoutIfNeeded(&scene) }
    } catch {
      throw .layout(step: nil, error)
    }
    snapshot()
    let operations = scene.measuredOperations
    var boundaries = [recorder.calls.count]
    for operation in operations {
      for k in operation.steps {
        var next = holder.scene
        let delta: SceneDelta
        do {
          delta = try next.apply(scene.steps[k].change, path: scene.steps[k].path.description)
        } catch {
          continue  // refused: the scene is unchanged and the layout is not told
        }
        holder.scene = next
        do { try drive { scene throws(LayoutError) in try driver.update(&scene, delta) } } catch {
          throw .layout(step: k, error)
        }
      }
      do { try drive { scene throws(LayoutError) in try driver.layoutIfNeeded(&scene) } } catch {
        throw .layout(step: operation.steps.last, error)
      }
      boundaries.append(recorder.calls.count)
      snapshot()
    }

    var builder = Builder(calls: recorder.calls)
    try builder.foldInitial(upTo: boundaries[0])
    var constraintSteps: [MeasuredOperation] = []
    for (k, operation) in operations.enumerated() {
      let start = builder.steps.count
      try builder.appendSteps(boundaries[k]..<boundaries[k + 1])
      constraintSteps.append(MeasuredOperation(phase: operation.phase, steps: start..<builder.steps.count))
    }
    let (document, variableMap) = builder.canonicalDocument(
      variableNames: recorder.variableNames, constraintNames: recorder.constraintNames)
    var result = document
    result.workload = scene.workload
    result.operations = constraintSteps
    self.document = result
    valuesAtBoundaries = snapshots.map { values in
      var mapped: [Double?] = Array(repeating: nil, count: document.variableNames.count)
      for (old, value) in values.enumerated() {
        if let new = variableMap[old] { mapped[new] = value }
      }
      // Variables are named in order, so those missing at a boundary come last.
      return Array(mapped.prefix { $0 != nil }.map { $0! })
    }
  }

  static func name(of quantity: FrameQuantity) -> String {
    switch quantity {
    case .minX: "minX"
    case .minY: "minY"
    case .width: "width"
    case .height: "height"
    }
  }

  /// The scene as the layout sees it now, for the naming closures.
  private final class SceneHolder {
    var scene: Scene
    init(_ scene: Scene) { self.scene = scene }

    func name(of owner: FrameOwner) -> String {
      switch owner {
      case .view(let v): scene.view(v)?.id ?? v.description
      case .guide(let g): (g.index < scene.guides.count ? scene.guides[g.index]?.id : nil) ?? "guide#\(g.rawValue)"
      }
    }
  }
}

/// Turns recorded calls into the parts of a constraint-system document.
private struct Builder {
  let calls: [RecordedCall]
  var initial: [Constraint?] = []
  /// Position in `initial` of each recorded constraint id present in it.
  var initialPosition: [Int: Int] = [:]
  var edits: [ConstraintSystemDocument.EditDeclaration] = []
  var steps: [ConstraintSystemDocument.Step] = []

  init(calls: [RecordedCall]) {
    self.calls = calls
  }

  /// The net effect of the initial calls: constraints in the order added, with their last
  /// constants and priorities; edit variables declared before any constraint.
  mutating func foldInitial(upTo end: Int) throws(RecordedSystem.Failure) {
    for call in calls[0..<end] {
      switch call {
      case .add(let constraints):
        for constraint in constraints {
          initialPosition[constraint.id.index] = initial.count
          initial.append(constraint)
        }
      case .remove(let id):
        if let position = initialPosition.removeValue(forKey: id.index) { initial[position] = nil }
      case .setConstant(let id, let value):
        if let position = initialPosition[id.index] { initial[position]?.expression.constant = value }
      case .setPriority(let id, let priority):
        if let position = initialPosition[id.index] { initial[position]?.priority = priority }
      case .addEditVariable(let variable, let priority):
        guard initial.isEmpty else {
          throw .inexpressible("an edit variable was added after constraints; the format declares edits first")
        }
        edits.append(ConstraintSystemDocument.EditDeclaration(variable: variable, priority: priority))
      case .removeEditVariable, .suggestValue:
        throw .inexpressible("the initial layout removed or suggested an edit variable")
      }
    }
  }

  /// The calls in `range` as steps, merging consecutive calls of a kind; at least one step.
  mutating func appendSteps(_ range: Range<Int>) throws(RecordedSystem.Failure) {
    let start = steps.count
    func mergeable(_ id: ConstraintID, into entries: [(ConstraintID, some Any)]) -> Bool {
      !entries.contains { $0.0 == id }
    }
    for call in calls[range] {
      let last = steps.count > start ? steps[steps.count - 1] : nil
      switch (call, last) {
      case (.add(let constraints), .add(let previous)?):
        steps[steps.count - 1] = .add(previous + constraints)
      case (.add(let constraints), _):
        steps.append(.add(constraints))
      case (.remove(let id), .remove(let previous)?) where !previous.contains(id):
        steps[steps.count - 1] = .remove(previous + [id])
      case (.remove(let id), _):
        steps.append(.remove([id]))
      case (.setConstant(let id, let value), .setConstant(let previous)?) where mergeable(id, into: previous):
        steps[steps.count - 1] = .setConstant(previous + [(id, value)])
      case (.setConstant(let id, let value), _):
        steps.append(.setConstant([(id, value)]))
      case (.setPriority(let id, let priority), .setPriority(let previous)?) where mergeable(id, into: previous):
        steps[steps.count - 1] = .setPriority(previous + [(id, priority)])
      case (.setPriority(let id, let priority), _):
        steps.append(.setPriority([(id, priority)]))
      case (.suggestValue(let variable, let value), .suggest(let previous)?) where !previous.contains(where: { $0.0 == variable }):
        steps[steps.count - 1] = .suggest(previous + [(variable, value)])
      case (.suggestValue(let variable, let value), _):
        guard edits.contains(where: { $0.variable == variable }) else {
          throw .inexpressible("a suggestion for a variable that is not an initial edit variable")
        }
        steps.append(.suggest([(variable, value)]))
      case (.addEditVariable, _), (.removeEditVariable, _):
        throw .inexpressible("an edit variable was added or removed after the initial layout")
      }
    }
    if steps.count == start { steps.append(.remove([])) }
  }

  /// The document with ids renumbered as decoding its text would: variables by first
  /// appearance (initial constraints, edits, `add` steps), constraints by definition
  /// (initial, then `add` steps). Names never appearing in the result are dropped.
  /// Returns the map from recorded variable index to document variable index.
  func canonicalDocument(
    variableNames: [String], constraintNames: [String]
  ) -> (ConstraintSystemDocument, [Int: Int]) {
    var variableMap: [Int: Int] = [:]
    var newVariableNames: [String] = []
    var constraintMap: [Int: Int] = [:]
    var newConstraintNames: [String] = []
    func variable(_ v: VariableID) -> VariableID {
      if let new = variableMap[v.index] { return VariableID(new) }
      variableMap[v.index] = newVariableNames.count
      newVariableNames.append(variableNames[v.index])
      return VariableID(newVariableNames.count - 1)
    }
    func define(_ c: Constraint) -> Constraint {
      constraintMap[c.id.index] = newConstraintNames.count
      newConstraintNames.append(constraintNames[c.id.index])
      let terms = c.expression.terms.map { Term(variable($0.variable), $0.coefficient) }
      return Constraint(
        id: ConstraintID(newConstraintNames.count - 1), LinearExpression(terms, constant: c.expression.constant),
        c.relation, priority: c.priority)
    }
    func constraint(_ id: ConstraintID) -> ConstraintID { ConstraintID(constraintMap[id.index]!) }

    let constraints = initial.compactMap { $0 }.map(define)
    let edits = self.edits.map { ConstraintSystemDocument.EditDeclaration(variable: variable($0.variable), priority: $0.priority) }
    // Definitions first (the decoder numbers every `add` before reading the other steps).
    var defined: [[Constraint]] = []
    for case .add(let added) in steps { defined.append(added.map(define)) }
    var addIndex = 0
    let newSteps: [ConstraintSystemDocument.Step] = steps.map { step in
      switch step {
      case .add:
        addIndex += 1
        return .add(defined[addIndex - 1])
      case .remove(let ids): return .remove(ids.map(constraint))
      case .setConstant(let entries): return .setConstant(entries.map { (constraint($0.0), $0.1) })
      case .setPriority(let entries): return .setPriority(entries.map { (constraint($0.0), $0.1) })
      case .suggest(let entries): return .suggest(entries.map { (variable($0.0), $0.1) })
      }
    }
    let document = ConstraintSystemDocument(
      variableNames: newVariableNames, constraintNames: newConstraintNames, constraints: constraints, edits: edits,
      steps: newSteps)
    return (document, variableMap)
  }
}
