import CJemalloc
import Glibc
import Measurement
import Synchronization
import Testing

/// Allocation counts are deterministic, so these tests assert them exactly. They run in
/// parallel with every other suite of the package, which is itself a check that other
/// threads' allocations stay out of a region.
@Suite struct AllocationCounterTests {
  @Test func countingIsAvailableWithJemalloc() throws {
    #expect(AllocationCounter.isAvailable)
    let version = try #require(AllocationCounter.jemallocVersion)
    #expect(version.hasPrefix("5."))
    let name = try #require(AllocationCounter.allocatorName)
    #expect(name.hasPrefix("jemalloc \(version.prefix(5))"))
    #expect(name.count < "jemalloc ".count + version.count)
  }

  @Test func anEmptyRegionReadsZero() {
    for _ in 0..<200 {
      #expect(AllocationCounter.measure {}.allocations == .zero)
      let region = AllocationCounter.begin()
      #expect(AllocationCounter.end(region) == .zero)
    }
  }

  /// A body that captures locals and times itself allocates nothing: neither `measure`
  /// nor the closure contexts reach the heap. The first run may instantiate generic
  /// metadata in the Swift runtime, which allocates once per process (docs/measurement.md),
  /// so it is left out.
  @Test func wrappingCodeInMeasureAddsNoAllocation() {
    let factor = 3
    let values = (1, 2, 3)
    var readings: [AllocationReading?] = []
    readings.reserveCapacity(10)
    for _ in 0..<10 {
      let (result, reading) = AllocationCounter.measure {
        MonotonicClock.measure { factor * (values.0 + values.1 + values.2) }.result
      }
      #expect(result == 18)
      readings.append(reading)
    }
    #expect(readings.dropFirst().allSatisfy { $0 == .zero })
  }

