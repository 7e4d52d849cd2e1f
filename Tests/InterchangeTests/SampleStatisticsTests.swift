import Interchange
import Testing

/// The order statistics a results file and a report derive from samples.
@Suite struct SampleStatisticsTests {
  @Test func quartilesInterpolateBetweenClosestRanks() throws {
    // Sorted 1...9: position q·8, so the quartiles fall on ranks 2 and 6 exactly.
    let exact = try #require(SampleStatistics(doubles: [9, 1, 8, 2, 7, 3, 6, 4, 5]))
    #expect(abs(exact.firstQuartile - 3) < 1e-12)
    #expect(abs(exact.median - 5) < 1e-12)
    #expect(abs(exact.thirdQuartile - 7) < 1e-12)
    // Four samples: positions 0.75 and 2.25 between 10, 20 and 30, 40.
    let between = try #require(SampleStatistics(doubles: [40, 10, 30, 20]))
    #expect(abs(between.firstQuartile - 17.5) < 1e-12)
    #expect(abs(between.thirdQuartile - 32.5) < 1e-12)
    #expect(abs(between.medianAbsoluteDeviation - 10) < 1e-12)
  }

  @Test func oneSampleIsItsOwnSpread() throws {
    let one = try #require(SampleStatistics(doubles: [42]))
    #expect(one.firstQuartile == one.thirdQuartile)
    #expect(abs(one.median - 42) < 1e-12)
    #expect(SampleStatistics(doubles: []) == nil)
  }
}
