import Interchange

/// Two results files side by side, case by case and phase by phase: what `bench compare`
/// prints and `bench gate` judges (docs/comparing.md).
///
/// Timings are compared per repetition (``SampleComparison``: ratio of medians, bootstrap
/// interval, Mann-Whitney U): the unit is one repetition's median per operation, because
/// the operations of one repetition share its moment on the machine and are not
/// independent (a burst of noise slows all of them; counting them as separate samples
/// made such bursts look significant). When both cases carry timings of the same
/// reference kernel (`reference`), each repetition's value is divided by the kernel's time
/// just before it, so the ratio is of *ratios measured within one run*: a machine that is
/// slower in one run, or for a moment, cancels out. Files without repetition structure
/// fall back to single samples and the case's reference median. Deterministic figures
/// (allocations, solver counters) are compared exactly.
public struct ResultsComparison: Sendable {
  /// One phase of one case present in both files.
  public struct PhaseComparison: Sendable {
    public var key: ResultsDocument.CaseKey
    public var phase: String
    /// Medians per operation in nanoseconds, as measured (not normalised).
    public var baseMedian: Double
    public var headMedian: Double
    /// Head against base; on reference-normalised samples when ``normalized``. Nil when
    /// a side has no usable samples.
    public var timing: SampleComparison?
    public var normalized: Bool
    /// Base and head counts of the values compared (repetitions, or samples).
    public var sampleCounts: (base: Int, head: Int)

    /// headMedian / baseMedian: the ratio of the two medians as printed, the headline.
    /// It differs from ``timing``'s ratio when that one is of kernel-normalised values.
    /// Nil when the base median is not positive.
    public var medianRatio: Double? { baseMedian > 0 && headMedian.isFinite ? headMedian / baseMedian : nil }
    /// Every deterministic figure either side reports, in a fixed order.
    public var figures: [Figure]
  }

  /// A deterministic figure of a phase in both files: `allocations.count` (mean per
  /// operation), `allocations.maxCount`, `allocations.bytes`, `counters.NAME`. Nil where
  /// a side does not report it (allocations not counted, a backend without counters).
  public struct Figure: Hashable, Sendable {
    public var name: String
    public var base: Double?
    public var head: Double?

    public var changed: Bool { base != head }
  }

  /// What does not pair up.
  public enum Difference: Hashable, Sendable, CustomStringConvertible {
    case onlyInBase(ResultsDocument.CaseKey)
    case onlyInHead(ResultsDocument.CaseKey)
    /// The case is in both but its status differs (`ok` → `error`, ...).
    case status(ResultsDocument.CaseKey, base: String, head: String, detail: String?)
    case phaseOnlyInBase(ResultsDocument.CaseKey, phase: String)
    case phaseOnlyInHead(ResultsDocument.CaseKey, phase: String)

    public var description: String {
      switch self {
      case .onlyInBase(let key): "\(key): only in the base"
      case .onlyInHead(let key): "\(key): only in the head"
      case .status(let key, let base, let head, let detail):
        "\(key): \(base) in the base, \(head) in the head" + (detail.map { " (\($0))" } ?? "")
      case .phaseOnlyInBase(let key, let phase): "\(key): phase \(phase) only in the base"
      case .phaseOnlyInHead(let key, let phase): "\(key): phase \(phase) only in the head"
      }
    }
  }

  public var phases: [PhaseComparison]
  public var differences: [Difference]
  /// Why timings were compared without normalisation, when they were (missing or
  /// different reference kernels): such ratios carry run-to-run machine noise.
  public var notes: [String]