  @Test(arguments: [1, 10, 1000], [16, 100, 20 * 1024, 4 << 20])
  func mallocAndFreeOneAtATimeCountsEachMalloc(count: Int, size: Int) throws {
    let reading = try #require(
      AllocationCounter.measure {
        for _ in 0..<count { free(touch(malloc(size))) }
      }.allocations)
    #expect(reading.count == UInt64(count))
    #expect(reading.bytes >= UInt64(count * size))
  }

  @Test(arguments: [1, 10, 1000], [16, 100, 20 * 1024, 4 << 20])
  func mallocsHeldTogetherCountEachMalloc(count: Int, size: Int) throws {
    let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
    defer { pointers.deallocate() }
    let reading = try #require(
      AllocationCounter.measure {
        for index in 0..<count { pointers[index] = touch(malloc(size)) }
      }.allocations)
    for index in 0..<count { free(pointers[index]) }
    #expect(reading.count == UInt64(count))
    #expect(reading.bytes >= UInt64(count * size))
  }

  /// Allocations of 8 MiB and more go to jemalloc's huge arena unless the thread is bound
  /// to an arena it created, which is what keeps them countable.
  @Test func aHugeAllocationIsCounted() throws {
    let size = 32 << 20
    let reading = try #require(AllocationCounter.measure { free(touch(malloc(size))) }.allocations)
    #expect(reading == AllocationReading(count: 1, bytes: UInt64(size)))
  }

  @Test func freesInARegionDoNotSubtract() throws {
    let earlier = malloc(1000)
    let reading = try #require(AllocationCounter.measure { free(earlier) }.allocations)
    #expect(reading == .zero)
  }

  @Test func callocAlignedAndReallocAreRequests() throws {
    let zeroed = try #require(AllocationCounter.measure { free(touch(calloc(10, 10))) }.allocations)
    #expect(zeroed.count == 1 && zeroed.bytes >= 100)

    var aligned: UnsafeMutableRawPointer? = nil
    let alignedReading = try #require(
      AllocationCounter.measure { _ = posix_memalign(&aligned, 64, 200) }.allocations)
    free(touch(aligned))
    #expect(alignedReading.count == 1 && alignedReading.bytes >= 200)

    // Same size class: the block stays and no request is made; a larger class moves it.
    let block = try #require(malloc(16))
    var moved: UnsafeMutableRawPointer? = nil
    let inPlace = try #require(AllocationCounter.measure { moved = realloc(block, 12) }.allocations)
    // jemalloc adds a realloc's new usable size to the thread's bytes even when it stays.
    #expect(inPlace == AllocationReading(count: 0, bytes: 16))
    let grown = try #require(AllocationCounter.measure { moved = realloc(moved, 1000) }.allocations)
    free(touch(moved))
    #expect(grown.count == 1 && grown.bytes >= 1000)
  }

  /// The Swift runtime allocates through `malloc`, so it is counted: this is the check
  /// that jemalloc, linked unprefixed, really is the allocator of the whole process.
  @Test(arguments: [1, 10, 100, 1000])
  func swiftRuntimeAllocationsAreCounted(elements: Int) throws {
    let buffer = try #require(
      AllocationCounter.measure { [Int](repeating: 7, count: elements) }.allocations)
    #expect(buffer.count == 1)
    #expect(buffer.bytes >= UInt64(elements * MemoryLayout<Int>.stride))

    let (objects, reading) = AllocationCounter.measure {
      var objects: [Box] = []
      for index in 0..<elements { objects.append(Box(index)) }
      return objects
    }
    let instances = try #require(reading)
    #expect(objects.count == elements)
    // One allocation per instance plus the array's growth steps (fewer than 2 log2 N + 2).
    #expect(instances.count > UInt64(elements))
    #expect(instances.count <= UInt64(elements + 2 * Int.bitWidth))
  }

  @Test func regionsNestAndFollowEachOther() throws {
    // No #expect or #require while a region is open: the testing macros allocate.
    let outer = AllocationCounter.begin()
    allocate(3)
    let inner = AllocationCounter.begin()
    allocate(2)
    let innerReading = AllocationCounter.end(inner)
    allocate(1)
    let outerReading = AllocationCounter.end(outer)
    #expect(innerReading?.count == 2)
    #expect(outerReading?.count == 6)

    var readings: [AllocationReading] = []
    readings.reserveCapacity(4)
    for count in [5, 0, 7, 1] {
      readings.append(try #require(AllocationCounter.measure { allocate(count) }.allocations))
    }
    #expect(readings.map(\.count) == [5, 0, 7, 1])
    #expect(readings.reduce(.zero, +).count == 13)
  }

  @Test func aThrowingBodyClosesItsRegion() throws {
    let arenaBefore = try #require(threadArena())
    #expect(throws: Oops.self) {
      _ = try AllocationCounter.measure { () throws(Oops) -> Int in
        allocate(4)
        throw Oops()
      }
    }
    #expect(threadArena() == arenaBefore)
    #expect(AllocationCounter.measure { allocate(2) }.allocations?.count == 2)
  }

  @Test func otherThreadsAllocatingMeanwhileAreNotCounted() throws {
    let background = BackgroundAllocator()
    defer { background.stop() }
    for count in [0, 1, 10, 0, 1000] {
      for _ in 0..<20 {
        var overlapped = false
        let reading = try #require(
          AllocationCounter.measure {
            let before = background.iterations
            allocate(count)
            // Keep the region open until the other thread has allocated inside it.
            overlapped = background.waitForProgress(beyond: before)
          }.allocations)
        #expect(overlapped)
        #expect(reading.count == UInt64(count))
        #expect(count != 0 || reading.bytes == 0)
      }
    }
    // The same wait seen through the process-wide counters does move: without a private
    // arena per measuring thread, the other thread's requests would be in the readings.
    let before = try #require(processWideRequests())
    _ = background.waitForProgress(beyond: background.iterations + 5)
    let after = try #require(processWideRequests())
    #expect(after - before >= 1000, "process-wide requests moved by \(after - before)")
  }

  @Test func endingOnAnotherThreadReadsNilAndLaterRegionsStayExact() throws {
    let region = try #require(AllocationCounter.begin())
    allocate(3)
    let ended = runOnNewThread { AllocationCounter.end(region) }
    #expect(ended == nil)
    // This thread never left its private arena; the next regions must still be exact.
    #expect(AllocationCounter.measure {}.allocations == .zero)
    #expect(AllocationCounter.measure { allocate(5) }.allocations?.count == 5)
  }

  @Test func endingWithoutARegionReadsNil() {
    #expect(AllocationCounter.end(nil) == nil)
  }

  @Test func readingsAdd() {
    let sum = AllocationReading(count: 2, bytes: 32) + AllocationReading(count: 3, bytes: 100)
    #expect(sum == AllocationReading(count: 5, bytes: 132))
    #expect(sum + .zero == sum)
  }
}

