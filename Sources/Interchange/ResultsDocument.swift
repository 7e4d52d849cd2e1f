/// A benchmark results file, `layoutbench.results/1` (formats.md section 3): what
/// `bench run` writes into `Results/` and `bench report`, `compare`, `gate`, the notebooks
/// and peer scripts read. Every timing sample is kept; medians and the other statistics
/// are derived from them.
///
/// Extensions beyond formats.md (docs/interchange.md): `run` (how the file was made),
/// per case `seed` and `repetitions`, per phase `operations` and the statistics
/// `minNanoseconds`, `meanNanoseconds`, `madNanoseconds`, `maxNanoseconds`; allocation
/// figures carry `maxCount`; a merged file lists its shards in `mergedFrom`; a peer's
/// phases may carry `calls` and `callOverheadNanoseconds`.
///
/// `complete` and `plannedCases` (formats.md section 3) say whether the run that wrote the
/// file finished its whole plan; readers warn when it did not, or when the file does not
/// say (``isComplete``).
public struct ResultsDocument: Sendable {
  public static let formatName = "layoutbench.results/1"

  public var suite: String
  /// ISO 8601 UTC, e.g. `2026-11-21T10:00:00Z`.
  public var createdAt: String
  /// True only in a file whose run finished its whole plan; false in a file written while
  /// the run went on, or left by a run that was interrupted or killed; nil when the file
  /// does not say (a peer's file, for one).
  public var complete: Bool?
  /// The cases the run that wrote the file planned (its shard's, for a shard); nil when
  /// unknown.
  public var plannedCases: Int?
  public var environment: Environment
  public var run: RunSettings?
  /// Extension: the files `bench merge` combined into this one, in the order given.
  public var mergedFrom: [Source]
  public var cases: [Case]

  public init(
    suite: String, createdAt: String, environment: Environment, run: RunSettings? = nil, mergedFrom: [Source] = [],
    cases: [Case] = [], complete: Bool? = nil, plannedCases: Int? = nil
  ) {
    self.suite = suite
    self.createdAt = createdAt
    self.complete = complete
    self.plannedCases = plannedCases
    self.environment = environment
    self.run = run
    self.mergedFrom = mergedFrom
    self.cases = cases
  }

  /// One file of a merge: where it came from, how many cases it gave and the machine that
  /// ran it, so a sweep split across machines keeps every machine's description.
  public struct Source: Hashable, Sendable {
    public var file: String
    public var createdAt: String
    public var shard: String?
    public var cases: Int
    public var environment: Environment

    public init(file: String, createdAt: String, shard: String?, cases: Int, environment: Environment) {
      self.file = file
      self.createdAt = createdAt
      self.shard = shard
      self.cases = cases
      self.environment = environment
    }
  }

  /// The machine and build that produced the numbers. Fields a peer cannot know are nil.
  public struct Environment: Hashable, Sendable {
    public var gitRevision: String?
    public var swiftVersion: String?
    /// `release` or `debug`.
    public var configuration: String?
    public var os: String?
    public var cpu: String?
    public var cores: Int?
    /// e.g. `jemalloc 5.3.0-0-g54eaed1d8b56`; nil when allocations were not counted.
    public var allocator: String?
    /// Extension: physical memory, the clock's resolution, the host name.
    public var memoryBytes: Double?
    public var clockResolutionNanoseconds: Double?
    public var hostname: String?

    public init(
      gitRevision: String? = nil, swiftVersion: String? = nil, configuration: String? = nil, os: String? = nil,
      cpu: String? = nil, cores: Int? = nil, allocator: String? = nil, memoryBytes: Double? = nil,
      clockResolutionNanoseconds: Double? = nil, hostname: String? = nil
    ) {
      self.gitRevision = gitRevision
      self.swiftVersion = swiftVersion
      self.configuration = configuration
      self.os = os
      self.cpu = cpu
      self.cores = cores
      self.allocator = allocator
      self.memoryBytes = memoryBytes
      self.clockResolutionNanoseconds = clockResolutionNanoseconds
      self.hostname = hostname
    }
  }

  /// How the run was configured (extension), so a reader can tell a sweep from a smoke run.
  public struct RunSettings: Hashable, Sendable {
    public var command: String
    public var repetitions: Int
    public var warmup: Int
    public var timeBudgetSeconds: Double
    public var seed: UInt64
    /// `i/n` when the run was one shard of a split sweep.
    public var shard: String?
    /// True when the run was stopped (Ctrl-C) before every case ran.
    public var interrupted: Bool
    /// The plan's workloads and backends in plan order (empty when unknown), so the parts
    /// of a sharded sweep can be put back in order.
    public var workloads: [String]
    public var backends: [String]
    /// Processes the repetitions were spread over (`--processes`; 1 when absent), each
    /// with its own memory layout.
    public var processes: Int
    /// The plan's fingerprint (16 lowercase hex digits): equal for every shard of one
    /// plan and for its unsharded run, so `bench merge` can refuse parts of different
    /// plans. Nil when the file does not record one.
    public var plan: String?

    public init(
      command: String, repetitions: Int, warmup: Int, timeBudgetSeconds: Double, seed: UInt64, shard: String? = nil,
      interrupted: Bool = false, workloads: [String] = [], backends: [String] = [], processes: Int = 1,
      plan: String? = nil
    ) {
      self.processes = processes
      self.plan = plan
      self.workloads = workloads
      self.backends = backends
      self.command = command
      self.repetitions = repetitions
      self.warmup = warmup
      self.timeBudgetSeconds = timeBudgetSeconds
      self.seed = seed
      self.shard = shard
      self.interrupted = interrupted
    }
  }

