import CJemalloc
import Glibc

/// A mallctl name translated once into its "management information base" (an array of
/// integers), so that later reads skip jemalloc's string parsing and tree walk.
///
/// The components live in a fixed tuple rather than an array: region boundaries copy and
/// patch MIBs, and that must not touch the heap they are measuring.
struct MallctlMIB: Sendable {
  private static let capacity = 8
  private var components: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  private var length = 0

  /// Nil when jemalloc does not know `name` (for instance a statistic of a build
  /// configured without `--enable-stats`).
  init?(_ name: String) {
    var length = Self.capacity
    let status = withUnsafeMutableBytes(of: &components) { raw in
      mallctlnametomib(name, raw.baseAddress!.assumingMemoryBound(to: Int.self), &length)
    }
    guard status == 0 else { return nil }
    self.length = length
  }

  /// The MIB with one numeric component replaced, e.g. the arena index in
  /// `stats.arenas.<i>.small.nrequests`.
  func replacing(component index: Int, with value: Int) -> MallctlMIB {
    precondition(index >= 0 && index < length)
    var copy = self
    withUnsafeMutableBytes(of: &copy.components) { raw in
      raw.storeBytes(of: value, toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
    }
    return copy
  }

  /// `mallctlbymib` with raw old/new buffers; returns jemalloc's errno-style status.
  @inline(__always)
  func call(
    old: UnsafeMutableRawPointer?, oldLength: UnsafeMutablePointer<Int>?,
    new: UnsafeMutableRawPointer?, newLength: Int
  ) -> Int32 {
    withUnsafeBytes(of: components) { raw in
      mallctlbymib(
        raw.baseAddress!.assumingMemoryBound(to: Int.self), length, old, oldLength, new, newLength)
    }
  }

  /// Triggers a control that takes no value (`thread.tcache.flush`).
  @inline(__always)
  func run() -> Int32 { call(old: nil, oldLength: nil, new: nil, newLength: 0) }

  @inline(__always)
  func readUInt64() -> UInt64? {
    var value: UInt64 = 0
    var size = MemoryLayout<UInt64>.size
    let status = call(old: &value, oldLength: &size, new: nil, newLength: 0)
    return status == 0 && size == MemoryLayout<UInt64>.size ? value : nil
  }

  @inline(__always)
  func writeUInt64(_ value: UInt64) -> Int32 {
    var value = value
    return call(old: nil, oldLength: nil, new: &value, newLength: MemoryLayout<UInt64>.size)
  }

  /// Writes `value` and returns what was there before, in one call (`thread.arena`).
  @inline(__always)
  func exchangeUInt32(_ value: UInt32) -> UInt32? {
    var previous: UInt32 = 0
    var size = MemoryLayout<UInt32>.size
    var value = value
    let status = call(old: &previous, oldLength: &size, new: &value, newLength: MemoryLayout<UInt32>.size)
    return status == 0 ? previous : nil
  }

  func readUInt32() -> UInt32? {
    var value: UInt32 = 0
    var size = MemoryLayout<UInt32>.size
    let status = call(old: &value, oldLength: &size, new: nil, newLength: 0)
    return status == 0 && size == MemoryLayout<UInt32>.size ? value : nil
  }

  func readPointer() -> UnsafeMutableRawPointer? {
    var value: UnsafeMutableRawPointer? = nil
    var size = MemoryLayout<UnsafeMutableRawPointer?>.size
    let status = call(old: &value, oldLength: &size, new: nil, newLength: 0)
    return status == 0 ? value : nil
  }
}

/// Reads a boolean or a string by name; only used once, at start-up.
private func mallctlBool(_ name: String) -> Bool? {
  var value = false
  var size = MemoryLayout<Bool>.size
  return mallctl(name, &value, &size, nil, 0) == 0 ? value : nil
}

private func mallctlString(_ name: String) -> String? {
  var value: UnsafePointer<CChar>? = nil
  var size = MemoryLayout<UnsafePointer<CChar>?>.size
  guard mallctl(name, &value, &size, nil, 0) == 0, let value else { return nil }
  return String(cString: value)
}

/// The start of a region as `JemallocControl` sees it.
struct RegionStart {
  var thread: pthread_t
  var previousArena: UInt32
  var requests: UInt64
  var bytes: UInt64
}

/// Everything needed to count one thread's allocations, resolved once per process.
///
/// How a region is counted exactly, even while other threads allocate:
///
/// * Bytes come from `thread.allocatedp`, a pointer to the calling thread's running total
///   of usable bytes handed out (size-class rounded, so at least what was asked for). It
///   is updated on every allocation, tcache hits included, and belongs to one thread.
/// * Counts come from an arena's `small.nrequests + large.nrequests`. Arena statistics are
///   shared by every thread that uses the arena, so each measuring thread gets an arena
///   of its own (`arenas.create`, once per thread, kept in a pthread key) and is bound to
///   it (`thread.arena`) for the length of the region. Automatic arena selection never
///   hands a created ("manual") arena to another thread, and jemalloc's oversize rule
///   (allocations ≥ 8 MiB go to a dedicated huge arena) applies to automatic arenas only,
///   so every request of the region lands here and nothing else does.
/// * A tcache hit is counted in the thread cache's own per-bin counter and reaches the
///   arena only when that bin is flushed or refilled; `thread.tcache.flush` before a
///   reading moves all of them into the thread's current arena. Rebinding the thread
///   re-associates its tcache, merging pending counts into the arena it leaves, so nothing
///   from before the region leaks in and nothing of the region leaks out.
/// * `epoch` must be advanced before reading: the `stats.*` controls read a snapshot that
///   jemalloc refreshes only then. The refresh merges every arena's statistics and is the
///   bulk of a region's overhead, so it is paid once per region, at `end` (see `begin`).
///
/// None of these controls calls malloc (jemalloc's own metadata comes from its base
/// allocator and is not counted as a request), so an empty region reads 0 and 0 with no
/// correction; `load()` checks that and refuses to enable counting otherwise.
struct JemallocControl: Sendable {
  let version: String
  private let flushMIB: MallctlMIB
  private let epochMIB: MallctlMIB
  private let threadArenaMIB: MallctlMIB
  private let arenasCreateMIB: MallctlMIB
  private let allocatedPointerMIB: MallctlMIB
  private let smallRequestsMIB: MallctlMIB
  private let largeRequestsMIB: MallctlMIB
  /// This thread's private arena index plus one (0 = none yet), stored as a pointer value.
  private let arenaKey: pthread_key_t
  /// This thread's `thread.allocatedp`, which stays valid for the thread's lifetime.
  private let allocatedKey: pthread_key_t
  /// The private arena's request count when this thread last left it, as a pointer value.
  private let requestsKey: pthread_key_t

