import BenchCore
import Interchange
import Testing

struct CaseCostPredictorTests {
  /// A measured case whose repetitions each took `seconds` in all (two phases).
  static func measured(_ workload: String, _ backend: String, size: Int, seconds: Double, repetitions: Int = 2) -> ResultsDocument.Case {
    let half = seconds * 1e9 / 2
    return ResultsDocument.Case(
      workload: workload, backend: backend, size: size, status: .ok,
      phases: [
        ResultsDocument.Phase(name: "build", samplesNanoseconds: Array(repeating: half, count: repetitions)),
        ResultsDocument.Phase(name: "resize", samplesNanoseconds: Array(repeating: half / 4, count: 4 * repetitions)),
      ],
      repetitions: repetitions)
  }

  @Test func noSmallerSizeMeansNoPrediction() {
    var predictor = CaseCostPredictor()
    #expect(predictor.predict(workload: "w", backend: "b", size: 10) == nil)
    predictor.record(Self.measured("w", "b", size: 100, seconds: 1))
    #expect(predictor.predict(workload: "w", backend: "b", size: 100) == nil)
    #expect(predictor.predict(workload: "w", backend: "other", size: 1000) == nil)
    #expect(predictor.predict(workload: "other", backend: "b", size: 1000) == nil)
  }

  @Test func oneSizeExtrapolatesLinearly() throws {
    var predictor = CaseCostPredictor()
    predictor.record(Self.measured("w", "b", size: 100, seconds: 0.5))
    let prediction = try #require(predictor.predict(workload: "w", backend: "b", size: 1000))
    #expect(abs(prediction.secondsPerRepetition - 5) < 1e-9)
    #expect(prediction.exponent == 1)
  }

  @Test func twoSizesGiveTheGrowthExponent() throws {
    var predictor = CaseCostPredictor()
    predictor.record(Self.measured("w", "b", size: 10, seconds: 0.01))
    predictor.record(Self.measured("w", "b", size: 100, seconds: 1))
    let prediction = try #require(predictor.predict(workload: "w", backend: "b", size: 1000))
    #expect(abs(prediction.exponent - 2) < 1e-9)
    #expect(abs(prediction.secondsPerRepetition - 100) < 1e-6)
    #expect(prediction.basis.contains("n=100") && prediction.basis.contains("from n=10"))
  }

  @Test func theExponentIsClampedBetweenOneAndThree() throws {
    var predictor = CaseCostPredictor()
    predictor.record(Self.measured("fast", "b", size: 10, seconds: 1))
    predictor.record(Self.measured("fast", "b", size: 100, seconds: 1))
    predictor.record(Self.measured("steep", "b", size: 10, seconds: 1e-6))
    predictor.record(Self.measured("steep", "b", size: 100, seconds: 1))
    #expect(try #require(predictor.predict(workload: "fast", backend: "b", size: 1000)).exponent == 1)
    #expect(try #require(predictor.predict(workload: "steep", backend: "b", size: 1000)).exponent == 3)
  }

  @Test func skippedAndFailedCasesCarryNoCost() {
    var predictor = CaseCostPredictor()
    predictor.record(ResultsDocument.Case(workload: "w", backend: "b", size: 10, status: .skipped(reason: "limit")))
    predictor.record(ResultsDocument.Case(workload: "w", backend: "b", size: 10, status: .error("bug")))
    #expect(predictor.predict(workload: "w", backend: "b", size: 100) == nil)
  }
}
