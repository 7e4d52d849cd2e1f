import Interchange

/// Whether a timing regression shows in every pair of processes of a same-run comparison
/// (`bench gate --base-bench`), not only in the pooled samples.
///
/// The gate's test treats each repetition as one observation, but repetitions in one
/// process share its memory layout, which moves a phase of a few tens of microseconds by
/// tens of percent for the whole life of the process. The independent units are the
/// processes. With the two builds' processes run in pairs (process k of each, one after the
/// other), a real slowdown of the code shows in every pair, while one process with an
/// unlucky layout shows in one or two. Measured in a clean-clone CI run on an unchanged
/// tree (both builds of the same code, 4 processes each): the pooled test flagged 11 of 171
/// phases, and 8 of the 11 were faster in at least one pair (pair ratios such as 1.07,
/// 1.46, 1.64, 0.98); re-measured, 4 were flagged again, 2 of them in every pair.
public enum ProcessPairAgreement {
  /// True when `phase` of case `key` is slower in head than in base in every process pair
  /// (`head[k]` against `base[k]`): each side's median over that process's samples, as a
  /// ratio to the median of the process's own reference kernel runs when both processes
  /// timed the same kernel, raw otherwise. A pair that lacks the phase on either side does
  /// not count against it; with no pairs at all the answer is true (nothing contradicts the
  /// pooled verdict).
  /// - Complexity: O(samples of the phase in all parts · log).
  public static func slowerInEveryPair(
    _ key: ResultsDocument.CaseKey, phase: String, head: [ResultsDocument], base: [ResultsDocument]
  ) -> Bool {
    inEveryPair(key, phase: phase, head: head, base: base) { $0 > $1 }
  }

  /// The same for an improvement: faster in every pair.
  public static func fasterInEveryPair(
    _ key: ResultsDocument.CaseKey, phase: String, head: [ResultsDocument], base: [ResultsDocument]
  ) -> Bool {
    inEveryPair(key, phase: phase, head: head, base: base) { $0 < $1 }
  }

  static func inEveryPair(
    _ key: ResultsDocument.CaseKey, phase: String, head: [ResultsDocument], base: [ResultsDocument],
    _ holds: (_ head: Double, _ base: Double) -> Bool
  ) -> Bool {
    for (headPart, basePart) in zip(head, base) {
      guard let headCase = headPart.cases.first(where: { $0.key == key }),
        let baseCase = basePart.cases.first(where: { $0.key == key }),
        let headMedian = median(of: phase, in: headCase), let baseMedian = median(of: phase, in: baseCase)
      else { continue }
      var (headValue, baseValue) = (headMedian, baseMedian)
      if let headKernel = headCase.reference, let baseKernel = baseCase.reference, headKernel.name == baseKernel.name,
        !headKernel.samplesNanoseconds.isEmpty, !baseKernel.samplesNanoseconds.isEmpty
      {
        headValue /= SampleComparison.median(headKernel.samplesNanoseconds)
        baseValue /= SampleComparison.median(baseKernel.samplesNanoseconds)
      }
      if !holds(headValue, baseValue) { return false }
    }
    return true
  }

  static func median(of phase: String, in found: ResultsDocument.Case) -> Double? {
    guard let samples = found.phases.first(where: { $0.name == phase })?.samplesNanoseconds, !samples.isEmpty else { return nil }
    return SampleComparison.median(samples)
  }
}
