import Interchange

/// One phase of a workload (`build`, `firstLayout`, a change kind) on every backend.
public struct PhaseReport: Sendable {
  public var name: String
  /// One per backend that measured the phase at some size, in the suite's order.
  public var series: [BackendSeries]
  /// Per size (ascending), each backend's median relative to the reference's.
  public var ratios: [SizeRatios] = []

  public func series(for backend: String) -> BackendSeries? { series.first { $0.backend == backend } }
}

/// A backend's measurements of one phase across sizes, and the power law through them.
public struct BackendSeries: Sendable {
  public var backend: String
  /// Ascending by size.
  public var points: [PhaseMeasurement]
  /// Nil with fewer than two sizes.
  public var fit: ScalingFit?

  init(backend: String, points: [PhaseMeasurement]) {
    self.backend = backend
    self.points = points
    fit = ScalingFit(points: points.map { (Double($0.size), $0.statistics.median) })
  }

  public func point(at size: Int) -> PhaseMeasurement? { points.first { $0.size == size } }
}

/// One phase of one case: time per operation and what else the file says about it.
public struct PhaseMeasurement: Sendable {
  public var size: Int
  /// Of the samples per operation (each sample divided by its iterations).
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

  /// Counters that are a peer's call figures (docs/running.md).
  static let peerCounterNames: Set<String> = ["calls", "callOverheadNanoseconds"]

  /// Whether the interquartile ranges of the two measurements overlap: if they do, the
  /// spread of the samples alone cannot tell the two apart.
  public func spreadOverlaps(_ other: PhaseMeasurement) -> Bool {
    statistics.firstQuartile <= other.statistics.thirdQuartile && other.statistics.firstQuartile <= statistics.thirdQuartile
  }
}