  /// The jemalloc version when jemalloc is this process's allocator (whether or not its
  /// statistics are usable), else nil.
  static let liveVersion: String? = {
    guard let version = mallctlString("version"), let bytes = MallctlMIB("thread.allocated")
    else { return nil }
    // Linked but not serving malloc (another allocator preloaded, or a prefixed build):
    // then the thread's byte total does not move when malloc is called.
    guard let before = bytes.readUInt64() else { return nil }
    let probe = malloc(64)
    keepAlive(probe)
    free(probe)
    guard let after = bytes.readUInt64(), after > before else { return nil }
    return version
  }()

  /// The control block, or nil when jemalloc is not the live allocator, was built without
  /// statistics, or fails the self-test (an empty region must read exactly 0 and 0, one
  /// malloc exactly 1 request).
  static func load() -> JemallocControl? {
    guard let version = liveVersion, mallctlBool("config.stats") == true,
      let flush = MallctlMIB("thread.tcache.flush"), let epoch = MallctlMIB("epoch"),
      let threadArena = MallctlMIB("thread.arena"), let create = MallctlMIB("arenas.create"),
      let allocated = MallctlMIB("thread.allocatedp"),
      let small = MallctlMIB("stats.arenas.0.small.nrequests"),
      let large = MallctlMIB("stats.arenas.0.large.nrequests")
    else { return nil }
    var keys = (pthread_key_t(), pthread_key_t(), pthread_key_t())
    guard pthread_key_create(&keys.0, nil) == 0 else { return nil }
    guard pthread_key_create(&keys.1, nil) == 0 else {
      pthread_key_delete(keys.0)
      return nil
    }
    guard pthread_key_create(&keys.2, nil) == 0 else {
      pthread_key_delete(keys.0)
      pthread_key_delete(keys.1)
      return nil
    }
    let control = JemallocControl(
      version: version, flushMIB: flush, epochMIB: epoch, threadArenaMIB: threadArena,
      arenasCreateMIB: create, allocatedPointerMIB: allocated, smallRequestsMIB: small,
      largeRequestsMIB: large, arenaKey: keys.0, allocatedKey: keys.1, requestsKey: keys.2)
    guard control.passesSelfTest() else { return nil }
    return control
  }

  private func passesSelfTest() -> Bool {
    for _ in 0..<3 {
      guard let start = begin(), let empty = end(start), empty.requests == 0, empty.bytes == 0
      else { return false }
    }
    guard let start = begin() else { return false }
    let probe = malloc(24)
    keepAlive(probe)
    free(probe)
    guard let one = end(start) else { return false }
    return one.requests == 1 && one.bytes >= 24
  }

