import TestSupport
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
  /// Seed 0: the first outputs of Vigna's reference `splitmix64.c` (x = 0).
  @Test func knownAnswersForSeedZero() {
    var rng = SplitMix64(seed: 0)
    let expected: [UInt64] = [
      0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
      0xF88B_B8A8_724C_81EC, 0x1B39_896A_51A8_749B,
    ]
    #expect((0..<5).map { _ in rng.next() } == expected)
  }

  /// Seed 1234567: the published test vector (Rosetta Code, "Pseudo-random numbers/Splitmix64").
  @Test func knownAnswersForSeed1234567() {
    var rng = SplitMix64(seed: 1_234_567)
    let expected: [UInt64] = [
      6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
      4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
    ]
    #expect((0..<5).map { _ in rng.next() } == expected)
  }

  @Test func sameSeedSameStream() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
  }

  @Test func adjacentSeedsGiveDifferentStreams() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 43)
    #expect((0..<8).map { _ in a.next() } != (0..<8).map { _ in b.next() })
  }

  @Test func derivedSeedsDependOnSeedAndStream() {
    let seeds = [
      SplitMix64.derivedSeed(7, stream: 1), SplitMix64.derivedSeed(7, stream: 2),
      SplitMix64.derivedSeed(8, stream: 1), SplitMix64.derivedSeed(8, stream: 2),
    ]
    #expect(Set(seeds).count == 4)
    #expect(SplitMix64.derivedSeed(7, stream: 1) == SplitMix64.derivedSeed(7, stream: 1))
  }
}
