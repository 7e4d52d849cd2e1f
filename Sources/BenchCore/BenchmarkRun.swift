import Interchange

/// One case of a run's plan: which workload at which size on which backend.
public struct PlannedCase: Hashable, Sendable {
  public var workload: String
  public var size: Int
  public var backend: String
  /// The generator's seed; nil for a case that is not generated (a user's scene file).
  public var seed: UInt64?

  public init(workload: String, size: Int, backend: String, seed: UInt64?) {
    self.workload = workload
    self.size = size
    self.backend = backend
    self.seed = seed
  }

  public var key: ResultsDocument.CaseKey { ResultsDocument.CaseKey(workload: workload, backend: backend, size: size) }
}

/// Runs a plan case by case, keeping every outcome: after each case the results file is
/// rewritten (atomically), so an interrupted run keeps everything that finished. A case
/// that fails or is skipped is recorded and the run goes on. Every file written before
/// the last case has finished says `"complete": false` with the plan's case count, so a
/// file left by a run that was killed, or by a write that failed, never passes for a
/// whole run; only the write after the last case says `"complete": true`.
public struct BenchmarkRun {
  public var document: ResultsDocument
  public let outputPath: String
  public let progress: RunProgress

  public init(document: ResultsDocument, outputPath: String, progress: RunProgress) {
    self.document = document
    self.outputPath = outputPath
    self.progress = progress
  }

  /// What `measure` reports for a case, with the parameters of the generated workload.
  public struct Measured {
    public var outcome: CaseOutcome
    public var parameters: [(key: String, value: String)]
    /// For an outside engine's case: the engine, and its answers against the reference.
    public var engine: ResultsDocument.EngineInfo?
    public var check: ResultsDocument.AnswerCheck?

    public init(
      outcome: CaseOutcome, parameters: [(key: String, value: String)], engine: ResultsDocument.EngineInfo? = nil,
      check: ResultsDocument.AnswerCheck? = nil
    ) {
      self.outcome = outcome
      self.parameters = parameters
      self.engine = engine
      self.check = check
    }
  }

  /// Runs every case of `plan` through `measure` (which must not throw: it turns every
  /// failure into an outcome), handing each recorded case to `finished`. Stops early,
  /// marking the document interrupted, when `Interruption.isRequested`. `timeLeft` says
  /// for the progress line how long the cases it is given (those not yet finished) should
  /// take (``RemainingTime``), nil for nothing to say. The document says `complete` only
  /// once every case of `plan` is in it.
  /// - Complexity: O(cases × size of the document) for the writes, plus the measuring.
  /// - Throws: `ResultsFile.WriteError` when the results file cannot be written.
  public mutating func run(
    _ plan: [PlannedCase], finished: (ResultsDocument.Case) -> Void = { _ in },
    timeLeft: (ArraySlice<PlannedCase>) -> String? = { _ in nil },
    measure: (PlannedCase, RunProgress) -> Measured
  ) throws(ResultsFile.WriteError) {
    document.complete = false
    document.plannedCases = plan.count
    try ResultsFile.write(document, to: outputPath)
    var finishedCases = 0
    for (index, planned) in plan.enumerated() {
      if Interruption.isRequested { break }
      progress.caseStarted(index, of: plan.count, planned.key.description, timeLeft: timeLeft(plan[index...]))
      let measured = measure(planned, progress)
      var result = ResultsDocument.Case(
        workload: planned.workload, backend: planned.backend, size: planned.size, parameters: measured.parameters,
        status: .ok, seed: planned.seed, engine: measured.engine, check: measured.check)
      switch measured.outcome {
      case .measured(let phases, let repetitions, let reference):
        result.phases = phases
        result.repetitions = repetitions
        result.reference = reference
      case .skipped(let reason): result.status = .skipped(reason: reason)
      case .failed(let message): result.status = .error(message)
      }
      document.cases.append(result)
      finishedCases += 1
      finished(result)
      progress.caseFinished(Self.summary(of: result), timeLeft: timeLeft(plan[(index + 1)...]))
      // The last case's file is written once, below, saying whether the plan finished.
      if finishedCases < plan.count { try ResultsFile.write(document, to: outputPath) }
    }
    // Only an interruption ends the loop early.
    document.complete = finishedCases == plan.count
    if !document.isComplete { document.run?.interrupted = true }
    try ResultsFile.write(document, to: outputPath)
  }

  /// One line for a finished case: `ok: build 1.2 ms, firstLayout 80 µs, resizeContainer
  /// 45 µs (0 allocs)`, `skipped: reason`, `error: message`.
  public static func summary(of result: ResultsDocument.Case) -> String {
    switch result.status {
    case .skipped(let reason): return "skipped: \(reason)"
    case .error(let message): return "error: \(message)"
    case .ok:
      let phases = result.phases.map { phase -> String in
        var text = phase.name + " " + (phase.statistics.map { Formatting.duration(nanoseconds: $0.median) } ?? "-")
        if let allocations = phase.allocations { text += " (\(Formatting.count(allocations.count)) allocs)" }
        return text
      }
      let check = result.check.map { $0.passed ? "" : "; answers differ from \($0.reference)'s in \($0.mismatches) of \($0.values) values" } ?? ""
      return "ok: " + phases.joined(separator: ", ") + check
    }
  }
}
