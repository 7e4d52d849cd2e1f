import Interchange

/// Joins the results of one plan measured in several processes (`bench run --processes
/// K`) into one document whose samples come from all of them.
///
/// Why processes: a process keeps one memory layout (heap and stack addresses, and with
/// them cache-set conflicts) for its whole life, so the same case measured in two
/// processes differs by a steady few percent that no number of repetitions within one
/// process averages away (measured: dense-simplex building a 10-view stack took 115, 119,
/// 127 and 129 µs in four processes of the same binary, each a tight median of 20
/// repetitions). Pooling repetitions from K processes turns that offset into spread the
/// statistics can see, and shrinks its effect on the median.
public enum ResultsPooling {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Pools `parts` (one per process, each run with the same plan): per case, the phases'
  /// samples and the reference samples are concatenated in part order and the repetitions
  /// added. Allocations and counters, which do not depend on the process, are the first
  /// part's; a part that disagrees adds a warning naming the case. A case that is not
  /// `ok` in some part takes that part's status (an error before a skip).
  /// The pooled document is complete only when every part is.
  /// - Returns: the pooled document (the first part's environment and run settings, which
  ///   the caller completes) and warnings.
  /// - Throws: `Failure` when the parts hold different cases or phases.
  /// - Complexity: O(samples).
  public static func pool(_ parts: [ResultsDocument]) throws(Failure) -> (document: ResultsDocument, warnings: [String]) {
    guard var pooled = parts.first else { throw Failure(description: "no parts to pool") }
    var warnings: [String] = []
    for (index, part) in parts.enumerated().dropFirst() {
      guard part.cases.map(\.key) == pooled.cases.map(\.key) else {
        throw Failure(description: "process \(index + 1) measured other cases than process 1")
      }
      for c in pooled.cases.indices {
        let addition = part.cases[c]
        switch (pooled.cases[c].status, addition.status) {
        case (.error, _): continue
        case (_, .error), (.ok, .skipped):
          pooled.cases[c].status = addition.status
          pooled.cases[c].phases = []
          pooled.cases[c].reference = nil
          pooled.cases[c].repetitions = nil
          continue
        case (.skipped, _): continue
        case (.ok, .ok): break
        }
        guard addition.phases.map(\.name) == pooled.cases[c].phases.map(\.name) else {
          throw Failure(description: "\(addition.key): process \(index + 1) measured other phases than process 1")
        }
        for p in pooled.cases[c].phases.indices {
          let phase = addition.phases[p]
          pooled.cases[c].phases[p].samplesNanoseconds += phase.samplesNanoseconds
          let first = pooled.cases[c].phases[p]
          if first.allocations != phase.allocations || !first.counters.elementsEqual(phase.counters, by: { $0 == $1 }) {
            warnings.append(
              "\(addition.key) \(phase.name): process \(index + 1) counted other allocations or solver work than process 1")
          }
        }
        pooled.cases[c].repetitions = (pooled.cases[c].repetitions ?? 0) + (addition.repetitions ?? 0)
        if let reference = addition.reference, pooled.cases[c].reference?.name == reference.name {
          pooled.cases[c].reference!.samplesNanoseconds += reference.samplesNanoseconds
        } else {
          pooled.cases[c].reference = nil
        }
      }
    }
    pooled.complete = parts.allSatisfy(\.isComplete)
    return (pooled, warnings)
  }
}
