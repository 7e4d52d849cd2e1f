/// The SplitMix64 generator (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; the reference C code is Vigna's `splitmix64.c`).
///
/// Tests use it instead of the system generator so that every random case is a pure
/// function of its seed: the same seed gives the same stream on every run, machine and
/// Swift version, and a printed seed replays a failure exactly. Adjacent seeds give
/// unrelated streams (each output goes through the full mixing function), so sweeping
/// `base + i` is fine.
///
/// Every output costs O(1). Only `next()` is defined here; the draws built on it
/// (`uniformInt(in:)`, `uniformDouble(in:)`, ...) live in `RandomNumberGenerator+Draws.swift`
/// and use nothing from the standard library's own sampling, whose algorithms may change
/// between releases.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  /// The Weyl-sequence state; the next output is the mix of `state + golden`.
  public private(set) var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits. O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// An independent seed for a named sub-stream of `seed`, so that one generated item (the
  /// pins, say) does not shift when another (the constraint count) changes. O(1).
  public static func derivedSeed(_ seed: UInt64, stream: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}