private final class Box {
  let value: Int
  init(_ value: Int) { self.value = value }
}

private struct Oops: Error {}

/// Writes through `pointer` in a function the optimizer cannot see into, so a
/// malloc/free pair is not deleted as dead code.
@inline(never)
private func touch(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  pointer?.storeBytes(of: 0xA5, as: UInt8.self)
  return pointer
}

/// Exactly `count` mallocs of 48 bytes, each freed at once.
private func allocate(_ count: Int) {
  for _ in 0..<count { free(touch(malloc(48))) }
}

/// All arenas' request counts (`stats.arenas.<MALLCTL_ARENAS_ALL>`), the process-wide
/// figure a per-thread count must not be confused with.
private func processWideRequests() -> UInt64? {
  var one: UInt64 = 1
  guard mallctl("thread.tcache.flush", nil, nil, nil, 0) == 0,
    mallctl("epoch", nil, nil, &one, MemoryLayout<UInt64>.size) == 0
  else { return nil }
  var total: UInt64 = 0
  for name in ["small", "large"] {
    var value: UInt64 = 0
    var size = MemoryLayout<UInt64>.size
    guard mallctl("stats.arenas.\(MALLCTL_ARENAS_ALL).\(name).nrequests", &value, &size, nil, 0) == 0
    else { return nil }
    total += value
  }
  return total
}

private func threadArena() -> UInt32? {
  var arena: UInt32 = 0
  var size = MemoryLayout<UInt32>.size
  return mallctl("thread.arena", &arena, &size, nil, 0) == 0 ? arena : nil
}

/// Runs `body` on a fresh POSIX thread and waits for its result; a new thread, not a
/// task, so that it is certainly not the caller's thread.
private func runOnNewThread<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) -> Result {
  let work = ThreadWork(body)
  var thread = pthread_t()
  let context = Unmanaged<AnyObject>.passRetained(work).toOpaque()
  let created = pthread_create(&thread, nil, { context in
    (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! any Runnable).run()
    return nil
  }, context)
  precondition(created == 0, "pthread_create failed: \(created)")
  pthread_join(thread, nil)
  return work.result.withLock { $0 }!
}

private protocol Runnable: AnyObject { func run() }

private final class ThreadWork<Result: Sendable>: Runnable, Sendable {
  let body: @Sendable () -> Result
  let result = Mutex<Result?>(nil)
  init(_ body: @escaping @Sendable () -> Result) { self.body = body }
  func run() {
    let value = body()
    result.withLock { $0 = value }
  }
}

/// A thread that mallocs, frees and builds Swift arrays until stopped.
private final class BackgroundAllocator: Sendable {
  private let stopping = Atomic<Bool>(false)
  private let counter = Atomic<Int>(0)
  private let thread: Mutex<pthread_t?> = Mutex(nil)

  var iterations: Int { counter.load(ordering: .relaxed) }

  init() {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let created = pthread_create(&thread, nil, { context in
      let allocator = Unmanaged<BackgroundAllocator>.fromOpaque(context!).takeRetainedValue()
      // Batches overflow the thread cache, so its counts keep reaching the arenas'
      // statistics; single malloc/free pairs would stay in the cache and prove little.
      let batch = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 300)
      defer { batch.deallocate() }
      while !allocator.stopping.load(ordering: .relaxed) {
        for index in 0..<300 { batch[index] = touch(malloc(64)) }
        for index in 0..<300 { free(batch[index]) }
        var array = [1, 2, 3]
        array.append(array.count)
        allocator.counter.add(1, ordering: .relaxed)
      }
      return nil
    }, context)
    precondition(created == 0, "pthread_create failed: \(created)")
    self.thread.withLock { $0 = thread }
    while iterations < 100 { sched_yield() }
  }

  /// Spins (without allocating) until the thread has finished another iteration after
  /// `iterations` read `previous`; false after 10 s.
  func waitForProgress(beyond previous: Int) -> Bool {
    let deadline = MonotonicClock.now() + 10_000_000_000
    while counter.load(ordering: .relaxed) <= previous + 1 {
      if MonotonicClock.now() > deadline { return false }
      sched_yield()
    }
    return true
  }

  func stop() {
    stopping.store(true, ordering: .relaxed)
    if let thread = self.thread.withLock({ $0.take() }) { pthread_join(thread, nil) }
  }
}