  /// Pairs the cases of `head` with those of `base` by workload, backend and size, in the
  /// base's order (cases only in the head come last).
  /// - Parameters:
  ///   - seed, resamples: of each phase's bootstrap interval (deterministic per seed).
  /// - Complexity: O(phases × resamples × samples log samples).
  public init(base: ResultsDocument, head: ResultsDocument, resamples: Int = 2000, seed: UInt64 = 1) {
    var headCases: [ResultsDocument.CaseKey: ResultsDocument.Case] = [:]
    for result in head.cases { headCases[result.key] = result }
    var seen = Set<ResultsDocument.CaseKey>()
    phases = []
    differences = []
    var unnormalized = 0
    var kernels = Set<String>()
    for baseCase in base.cases {
      guard seen.insert(baseCase.key).inserted else { continue }
      guard let headCase = headCases[baseCase.key] else {
        differences.append(.onlyInBase(baseCase.key))
        continue
      }
      guard baseCase.status == .ok, headCase.status == .ok else {
        if baseCase.status.name != headCase.status.name {
          differences.append(
            .status(baseCase.key, base: baseCase.status.name, head: headCase.status.name, detail: Self.detail(of: headCase.status)))
        }
        continue
      }
      let normalized = Self.sameKernel(baseCase, headCase)
      if !normalized { unnormalized += 1 }
      for reference in [baseCase.reference, headCase.reference] { if let reference { kernels.insert(reference.name) } }
      for basePhase in baseCase.phases {
        guard let headPhase = headCase.phases.first(where: { $0.name == basePhase.name }) else {
          differences.append(.phaseOnlyInBase(baseCase.key, phase: basePhase.name))
          continue
        }
        let baseSamples = Self.values(of: basePhase, in: baseCase, normalized: normalized)
        let headSamples = Self.values(of: headPhase, in: headCase, normalized: normalized)
        phases.append(
          PhaseComparison(
            key: baseCase.key, phase: basePhase.name,
            baseMedian: basePhase.statistics?.median ?? 0, headMedian: headPhase.statistics?.median ?? 0,
            timing: SampleComparison(base: baseSamples, head: headSamples, resamples: resamples, seed: seed),
            normalized: normalized, sampleCounts: (baseSamples.count, headSamples.count),
            figures: Self.figures(base: basePhase, head: headPhase)))
      }
      for headPhase in headCase.phases where !baseCase.phases.contains(where: { $0.name == headPhase.name }) {
        differences.append(.phaseOnlyInHead(baseCase.key, phase: headPhase.name))
      }
    }
    for headCase in head.cases where !seen.contains(headCase.key) {
      differences.append(.onlyInHead(headCase.key))
      seen.insert(headCase.key)
    }
    notes = []
    if unnormalized > 0 {
      let why = kernels.count > 1 ? "their reference kernels differ (\(kernels.sorted().joined(separator: ", ")))" : "a side has no reference timings"
      notes.append(
        "\(unnormalized) case(s) compared on raw timings because \(why): run-to-run machine noise is not cancelled")
    }
  }

  /// Whether both cases timed the same reference kernel.
  static func sameKernel(_ base: ResultsDocument.Case, _ head: ResultsDocument.Case) -> Bool {
    guard let baseReference = base.reference, let headReference = head.reference else { return false }
    return baseReference.name == headReference.name
  }

  /// The values a phase is compared by: per repetition, the median time per operation,
  /// divided (when `normalized`) by the median of the reference runs just before that
  /// repetition. Without a whole number of samples and reference runs per repetition,
  /// every sample per operation, divided by the case's reference median. O(n log n).
  static func values(of phase: ResultsDocument.Phase, in result: ResultsDocument.Case, normalized: Bool) -> [Double] {
    let perOperation = phase.samplesNanoseconds.map { $0 / Double(max(phase.iterations, 1)) }
    let reference = normalized ? result.reference?.samplesNanoseconds ?? [] : []
    guard let repetitions = result.repetitions, repetitions > 0, perOperation.count % repetitions == 0,
      reference.isEmpty || reference.count % repetitions == 0
    else {
      let scale = normalized ? result.reference?.medianNanoseconds ?? 1 : 1
      return perOperation.map { $0 / max(scale, .leastNormalMagnitude) }
    }
    let operations = perOperation.count / repetitions
    let runs = reference.count / repetitions
    return (0..<repetitions).map { r in
      let median = SampleComparison.median(Array(perOperation[(r * operations)..<((r + 1) * operations)]))
      guard runs > 0 else { return median }
      let kernel = SampleComparison.median(Array(reference[(r * runs)..<((r + 1) * runs)]))
      return median / max(kernel, .leastNormalMagnitude)
    }
  }

  static func figures(base: ResultsDocument.Phase, head: ResultsDocument.Phase) -> [Figure] {
    var figures = [
      Figure(name: "allocations.count", base: base.allocations?.count, head: head.allocations?.count),
      Figure(name: "allocations.maxCount", base: base.allocations?.maxCount, head: head.allocations?.maxCount),
      Figure(name: "allocations.bytes", base: base.allocations?.bytes, head: head.allocations?.bytes),
    ]
    var names = base.counters.map(\.name)
    for counter in head.counters where !names.contains(counter.name) { names.append(counter.name) }
    for name in names {
      figures.append(Figure(name: "counters." + name, base: base.counter(name), head: head.counter(name)))
    }
    return figures.filter { $0.base != nil || $0.head != nil }
  }

  static func detail(of status: ResultsDocument.Status) -> String? {
    switch status {
    case .ok: nil
    case .skipped(let reason): reason
    case .error(let message): message
    }
  }
}

extension ResultsComparison {
  /// Why two files' numbers may not be comparable: a different configuration (debug
  /// timings are not release timings), allocator or toolchain (allocation counts shift),
  /// or CPU (timings shift even as ratios). Empty when they agree or a side does not say.
  public static func environmentWarnings(base: ResultsDocument, head: ResultsDocument) -> [String] {
    var warnings: [String] = []
    let fields: [(String, (ResultsDocument.Environment) -> String?)] = [
      ("configuration", \.configuration), ("allocator", \.allocator), ("Swift version", \.swiftVersion), ("CPU", \.cpu),
    ]
    for (name, field) in fields {
      if let a = field(base.environment), let b = field(head.environment), a != b {
        warnings.append("the \(name) differs: '\(a)' in the base, '\(b)' in the head")
      }
    }
    return warnings
  }
}
