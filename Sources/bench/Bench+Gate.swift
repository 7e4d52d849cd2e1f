import ArgumentParser
import BenchCore
import Foundation
import Interchange
import Measurement

extension Bench {
  struct Gate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fail when a run regressed against a committed baseline (the CI performance gate).",
      discussion: """
        Without --current, runs the baseline's cases now (its suite, workloads, backends, driver, \
        sizes, seeds, repetitions, warm-up and time budget, as recorded in the file) and \
        compares. With --base-bench (a bench built from the baseline's revision; make \
        gate builds it), that build runs the same cases in the same run, its processes \
        interleaved with this build's, and timings are judged against it rather than \
        against the file's samples, which were measured on another day, perhaps on \
        another machine. Deterministic figures first: allocations per operation (mean and \
        largest), pivots and cells touched per operation fail when they rise more than \
        --tolerance (0.5 per operation) above the baseline. A timing fails only when the slowdown is \
        significant (Mann-Whitney p < --significance, 0.01) and at least --min-slowdown \
        (10 %) on the median, compared as ratios to the reference kernel timed in the \
        same run, per repetition. Timing failures of a run made now are re-measured \
        (--confirmations, 2, each after --confirmation-pause, 15 s) and fail only when \
        they repeat every time (--no-confirm to skip), and only when other processes kept \
        less than --busy-limit CPUs busy meanwhile (read from /proc/stat); on a busy \
        machine they are listed as not judged. A baseline case that is missing, skipped \
        or failing now fails too, and so does a timing the samples cannot decide (too few \
        repetitions for p < --significance: 3 against 3 cannot; 5 against 5 can). Files \
        that do not measure the same thing are refused: another suite or seed, a case \
        set that differs (cases missing, extra, or not ok in the baseline), other \
        workload parameters, or a file that is not complete. The baseline is only ever written by an explicit \
        command (make gate-baseline), never by the gate.

        Exit status:
          0    nothing regressed
          1    something regressed (each failure is listed)
          2    bad input: a file is unreadable or invalid, the two files do not measure the \
        same thing (each difference is listed), the baseline was recorded with \
        another configuration, allocator or toolchain (re-record it), or names what this \
        build lacks, or (with --base-bench) names no clean revision; --base-bench is not \
        an executable; the output cannot be written
          64   bad command line
          130  interrupted
        """)

    @Option(help: "The baseline results file (e.g. Benchmarks/baselines/smoke.json).")
    var baseline: String

    @Option(help: "Compare this results file instead of running the baseline's cases now.")
    var current: String?

    @Option(help: "Where the run made now is written (default: a file in the temporary directory).")
    var out: String?

    @Option(
      name: .customLong("base-bench"),
      help: """
        A bench built from the baseline's revision: it runs the baseline's cases beside this build, \
        processes interleaved, and timings are judged against that run (figures still against the file).
        """)
    var baseBench: String?

    @Option(
      name: .customLong("base-revision"),
      help: """
        The revision --base-bench was built from, recorded on its side of the run. Default: the revision \
        of the checkout that build lies in when that is another checkout than this build's, else the \
        baseline's (make gate builds it from git archive sources).
        """)
    var baseRevision: String?

    @Option(help: "Significance level of the Mann-Whitney test.")
    var significance = 0.01

    @Option(name: .customLong("min-slowdown"), help: "Smallest slowdown of the median that fails, as a fraction (0.10 = 10 %).")
    var minimumSlowdown = 0.10

    @Option(help: "Rise of a deterministic figure per operation that is tolerated.")
    var tolerance = 0.5

    @Option(
      name: .customLong("timing-floor"),
      help: "Microseconds per operation under which a phase's timings are not tested (its counts still are).")
    var timingFloor = 10.0

    @Option(
      name: .customLong("busy-limit"),
      help: "Mean CPUs other processes may keep busy during a run made now for its timings to be judged.")
    var busyLimit = 0.25

    @Option(help: "Times a timing regression of a run made now is measured again; it fails only if it repeats every time.")
    var confirmations = 2

    @Option(name: .customLong("confirmation-pause"), help: "Seconds to wait before each confirming measurement.")
    var confirmationPause = 15.0

    @Flag(name: .customLong("no-confirm"), help: "Do not re-measure timing regressions before failing.")
    var noConfirm = false

    @Flag(
      name: .customLong("figures-only"),
      help: "Judge deterministic figures and cases only, not timings (for runs with too few repetitions to decide a timing).")
    var figuresOnly = false

    @Option(help: "text (aligned columns) or markdown (for CI summaries).")
    var format: Compare.OutputFormat = .text

    @Flag(name: .customLong("allow-debug"), help: "Run from a debug build (only against a debug baseline).")
    var allowDebug = false

    func validate() throws {
      guard significance > 0 && significance < 1 else { throw ValidationError("--significance must be in (0, 1)") }
      guard minimumSlowdown >= 0, minimumSlowdown.isFinite else { throw ValidationError("--min-slowdown must be 0 or more") }
      guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be 0 or more") }
      guard confirmations >= 1 else { throw ValidationError("--confirmations must be at least 1 (or use --no-confirm)") }
      guard confirmationPause >= 0, confirmationPause.isFinite else { throw ValidationError("--confirmation-pause must be 0 or more seconds") }
      guard busyLimit > 0, busyLimit.isFinite else { throw ValidationError("--busy-limit must be a positive number of CPUs") }
      if current != nil && baseBench != nil {
        throw ValidationError("--base-bench measures now; it cannot be combined with --current")
      }
      if baseRevision != nil && baseBench == nil {
        throw ValidationError("--base-revision names the revision of --base-bench; give both")
      }
      if current == nil && BuildConfiguration.name == "debug" && !allowDebug {
        throw ValidationError("this bench is a debug build; build with 'swift build -c release' (make gate does) or pass --allow-debug")
      }
    }

    func run() throws {
      let gate = RegressionGate(
        significance: significance, minimumSlowdown: minimumSlowdown, figureTolerance: tolerance,
        timingFloorNanoseconds: timingFloor * 1_000)
      let policy = GatePolicy(
        gate: gate, confirmations: noConfirm ? 0 : confirmations, busyLimit: busyLimit, judgesTimings: !figuresOnly)
      let baselineDocument = try ResultsInput.read(baseline)
      let baseBuild = try baseBench.map {
        try Self.baseBuild($0, baseline: baselineDocument, baselinePath: baseline, revisionGiven: baseRevision != nil)
      }
      let first: GateMeasurement
      let outPath = out ?? Self.temporaryPath("gate-current")
      if let current {
        first = GateMeasurement(head: try ResultsInput.read(current))
      } else {
        first = try measure(baselineDocument, base: baseBuild, out: outPath)
      }
      let measuredNow = current == nil
      try Self.checkComparable(baselineDocument, first.head, baselinePath: baseline)
      try Self.checkMatching(baselineDocument, first.head, baselinePath: baseline, currentPath: current ?? outPath)
      if let sameRunBase = first.base {
        try Self.checkComparable(sameRunBase, first.head, baselinePath: baseBench ?? "--base-bench")
        Self.warnAboutIrreproducibleFigures(policy: policy, baseline: baselineDocument, rebuilt: sameRunBase, baselinePath: baseline)
      }

      let decision = try policy.decide(baseline: baselineDocument, first: first, measuredNow: measuredNow) {
        cases, round, timingFailures in
        // Noise on a shared host comes in episodes of seconds to a minute: measuring again
        // at once can land in the same one.
        StandardError.print(
          "bench gate: \(timingFailures) timing regression(s); measuring those cases again in "
            + "\(Formatting.fixed(confirmationPause, decimals: 0)) s to confirm (\(round) of \(confirmations))")
        Thread.sleep(forTimeInterval: confirmationPause)
        return try measure(cases, base: baseBuild, out: outPath + ".confirm\(round).json")
      }
      let report = GateReport(
        decision: decision, gate: gate, markdown: format == .markdown, measuredNow: measuredNow, noConfirm: noConfirm,
        busyLimit: busyLimit,
        sameRunBase: first.base.map { GateReport.sameRunBaseDescription(base: $0, baseline: baselineDocument) })
      print(report.text)
      if !decision.verdict.passed { throw ExitCode(1) }
    }

    /// Runs the cases of `baseline` now with its recorded settings (``GateRerun``) by
    /// starting `bench run` as a child, into `out`; with `base`, that build runs them
    /// too, its processes interleaved with this build's, into `out` with `.base.json`.
    /// Records how busy other processes kept the machine meanwhile.
    /// - Throws: `ExitCode(2)` when the baseline has no run settings or names what this
    ///   build lacks, or `out` cannot be written; a child's status when it fails (130 when
    ///   interrupted).
    private func measure(_ baseline: ResultsDocument, base: ProcessSpread.Build?, out: String) throws -> GateMeasurement {
      guard let rerun = GateRerun(baseline: baseline) else {
        StandardError.print("error: \(self.baseline): the baseline has no 'run' settings to repeat; record it with 'bench run'")
        throw ExitCode(2)
      }
      let available =
        rerun.drivesSystems ? BackendRegistry.entries.map(\.name) : LayoutBackendRegistry.entries.map(\.name)
      let sizes: [Int]?
      do { sizes = try rerun.sizes(baseline: baseline, available: available) } catch {
        StandardError.print("error: \(self.baseline): the baseline cannot be run by this build: \(error)")
        throw ExitCode(2)
      }
      do { try ResultsFile.checkWritable(out) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      let basePath = GateRerun.basePath(besides: out)
      StandardError.print(
        "bench gate: running the \(baseline.cases.count) cases of \(self.baseline) now in \(rerun.recorded.processes) "
          + "process(es)" + (base == nil ? "" : " per build, interleaved with the baseline's revision (\(basePath))")
          + ", writing \(out)")
      let builds = [ProcessSpread.Build.this] + (base.map { [$0] } ?? [])
      let before = MachineActivity.read()
      let spread = try ProcessSpread.run(
        builds: builds, arguments: rerun.arguments(sizes: sizes, debugBuild: BuildConfiguration.name == "debug"),
        processes: rerun.recorded.processes, repetitions: rerun.recorded.repetitions,
        timeBudget: rerun.recorded.timeBudgetSeconds)
      let otherBusyCPUs = Self.otherBusyCPUs(since: before)
      var documents = spread.map { rerun.keepingBaselineCases(of: $0.pooled) }
      if documents.count > 1 {
        documents[1].environment.gitRevision = GateRerun.baseRevision(
          given: baseRevision, reported: documents[1].environment.gitRevision, head: documents[0].environment.gitRevision,
          baseline: baseline.environment.gitRevision)
      }
      for (index, path) in [out, basePath].prefix(documents.count).enumerated() {
        documents[index].createdAt = RunEnvironment.timestamp()
        documents[index].run = rerun.runSettings(command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
        do { try ResultsFile.write(documents[index], to: path) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }
      return GateMeasurement(
        head: documents[0], base: documents.count > 1 ? documents[1] : nil,
        pairs: spread.count > 1 ? ProcessPairs(head: spread[0].parts, base: spread[1].parts) : nil,
        otherBusyCPUs: otherBusyCPUs)
    }

    /// The build named by `--base-bench`, checked against the baseline: unless
    /// `--base-revision` says what the build is (`revisionGiven`), the baseline must name
    /// the clean revision it was recorded at, since that is what the build stands for.
    /// Its children run without `LAYOUTBENCH_INJECT_REGRESSION`: an injected regression is
    /// this build's alone.
    /// - Throws: `ExitCode(2)` when the file is not an executable or, without
    ///   `--base-revision`, the baseline was recorded from uncommitted code or outside a
    ///   checkout.
    static func baseBuild(_ path: String, baseline: ResultsDocument, baselinePath: String, revisionGiven: Bool) throws
      -> ProcessSpread.Build
    {
      guard FileManager.default.isExecutableFile(atPath: path) else {
        StandardError.print("error: \(path): --base-bench is not an executable file (make gate builds it from the baseline's revision)")
        throw ExitCode(2)
      }
      guard revisionGiven || baseline.environment.gitRevision.map({ !$0.hasSuffix("+dirty") }) ?? false else {
        StandardError.print(
          "error: \(baselinePath): the baseline was recorded \(baseline.environment.gitRevision == nil ? "outside a checkout" : "from uncommitted code") "
            + "(environment.gitRevision '\(baseline.environment.gitRevision ?? "none")'), so no build stands for it: "
            + "re-record it from a clean checkout (make gate-baseline) and commit it, or say what --base-bench was built from "
            + "with --base-revision")
        throw ExitCode(2)
      }
      return ProcessSpread.Build(executable: URL(fileURLWithPath: path), removedEnvironment: [RegressionInjection.environmentVariable])
    }

    /// Warns when the baseline's revision, rebuilt here, does not repeat the committed
    /// file's deterministic figures: timings are then judged against a build that is not
    /// quite the baseline.
    static func warnAboutIrreproducibleFigures(
      policy: GatePolicy, baseline: ResultsDocument, rebuilt: ResultsDocument, baselinePath: String
    ) {
      let differing = policy.irreproducibleFigures(baseline: baseline, rebuilt: rebuilt)
      guard !differing.isEmpty else { return }
      StandardError.print(
        "warning: \(baselinePath): the baseline's revision \(GateReport.revisionText(baseline)), built here, does not repeat \(differing.count) "
          + "of the file's deterministic figures (first: \(differing[0])); re-record the baseline (make gate-baseline)")
    }

    /// Refuses comparisons whose numbers cannot agree (``GatePolicy/incomparableField(baseline:current:)``)
    /// and warns about another CPU.
    /// - Throws: `ExitCode(2)` naming the field and how to re-record the baseline.
    static func checkComparable(_ baseline: ResultsDocument, _ current: ResultsDocument, baselinePath: String) throws {
      if let field = GatePolicy.incomparableField(baseline: baseline, current: current) {
        StandardError.print(
          "error: \(baselinePath): the baseline was recorded with \(field.name) '\(field.baseline ?? "unknown")', "
            + "this run has '\(field.current ?? "unknown")'; deterministic figures are not comparable across "
            + "them: re-record the baseline (make gate-baseline) and commit it")
        throw ExitCode(2)
      }
      for warning in ResultsComparison.environmentWarnings(base: baseline, head: current) where warning.contains("CPU") {
        StandardError.print("warning: \(warning); timings are compared as ratios to the reference kernel")
      }
    }

    /// Refuses files that do not measure the same thing (``GateInputCheck``), naming
    /// every problem.
    /// - Throws: `ExitCode(2)` when there is one.
    static func checkMatching(_ baseline: ResultsDocument, _ current: ResultsDocument, baselinePath: String, currentPath: String) throws {
      let problems = GateInputCheck.problems(baseline: baseline, current: current)
      guard !problems.isEmpty else { return }
      StandardError.print("error: \(baselinePath) and \(currentPath) cannot be judged against each other:")
      for problem in problems { StandardError.print("  \(problem)") }
      throw ExitCode(2)
    }

    /// The mean CPUs other processes kept busy since `start`; nil where /proc is unreadable.
    static func otherBusyCPUs(since start: MachineActivity.Reading?) -> Double? {
      guard let start, let end = MachineActivity.read() else { return nil }
      return MachineActivity.otherBusyCPUs(from: start, to: end)
    }

    static func temporaryPath(_ stem: String) -> String {
      let stamp = RunEnvironment.timestamp().replacingOccurrences(of: ":", with: "")
      return (NSTemporaryDirectory() as NSString).appendingPathComponent("\(stem)-\(stamp).json")
    }
  }
}
