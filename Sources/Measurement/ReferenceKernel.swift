/// A fixed piece of work timed beside every case, so timings from two runs can be compared
/// as ratios to something measured in the same run (docs/measurement.md, "The reference
/// kernel"): a machine that is slower today (another tenant, a lower clock) makes the
/// reference slower too, and the ratio cancels most of it.
///
/// The work imitates what the solvers do, so it slows down the same way they do: a chase
/// through a 256 KiB permutation (dependent loads that miss L1, like walking rows and
/// columns) and a merge of two sorted index arrays with a data-dependent branch per step
/// (like merging sparse rows). About 40 µs on this machine kind.
///
/// **Frozen.** Gated baselines hold ratios to this exact work; changing it in any way
/// must change ``name``, and `bench gate` refuses to compare timings normalised by
/// different kernels.
public final class ReferenceKernel {
  /// Recorded with the samples; bump the number whenever the work changes.
  public static let name = "reference/1"

  private static let chaseLength = 1 << 16
  private static let chaseSteps = 8_192
  private static let mergeLength = 1_024

  private let next: UnsafeMutableBufferPointer<Int32>
  private let left: UnsafeMutableBufferPointer<Int32>
  private let right: UnsafeMutableBufferPointer<Int32>

  /// Builds the permutation (one cycle through every slot, Sattolo's algorithm) and the
  /// two sorted arrays from a fixed seed. Allocates about 264 KiB once.
  public init() {
    next = .allocate(capacity: Self.chaseLength)
    left = .allocate(capacity: Self.mergeLength)
    right = .allocate(capacity: Self.mergeLength)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random() -> UInt64 {
      // xorshift64*: fixed here rather than shared, so nothing outside can change the work.
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }
    for k in 0..<Self.chaseLength { next[k] = Int32(k) }
    var k = Self.chaseLength - 1
    while k > 0 {
      let j = Int(random() % UInt64(k))
      next.swapAt(k, j)
      k -= 1
    }
    var a: Int32 = 0
    var b: Int32 = 0
    for k in 0..<Self.mergeLength {
      a += Int32(1 + random() % 4)
      b += Int32(1 + random() % 4)
      left[k] = a
      right[k] = b
    }
  }

  deinit {
    next.deallocate()
    left.deallocate()
    right.deallocate()
  }

  /// Does the work once and returns a checksum (use it, so the work cannot be optimised
  /// away). O(1): always the same number of steps; no allocation.
  public func run() -> Int {
    var slot = 0
    var sum = 0
    for _ in 0..<Self.chaseSteps {
      slot = Int(next[slot])
      sum &+= slot
    }
    var i = 0
    var j = 0
    while i < Self.mergeLength && j < Self.mergeLength {
      if left[i] < right[j] {
        sum &+= Int(left[i])
        i += 1
      } else if right[j] < left[i] {
        sum &-= Int(right[j])
        j += 1
      } else {
        sum &+= 1
        i += 1
        j += 1
      }
    }
    return sum
  }

  /// Nanoseconds of one ``run()`` on the monotonic clock.
  public func timedRun() -> UInt64 {
    let start = MonotonicClock.now()
    let checksum = run()
    let elapsed = MonotonicClock.now() - start
    // Never true (the checksum is never this value); the comparison keeps `run` alive.
    if checksum == Int.min { print("") }
    return elapsed
  }
}
