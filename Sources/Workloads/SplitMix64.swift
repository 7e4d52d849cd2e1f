/// The generators' random numbers: SplitMix64 (Steele, Lea, Flood 2014), written out here
/// so the stream never depends on the standard library's choice of algorithms. Every
/// helper below consumes a fixed number of draws, so cases are identical across
/// platforms and toolchains. Public so the runner's statistics (bootstrap resampling)
/// draw from the same documented stream.
public struct SplitMix64: Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1), 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in [low, high).
  mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

  /// Uniform in [low, high), rounded to a multiple of `step` (a point grid, as UIKit
  /// aligns to pixels): short numbers in the files.
  mutating func uniform(_ low: Double, _ high: Double, step: Double) -> Double {
    (uniform(low, high) / step).rounded() * step
  }

  /// Uniform over `range` (a modulo draw; the bias is below 2⁻⁵⁰ for the small ranges
  /// used here).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func element<T>(of array: [T]) -> T {
    array[int(in: 0...(array.count - 1))]
  }

  mutating func bool(probability: Double) -> Bool { unit() < probability }

  /// FNV-1a of the UTF-8 bytes: a stable hash to mix a workload's name into its seed
  /// (`Hasher` is randomly seeded per process).
  static func hash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      h ^= UInt64(byte)
      h = h &* 0x0000_0100_0000_01B3
    }
    return h
  }
}
