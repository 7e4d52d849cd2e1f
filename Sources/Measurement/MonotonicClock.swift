import Glibc

/// Nanoseconds on `CLOCK_MONOTONIC`, the clock every timing in LayoutBench uses.
///
/// Why this clock and not `ContinuousClock`: on Linux both end in a vDSO `clock_gettime`
/// (no system call while the kernel's clocksource is `tsc`, as on this machine kind), but
/// `ContinuousClock.now` reads `CLOCK_BOOTTIME` and hands back a `Duration` (a 128-bit
/// attosecond count) that must be converted again. Measured on this machine kind (2 vCPU
/// AMD EPYC, clocksource `tsc`, release build, 3 × 5 million back-to-back reads):
///
/// | read | cost per read |
/// |---|---:|
/// | `MonotonicClock.now()` (`clock_gettime(CLOCK_MONOTONIC)`) | 24–26 ns |
/// | `ContinuousClock.now - base` as a `Duration` | 30–34 ns |
///
/// Resolution: the kernel reports 1 ns (`clock_getres`, see ``resolutionNanoseconds``);
/// the smallest difference two consecutive reads ever showed was 20 ns, because a read
/// itself takes that long. A timed region therefore carries about one read's cost (~25 ns)
/// of overhead, and regions shorter than a few hundred nanoseconds should be timed in a
/// loop of many iterations and divided.
///
/// The clock never goes backwards within a boot and does not jump with wall-clock
/// changes; NTP may slew its rate slightly (`CLOCK_MONOTONIC_RAW` would not, but costs
/// the same and is not what other harnesses report). It does not advance while the
/// machine is suspended, which no benchmark run survives meaningfully anyway.
public enum MonotonicClock {
  /// The current reading in nanoseconds since an unspecified start (boot). O(1), no
  /// allocation, no system call with a vDSO clocksource; never fails on Linux.
  @inlinable @inline(__always)
  public static func now() -> UInt64 {
    var time = timespec()
    // CLOCK_MONOTONIC always exists on Linux; a failure would leave `time` zeroed.
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
      &+ UInt64(truncatingIfNeeded: time.tv_nsec)
  }

  /// The resolution the kernel reports for `CLOCK_MONOTONIC`, in nanoseconds (1 on this
  /// machine kind), or nil if `clock_getres` fails. This is the clock's tick, not the cost
  /// of reading it; see the type's documentation for that.
  public static var resolutionNanoseconds: UInt64? {
    var resolution = timespec()
    guard clock_getres(CLOCK_MONOTONIC, &resolution) == 0 else { return nil }
    return UInt64(truncatingIfNeeded: resolution.tv_sec) &* 1_000_000_000
      &+ UInt64(truncatingIfNeeded: resolution.tv_nsec)
  }

  /// Runs `body` once and returns its result with the elapsed nanoseconds.
  ///
  /// Adds two clock reads (about 50 ns in all, half of it inside the interval) and no
  /// allocation: `body` is non-escaping, so its context stays on the stack. Rethrows
  /// whatever `body` throws, without a timing.
  @inlinable @inline(__always)
  public static func measure<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> (result: Result, nanoseconds: UInt64) {
    let start = now()
    let result = try body()
    let end = now()
    return (result, end &- start)
  }
}
