@testable import BenchCore
import Interchange
import Measurement
import TestSupport
import Testing
import Workloads

/// The trials behind the gate's measured error rates, on synthetic process parts.
struct GateTrialsTests {
  /// One process's part: one case, one phase of `repetitions` samples around `median`
  /// (±3 %), each after a kernel run of 40 µs.
  static func part(median: Double, repetitions: Int = 4, _ random: inout Workloads.SplitMix64) -> ResultsDocument {
    var result = ResultsDocument.Case(workload: "w", backend: "cassowary", size: 10, status: .ok)
    let samples = (0..<repetitions).map { _ in median * (0.97 + 0.06 * Double(random.int(in: 0...1_000)) / 1_000) }
    result.phases = [ResultsDocument.Phase(name: "resize", samplesNanoseconds: samples)]
    result.repetitions = repetitions
    result.reference = ResultsDocument.Reference(name: ReferenceKernel.name, samplesNanoseconds: Array(repeating: 40_000, count: repetitions))
    return ResultsDocument(suite: "smoke", createdAt: "2026-12-06T00:00:00Z", environment: .init(), cases: [result])
  }

  /// A timing failure that the fresh draws of the confirmation rounds do not repeat is
  /// dropped: one unlucky part set cannot fail a trial.
  @Test func confirmationDropsAFailureThatDoesNotRepeat() throws {
    var random = Workloads.SplitMix64(seed: 5)
    let base = (0..<18).map { _ in Self.part(median: 50_000, &random) }
    // Six slow parts, drawn first by seed 1 below, and twelve normal ones.
    var head = (0..<18).map { _ in Self.part(median: 50_000, &random) }
    var draw = Workloads.SplitMix64(seed: 1)
    _ = GateTrials.draw(6, of: 18, &draw)
    for k in GateTrials.draw(6, of: 18, &draw) { head[k] = Self.part(median: 65_000, &random) }
    let trials = GateTrials(policy: GatePolicy(gate: RegressionGate(), confirmations: 2, busyLimit: 1, resamples: 20), processes: 6)
    let outcome = try #require(try trials.run(base: base, head: head, trials: 1, seed: 1).first)
    #expect(outcome.failedFirst)
    #expect(!outcome.failed, "\(outcome.failures)")
  }

  @Test func drawsAreDistinctSortedAndSeeded() {
    var random = Workloads.SplitMix64(seed: 3)
    let first = GateTrials.draw(6, of: 24, &random)
    #expect(first.count == 6 && Set(first).count == 6 && first == first.sorted() && first.allSatisfy { $0 < 24 })
    var again = Workloads.SplitMix64(seed: 3)
    #expect(GateTrials.draw(6, of: 24, &again) == first)
    let rest = GateTrials.draw(6, of: 24, excluding: Set(first), &random)
    #expect(Set(rest).isDisjoint(with: first) && rest.count == 6)
  }

  @Test func theSameBuildPassesAndASlowedOneIsCaught() throws {
    var random = Workloads.SplitMix64(seed: 11)
    let base = (0..<18).map { _ in Self.part(median: 50_000, &random) }
    let same = (0..<18).map { _ in Self.part(median: 50_000, &random) }
    let slowed = (0..<18).map { _ in Self.part(median: 60_000, &random) }
    let trials = GateTrials(policy: GatePolicy(gate: RegressionGate(), confirmations: 2, busyLimit: 1, resamples: 20), processes: 6)
    let aa = try trials.run(base: base, head: same, trials: 30, seed: 1)
    #expect(aa.count == 30)
    #expect(aa.allSatisfy { !$0.failed }, "\(aa.filter(\.failed).map(\.failures))")
    let caught = try trials.run(base: base, head: slowed, trials: 30, seed: 1)
    #expect(caught.allSatisfy { $0.failed && $0.failedFirst && $0.failures.allSatisfy { $0.kind == .timingRegressed } })
    // Six parts of four repetitions against six: 24 values a side.
    #expect(caught.first?.baseParts.count == 6)
  }
}
