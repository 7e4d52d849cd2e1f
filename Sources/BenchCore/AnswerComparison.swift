import Interchange
import LayoutModel

/// An engine's answers against the reference backend's (docs/engines.md, "How answers are
/// checked"): names matched by name, every value of every state compared, a refused state
/// only against a refused one.
public enum AnswerComparison {
  /// Close: `|a − b| ≤ 1e-6 + 1e-6 · max(|a|, |b|)`, the residual rule of formats.md
  /// section 1 (a millionth of a point on a frame).
  public static let tolerance = Tolerance(absolute: 1e-6, relative: 1e-6)
  /// Close for an engine that computes in 32-bit floats (its hello's `precision`):
  /// `|a − b| ≤ 1e-3 + 1e-4 · max(|a|, |b|)`. A float keeps about 7 digits, and a layout
  /// adds up hundreds of lengths (each position is the sum of those before it), so a
  /// thousand-view stack drifts by up to 2e-5 of its length; a wrong mapping is off by
  /// whole points.
  public static let float32Tolerance = Tolerance(absolute: 1e-3, relative: 1e-4)
  /// The `precision` values an engine may declare.
  public static let precisions = ["float32", "float64"]

  /// The rule for an engine's answers: ``float32Tolerance`` for one that says it computes
  /// in `float32`, ``tolerance`` otherwise.
  public static func tolerance(for engine: ResultsDocument.EngineInfo?) -> Tolerance {
    engine?.precision == "float32" ? float32Tolerance : tolerance
  }
  /// Differences kept as examples in the results file.
  public static let exampleLimit = 10

  /// Answers: per state, the values in `names` order (`valuesPerName` each: 1 for
  /// variables, 4 for a view's frame), nil for a refused state.
  /// In the reference, NaN marks a value left free (not compared).
  public typealias Answers = (names: [String], states: [[Double]?])

  /// - Complexity: O(states · values + names).
  /// - Throws: `EngineProtocolError` when the engine answers other names or another
  ///   number of states than the reference.
  public static func check(
    _ engine: Answers, against reference: Answers, valuesPerName: Int, referenceName: String,
    tolerance: Tolerance = AnswerComparison.tolerance
  ) throws(EngineProtocolError) -> ResultsDocument.AnswerCheck {
    var position: [String: Int] = [:]
    for (index, name) in engine.names.enumerated() { position[name] = index }
    if let missing = reference.names.first(where: { position[$0] == nil }) {
      throw EngineProtocolError("the answers have no '\(missing)' (the case has \(reference.names.count) names)")
    }
    guard engine.names.count == reference.names.count else {
      let extra = Set(engine.names).subtracting(reference.names).sorted().first ?? ""
      throw EngineProtocolError("the answers name '\(extra)', which the case does not have")
    }
    guard engine.states.count == reference.states.count else {
      throw EngineProtocolError("\(engine.states.count) answered states; the case has \(reference.states.count)")
    }
    let suffixes = valuesPerName == 4 ? [".x", ".y", ".width", ".height"] : [""]
    var (values, mismatches) = (0, 0)
    var examples: [ResultsDocument.Mismatch] = []
    func note(_ mismatch: ResultsDocument.Mismatch) {
      mismatches += 1
      if examples.count < exampleLimit { examples.append(mismatch) }
    }
    for (state, expected) in reference.states.enumerated() {
      let answered = engine.states[state]
      guard let expected, let answered else {
        values += 1
        if (expected == nil) != (answered == nil) {
          let refuser = answered == nil ? "the engine" : referenceName
          note(ResultsDocument.Mismatch(state: state, name: "(refused by \(refuser) only)", engine: nil, reference: nil))
        }
        continue
      }
      for (r, name) in reference.names.enumerated() {
        let e = position[name]!
        for k in 0..<valuesPerName {
          let (a, b) = (answered[e * valuesPerName + k], expected[r * valuesPerName + k])
          // NaN: a value the reference leaves free (a variable no present constraint
          // mentions may report any value, formats.md section 1); not compared.
          if b.isNaN { continue }
          values += 1
          if !tolerance.isClose(a, b) {
            note(ResultsDocument.Mismatch(state: state, name: name + suffixes[k], engine: a, reference: b))
          }
        }
      }
    }
    return ResultsDocument.AnswerCheck(
      reference: referenceName, states: reference.states.count, values: values, mismatches: mismatches, examples: examples,
      tolerance: tolerance == Self.tolerance ? nil : tolerance)
  }
}
