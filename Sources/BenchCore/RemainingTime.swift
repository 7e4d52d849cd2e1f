/// The predicted time left for the cases of a plan not yet run, from
/// ``CaseCostPredictor``: each case it can predict costs its passes (counting, warm-up,
/// timed repetitions within the time budget) at the predicted seconds per repetition, or
/// nothing when it will be skipped over the case limit. A case with no smaller size of its
/// workload and backend measured yet cannot be predicted; it is counted, never guessed.
///
/// Only the measured passes are counted (not generating workloads or making scenes), so
/// the figure is a lower bound of the wall time more often than not.
public struct RemainingTime: Equatable, Sendable {
  /// Predicted seconds of the cases that could be predicted.
  public var seconds: Double
  /// Cases with a prediction (those over the case limit included, at no cost).
  public var predicted: Int
  /// Cases without one.
  public var unpredictable: Int

  public init(seconds: Double, predicted: Int, unpredictable: Int) {
    self.seconds = seconds
    self.predicted = predicted
    self.unpredictable = unpredictable
  }

  /// Estimates `remaining` with what `predictor` has recorded so far; `caseLimit` is the
  /// seconds per repetition over which a case is skipped. O(cases · repetitions).
  public init(
    _ remaining: some Sequence<PlannedCase>, predictor: CaseCostPredictor, settings: MeasurementSettings,
    caseLimit: Double
  ) {
    var seconds = 0.0
    var predicted = 0
    var unpredictable = 0
    for planned in remaining {
      guard let prediction = predictor.predict(workload: planned.workload, backend: planned.backend, size: planned.size)
      else {
        unpredictable += 1
        continue
      }
      predicted += 1
      if prediction.secondsPerRepetition <= caseLimit {
        seconds += Self.caseSeconds(perRepetition: prediction.secondsPerRepetition, settings: settings)
      }
    }
    self.init(seconds: seconds, predicted: predicted, unpredictable: unpredictable)
  }

  /// The seconds the measured passes of one case take when a repetition takes
  /// `perRepetition`, following the loop's rules (RepeatedMeasurement.swift): two
  /// counting runs when counting, warm-ups while under half the budget, timed repetitions
  /// while under the budget (at least one). O(repetitions).
  public static func caseSeconds(perRepetition: Double, settings: MeasurementSettings) -> Double {
    guard perRepetition > 0, perRepetition.isFinite else { return 0 }
    let budget = Double(settings.timeBudgetNanoseconds) / 1e9
    var elapsed = settings.countsAllocations ? 2 * perRepetition : 0
    for _ in 0..<settings.warmup where elapsed < budget / 2 { elapsed += perRepetition }
    var done = 0
    while done < settings.repetitions && (done == 0 || elapsed < budget) {
      elapsed += perRepetition
      done += 1
    }
    return elapsed
  }

  /// `about 3 min 20 s left`; `at least 3 min 20 s left, 4 cases not predictable yet`;
  /// `time left not predictable yet (4 cases without a smaller size measured)`; nil when
  /// no case is left.
  public var description: String? {
    if predicted == 0 && unpredictable == 0 { return nil }
    let cases = unpredictable == 1 ? "1 case" : "\(unpredictable) cases"
    if predicted == 0 { return "time left not predictable yet (\(cases) without a smaller size measured)" }
    let time = Self.clock(seconds)
    if unpredictable == 0 { return "about \(time) left" }
    return "at least \(time) left, \(cases) not predictable yet"
  }

  /// A wall time for a progress line, to the second under an hour: `0 s`, `45 s`,
  /// `3 min 20 s`, `2 h 05 min`; `over 1000000 h` beyond that (predictions from files
  /// with absurd figures), `an unknown time` for NaN. O(1).
  public static func clock(_ seconds: Double) -> String {
    if seconds.isNaN { return "an unknown time" }
    // Beyond a million hours the figure says nothing more, and the conversion to Int
    // below must stay in range.
    if seconds > 3.6e9 { return "over 1000000 h" }
    let whole = Int(max(seconds, 0).rounded(.up))
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    let minutes = (whole % 3600) / 60
    return "\(whole / 3600) h \(minutes < 10 ? "0" : "")\(minutes) min"
  }
}
