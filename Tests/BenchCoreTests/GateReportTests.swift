import BenchCore
import Interchange
import Testing

/// What `bench gate` prints after deciding.
@Suite struct GateReportTests {
  static func report(
    first: GateMeasurement, measuredNow: Bool = true, noConfirm: Bool = false, markdown: Bool = false,
    confirmations: Int = 0
  ) -> String {
    let policy = GatePolicy(gate: RegressionGate(), confirmations: confirmations, busyLimit: 0.25, resamples: 20)
    let decision = policy.decide(baseline: GatePolicyTests.baseline, first: first, measuredNow: measuredNow) { _, _, _ in
      GateMeasurement(head: GatePolicyTests.slower, otherBusyCPUs: 0)
    }
    return GateReport(
      decision: decision, gate: policy.gate, markdown: markdown, measuredNow: measuredNow, noConfirm: noConfirm,
      busyLimit: 0.25
    ).text
  }

  @Test func aPassingRunSaysWhereTimingsWereJudgedAndHowBusyTheMachineWas() {
    let text = Self.report(first: GateMeasurement(head: GatePolicyTests.unchanged, otherBusyCPUs: 0.1))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("timings: judged against the committed file's samples (measured in another run") })
    #expect(lines.contains("machine: other processes kept 0.10 CPUs busy while measuring (timings are judged below 0.25)"))
    #expect(lines.last == "PASS: nothing regressed")
  }

  @Test func aFailureListsEachRegressionAndWhyItWasNotMeasuredAgain() {
    let given = Self.report(first: GateMeasurement(head: GatePolicyTests.slower), measuredNow: false)
    #expect(given.contains("FAIL: 1 regression(s):\n  stack.fill.horizontal"))
    #expect(given.hasSuffix("(timing failures of a given --current file are not re-measured)"))
    #expect(!given.contains("machine:"))
    let noConfirm = Self.report(first: GateMeasurement(head: GatePolicyTests.slower), noConfirm: true, markdown: true)
    #expect(noConfirm.contains("FAIL: 1 regression(s):\n- stack.fill.horizontal"))
    #expect(noConfirm.hasSuffix("(not re-measured: --no-confirm)"))
    let confirmed = Self.report(first: GateMeasurement(head: GatePolicyTests.slower), confirmations: 2)
    #expect(confirmed.hasSuffix("(timing failures repeated every time they were measured again)"))
  }

  @Test func timingsOfABusyRunAreListedAsNotJudged() {
    let text = Self.report(first: GateMeasurement(head: GatePolicyTests.slower, otherBusyCPUs: 1))
    #expect(text.contains("not judged (1): timing regressions measured while the machine was busy"))
    #expect(text.hasSuffix("PASS: nothing regressed"))
  }

  @Test func aSameRunBaseIsNamedByRevision() {
    var baseline = GatePolicyTests.baseline
    baseline.environment.gitRevision = "0123456789abcdef"
    var base = baseline
    #expect(
      GateReport.sameRunBaseDescription(base: base, baseline: baseline)
        == "the baseline's revision 0123456789ab, built here")
    base.environment.gitRevision = "fedcba9876543210"
    #expect(
      GateReport.sameRunBaseDescription(base: base, baseline: baseline)
        == "revision fedcba987654 (--base-bench; the baseline was recorded at 0123456789ab)")
    base.environment.gitRevision = nil
    #expect(GateReport.revisionText(base) == "unknown")
  }
}
