import BenchCore
import Testing

/// Numbers for people from any `Double`: figures far beyond a measurement's range (read
/// from a hand-made or corrupted file) are shown with an exponent, never trap.
struct FormattingTests {
  @Test(arguments: [
    (1e25, 0, "1.00e25"), (-1e300, 2, "-1.00e300"), (123.456, 2, "123.46"), (0.5, 0, "1"),
    (Double.infinity, 1, "inf"), (-Double.infinity, 0, "-inf"), (Double.nan, 3, "nan"), (999_999_999_999_999.0, 0, "999999999999999"), (1e15, 0, "1.00e15"),
  ])
  func fixedTakesAnyDouble(value: Double, decimals: Int, expected: String) {
    #expect(Formatting.fixed(value, decimals: decimals) == expected)
  }

  @Test(arguments: [(9.996e3, "1.00e4"), (1.234e-7, "1.23e-7"), (-2.5e20, "-2.50e20"), (0.0, "0")])
  func scientificCarriesIntoTheNextPower(value: Double, expected: String) {
    #expect(Formatting.scientific(value) == expected)
  }

  @Test func durationsCountsAndBytesOfAbsurdSize() {
    #expect(Formatting.duration(nanoseconds: 1e300) == "1.00e291 s")
    #expect(Formatting.duration(nanoseconds: -1e300) == "-1.00e300 ns")
    #expect(Formatting.count(1e300) == "1.00e294M")
    #expect(Formatting.bytes(-1e300) == "-1.00e300 B")
    #expect(TimeUnit.microseconds.format(1e25) == "1.00e22")
  }

  @Test func theClockOfAnAbsurdPredictionSaysSo() {
    #expect(RemainingTime.clock(1e300) == "over 1000000 h")
    #expect(RemainingTime.clock(.infinity) == "over 1000000 h")
    #expect(RemainingTime.clock(.nan) == "an unknown time")
    #expect(RemainingTime.clock(125) == "2 min 5 s")
  }
}
