import ArgumentParser
import BenchCore
import Foundation
import Interchange
import Workloads

extension RunDriver: ExpressibleByArgument {}

extension Bench {
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run a suite of workloads on the layout backends and write a results file.",
      discussion: """
        Every case (workload × size × backend) runs its trace on fresh scenes and backends: \
        a counting pass (allocations through jemalloc, solver counters), warm-up \
        repetitions, then timed repetitions until --repetitions or the time budget, each \
        sample kept. Phases build, firstLayout and each change kind are timed per \
        operation. A backend that cannot express a scene, or is over one of its limits, \
        is recorded as skipped with the reason; a case that fails is recorded as an \
        error and the run goes on. Progress, with the predicted time left, goes to \
        standard error; the summary table (per phase the median, interquartile range and \
        sample count, and build+firstLayout) to standard output. The results file \
        (layoutbench.results/1; default Results/scratch/, which git ignores) is rewritten \
        after every case, so Ctrl-C keeps what finished (a second Ctrl-C stops at once); \
        it says "complete": false with "plannedCases" until the last case has finished. \
        The last line says where it was written.

        --scene FILE (repeatable) runs the user's own layoutbench.scene/1 files instead of \
        a suite: each file is a workload of suite 'scenes', named after the file without \
        .scene.json or .json, at one size, its number of views; its operations are the \
        file's "operations" if given, else one per step, the step's kind as its phase.

        --dry-run prints the plan to standard output (every case, whether it runs or is \
        skipped and why, and its predicted time where one can be predicted) and exits \
        without measuring or writing anything. Predictions come from smaller sizes \
        measured earlier (--predict-from); without them a case is 'not predictable'.

        Exit status:
          0    every case ran or was skipped
          1    some case ended in an error (it is in the results file)
          2    the output path cannot be written or is not a regular file (a link,
               FIFO or device is refused untouched), or, without --out,
               Results/scratch/ cannot be created
          2    (with --scene) a scene file is unreadable or malformed: the message
               names the file and the JSON path or line:column; nothing is measured
          64   bad command line: unknown suite, workload or backend (the valid
               names are listed), a --workloads pattern that matches none, a size
               that is not a positive integer, neither or both of --suite and
               --scene, --scene with --workloads, --sizes, --seed or --engine, two scene
               files giving one workload name, a debug build without --allow-debug
               (a dry run measures nothing and needs none)
          130  interrupted; the results file holds the finished cases
        """)

    @Option(help: "The suite to run (see 'bench list').")
    var suite: String?

    @Option(
      name: .customLong("scene"),
      help: "A layoutbench.scene/1 file to run as a workload of suite 'scenes' (repeatable; instead of --suite).")
    var scenes: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Print the plan with each case's prediction or skip, and exit without measuring.")
    var dryRun = false

    @Option(
      name: .customLong("predict-from"),
      help: "With --dry-run: a results file whose measured cases the predictor learns from, as if measured earlier in this run (repeatable).")
    var predictFrom: [String] = []

    @Option(help: "Comma-separated layout backends (default: all in this build).")
    var backends: String?

    @Option(help: "Comma-separated workloads of the suite, names or patterns with *, ? and [...] (default: all).")
    var workloads: String?

    @Option(help: "Comma-separated sizes for every sized workload (default: each workload's own sweep).")
    var sizes: String?

    @Option(help: "Timed repetitions per case, each on a fresh scene and backend.")
    var repetitions = 5

    @Option(help: "Repetitions run and discarded before timing.")
    var warmup = 1

    @Option(name: .customLong("time-budget"), help: "Seconds per case after which no further repetition starts (one always runs).")
    var timeBudget = 20.0

    @Option(help: "The workload seed (cases are deterministic per seed; default \(WorkloadCatalog.defaultSeed)).")
    var seed: UInt64?

    @Option(help: "The results file (default: Results/scratch/<suite>-<UTC time>.json, a folder git ignores).")
    var out: String?

    @Option(help: "Run only part i of n of the cases (each workload's sizes on a backend kept in one part), e.g. 2/4; join the parts with 'bench merge'.")
    var shard: String?

    @Option(
      name: .customLong("case-limit"),
      help: "Skip a case whose predicted seconds per repetition (from the smaller sizes of its workload and backend in this run) exceed this.")
    var caseLimit = 60.0

    @Flag(name: .customLong("allow-debug"), help: "Run from a debug build (its numbers are not comparable with release ones).")
    var allowDebug = false

    @Flag(name: .customLong("no-allocations"), help: "Skip the allocation-counting pass.")
    var noAllocations = false

    @Flag(
      name: .customLong("no-parking"),
      help: "Apply every activate/deactivate toggle in place: cassowary keeps no second configuration to return to (docs/scene-semantics.md, Parking).")
    var noParking = false

    @Flag(
      name: .customLong("diagnostics"),
      help: "Read each state's diagnostics inside its measured layout, ambiguity probes on, as 'bench layout' does: firstLayout and every operation then include them.")
    var diagnostics = false

    @Option(
      help: """
        scene: each layout backend lays out the workload's scene (lowering included). system: the scene's \
        exported constraint system (bench export --format constraints) goes straight into each solver \
        backend, the work a solver peer such as kiwisolver is timed on.
        """)
    var driver: RunDriver = .scene

    @Option(
      help: "Comma-separated outside engines (docs/engines.md) measured beside --backends; without --backends, only these.")
    var engine: String?

    @Option(name: .customLong("engines"), help: "The folder of engine manifests (*/engine.json).")
    var enginesFolder = EngineManifest.defaultFolder

    @Flag(
      name: .customLong("allow-mismatches"),
      help: "Exit 0 even when an engine's answers differ from cassowary's (the differences stay in the results file).")
    var allowMismatches = false

    @Option(
      help: "Spread the repetitions (and the time budget) over this many processes run one after another, pooling the samples: each process has its own memory layout, whose steady offset then shows as spread (docs/comparing.md).")
    var processes = 1

    func validate() throws {
      guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1, not \(repetitions)") }
      guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more, not \(warmup)") }
      guard processes >= 1 && processes <= repetitions else {
        throw ValidationError("--processes must be between 1 and --repetitions (\(repetitions)), not \(processes)")
      }
      guard timeBudget > 0, timeBudget <= ResultsDocument.Limits.seconds else {
        throw ValidationError("--time-budget must be a positive number of seconds, at most 1e9 (about 31.7 years)")
      }
      if diagnostics && driver == .system {
        throw ValidationError("--diagnostics reads a layout's diagnostics; --driver system runs solvers, which have none")
      }
      guard caseLimit > 0, caseLimit.isFinite else { throw ValidationError("--case-limit must be a positive number of seconds") }
      if engine != nil && processes > 1 { throw ValidationError("--processes spreads Swift backends; an engine runs in its own process") }
      if let shard, Shard(parsing: shard) == nil {
        throw ValidationError("--shard '\(shard)' is not i/n with 1 <= i <= n (e.g. 2/4)")
      }
      try validateSource()
      if !predictFrom.isEmpty && !dryRun {
        throw ValidationError("--predict-from feeds the predictor of a dry run; give --dry-run too")
      }
      if BuildConfiguration.name == "debug" && !allowDebug && !dryRun {
        throw ValidationError(
          "this bench is a debug build, whose timings are not publishable; build with 'swift build -c release' "
            + "(make bench does) or pass --allow-debug")
      }
    }

    func run() throws {
      let engines = try Self.engineManifests(named: engine.map(Self.list) ?? [], in: enginesFolder)
      let source = try caseSource(engines: engines.map(\.name))
      let seed = self.seed ?? WorkloadCatalog.defaultSeed
      if dryRun {
        try printPlan(source)
        return
      }
      let outputPath =
        out
        ?? ScratchOutput.resultsPath(
          suite: source.suiteName, system: driver == .system, shard: source.shard, timestamp: RunEnvironment.timestamp())
      do {
        if out == nil { try OutputFile.createFolder(ScratchOutput.folder) }
        try ResultsFile.checkWritable(outputPath)
      } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }

      let settings = MeasurementSettings(
        repetitions: repetitions, warmup: warmup, timeBudgetSeconds: timeBudget, countsAllocations: !noAllocations,
        readsDiagnostics: diagnostics)
      var document = ResultsDocument(
        suite: source.suiteName, createdAt: RunEnvironment.timestamp(),
        environment: RunEnvironment.current(configuration: BuildConfiguration.name),
        run: ResultsDocument.RunSettings(
          command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "), repetitions: repetitions,
          warmup: warmup, timeBudgetSeconds: timeBudget, seed: seed, shard: source.shard?.description,
          workloads: source.workloadNames, backends: source.backends))
      if document.environment.allocator == nil && !noAllocations {
        StandardError.print("warning: jemalloc statistics are unavailable: allocations are recorded as null")
      }
      let cases = source.cases
      StandardError.print("bench run: \(source.summary(cases: cases.count)), writing \(outputPath)")

      let injection = try Self.injectedRegression()
      if injection != nil && driver == .system {
        throw ValidationError("\(RegressionInjection.environmentVariable) wraps layout backends; --driver system cannot carry it")
      }
      document.run?.plan = planFingerprint(source, seed: seed, injection: injection).value
      let finished: ResultsDocument
      if processes > 1 {
        var pooled = try ProcessSpread.run(
          arguments: childArguments(), processes: processes, repetitions: repetitions, timeBudget: timeBudget)
        pooled.createdAt = document.createdAt
        pooled.run = document.run
        pooled.run?.processes = processes
        do { try ResultsFile.write(pooled, to: outputPath) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
        finished = pooled
      } else {
        Interruption.install()
        let engineCases = engines.isEmpty ? nil : EngineCases(manifests: engines)
        defer { engineCases?.finish() }
        let execution = SuiteExecution(
          source: source, settings: settings, caseLimit: caseLimit, injection: injection, driver: driver,
          parksToggles: !noParking, engines: engineCases)
        do { finished = try execution.execute(cases, into: document, outputPath: outputPath) } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
      }

      print(RunSummaryTable(finished).text)
      let failed = finished.cases.filter { $0.status.name == "error" }.count
      let skipped = finished.cases.filter { $0.status.name == "skipped" }.count
      StandardError.print(
        "\(finished.cases.count) of \(cases.count) cases: \(failed) failed, \(skipped) skipped")
      StandardError.print("wrote \(outputPath)")
      if Interruption.isRequested {
        StandardError.print("interrupted: the results file holds the cases that finished")
        throw ExitCode(130)
      }
      let differing = finished.cases.filter { $0.check?.passed == false }
      for result in differing {
        StandardError.print("answers differ: \(result.key) against \(result.check!.reference): \(result.check!.mismatches) of \(result.check!.values) values")
      }
      if failed > 0 || (!differing.isEmpty && !allowMismatches) { throw ExitCode(1) }
    }

    /// The identity of this run's plan (``PlanFingerprint``): the same for every
    /// `--shard` of one command line and for the unsharded run. O(cases).
    func planFingerprint(_ source: CaseSource, seed: UInt64, injection: RegressionInjection?) -> PlanFingerprint {
      var options = ["driver=\(driver.rawValue)"]
      if diagnostics { options.append("diagnostics") }
      if noParking { options.append("no-parking") }
      if noAllocations { options.append("no-allocations") }
      if let injection { options.append("injected-regression=\(injection)") }
      return PlanFingerprint(
        suite: source.suiteName, seed: seed, repetitions: repetitions, warmup: warmup, timeBudgetSeconds: timeBudget,
        processes: processes, caseLimitSeconds: caseLimit, options: options, cases: source.allCases,
        scenes: source.sceneContents)
    }

    /// The manifests of the engines `names` lists, from `folder`.
    /// - Throws: `ExitCode(2)` after printing the manifest error; `ValidationError` (exit
    ///   64) for a name no manifest has.
    static func engineManifests(named names: [String], in folder: String) throws -> [EngineManifest] {
      guard !names.isEmpty else { return [] }
      let manifests: [EngineManifest]
      do { manifests = try EngineManifest.discover(in: folder) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
      let known = manifests.map(\.name)
      for name in names where !known.contains(name) {
        throw ValidationError(
          "unknown engine '\(name)'\(NameSuggestion.clause(for: name, among: known)) "
            + (known.isEmpty ? "(no engine manifest under \(folder))" : "(engines under \(folder): \(known.joined(separator: ", ")))"))
      }
      return manifests.filter { names.contains($0.name) }
    }

    /// This command's options for a child of `--processes`, without the ones each child
    /// gets its own value of (`--processes`, `--repetitions`, `--time-budget`, `--out`).
    private func childArguments() -> [String] {
      var arguments = [
        "--warmup", String(warmup), "--case-limit", String(caseLimit), "--driver", driver.rawValue,
      ]
      if let suite { arguments += ["--suite", suite] }
      for scene in scenes { arguments += ["--scene", scene] }
      if let seed { arguments += ["--seed", String(seed)] }
      if let workloads { arguments += ["--workloads", workloads] }
      if let backends { arguments += ["--backends", backends] }
      if let sizes { arguments += ["--sizes", sizes] }
      if let shard { arguments += ["--shard", shard] }
      if allowDebug { arguments.append("--allow-debug") }
      if noAllocations { arguments.append("--no-allocations") }
      if noParking { arguments.append("--no-parking") }
      if diagnostics { arguments.append("--diagnostics") }
      return arguments
    }

    /// The gate's self-test injection from the environment, announced on standard error.
    /// - Throws: `ValidationError` (exit 64) when the variable holds something else.
    static func injectedRegression() throws -> RegressionInjection? {
      let injection: RegressionInjection?
      do { injection = try RegressionInjection.fromEnvironment() } catch { throw ValidationError(error.description) }
      if let injection {
        StandardError.print(
          "warning: \(RegressionInjection.environmentVariable)=\(injection): a deliberate regression is injected "
            + "(the gate's self-test); these results are not real measurements")
      }
      return injection
    }

    static func list(_ text: String) -> [String] {
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// - Throws: `ValidationError` naming the first entry that is not a positive integer.
    static func sizeList(_ text: String) throws -> [Int] {
      try list(text).map { entry in
        guard let size = Int(entry.replacingOccurrences(of: "_", with: "")), size > 0 else {
          throw ValidationError("--sizes: '\(entry)' is not a positive integer")
        }
        return size
      }
    }
  }
}

/// Whether this binary was built for debugging (`swift build`) or release.
enum BuildConfiguration {
  static var name: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }
}
