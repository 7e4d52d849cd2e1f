import LayoutModel

/// Compares two backends' runs of the same document by the semantics every constraint
/// backend shares (formats.md section 1), not by values: optima are not unique.
public enum ReplayComparison {
  /// Every disagreement between `run` and the `reference` run, one sentence each, naming
  /// the state, the constraints and the numbers; empty when they agree. Per state: the same
  /// outcome (values, or the same refusal — the same kind and constraint; explanations may
  /// differ), the same initial constraints skipped, every required constraint satisfied by
  /// both, and the same error sum at every optional level.
  /// - Complexity: O(states · Σ terms).
  public static func disagreements(
    of run: ReplayRun, with reference: ReplayRun, names: some SolverNaming
  ) -> [String] {
    var found: [String] = []
    let who = "\(run.backend) (vs \(reference.backend))"
    guard run.states.count == reference.states.count else {
      return ["\(who): \(run.states.count) states, \(reference.states.count) expected"]
    }
    for index in run.states.indices {
      let state = run.states[index]
      let expected = reference.states[index]
      let at = state.step.map { "step \($0)" } ?? "initial state"
      if state.skipped.map(Refusal.init) != expected.skipped.map(Refusal.init) {
        found.append("\(who), \(at): skipped \(describe(state.skipped, names)), expected \(describe(expected.skipped, names))")
      }
      switch (state.outcome, expected.outcome) {
      case (.failed(let error), .failed(let reference)):
        if Refusal(error) != Refusal(reference) {
          found.append("\(who), \(at): refused with \(error.message(names: names)); expected \(reference.message(names: names))")
        }
      case (.failed(let error), .values):
        found.append("\(who), \(at): refused with \(error.message(names: names)); the reference accepted it")
      case (.values, .failed(let reference)):
        found.append("\(who), \(at): accepted; the reference refused with \(reference.message(names: names))")
      case (.values(let values), .values(let referenceValues)):
        let system = reference.systems[index]
        let value = { (v: VariableID) in v.index < values.count ? values[v.index] : 0 }
        let referenceValue = { (v: VariableID) in v.index < referenceValues.count ? referenceValues[v.index] : 0 }
        for (backend, read) in [(run.backend, value), (reference.backend, referenceValue)] {
          for violated in system.violatedRequired(read) {
            found.append(
              "\(backend), \(at): required constraint '\(names.name(of: violated.id))' violated by \(violated.violation(read))")
          }
        }
        let levels = system.errorsByLevel(value)
        let referenceLevels = system.errorsByLevel(referenceValue)
        for (level, referenceLevel) in zip(levels, referenceLevels)
        where !Tolerance.comparison.isClose(level.error, referenceLevel.error, scale: scale(of: system, referenceValue)) {
          found.append(
            "\(who), \(at): error sum at priority \(level.priority) is \(level.error), expected \(referenceLevel.error)")
        }
      }
    }
    return found
  }

  /// A refusal as compared across backends: the kind and the constraint or variable, not
  /// the explanation.
  private struct Refusal: Hashable {
    let kind: String
    let subject: String
    init(_ error: SolverError) {
      kind = error.kind
      switch error {
      case .unsatisfiable(let id, _): subject = id.description
      default: subject = error.description
      }
    }
  }

  private static func describe(_ errors: [SolverError], _ names: some SolverNaming) -> String {
    errors.isEmpty ? "nothing" : errors.map { $0.message(names: names) }.joined(separator: "; ")
  }

  /// The magnitude against which error sums are compared: the largest term or constant.
  private static func scale(of system: [Constraint], _ valueOf: (VariableID) -> Double) -> Double {
    system.reduce(1) { max($0, $1.expression.magnitude(valueOf)) }
  }
}
