/// The plan of a run as `bench run --dry-run` prints it: every case, whether it will run
/// or be skipped (and why), and what it should cost, decided as the run decides before
/// measuring a case, with nothing measured.
///
/// A case is skipped when ``CaseCostPredictor`` predicts it over the case limit, or when
/// its backend refuses the case's initial scene (`refusal`, e.g. springs-struts and a
/// constraint), which `refusal` decides from the case alone. Otherwise it runs, and costs its passes at the predicted seconds per
/// repetition (``RemainingTime/caseSeconds(perRepetition:settings:)``) or, without a
/// smaller size of its workload and backend measured, is not predictable: never a guess.
/// A case the run skips only once it is running (a dense tableau over its memory limit)
/// shows as running.
public struct RunPreview {
  public enum Decision: Sendable {
    /// With the prediction, nil when none can be made.
    case runs(CaseCostPredictor.Prediction?)
    case skipped(reason: String)
    /// The case cannot even be set up (a generator bug); the run records it as an error.
    case fails(String)
  }

  public struct Row: Sendable {
    public var planned: PlannedCase
    public var decision: Decision
  }

  public let rows: [Row]
  /// The predicted seconds of the whole plan (skipped cases cost nothing).
  public let total: RemainingTime
  let settings: MeasurementSettings

  /// Decides every case of `cases`. O(cases · repetitions), plus `refusal` per case.
  public init(
    _ cases: [PlannedCase], predictor: CaseCostPredictor, settings: MeasurementSettings, caseLimit: Double,
    refusal: (PlannedCase) -> Decision?
  ) {
    rows = cases.map { planned in
      let prediction = predictor.predict(planned)
      if let reason = prediction?.skipReason(caseLimit: caseLimit) {
        return Row(planned: planned, decision: .skipped(reason: reason))
      }
      return Row(planned: planned, decision: refusal(planned) ?? .runs(prediction))
    }
    let running = rows.filter { if case .runs = $0.decision { true } else { false } }.map(\.planned)
    total = RemainingTime(running, predictor: predictor, settings: settings, caseLimit: caseLimit)
    self.settings = settings
  }

  /// An aligned table, one row per case (predicted seconds per repetition and for the
  /// case's passes, then `runs`, `runs; from 10 ms per repetition at n=100` or `skipped:
  /// reason`), and a last line with the counts and the predicted total. O(cases).
  public var text: String {
    let table = rows.map { row -> [String] in
      let planned = row.planned
      let start = [planned.workload, String(planned.size), planned.backend]
      switch row.decision {
      case .skipped(let reason): return start + ["-", "-", "skipped: \(reason)"]
      case .fails(let message): return start + ["-", "-", "error: \(message)"]
      case .runs(nil): return start + ["-", "-", "runs; not predictable (no smaller size measured)"]
      case .runs(let prediction?):
        let perRepetition = prediction.secondsPerRepetition
        let caseSeconds = RemainingTime.caseSeconds(perRepetition: perRepetition, settings: settings)
        return start + [
          Formatting.duration(nanoseconds: perRepetition * 1e9), Formatting.duration(nanoseconds: caseSeconds * 1e9),
          "runs; predicted from \(prediction.basis)",
        ]
      }
    }
    let header = ["workload", "size", "backend", "per repetition", "per case", "plan"]
    return Formatting.table(table, header: header, leftAlignedColumns: [0, 2, 5]) + "\n" + summary + "\n"
  }

  /// `6 cases: 5 run, 1 skipped; about 3 min 20 s predicted for 3, 2 not predictable`.
  var summary: String {
    let failing = rows.filter { if case .fails = $0.decision { true } else { false } }.count
    let running = total.predicted + total.unpredictable
    var counts = "\(rows.count) case\(rows.count == 1 ? "" : "s"): \(running) run, \(rows.count - running - failing) skipped"
    if failing > 0 { counts += ", \(failing) cannot be set up" }
    if total.predicted == 0 && total.unpredictable == 0 { return counts }
    if total.predicted == 0 { return counts + "; time not predictable (no smaller size measured)" }
    let predicted = "about \(RemainingTime.clock(total.seconds)) predicted for \(total.predicted)"
    return counts + "; " + predicted + (total.unpredictable > 0 ? ", \(total.unpredictable) not predictable" : "")
  }
}
