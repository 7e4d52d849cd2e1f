import Reports
import Testing

/// Log axes: which powers of ten get ticks, how they are labelled, where values fall.
@Suite struct LogAxisTests {
  @Test func sizesFromTenToTenThousandTickEveryDecade() {
    let axis = LogAxis(covering: 10...10_000)
    #expect(axis.majorTicks() == [10, 100, 1000, 10_000])
    #expect(axis.majorTicks().map(TickLabel.count) == ["10", "100", "1k", "10k"])
    #expect(axis.fraction(of: 10) > 0 && axis.fraction(of: 10) < 0.05)
    #expect(axis.fraction(of: 10_000) < 1 && axis.fraction(of: 10_000) > 0.95)
    #expect(abs(axis.fraction(of: 316.227766) - 0.5) < 1e-6)
  }

  @Test func durationsAreLabelledInTheirUnit() {
    let axis = LogAxis(covering: 1_200...340_000)
    #expect(axis.majorTicks() == [1e3, 1e4, 1e5])
    #expect(axis.majorTicks().map { TickLabel.duration(nanoseconds: $0) } == ["1 µs", "10 µs", "100 µs"])
    let labels = [1, 10, 100, 1e3, 1e6, 1e7, 1e9, 1e11, 2e3, 5e8].map { TickLabel.duration(nanoseconds: $0) }
    #expect(labels == ["1 ns", "10 ns", "100 ns", "1 µs", "1 ms", "10 ms", "1 s", "100 s", "2 µs", "500 ms"])
    #expect([2_500, 1e6, 20].map(TickLabel.count) == ["2.5k", "1M", "20"])
  }

  /// Data inside one decade still gets two labelled powers of ten, and 2 and 5 between.
  @Test func aNarrowRangeWidensToTheEnclosingDecades() {
    let axis = LogAxis(covering: 2_000...5_000)
    #expect(axis.majorTicks() == [1e3, 1e4])
    #expect(axis.intermediateLabelledTicks().map { TickLabel.duration(nanoseconds: $0) } == ["2 µs", "5 µs"])
    #expect(axis.minorTicks().filter { $0 > 1e3 && $0 < 1e4 }.count == 8)
    // One value: the powers of ten either side, the value in the middle.
    let lone = LogAxis(covering: 10...10)
    #expect(lone.majorTicks() == [1, 10, 100])
    #expect(abs(lone.fraction(of: 10) - 0.5) < 1e-12)
    #expect(LogAxis(covering: 30...30).majorTicks() == [10, 100])
  }

  @Test func manyDecadesLabelEveryFewPowers() {
    let axis = LogAxis(covering: 1...1e20)
    #expect(axis.majorStride(maximumLabels: 10) == 3)
    #expect(axis.majorTicks(maximumLabels: 10).count <= 10)
    #expect(axis.minorTicks().isEmpty)
    #expect(LogAxis(covering: 10...10_000).intermediateLabelledTicks().isEmpty)
  }

  @Test func paddingWidensBothEndsByTheFraction() {
    let axis = LogAxis(covering: 10...10_000)
    let padded = axis.padded(by: 0.1)
    #expect(abs(padded.decades - axis.decades * 1.2) < 1e-12)
    #expect(abs(padded.fraction(of: 316.227766) - 0.5) < 1e-6)
  }
}
