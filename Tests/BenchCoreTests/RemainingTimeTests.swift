import BenchCore
import Interchange
import Testing

struct RemainingTimeTests {
  static let settings = MeasurementSettings(repetitions: 5, warmup: 1, timeBudgetSeconds: 20, countsAllocations: true)

  static func planned(_ workload: String, _ backend: String, _ size: Int) -> PlannedCase {
    PlannedCase(workload: workload, size: size, backend: backend, seed: 1)
  }

  /// A predictor that has seen `w` on `b` at size 10 take 0.1 s a repetition.
  static func predictor() -> CaseCostPredictor {
    var predictor = CaseCostPredictor()
    predictor.record(CaseCostPredictorTests.measured("w", "b", size: 10, seconds: 0.1))
    return predictor
  }

  @Test func nothingPredictableSaysSoWithoutANumber() {
    let left = RemainingTime(
      [Self.planned("w", "b", 10), Self.planned("w", "c", 10)], predictor: CaseCostPredictor(), settings: Self.settings,
      caseLimit: 60)
    #expect(left == RemainingTime(seconds: 0, predicted: 0, unpredictable: 2))
    #expect(left.description == "time left not predictable yet (2 cases without a smaller size measured)")
  }

  @Test func noCaseLeftHasNothingToSay() {
    let left = RemainingTime([PlannedCase](), predictor: Self.predictor(), settings: Self.settings, caseLimit: 60)
    #expect(left.description == nil)
  }

  /// Size 100 from size 10 linearly: 1 s a repetition, two counting runs, one warm-up and
  /// five timed repetitions: 8 s.
  @Test func everyCasePredictedGivesAnEstimate() {
    let left = RemainingTime([Self.planned("w", "b", 100)], predictor: Self.predictor(), settings: Self.settings, caseLimit: 60)
    #expect(left == RemainingTime(seconds: 8, predicted: 1, unpredictable: 0))
    #expect(left.description == "about 8 s left")
  }

  @Test func unpredictableCasesMakeTheEstimateALowerBound() {
    let left = RemainingTime(
      [Self.planned("w", "b", 100), Self.planned("w", "other", 100)], predictor: Self.predictor(), settings: Self.settings,
      caseLimit: 60)
    #expect(left.description == "at least 8 s left, 1 case not predictable yet")
  }

  /// 10,000 from 10 at 0.1 s: 100 s a repetition, over a 60 s limit: skipped, no time.
  @Test func aCaseOverTheLimitCostsNothing() {
    let left = RemainingTime([Self.planned("w", "b", 10_000)], predictor: Self.predictor(), settings: Self.settings, caseLimit: 60)
    #expect(left == RemainingTime(seconds: 0, predicted: 1, unpredictable: 0))
  }

  /// The loop's rules: warm-ups only under half the budget, repetitions while under it,
  /// at least one.
  @Test func theTimeBudgetCutsRepetitions() {
    let settings = MeasurementSettings(repetitions: 5, warmup: 1, timeBudgetSeconds: 10, countsAllocations: true)
    // Counting 6 s: past half the budget, no warm-up; repetitions end at 9 and 12 s.
    #expect(RemainingTime.caseSeconds(perRepetition: 3, settings: settings) == 12)
    // One repetition is always taken.
    #expect(RemainingTime.caseSeconds(perRepetition: 30, settings: settings) == 90)
    let uncounted = MeasurementSettings(repetitions: 5, warmup: 2, timeBudgetSeconds: 10, countsAllocations: false)
    #expect(RemainingTime.caseSeconds(perRepetition: 1, settings: uncounted) == 7)
  }

  @Test func clockReadsToTheSecondUnderAnHour() {
    #expect(RemainingTime.clock(0) == "0 s")
    #expect(RemainingTime.clock(44.2) == "45 s")
    #expect(RemainingTime.clock(200) == "3 min 20 s")
    #expect(RemainingTime.clock(7_500) == "2 h 05 min")
  }
}
