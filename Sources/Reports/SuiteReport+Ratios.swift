/// Each backend's median at one size divided by the reference backend's: above 1 the
/// backend is slower. Ratios are of medians of per-operation samples from the same
/// phase; nil where either side has no measurement at that size.
public struct SizeRatios: Sendable {
  public struct Entry: Sendable {
    public var backend: String
    public var ratio: Double?
    /// The two interquartile ranges overlap: the ratio is within the samples' spread.
    public var withinSpread: Bool
  }

  public var size: Int
  public var referenceMedian: Double?
  /// One per backend of the phase other than the reference, in the suite's order.
  public var entries: [Entry]
}

/// The backend fastest at a phase where most can be compared.
public struct PhaseLeader: Sendable {
  public var phase: String
  public var backend: String
  public var size: Int
  /// The next fastest backend at that size and its median over the leader's.
  public var runnerUp: (backend: String, ratio: Double)?
}

extension WorkloadReport {
  /// Fills every phase's ``PhaseReport/ratios``. O(phases × sizes² × backends): a
  /// point is found by a scan of its series, which holds one per size.
  mutating func computeRatios(reference: String) {
    let sizes = sizes
    for index in phases.indices {
      let phase = phases[index]
      let base = phase.series(for: reference)
      phases[index].ratios = sizes.compactMap { size in
        let others = phase.series.filter { $0.backend != reference }
        let referencePoint = base?.point(at: size)
        let entries = others.map { series in
          let point = series.point(at: size)
          guard let point, let referencePoint, referencePoint.statistics.median > 0 else {
            return SizeRatios.Entry(backend: series.backend, ratio: nil, withinSpread: false)
          }
          return SizeRatios.Entry(
            backend: series.backend, ratio: point.statistics.median / referencePoint.statistics.median,
            withinSpread: point.spreadOverlaps(referencePoint))
        }
        // A size where nothing was measured has no row.
        if referencePoint == nil && !others.contains(where: { $0.point(at: size) != nil }) { return nil }
        return SizeRatios(size: size, referenceMedian: referencePoint?.statistics.median, entries: entries)
      }
    }
  }

  /// Per phase, the fastest backend at the largest size that at least two backends
  /// measured (where a comparison exists), or at the largest size measured when only one
  /// backend ran. Nil for a phase nobody measured. O(phases × sizes² × backends).
  public func leaders() -> [PhaseLeader] {
    phases.compactMap { phase in
      let measured = { (size: Int) in phase.series.compactMap { series in series.point(at: size).map { (series.backend, $0) } } }
      let size = sizes.reversed().first { measured($0).count >= 2 } ?? sizes.reversed().first { !measured($0).isEmpty }
      guard let size else { return nil }
      let ranked = measured(size).sorted { $0.1.statistics.median < $1.1.statistics.median }
      let leader = ranked[0]
      let runnerUp = ranked.count > 1 && leader.1.statistics.median > 0
        ? (ranked[1].0, ranked[1].1.statistics.median / leader.1.statistics.median) : nil
      return PhaseLeader(phase: phase.name, backend: leader.0, size: size, runnerUp: runnerUp)
    }
  }
}
