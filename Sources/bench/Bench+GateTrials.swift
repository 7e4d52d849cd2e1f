import ArgumentParser
import BenchCore
import Foundation
import Interchange
import Measurement

extension Bench {
  struct GateTrials: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "gate-trials",
      abstract: "Measure the gate's false-positive rate and its detection of an injected slowdown.",
      discussion: """
        Runs the baseline's cases (its recorded settings, as 'bench gate' runs them) in \
        --parts processes of each of three arms, interleaved: a base arm, the same build \
        again, and the same build with LAYOUTBENCH_INJECT_REGRESSION=slowdown:F (--slowdown, \
        0.10). Each part gets the repetitions one of the gate's processes gets. Then \
        --trials times per head arm: the baseline's number of processes drawn at random \
        (--seed) from the base arm against as many from the head arm, pooled and judged \
        by the gate's rules (same-run timings, every process pair agreeing), timing \
        failures confirmed on fresh draws (--confirmations, 2, as the gate does). Prints and writes (--out, layoutbench.gate-trials/1) how many \
        trials failed: false positives for the same build, detections for the slowed one \
        (docs/comparing.md).

        Exit status:
          0   measured and written
          2   bad input: the baseline is unreadable, invalid or cannot be run by this build; \
        the output cannot be written
          64  bad command line
          130 interrupted
        """)

    @Option(help: "The baseline whose cases and settings are measured (e.g. Benchmarks/baselines/smoke.json).")
    var baseline: String

    @Option(help: "Processes per arm (at least the baseline's processes).")
    var parts = 24

    @Option(help: "Trials per head arm.")
    var trials = 100

    @Option(help: "The injected slowdown of the third arm, as a fraction (0.10 = every measured call 10 % slower).")
    var slowdown = 0.10

    @Option(help: "Seed of the trials' draws.")
    var seed: UInt64 = 1

    @Option(help: "Confirmation rounds per trial with timing failures, each on fresh parts (the gate's --confirmations).")
    var confirmations = 2

    @Option(name: .customLong("min-slowdown"), help: "The gate's smallest failing slowdown, as a fraction (its --min-slowdown).")
    var minimumSlowdown = RegressionGate().minimumSlowdown

    @Option(help: "Where the trials are written (layoutbench.gate-trials/1).")
    var out: String

    @Flag(name: .customLong("allow-debug"), help: "Run from a debug build.")
    var allowDebug = false

    func validate() throws {
      guard parts >= 1, trials >= 1 else { throw ValidationError("--parts and --trials must be at least 1") }
      guard confirmations >= 0 else { throw ValidationError("--confirmations must be 0 or more") }
      guard minimumSlowdown >= 0, minimumSlowdown.isFinite else { throw ValidationError("--min-slowdown must be 0 or more") }
      guard slowdown > 0, slowdown.isFinite else { throw ValidationError("--slowdown must be a positive fraction") }
      if BuildConfiguration.name == "debug" && !allowDebug {
        throw ValidationError("this bench is a debug build; build with 'swift build -c release' or pass --allow-debug")
      }
    }

    func run() throws {
      let document = try ResultsInput.read(baseline)
      guard let rerun = GateRerun(baseline: document) else {
        StandardError.print("error: \(baseline): the baseline has no 'run' settings to repeat; record it with 'bench run'")
        throw ExitCode(2)
      }
      let processes = rerun.recorded.processes
      guard parts >= (1 + confirmations) * processes else {
        StandardError.print(
          "error: --parts \(parts) is fewer than a trial and its \(confirmations) confirmation(s) draw: "
            + "\(1 + confirmations) × the baseline's \(processes) processes")
        throw ExitCode(2)
      }
      let available = rerun.drivesSystems ? BackendRegistry.entries.map(\.name) : LayoutBackendRegistry.entries.map(\.name)
      let sizes: [Int]?
      do {
        sizes = try rerun.sizes(baseline: document, available: available)
        try OutputFile.checkWritable(out)
      } catch {
        StandardError.print("error: \(baseline): \(error)")
        throw ExitCode(2)
      }
      let injection = "slowdown:\(slowdown)"
      let clean = ProcessSpread.Build(executable: ProcessSpread.Build.this.executable, removedEnvironment: [RegressionInjection.environmentVariable])
      var slowed = clean
      slowed.addedEnvironment = [RegressionInjection.environmentVariable: injection]
      // The gate's processes share its repetitions and time budget; each part gets one share.
      let repetitions = max(parts, rerun.recorded.repetitions * parts / processes)
      let budget = rerun.recorded.timeBudgetSeconds * Double(parts) / Double(processes)
      StandardError.print("bench gate-trials: \(parts) processes in each of 3 arms (base, same, \(injection)), interleaved")
      let before = MachineActivity.read()
      let arms = try ProcessSpread.run(
        builds: [clean, clean, slowed], arguments: rerun.arguments(sizes: sizes, debugBuild: BuildConfiguration.name == "debug"),
        processes: parts, repetitions: repetitions, timeBudget: budget)
      let busy = Gate.otherBusyCPUs(since: before)

      let trialRunner = BenchCore.GateTrials(
        policy: GatePolicy(
          gate: RegressionGate(minimumSlowdown: minimumSlowdown), confirmations: confirmations, busyLimit: .infinity, resamples: 200),
        processes: processes)
      var recorded: [BenchCore.GateTrials.Arm] = []
      for (index, name) in [(1, "same build"), (2, injection)] {
        let outcomes: [BenchCore.GateTrials.Outcome]
        do {
          outcomes = try trialRunner.run(
            base: arms[0].parts, head: arms[index].parts, trials: trials, seed: seed &+ UInt64(index),
            keep: rerun.keepingBaselineCases(of:))
        } catch {
          StandardError.print("error: \(error)")
          throw ExitCode(2)
        }
        recorded.append(.init(name: name, injection: index == 2 ? injection : nil, outcomes: outcomes))
        let failed = outcomes.filter(\.failed).count
        let first = outcomes.filter(\.failedFirst).count
        print(
          "\(name): \(failed) of \(trials) trials failed the gate (\(Formatting.fixed(100 * Double(failed) / Double(trials), decimals: 1)) %); "
            + "\(first) before confirmation, \(outcomes.filter { $0.firstFailures.contains { $0.kind == .timingRegressed } }.count) with a timing failure")
      }
      if let busy { print("other processes kept \(Formatting.fixed(busy, decimals: 2)) CPUs busy meanwhile") }
      let record = BenchCore.GateTrials.Record(
        createdAt: RunEnvironment.timestamp(), environment: arms[0].pooled.environment, baseline: baseline, suite: document.suite,
        partsPerArm: parts, repetitionsPerPart: Double(repetitions) / Double(parts), seed: seed, otherBusyCPUs: busy,
        arms: recorded)
      do { try OutputFile.save(trialRunner.jsonValue(of: record).jsonText(layout: .entryPerLine) + "\n", to: out) } catch {
        StandardError.print("error: \(error)")
        throw ExitCode(2)
      }
    }
  }
}
