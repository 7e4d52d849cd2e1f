import Glibc
import Measurement
import Testing

/// No assertions on how long anything takes (shared machines are noisy); only on the
/// clock's contract.
@Suite struct MonotonicClockTests {
  @Test func readingsNeverDecrease() {
    var previous = MonotonicClock.now()
    var decreases = 0
    for _ in 0..<100_000 {
      let now = MonotonicClock.now()
      if now < previous { decreases += 1 }
      previous = now
    }
    #expect(decreases == 0)
  }

  /// nanosleep sleeps at least the requested time on CLOCK_MONOTONIC, so this bound is a
  /// guarantee, not a timing guess.
  @Test func aSleepOfOneMillisecondAdvancesTheClockByAtLeastThat() {
    let (_, elapsed) = MonotonicClock.measure {
      var request = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
    #expect(elapsed >= 1_000_000)
  }

  @Test func resolutionIsAtMostAMicrosecond() throws {
    let resolution = try #require(MonotonicClock.resolutionNanoseconds)
    #expect(resolution >= 1 && resolution <= 1_000)
  }

  @Test func measureReturnsTheResultAndRethrows() {
    let (value, _) = MonotonicClock.measure { 6 * 7 }
    #expect(value == 42)
    struct Failure: Error {}
    #expect(throws: Failure.self) { _ = try MonotonicClock.measure { () throws(Failure) in throw Failure() } }
  }

  @Test func readingTheClockAllocatesNothing() {
    _ = MonotonicClock.now()
    let reading = AllocationCounter.measure {
      for _ in 0..<1000 { _ = MonotonicClock.now() }
    }.allocations
    #expect(reading == .zero)
  }
}

@Suite struct ResidentMemoryTests {
  @Test func bothReadingsArePresentAndPeakIsAtLeastCurrent() throws {
    let current = try #require(ResidentMemory.currentBytes())
    let peak = try #require(ResidentMemory.peakBytes())
    #expect(current > 1 << 20)
    #expect(peak + ResidentMemoryTests.counterSlack >= current)
  }

  /// How far the two readings may disagree: the kernel keeps resident pages in per-CPU
  /// counters that it sums approximately, and updates the high-water mark lazily, so a
  /// peak read just after a current reading can come out slightly below it (seen: 160 KiB
  /// under, with other suites freeing memory in parallel).
  static let counterSlack: UInt64 = 8 << 20

  /// Touching 64 MiB makes at least part of it resident; the other suites running in
  /// parallel can only add to the figures, so lower bounds hold.
  @Test func touchingMemoryRaisesResidentAndPeak() throws {
    let size = 64 << 20
    let before = try #require(ResidentMemory.currentBytes())
    let block = try #require(malloc(size))
    defer { free(block) }
    memset(block, 1, size)
    let during = try #require(ResidentMemory.currentBytes())
    let peak = try #require(ResidentMemory.peakBytes())
    #expect(during >= before + UInt64(size / 2))
    #expect(peak + ResidentMemoryTests.counterSlack >= during)
    #expect(peak >= before + UInt64(size / 2) - ResidentMemoryTests.counterSlack)
  }

  /// After a first call, which may instantiate Swift runtime metadata.
  @Test func readingMemoryAllocatesNothing() {
    _ = ResidentMemory.currentBytes()
    _ = ResidentMemory.peakBytes()
    let reading = AllocationCounter.measure {
      _ = ResidentMemory.currentBytes()
      _ = ResidentMemory.peakBytes()
    }.allocations
    #expect(reading == .zero)
  }
}
