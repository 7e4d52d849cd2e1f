import Foundation
import Interchange

/// Predicts what a case will cost from the smaller sizes of the same workload and backend
/// measured earlier in the run, so `bench run` can skip a case that would take hours
/// (with the prediction as the reason) instead of running it or guessing a size limit.
///
/// The cost of a repetition is the sum of every sample of every phase divided by the
/// repetitions. From the two largest sizes measured it fits `cost ∝ size^k` (k clamped to
/// 1...3; noise at small sizes can give any slope); from one size it assumes k = 1, which
/// can only underestimate a super-linear case, never skip a linear one wrongly.
public struct CaseCostPredictor {
  /// Measured (size, seconds per repetition), ascending by size, per workload and backend.
  private var history: [String: [(size: Int, seconds: Double)]] = [:]

  public init() {}

  /// A prediction and the measurements it rests on, for the skip reason.
  public struct Prediction: Sendable {
    public var secondsPerRepetition: Double
    public var exponent: Double
    public var basis: String

    /// Why the case is skipped before it runs, when its predicted seconds per repetition
    /// are over `caseLimit`: `predicted 17 min per repetition (10.2 s per repetition at
    /// n=1000, growth exponent 2.00 from n=100), over --case-limit 60 s`; nil to run it.
    public func skipReason(caseLimit: Double) -> String? {
      guard secondsPerRepetition > caseLimit else { return nil }
      return "predicted \(Formatting.duration(nanoseconds: secondsPerRepetition * 1e9)) per repetition (\(basis)), "
        + "over --case-limit \(Formatting.duration(nanoseconds: caseLimit * 1e9))"
    }
  }

  /// Records a finished case (only measured ones carry a cost). O(sizes).
  public mutating func record(_ result: ResultsDocument.Case) {
    guard result.status == .ok, let repetitions = result.repetitions, repetitions > 0 else { return }
    let total = result.phases.reduce(0.0) { $0 + $1.samplesNanoseconds.reduce(0, +) }
    let seconds = total / Double(repetitions) / 1e9
    var sizes = history[Self.key(result.workload, result.backend), default: []]
    sizes.removeAll { $0.size == result.size }
    sizes.append((result.size, seconds))
    sizes.sort { $0.size < $1.size }
    history[Self.key(result.workload, result.backend)] = sizes
  }

  /// The predicted seconds per repetition at `size`, or nil without a smaller measured size.
  public func predict(workload: String, backend: String, size: Int) -> Prediction? {
    let known = (history[Self.key(workload, backend)] ?? []).filter { $0.size < size }
    guard let last = known.last, last.seconds > 0 else { return nil }
    var exponent = 1.0
    var basis = "\(Formatting.duration(nanoseconds: last.seconds * 1e9)) per repetition at n=\(last.size)"
    if known.count >= 2 {
      let before = known[known.count - 2]
      if before.seconds > 0 {
        let slope = log(last.seconds / before.seconds) / log(Double(last.size) / Double(before.size))
        exponent = min(max(slope, 1), 3)
        basis += ", growth exponent \(Formatting.fixed(exponent, decimals: 2)) from n=\(before.size)"
      }
    }
    let seconds = last.seconds * pow(Double(size) / Double(last.size), exponent)
    return Prediction(secondsPerRepetition: seconds, exponent: exponent, basis: basis)
  }

  /// The predicted seconds per repetition of `planned`, or nil without a smaller measured
  /// size of its workload and backend.
  public func predict(_ planned: PlannedCase) -> Prediction? {
    predict(workload: planned.workload, backend: planned.backend, size: planned.size)
  }

  private static func key(_ workload: String, _ backend: String) -> String { workload + "\u{0}" + backend }
}
