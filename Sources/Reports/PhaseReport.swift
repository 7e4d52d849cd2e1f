import Interchange

/// One phase of a workload (`build`, `firstLayout`, a change kind) on every backend, or the
/// phase derived from two of them (``combinedName``).
public struct PhaseReport: Sendable {
  public var name: String
  /// One per backend that measured the phase at some size, in the suite's order.
  public var series: [BackendSeries]
  /// Per size (ascending), each backend's median relative to the reference's.
  public var ratios: [SizeRatios] = []
  /// The measured phases this one adds up (`build`, `firstLayout`); empty for a phase the
  /// results files time.
  public var derivedFrom: [String] = []

  /// Not timed as such: computed from the phases in ``derivedFrom``.
  public var isDerived: Bool { !derivedFrom.isEmpty }

  public func series(for backend: String) -> BackendSeries? { series.first { $0.backend == backend } }

  /// The phase that builds a scene, and the one that lays it out the first time.
  public static let buildName = "build"
  public static let firstLayoutName = "firstLayout"
  /// Building plus the first layout: the figure comparable across backends, since cassowary
  /// solves while it builds and the other backends solve in `firstLayout`.
  public static let combinedName = "build+firstLayout"

  init(name: String, series: [BackendSeries], derivedFrom: [String] = []) {
    self.name = name
    self.series = series
    self.derivedFrom = derivedFrom
  }

  /// `build+firstLayout` from the two phases: per backend, at each size that has both, the
  /// sum of their medians (and of their quartiles, an approximate spread), since the two
  /// are timed in separate samples and no sample times both. Nil when no backend has both
  /// at any size. O(backends × sizes²).
  /// - Parameter fitFrom: the smallest size the scaling fit uses; nil for every size.
  static func combined(build: PhaseReport, firstLayout: PhaseReport, fitFrom: Int?) -> PhaseReport? {
    let series = build.series.compactMap { buildSeries -> BackendSeries? in
      guard let layoutSeries = firstLayout.series(for: buildSeries.backend) else { return nil }
      let points = buildSeries.points.compactMap { point in
        layoutSeries.point(at: point.size).map { PhaseMeasurement(summing: [(build.name, point), (firstLayout.name, $0)]) }
      }
      return points.isEmpty ? nil : BackendSeries(backend: buildSeries.backend, points: points, fitFrom: fitFrom)
    }
    guard !series.isEmpty else { return nil }
    return PhaseReport(name: combinedName, series: series, derivedFrom: [build.name, firstLayout.name])
  }
}

/// A backend's measurements of one phase across sizes, and the power law through them.
public struct BackendSeries: Sendable {
  public var backend: String
  /// Ascending by size.
  public var points: [PhaseMeasurement]
  /// Through the points of size ≥ `fitFrom` (every point when nil); nil with fewer than
  /// two such sizes.
  public var fit: ScalingFit?
  /// The smallest size the fit may use; nil for every size.
  public var fitFrom: Int?

  init(backend: String, points: [PhaseMeasurement], fitFrom: Int? = nil) {
    self.backend = backend
    self.points = points
    self.fitFrom = fitFrom
    fit = ScalingFit(points: points.filter { $0.size >= fitFrom ?? 0 }.map { (Double($0.size), $0.statistics.median) })
  }

  public func point(at size: Int) -> PhaseMeasurement? { points.first { $0.size == size } }

  /// The points inside the fitted range (`size >= fitFrom`).
  public var fittedPoints: [PhaseMeasurement] { points.filter { $0.size >= fitFrom ?? 0 } }
}

/// One phase of one case: time per operation and what else the file says about it.
public struct PhaseMeasurement: Sendable {
  public var size: Int
  /// Of the samples per operation (each sample divided by its iterations). For a derived
  /// phase: the sums of its parts' median, quartiles, mean, minimum and maximum, the
  /// smaller of their sample counts, and no median absolute deviation (0).
  public var statistics: SampleStatistics
  public var operations: Int?
  /// Per operation; nil when not counted.
  public var allocations: ResultsDocument.Allocations?
  public var counters: [(name: String, value: Double)]
  /// Peer figures per operation, when the file has them (as phase members or counters).
  public var calls: Double?
  public var callOverheadNanoseconds: Double?
  /// The file the case came from.
  public var file: String
  /// For a derived phase, the phases added up and their medians; empty for a measured one.
  public var summands: [(phase: String, median: Double)] = []

  init?(_ result: ResultsDocument.Case, _ phase: ResultsDocument.Phase, file: String) {
    guard let statistics = phase.statistics else { return nil }
    size = result.size
    self.statistics = statistics
    operations = phase.operations
    allocations = phase.allocations
    // A peer may write its call figures as phase members or, as the kiwisolver peer does,
    // as counters; either way they are shown as call figures, not as solver work.
    counters = phase.counters.filter { !Self.peerCounterNames.contains($0.name) }
    calls = phase.calls ?? phase.counter("calls")
    callOverheadNanoseconds = phase.callOverheadNanoseconds ?? phase.counter("callOverheadNanoseconds")
    self.file = file
  }

  /// The sum of measurements of one case (same size, same file) in different phases: a sum
  /// of medians and of quartiles, not statistics of summed samples, which were never taken.
  /// No allocations, counters or call figures (the measured phases keep theirs).
  /// - Precondition: `parts` is non-empty and all at one size.
  init(summing parts: [(phase: String, measurement: PhaseMeasurement)]) {
    precondition(!parts.isEmpty && parts.allSatisfy { $0.measurement.size == parts[0].measurement.size })
    let first = parts[0].measurement
    var statistics = first.statistics
    for (_, part) in parts.dropFirst() {
      statistics.median += part.statistics.median
      statistics.firstQuartile += part.statistics.firstQuartile
      statistics.thirdQuartile += part.statistics.thirdQuartile
      statistics.mean += part.statistics.mean
      statistics.minimum += part.statistics.minimum
      statistics.maximum += part.statistics.maximum
      statistics.count = min(statistics.count, part.statistics.count)
    }
    statistics.medianAbsoluteDeviation = 0
    size = first.size
    self.statistics = statistics
    operations = nil
    allocations = nil
    counters = []
    calls = nil
    callOverheadNanoseconds = nil
    file = first.file
    summands = parts.map { ($0.phase, $0.measurement.statistics.median) }
  }

  /// Counters that are a peer's call figures (docs/running.md).
  static let peerCounterNames: Set<String> = ["calls", "callOverheadNanoseconds"]

  /// Whether the interquartile ranges of the two measurements overlap: if they do, the
  /// spread of the samples alone cannot tell the two apart.
  public func spreadOverlaps(_ other: PhaseMeasurement) -> Bool {
    statistics.firstQuartile <= other.statistics.thirdQuartile && other.statistics.firstQuartile <= statistics.thirdQuartile
  }
}
