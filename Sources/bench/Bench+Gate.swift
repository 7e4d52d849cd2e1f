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
        or failing now fails too. The baseline is only ever written by an explicit \
        command (make gate-baseline), never by the gate.

        Exit status:
          0    nothing regressed
          1    something regressed (each failure is listed)
          2    bad input: a file is unreadable or invalid, the baseline was recorded with \
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
      let baselineDocument = try ResultsInput.read(baseline)
      let baseBuild = try baseBench.map {
        try Self.baseBuild($0, baseline: baselineDocument, baselinePath: baseline, revisionGiven: baseRevision != nil)
      }
      let currentDocument: ResultsDocument
      // The baseline's revision measured in this run (with --base-bench).
      var sameRunBase: ResultsDocument?
      // Per process, in pairs, when the baseline's revision was measured in this run.
      var parts: (head: [ResultsDocument], base: [ResultsDocument])?
      let measuredNow: Bool
      // Mean CPUs other processes used during each run made now (nil where unknown).
      var otherLoad: [Double?] = []
      let outPath = out ?? Self.temporaryPath("gate-current")
      if let current {
        currentDocument = try ResultsInput.read(current)
        measuredNow = false
      } else {
        let before = MachineActivity.read()
        let measured = try measure(baselineDocument, base: baseBuild, out: outPath)
        (currentDocument, sameRunBase, parts) = (measured.head, measured.base, measured.parts)
        otherLoad.append(Self.otherBusyCPUs(since: before))
        measuredNow = true
      }
      try Self.checkComparable(baselineDocument, currentDocument, baselinePath: baseline)
      if let sameRunBase {
        try Self.checkComparable(sameRunBase, currentDocument, baselinePath: baseBench ?? "--base-bench")
        Self.warnAboutIrreproducibleFigures(gate: gate, baseline: baselineDocument, rebuilt: sameRunBase, baselinePath: baseline)
      }

      let comparison = ResultsComparison(base: baselineDocument, head: currentDocument)
      let timingComparison = sameRunBase.map { ResultsComparison(base: $0, head: currentDocument) } ?? comparison
      var verdict = Self.consistent(gate.evaluate(figures: comparison, timings: timingComparison), parts: parts)
      var confirmation: ResultsComparison?
      var round = 0
      while measuredNow && !noConfirm && !verdict.timingFailures.isEmpty && round < confirmations {
        round += 1
        let keys = verdict.timingFailures.map(\.key)
        // Noise on a shared host comes in episodes of seconds to a minute: measuring again
        // at once can land in the same one.
        StandardError.print(
          "bench gate: \(verdict.timingFailures.count) timing regression(s); measuring those cases again in "
            + "\(Formatting.fixed(confirmationPause, decimals: 0)) s to confirm (\(round) of \(confirmations))")
        Thread.sleep(forTimeInterval: confirmationPause)
        let confirming = ResultsDocument(
          suite: baselineDocument.suite, createdAt: baselineDocument.createdAt, environment: baselineDocument.environment,
          run: baselineDocument.run, cases: baselineDocument.cases.filter { keys.contains($0.key) })
        let before = MachineActivity.read()
        let again = try measure(confirming, base: baseBuild, out: outPath + ".confirm\(round).json")
        otherLoad.append(Self.otherBusyCPUs(since: before))
        let rerun = ResultsComparison(base: again.base ?? confirming, head: again.head)
        verdict = verdict.confirmed(by: Self.consistent(gate.evaluate(rerun), parts: again.parts))
        confirmation = rerun
      }
      let busiest = otherLoad.compactMap { $0 }.max()
      if let busiest, busiest > busyLimit { verdict = verdict.settingTimingFailuresAside() }
      print(Self.report(verdict, comparison: timingComparison, confirmation: confirmation, gate: gate, markdown: format == .markdown,
        measuredNow: measuredNow, noConfirm: noConfirm, otherBusyCPUs: busiest, busyLimit: busyLimit,
        sameRunBase: sameRunBase.map { base in
          Self.revisionText(base) == Self.revisionText(baselineDocument)
            ? "the baseline's revision \(Self.revisionText(base)), built here"
            : "revision \(Self.revisionText(base)) (--base-bench; the baseline was recorded at \(Self.revisionText(baselineDocument)))"
        }))
      if !verdict.passed { throw ExitCode(1) }
    }

    /// Runs the cases of `baseline` now with its recorded settings (suite, workloads,
    /// backends, seed, repetitions spread over its processes, warm-up, time budget) by
    /// starting `bench run` as a child, into `out`; with `base`, that build runs them
    /// too, its processes interleaved with this build's, into `out` with `.base.json`.
    /// - Throws: `ExitCode(2)` when the baseline has no run settings or names what this
    ///   build lacks, or `out` cannot be written; a child's status when it fails (130 when
    ///   interrupted).
    private func measure(_ baseline: ResultsDocument, base: ProcessSpread.Build?, out: String) throws
      -> (head: ResultsDocument, base: ResultsDocument?, parts: (head: [ResultsDocument], base: [ResultsDocument])?)
    {
      guard let recorded = baseline.run else {
        StandardError.print("error: \(self.baseline): the baseline has no 'run' settings to repeat; record it with 'bench run'")
        throw ExitCode(2)
      }
      // Only the baseline's own workloads and backends (a subset when confirming).
      let workloads = Self.unique(baseline.cases.map(\.workload))
      let backends = Self.unique(baseline.cases.map(\.backend))
      // A baseline of `bench run --driver system` is repeated with that driver.
      let driver: RunDriver =
        baseline.cases.contains { entry in entry.parameters.contains { $0.key == "driver" && $0.value == "system" } }
        ? .system : .scene
      let available = driver == .scene ? LayoutBackendRegistry.entries.map(\.name) : BackendRegistry.entries.map(\.name)
      let sizes: [Int]?
      do {
        let plan = try RunPlan(
          suite: baseline.suite, workloads: workloads, backends: backends, available: available, sizes: nil,
          seed: recorded.seed, shard: nil)
        sizes = Self.sizesArgument(baseline, plan: plan)
        if let sizes {
          _ = try RunPlan(
            suite: baseline.suite, workloads: workloads, backends: backends, available: available, sizes: sizes,
            seed: recorded.seed, shard: nil)
        }
      } catch {
        StandardError.print("error: \(self.baseline): the baseline cannot be run by this build: \(error)")
        throw ExitCode(2)
      }
      do { try ResultsFile.checkWritable(out) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      var arguments = [
        "--suite", baseline.suite, "--workloads", workloads.joined(separator: ","), "--backends",
        backends.joined(separator: ","), "--seed", String(recorded.seed), "--warmup", String(recorded.warmup),
        // Every case of the baseline runs, whatever smaller sizes predict.
        "--case-limit", "1e9",
      ]
      if let sizes { arguments += ["--sizes", sizes.map(String.init).joined(separator: ",")] }
      if driver == .system { arguments += ["--driver", "system"] }
      if BuildConfiguration.name == "debug" { arguments.append("--allow-debug") }
      if baseline.environment.allocator == nil { arguments.append("--no-allocations") }
      let basePath = out.hasSuffix(".json") ? String(out.dropLast(5)) + ".base.json" : out + ".base.json"
      StandardError.print(
        "bench gate: running the \(baseline.cases.count) cases of \(self.baseline) now in \(recorded.processes) "
          + "process(es)" + (base == nil ? "" : " per build, interleaved with the baseline's revision (\(basePath))")
          + ", writing \(out)")
      let builds = [ProcessSpread.Build.this] + (base.map { [$0] } ?? [])
      let spread = try ProcessSpread.run(
        builds: builds, arguments: arguments, processes: recorded.processes, repetitions: recorded.repetitions,
        timeBudget: recorded.timeBudgetSeconds)
      var documents = spread.map(\.pooled)
      // `--sizes` applies to every workload, so a baseline whose workloads ran at different
      // sizes runs some cases it lacks: they are measured but not kept.
      let wanted = Set(baseline.cases.map { "\($0.workload) \($0.size) \($0.backend)" })
      for index in documents.indices {
        documents[index].cases.removeAll { !wanted.contains("\($0.workload) \($0.size) \($0.backend)") }
      }
      if documents.count > 1 {
        documents[1].environment.gitRevision = Self.baseRevision(
          given: baseRevision, reported: documents[1].environment.gitRevision, head: documents[0].environment.gitRevision,
          baseline: baseline.environment.gitRevision)
      }
      for (index, path) in [out, basePath].prefix(documents.count).enumerated() {
        documents[index].createdAt = RunEnvironment.timestamp()
        documents[index].run = ResultsDocument.RunSettings(
          command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "), repetitions: recorded.repetitions,
          warmup: recorded.warmup, timeBudgetSeconds: recorded.timeBudgetSeconds, seed: recorded.seed,
          workloads: workloads, backends: backends, processes: recorded.processes)
        do { try ResultsFile.write(documents[index], to: path) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }
      return (documents[0], documents.count > 1 ? documents[1] : nil, spread.count > 1 ? (spread[0].parts, spread[1].parts) : nil)
    }

    /// `verdict` with the timing failures that did not show in every process pair set
    /// aside, and such improvements dropped (``ProcessPairAgreement``); unchanged without
    /// pairs (no same-run base).
    static func consistent(_ verdict: RegressionGate.Verdict, parts: (head: [ResultsDocument], base: [ResultsDocument])?)
      -> RegressionGate.Verdict
    {
      guard let parts else { return verdict }
      return verdict.keepingTimingFindings { finding in
        finding.kind == .timingImproved
          ? ProcessPairAgreement.fasterInEveryPair(finding.key, phase: finding.phase ?? "", head: parts.head, base: parts.base)
          : ProcessPairAgreement.slowerInEveryPair(finding.key, phase: finding.phase ?? "", head: parts.head, base: parts.base)
      }
    }

    /// The `--sizes` that repeat the baseline's cases, or nil when every workload ran at its
    /// own default sizes: the sizes its sized workloads ran at (transcribed scenes have one
    /// size and ignore `--sizes`). O(cases).
    static func sizesArgument(_ baseline: ResultsDocument, plan: RunPlan) -> [Int]? {
      var recorded: [String: Set<Int>] = [:]
      for entry in baseline.cases { recorded[entry.workload, default: []].insert(entry.size) }
      let sized = plan.workloads.filter { $0.sizes.count > 1 }
      guard sized.contains(where: { recorded[$0.name] != Set(plan.sizes(of: $0)) }) else { return nil }
      return sized.flatMap { recorded[$0.name] ?? [] }.reduce(into: Set<Int>()) { $0.insert($1) }.sorted()
    }

    /// The revision the base side of a same-run measurement records: `given`
    /// (`--base-revision`) when there is one; else the one the base build `reported`, when
    /// it lies in another checkout than this build (`head` is this build's); else the
    /// baseline's, which a build outside any checkout or inside this one (make gate's,
    /// from `git archive` sources under `.build`) stands for.
    static func baseRevision(given: String?, reported: String?, head: String?, baseline: String?) -> String? {
      if let given { return given }
      func clean(_ revision: String?) -> String? { revision.map { $0.hasSuffix("+dirty") ? String($0.dropLast(6)) : $0 } }
      if let reported, clean(reported) != clean(head) { return reported }
      return baseline
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
    /// file's deterministic figures: the file then was not recorded by that revision's
    /// code (or the toolchain differs), and timings are judged against a build that is
    /// not quite the baseline.
    static func warnAboutIrreproducibleFigures(
      gate: RegressionGate, baseline: ResultsDocument, rebuilt: ResultsDocument, baselinePath: String
    ) {
      let check = gate.evaluate(figures: ResultsComparison(base: baseline, head: rebuilt), timings: nil)
      let differing = (check.failures + check.improvements).filter { $0.kind == .figureRose || $0.kind == .figureFell }
      guard !differing.isEmpty else { return }
      StandardError.print(
        "warning: \(baselinePath): the baseline's revision \(revisionText(baseline)), built here, does not repeat \(differing.count) "
          + "of the file's deterministic figures (first: \(differing[0])); re-record the baseline (make gate-baseline)")
    }

    /// The first 12 digits of the revision the document was recorded at.
    static func revisionText(_ document: ResultsDocument) -> String {
      document.environment.gitRevision.map { String($0.prefix(12)) } ?? "unknown"
    }

    /// `names` without repeats, in first-seen order.
    static func unique(_ names: [String]) -> [String] {
      var seen: [String] = []
      for name in names where !seen.contains(name) { seen.append(name) }
      return seen
    }

    /// Refuses comparisons whose numbers cannot agree: allocation counts shift with the
    /// allocator and the toolchain, and debug timings are not release timings.
    /// - Throws: `ExitCode(2)` naming the field and how to re-record the baseline.
    static func checkComparable(_ baseline: ResultsDocument, _ current: ResultsDocument, baselinePath: String) throws {
      let fields: [(String, (ResultsDocument.Environment) -> String?)] = [
        ("configuration", \.configuration), ("allocator", \.allocator), ("Swift version", \.swiftVersion),
      ]
      for (name, field) in fields where field(baseline.environment) != field(current.environment) {
        StandardError.print(
          "error: \(baselinePath): the baseline was recorded with \(name) '\(field(baseline.environment) ?? "unknown")', "
            + "this run has '\(field(current.environment) ?? "unknown")'; deterministic figures are not comparable across "
            + "them: re-record the baseline (make gate-baseline) and commit it")
        throw ExitCode(2)
      }
      for warning in ResultsComparison.environmentWarnings(base: baseline, head: current) where warning.contains("CPU") {
        StandardError.print("warning: \(warning); timings are compared as ratios to the reference kernel")
      }
    }

    /// The mean CPUs other processes kept busy since `start`; nil where /proc is unreadable.
    static func otherBusyCPUs(since start: MachineActivity.Reading?) -> Double? {
      guard let start, let end = MachineActivity.read() else { return nil }
      return MachineActivity.otherBusyCPUs(from: start, to: end)
    }

    static func report(
      _ verdict: RegressionGate.Verdict, comparison: ResultsComparison, confirmation: ResultsComparison?, gate: RegressionGate,
      markdown: Bool, measuredNow: Bool, noConfirm: Bool, otherBusyCPUs: Double?, busyLimit: Double, sameRunBase: String? = nil
    ) -> String {
      // `sameRunBase` says which build the same-run timings came from, e.g. "the baseline's
      // revision 0123456789ab, built here".
      var lines: [String] = []
      let bullet = markdown ? "- " : "  "
      for note in comparison.notes { lines.append("note: \(note)") }
      if let sameRunBase {
        lines.append(
          "timings: judged against \(sameRunBase), measured in the same run "
            + "(processes interleaved); deterministic figures against the committed file")
      } else if measuredNow {
        lines.append("timings: judged against the committed file's samples (measured in another run; --base-bench judges within one run)")
      }
      if measuredNow {
        lines.append(
          "machine: other processes kept "
            + (otherBusyCPUs.map { Formatting.fixed($0, decimals: 2) } ?? "an unknown number of")
            + " CPUs busy while measuring (timings are judged below \(Formatting.fixed(busyLimit, decimals: 2)))")
      }
      if !verdict.inconsistentTimings.isEmpty {
        lines.append(
          "not failed (\(verdict.inconsistentTimings.count)): slower in the pooled samples but not in every process pair, "
            + "the sign of one process's memory layout rather than of the code:")
        lines += verdict.inconsistentTimings.map { bullet + $0.description }
      }
      if !verdict.unjudgedTimings.isEmpty {
        lines.append(
          "not judged (\(verdict.unjudgedTimings.count)): timing regressions measured while the machine was busy; "
            + "run the gate again on a quiet machine:")
        lines += verdict.unjudgedTimings.map { bullet + $0.description }
      }
      lines.append(
        "bench gate: \(comparison.phases.count) phases compared; timings of \(verdict.testedPhases) tested "
          + "(\(verdict.untestable.count) are under the \(Formatting.duration(nanoseconds: gate.timingFloorNanoseconds)) timing "
          + "floor or have too few samples for p < \(Formatting.fixed(gate.significance, decimals: 2)))")
      if !verdict.improvements.isEmpty {
        lines.append("improvements (\(verdict.improvements.count)); lower the baseline with 'make gate-baseline':")
        lines += verdict.improvements.map { bullet + $0.description }
      }
      if verdict.passed {
        lines.append("PASS: nothing regressed")
      } else {
        lines.append("FAIL: \(verdict.failures.count) regression(s):")
        lines += verdict.failures.map { bullet + $0.description }
        if !measuredNow && !verdict.timingFailures.isEmpty {
          lines.append("(timing failures of a given --current file are not re-measured)")
        } else if noConfirm && !verdict.timingFailures.isEmpty {
          lines.append("(not re-measured: --no-confirm)")
        } else if confirmation != nil && !verdict.timingFailures.isEmpty {
          lines.append("(timing failures repeated every time they were measured again)")
        }
      }
      return lines.joined(separator: "\n")
    }

    static func temporaryPath(_ stem: String) -> String {
      let stamp = RunEnvironment.timestamp().replacingOccurrences(of: ":", with: "")
      return (NSTemporaryDirectory() as NSString).appendingPathComponent("\(stem)-\(stamp).json")
    }
  }
}