  /// Binds the calling thread to its private arena and takes the starting readings.
  ///
  /// When the thread arrives from another arena (the usual case) no statistics are read:
  /// rebinding re-associates the thread cache, which merges its pending counts into the
  /// arena being left, and the private arena's count cannot have moved since this thread
  /// last left it (only this thread is ever bound to it), so the count stored at the last
  /// `end` is exact. Only a nested region (already on the private arena) pays for a
  /// flush and a statistics refresh here. Leaving the thread cache warm also means the
  /// measured code runs as it would unmeasured until its first cache miss.
  func begin() -> RegionStart? {
    guard let arena = privateArena(), let allocated = allocatedCounter(),
      let previous = threadArenaMIB.exchangeUInt32(arena)
    else { return nil }
    let requests: UInt64
    if previous != arena {
      requests = UInt64(UInt(bitPattern: pthread_getspecific(requestsKey)))
    } else {
      guard let current = flushedRequests(in: arena) else { return nil }
      requests = current
    }
    return RegionStart(
      thread: pthread_self(), previousArena: previous, requests: requests,
      bytes: allocated.pointee)
  }

  /// Ends a region begun on this thread: the byte total first, so that it closes the
  /// region as tightly as `begin` opened it, then the flushed request count, then the
  /// thread goes back to the arena it had. Nil if called on another thread than `begin`,
  /// which happens only when async code resumed elsewhere; the thread that began stays on
  /// its private arena, so its next `begin` is treated as nested and reads afresh.
  func end(_ start: RegionStart) -> (requests: UInt64, bytes: UInt64)? {
    guard pthread_equal(start.thread, pthread_self()) != 0,
      let allocated = allocatedCounter()
    else { return nil }
    let bytes = allocated.pointee
    let arena = UInt32(truncatingIfNeeded: Int(bitPattern: pthread_getspecific(arenaKey)) - 1)
    guard let requests = flushedRequests(in: arena) else {
      // Unknown count: leave the thread on its private arena, so that its next `begin`
      // sees a nested region and reads the count afresh instead of trusting the store.
      return nil
    }
    // Nothing allocates between the flush above and leaving the arena, so this is the
    // count the next non-nested `begin` on this thread will start from.
    _ = pthread_setspecific(requestsKey, UnsafeRawPointer(bitPattern: UInt(requests)))
    _ = threadArenaMIB.exchangeUInt32(start.previousArena)
    return (requests &- start.requests, bytes &- start.bytes)
  }

  /// The request count of `arena` with this thread's cached requests folded in: the
  /// expensive part of a region (a full statistics refresh over every arena).
  private func flushedRequests(in arena: UInt32) -> UInt64? {
    // EFAULT: this thread has no tcache (disabled by MALLOC_CONF or `thread.tcache.enabled`),
    // so every request already went to the arena and there is nothing to fold in.
    let flushed = flushMIB.run()
    guard flushed == 0 || flushed == EFAULT, epochMIB.writeUInt64(1) == 0,
      let small = smallRequestsMIB.replacing(component: 2, with: Int(arena)).readUInt64(),
      let large = largeRequestsMIB.replacing(component: 2, with: Int(arena)).readUInt64()
    else { return nil }
    return small &+ large
  }

  /// The calling thread's own arena, created on its first region. Arenas are never
  /// destroyed or reused, so a process keeps one extra arena per thread that ever measured:
  /// a handful for the runner and the cooperative pool. A program that kept starting new
  /// measuring threads would reach jemalloc's limit of 4,095 arenas, after which `begin`
  /// returns nil rather than a wrong count.
  private func privateArena() -> UInt32? {
    let stored = Int(bitPattern: pthread_getspecific(arenaKey))
    if stored != 0 { return UInt32(truncatingIfNeeded: stored - 1) }
    // A new arena has served no requests, which is the count `begin` starts from.
    guard let created = arenasCreateMIB.readUInt32(),
      pthread_setspecific(requestsKey, nil) == 0,
      pthread_setspecific(arenaKey, UnsafeRawPointer(bitPattern: Int(created) + 1)) == 0
    else { return nil }
    return created
  }

  private func allocatedCounter() -> UnsafeMutablePointer<UInt64>? {
    if let stored = pthread_getspecific(allocatedKey) {
      return stored.assumingMemoryBound(to: UInt64.self)
    }
    guard let pointer = allocatedPointerMIB.readPointer(),
      pthread_setspecific(allocatedKey, pointer) == 0
    else { return nil }
    return pointer.assumingMemoryBound(to: UInt64.self)
  }
}

/// Keeps the optimizer from deleting a malloc/free pair whose memory is never used, which
/// LLVM is allowed to do; the probes above must really reach the allocator.
@inline(never)
func keepAlive(_ pointer: UnsafeMutableRawPointer?) {
  if let pointer { pointer.storeBytes(of: 0, as: UInt8.self) }
}
