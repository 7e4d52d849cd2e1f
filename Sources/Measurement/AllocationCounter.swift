import Glibc

/// What one measured region allocated on the calling thread.
public struct AllocationReading: Sendable, Hashable {
  /// Allocation requests jemalloc served: every `malloc`, `calloc`, `posix_memalign`,
  /// `aligned_alloc`, and every `realloc` that had to allocate (one that fits its current
  /// size class returns the same block and is not a request). Swift's runtime allocates
  /// objects, array and string buffers and boxes through `malloc`, so these are included.
  public var count: UInt64
  /// Bytes of those allocations as handed out, i.e. rounded up to jemalloc's size class
  /// (so never less than what was asked for: 1 byte counts as 8, 20 KiB as 20 KiB, 4 MiB
  /// + 1 as 5 MiB). Frees in the region do not subtract.
  public var bytes: UInt64

  public init(count: UInt64, bytes: UInt64) {
    self.count = count
    self.bytes = bytes
  }

  public static let zero = AllocationReading(count: 0, bytes: 0)

  /// Sums readings of consecutive regions, e.g. the iterations of one phase.
  public static func + (lhs: AllocationReading, rhs: AllocationReading) -> AllocationReading {
    AllocationReading(count: lhs.count &+ rhs.count, bytes: lhs.bytes &+ rhs.bytes)
  }
}

/// Counts the heap allocations a region of code makes on the calling thread, through
/// jemalloc's `mallctl` statistics (docs/measurement.md explains which counters and why).
///
/// Exact and deterministic: a region that allocates nothing reads `count == 0, bytes == 0`
/// without any calibration constant, k mallocs read exactly k, and allocations made by
/// other threads at the same time are not included. Regions nest and follow each other
/// freely on one thread.
///
/// Costs (this machine kind, release build; docs/measurement.md): ``begin()`` about
/// 0.4 µs, ``end(_:)`` about 13 µs (a statistics refresh over every arena in use, which
/// grows with the number of threads that have allocated), none of it inside the region.
/// `end` empties the thread's allocation cache, so code after it starts cold: time and
/// count in separate passes, and count many small operations as one region.
///
/// When counting is not possible (jemalloc not the process's allocator, built without
/// statistics, or failing its start-up self-test) ``isAvailable`` is false and every
/// reading is nil — never a made-up 0.
public enum AllocationCounter {
  /// True when readings are real. Resolved once per process, on first use, by checking
  /// that jemalloc serves `malloc`, has `config.stats`, and reads 0 for an empty region
  /// and 1 for a single `malloc`.
  public static var isAvailable: Bool { control != nil }

  /// jemalloc's full version string (e.g. `5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`)
  /// when jemalloc is the allocator actually serving `malloc` in this process, else nil.
  public static var jemallocVersion: String? { JemallocControl.liveVersion }

  /// The allocator for a results file's `environment.allocator`: `jemalloc 5.3.0-0-g54eaed1d8b56`
  /// (the release, then git-describe's commit cut to 12 hex digits), or nil when jemalloc
  /// is not serving `malloc` (the caller then knows only that it is some other allocator).
  public static var allocatorName: String? {
    guard let version = jemallocVersion else { return nil }
    guard let marker = version.firstRange(of: "-g") else { return "jemalloc \(version)" }
    let hash = version[marker.upperBound...].prefix(12)
    return "jemalloc \(version[..<marker.upperBound])\(hash)"
  }

  /// The start of a region; pass it to ``end(_:)`` on the same thread.
  public struct Region: Sendable {
    fileprivate let start: RegionStart
  }

  /// Starts a region on the calling thread. Nil when counting is unavailable. O(1) and
  /// allocates nothing; the first call on a thread also creates that thread's private
  /// arena, and a nested call costs as much as ``end(_:)``.
  public static func begin() -> Region? {
    guard let control, let start = control.begin() else { return nil }
    return Region(start: start)
  }

  /// Ends `region` and returns what it allocated. Nil when `region` is nil, when counting
  /// is unavailable, or when called on another thread than ``begin()`` (an `await` between
  /// them can move a task), since per-thread counters cannot say anything then. Allocates
  /// nothing; its cost is the statistics refresh described on the type.
  public static func end(_ region: Region?) -> AllocationReading? {
    guard let control, let region, let counted = control.end(region.start) else { return nil }
    return AllocationReading(count: counted.requests, bytes: counted.bytes)
  }

  /// Runs `body` once between ``begin()`` and ``end(_:)``.
  ///
  /// `body` is non-escaping, so its captures stay on the stack and wrapping code in
  /// `measure` adds no allocation of its own (the tests check that an empty body reads 0).
  /// If `body` throws, the region is closed (the thread gets its arena back) and the error
  /// is rethrown without a reading.
  @inlinable
  public static func measure<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> (result: Result, allocations: AllocationReading?) {
    let region = begin()
    let result: Result
    do {
      result = try body()
    } catch {
      _ = end(region)
      throw error
    }
    return (result, end(region))
  }
}

private let control = JemallocControl.load()
