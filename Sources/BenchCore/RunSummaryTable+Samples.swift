import Interchange

extension RunSummaryTable {
  /// The figures shown for one set of samples (nanoseconds per operation).
  public struct Spread: Equatable, Sendable {
    public var median: Double
    /// The third quartile minus the first (type 7 quantiles, as everywhere in results).
    public var interquartileRange: Double
    public var count: Int

    /// Nil for no samples. O(n log n).
    public init?(_ samples: [Double]) {
      guard let statistics = SampleStatistics(doubles: samples) else { return nil }
      median = statistics.median
      interquartileRange = statistics.thirdQuartile - statistics.firstQuartile
      count = statistics.count
    }
  }

  /// Per repetition, the time of every `build` operation plus that of every `firstLayout`
  /// operation: one sample per repetition. Nil when the case lacks either phase or its
  /// samples do not split evenly into its repetitions (a file edited by hand). O(samples).
  public static func buildPlusFirstLayoutSamples(_ result: ResultsDocument.Case) -> [Double]? {
    guard let build = result.phases.first(where: { $0.name == MeasuredTrace.buildPhase }),
      let first = result.phases.first(where: { $0.name == MeasuredTrace.firstLayoutPhase }),
      let builds = perRepetitionTotals(build, repetitions: result.repetitions),
      let firsts = perRepetitionTotals(first, repetitions: result.repetitions), builds.count == firsts.count
    else { return nil }
    return zip(builds, firsts).map(+)
  }

  /// The phase's samples summed per repetition: samples are kept in the order taken, each
  /// repetition contributing the same number. O(samples).
  static func perRepetitionTotals(_ phase: ResultsDocument.Phase, repetitions: Int?) -> [Double]? {
    let samples = phase.samplesNanoseconds
    let count = repetitions ?? phase.operations.map { $0 > 0 ? samples.count / $0 : 0 } ?? 0
    guard count > 0, !samples.isEmpty, samples.count % count == 0 else { return nil }
    let each = samples.count / count
    return (0..<count).map { repetition in samples[(repetition * each)..<((repetition + 1) * each)].reduce(0, +) }
  }
}

extension ResultsDocument.Phase {
  /// The samples as time per operation (a sample may time `iterations` operations).
  var perOperationSamples: [Double] {
    samplesNanoseconds.map { $0 / Double(max(iterations, 1)) }
  }
}
