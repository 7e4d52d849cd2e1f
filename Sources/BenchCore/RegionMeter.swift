import Interchange
import LayoutModel
import Measurement

/// What the measured loop does at the edges of a measured region. An operation may be
/// several regions (each step's update, then the layout pass) whose readings add up; the
/// scene-model work between them stays outside. Generic use keeps the calls direct.
protocol RegionMeter {
  /// Whether `start`/`stop` need the backend's counters (read outside the region).
  static var readsCounters: Bool { get }
  mutating func start(_ counters: @autoclosure () -> SolverCounters)
  mutating func stop(_ counters: @autoclosure () -> SolverCounters)
  /// Records the regions since the last call as one operation of `phase`.
  mutating func finishOperation(phase: Int)
  mutating func note(_ value: Int)
}

/// Times regions with the monotonic clock (about 25 ns per read, docs/measurement.md).
struct TimingMeter: RegionMeter {
  static var readsCounters: Bool { false }
  private(set) var samples: [[UInt64]]
  private var startedAt: UInt64 = 0
  private var accumulated: UInt64 = 0
  private var notes = 0

  init(phaseCount: Int) {
    samples = Array(repeating: [], count: phaseCount)
  }

  @inline(__always)
  mutating func start(_ counters: @autoclosure () -> SolverCounters) {
    startedAt = MonotonicClock.now()
  }

  @inline(__always)
  mutating func stop(_ counters: @autoclosure () -> SolverCounters) {
    accumulated &+= MonotonicClock.now() &- startedAt
  }

  mutating func finishOperation(phase: Int) {
    samples[phase].append(accumulated)
    accumulated = 0
  }

  mutating func note(_ value: Int) { notes &+= value }
}

/// Counts allocations (jemalloc, per thread) and solver work per operation.
struct CountingMeter: RegionMeter {
  static var readsCounters: Bool { true }
  private var region: AllocationCounter.Region?
  private var before = SolverCounters()
  private var after = SolverCounters()
  private var reading: AllocationReading? = .zero
  private var pivots = 0
  private var cellsTouched = 0
  private var passes = 0
  private var rowsFitted = 0
  /// Per phase, per operation: allocation readings (nil once any was unavailable) and work.
  private var readings: [[AllocationReading?]]
  private var work: [[(pivots: Int, cellsTouched: Int, passes: Int, rowsFitted: Int)]]
  /// The counters after each phase's last operation (tableau size).
  private var last: [SolverCounters]

  init(phaseCount: Int) {
    readings = Array(repeating: [], count: phaseCount)
    work = Array(repeating: [], count: phaseCount)
    last = Array(repeating: SolverCounters(), count: phaseCount)
  }

  mutating func start(_ counters: @autoclosure () -> SolverCounters) {
    before = counters()
    region = AllocationCounter.begin()
  }

  mutating func stop(_ counters: @autoclosure () -> SolverCounters) {
    let read = AllocationCounter.end(region)
    after = counters()
    if let current = reading, let read { reading = current + read } else { reading = nil }
    pivots += after.pivots - before.pivots
    cellsTouched += after.cellsTouched - before.cellsTouched
    passes += after.layoutPasses - before.layoutPasses
    rowsFitted += after.rowsFitted - before.rowsFitted
  }

  mutating func finishOperation(phase: Int) {
    readings[phase].append(reading)
    work[phase].append((pivots, cellsTouched, passes, rowsFitted))
    last[phase] = after
    reading = .zero
    pivots = 0
    cellsTouched = 0
    passes = 0
    rowsFitted = 0
  }

  mutating func note(_ value: Int) {}

  /// Mean count and bytes per operation of the phase, and the largest count; nil when
  /// any reading was unavailable.
  func allocations(of phase: Int) -> ResultsDocument.Allocations? {
    let values = readings[phase]
    guard !values.isEmpty, !values.contains(where: { $0 == nil }) else { return nil }
    let counts = values.map { Double($0!.count) }
    let bytes = values.map { Double($0!.bytes) }
    return ResultsDocument.Allocations(
      count: counts.reduce(0, +) / Double(counts.count), bytes: bytes.reduce(0, +) / Double(bytes.count),
      maxCount: counts.max())
  }

  /// Cells touched over every operation of every phase: the pass's solver work.
  var totalCellsTouched: Int { work.reduce(0) { sum, phase in phase.reduce(sum) { $0 + $1.cellsTouched } } }

  /// Mean pivots and cells touched per operation; rows, cells and symbols after the phase;
  /// and, where the phase made any, the mean layout passes and table rows fitted per
  /// operation (docs/results.md).
  func counters(of phase: Int) -> [(name: String, value: Double)] {
    let entries = work[phase]
    guard !entries.isEmpty else { return [] }
    let n = Double(entries.count)
    var result = [
      ("pivots", Double(entries.map(\.pivots).reduce(0, +)) / n),
      ("cellsTouched", Double(entries.map(\.cellsTouched).reduce(0, +)) / n),
      ("rows", Double(last[phase].rows)),
      ("cells", Double(last[phase].cells)),
      ("symbols", Double(last[phase].symbols)),
    ]
    let passes = entries.map(\.passes).reduce(0, +)
    if passes > 0 { result.append(("passes", Double(passes) / n)) }
    let rowsFitted = entries.map(\.rowsFitted).reduce(0, +)
    if rowsFitted > 0 { result.append(("rowsFitted", Double(rowsFitted) / n)) }
    return result
  }
}
