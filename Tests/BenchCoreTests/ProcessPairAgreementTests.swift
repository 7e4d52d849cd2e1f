@testable import BenchCore
import Interchange
import Measurement
import Testing

/// The same-run gate's second condition: a timing regression must show in every pair of
/// processes, each side normalised by its own process's reference kernel.
@Suite struct ProcessPairAgreementTests {
  static let key = ResultsDocument.CaseKey(workload: "stack.fill.horizontal", backend: "cassowary", size: 100)

  /// One process's part: the phase's samples and, optionally, its kernel runs.
  static func part(_ samples: [Double], reference: [Double]? = nil, phase: String = "resizeContainer") -> ResultsDocument {
    RegressionGateTests.document(samples, phase: phase, reference: reference, workload: key.workload)
  }

  static func agrees(head: [ResultsDocument], base: [ResultsDocument], phase: String = "resizeContainer") -> Bool {
    ProcessPairAgreement.slowerInEveryPair(key, phase: phase, head: head, base: base)
  }

  @Test func aSlowdownInEveryPairAgrees() {
    let base = [Self.part([100, 101, 99]), Self.part([130, 131, 129]), Self.part([90, 91, 89])]
    let head = [Self.part([111, 112, 110]), Self.part([140, 141, 139]), Self.part([95, 96, 94])]
    #expect(Self.agrees(head: head, base: base))
  }

  @Test func onePairFasterOrEqualDisagrees() {
    // One process with an unlucky layout makes the pooled head slower; the others do not.
    let base = [Self.part([100, 101, 99]), Self.part([100, 101, 99]), Self.part([100, 101, 99])]
    let head = [Self.part([160, 161, 159]), Self.part([99, 100, 98]), Self.part([130, 131, 129])]
    #expect(!Self.agrees(head: head, base: base))
    let tie = [Self.part([160, 161, 159]), Self.part([100, 101, 99]), Self.part([130, 131, 129])]
    #expect(!Self.agrees(head: tie, base: base))
  }

  @Test func eachProcessIsNormalisedByItsOwnKernel() {
    // Head's second process ran on a machine 30 % slower for the whole process: its
    // kernel says so, and the pair is not a slowdown of the code.
    let base = [Self.part([100], reference: [40, 40, 40]), Self.part([100], reference: [40, 40, 40])]
    let head = [Self.part([112], reference: [40, 40, 40]), Self.part([130], reference: [52, 52, 52])]
    #expect(!Self.agrees(head: head, base: base))
    let slower = [Self.part([112], reference: [40, 40, 40]), Self.part([150], reference: [52, 52, 52])]
    #expect(Self.agrees(head: slower, base: base))
  }

  @Test func anImprovementMustBeFasterInEveryPair() {
    let base = [Self.part([100]), Self.part([100]), Self.part([100])]
    #expect(ProcessPairAgreement.fasterInEveryPair(Self.key, phase: "resizeContainer", head: [Self.part([90]), Self.part([80]), Self.part([95])], base: base))
    #expect(!ProcessPairAgreement.fasterInEveryPair(Self.key, phase: "resizeContainer", head: [Self.part([90]), Self.part([101]), Self.part([95])], base: base))
  }

  @Test func pairsWithoutThePhaseDoNotCountAgainstIt() {
    let base = [Self.part([100]), Self.part([100], phase: "build")]
    let head = [Self.part([120]), Self.part([90], phase: "build")]
    #expect(Self.agrees(head: head, base: base))
    #expect(Self.agrees(head: [], base: []))
  }

  @Test func theGateSetsInconsistentTimingFailuresAside() {
    let base = RegressionGateTests.document(Array(repeating: 100_000, count: 20), allocations: .init(count: 1, bytes: 8, maxCount: 1))
    let head = RegressionGateTests.document(Array(repeating: 150_000, count: 20), allocations: .init(count: 3, bytes: 8, maxCount: 3))
    let verdict = RegressionGate().evaluate(ResultsComparison(base: base, head: head, resamples: 20))
    #expect(Set(verdict.failures.map(\.kind)) == [.timingRegressed, .figureRose])
    let kept = verdict.keepingTimingFindings { _ in false }
    #expect(kept.failures.map(\.kind) == [.figureRose, .figureRose])
    #expect(kept.inconsistentTimings.map(\.phase) == ["resizeContainer"])
    #expect(verdict.keepingTimingFindings { _ in true }.failures.count == verdict.failures.count)
    // Improvements are held to the same condition, the other way.
    let improved = RegressionGate().evaluate(ResultsComparison(base: head, head: base, resamples: 20))
    #expect(improved.improvements.map(\.kind).contains(.timingImproved))
    #expect(!improved.keepingTimingFindings { _ in false }.improvements.map(\.kind).contains(.timingImproved))
  }
}