  public struct Case: Sendable {
    public var workload: String
    public var backend: String
    public var size: Int
    public var parameters: [(key: String, value: String)]
    public var status: Status
    public var phases: [Phase]
    public var seed: UInt64?
    /// Measured repetitions (warm-up excluded); fewer than asked when the time budget ran out.
    public var repetitions: Int?
    /// Extension: the reference kernel timed once before each timed repetition, so timings
    /// of two runs can be compared as ratios to work measured in the same run.
    public var reference: Reference?
    /// Extension: the outside engine that measured the case (docs/engines.md).
    public var engine: EngineInfo?
    /// Extension: the engine's answers against the reference backend's.
    public var check: AnswerCheck?

    public init(
      workload: String, backend: String, size: Int, parameters: [(key: String, value: String)] = [],
      status: Status, phases: [Phase] = [], seed: UInt64? = nil, repetitions: Int? = nil, reference: Reference? = nil,
      engine: EngineInfo? = nil, check: AnswerCheck? = nil
    ) {
      self.reference = reference
      self.engine = engine
      self.check = check
      self.workload = workload
      self.backend = backend
      self.size = size
      self.parameters = parameters
      self.status = status
      self.phases = phases
      self.seed = seed
      self.repetitions = repetitions
    }

    /// The identity of a case across files: workload, backend and size.
    public var key: CaseKey { CaseKey(workload: workload, backend: backend, size: size) }
  }

  /// Timings of a fixed piece of work taken in the same run as a case (`Measurement`'s
  /// `ReferenceKernel`): what `bench compare` and `bench gate` divide a case's timings by.
  public struct Reference: Hashable, Sendable {
    /// Which work (e.g. `reference/1`); ratios to different kernels are not comparable.
    public var name: String
    public var samplesNanoseconds: [Double]

    public init(name: String, samplesNanoseconds: [Double]) {
      self.name = name
      self.samplesNanoseconds = samplesNanoseconds
    }

    /// The median sample. O(n log n).
    public var medianNanoseconds: Double? { SampleStatistics(doubles: samplesNanoseconds)?.median }
  }

  public struct CaseKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var workload: String
    public var backend: String
    public var size: Int

    public init(workload: String, backend: String, size: Int) {
      self.workload = workload
      self.backend = backend
      self.size = size
    }

    public static func < (a: CaseKey, b: CaseKey) -> Bool {
      (a.workload, a.size, a.backend) < (b.workload, b.size, b.backend)
    }

    public var description: String { "\(workload) n=\(size) \(backend)" }
  }

  public enum Status: Hashable, Sendable {
    case ok
    case skipped(reason: String)
    case error(String)

    public var name: String {
      switch self {
      case .ok: "ok"
      case .skipped: "skipped"
      case .error: "error"
      }
    }
  }

  /// One measured phase: `build`, `firstLayout`, or a change kind (`resizeContainer`, ...).
  public struct Phase: Sendable {
    public var name: String
    /// Operations per sample (each sample times this many operations together).
    public var iterations: Int
    /// Every sample, in the order taken.
    public var samplesNanoseconds: [Double]
    /// Operations per repetition (extension): a trace may hold several of one kind.
    public var operations: Int?
    /// Per operation, from a separate counting pass; nil when counting was unavailable.
    public var allocations: Allocations?
    /// Solver work per operation (`pivots`, `cellsTouched`) and tableau size after the
    /// phase (`rows`, `cells`, `symbols`). Deterministic.
    public var counters: [(name: String, value: Double)]
    /// Peer extension: calls into an out-of-process peer (e.g. kiwisolver through Python)
    /// per operation; nil for in-process backends.
    public var calls: Double?
    /// Peer extension: the estimated cost of those calls (the Python-call overhead) per
    /// operation, included in the samples; nil when not estimated.
    public var callOverheadNanoseconds: Double?

    public init(
      name: String, iterations: Int = 1, samplesNanoseconds: [Double], operations: Int? = nil,
      allocations: Allocations? = nil, counters: [(name: String, value: Double)] = [], calls: Double? = nil,
      callOverheadNanoseconds: Double? = nil
    ) {
      self.name = name
      self.iterations = iterations
      self.samplesNanoseconds = samplesNanoseconds
      self.operations = operations
      self.allocations = allocations
      self.counters = counters
      self.calls = calls
      self.callOverheadNanoseconds = callOverheadNanoseconds
    }

    /// Statistics of the samples per operation (each sample divided by `iterations`);
    /// nil without samples. O(n log n).
    public var statistics: SampleStatistics? {
      SampleStatistics(doubles: samplesNanoseconds.map { $0 / Double(max(iterations, 1)) })
    }

    public func counter(_ name: String) -> Double? { counters.first { $0.name == name }?.value }
  }

  /// Allocations per operation: mean count and bytes over the operations of the counting
  /// pass (0 exactly when none allocated), and the largest count of any one operation.
  public struct Allocations: Hashable, Sendable {
    public var count: Double
    public var bytes: Double
    public var maxCount: Double?

    public init(count: Double, bytes: Double, maxCount: Double? = nil) {
      self.count = count
      self.bytes = bytes
      self.maxCount = maxCount
    }
  }
}
