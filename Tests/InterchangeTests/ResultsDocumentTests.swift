import Interchange
import Testing
import TestSupport

/// `layoutbench.results/1`: what `bench run` writes reads back the same; peer files with
/// only the fields formats.md shows are accepted; bad files are refused with the path.
@Suite struct ResultsDocumentTests {
  static func sample() -> ResultsDocument {
    ResultsDocument(
      suite: "stackviews", createdAt: "2026-11-21T10:00:00Z",
      environment: .init(
        gitRevision: "abc", swiftVersion: "6.3", configuration: "release", os: "Debian", cpu: "x", cores: 2,
        allocator: "jemalloc 5.3.0", memoryBytes: 1_073_741_824, clockResolutionNanoseconds: 1, hostname: "h"),
      run: .init(command: "bench run --suite stackviews", repetitions: 5, warmup: 1, timeBudgetSeconds: 20, seed: UInt64.max - 3, shard: "1/2"),
      cases: [
        .init(
          workload: "stack.fill.horizontal", backend: "cassowary", size: 1000, parameters: [("distribution", "fill")],
          status: .ok,
          phases: [
            .init(
              name: "build", samplesNanoseconds: [812000, 798000, 805000], operations: 1,
              allocations: .init(count: 5012, bytes: 1843200, maxCount: 5012), counters: [("pivots", 3012)]),
            .init(name: "resizeContainer", samplesNanoseconds: [10, 30, 20, 40], operations: 2, allocations: .init(count: 0, bytes: 0)),
          ], seed: 7, repetitions: 2,
          reference: .init(name: "reference/1", samplesNanoseconds: [39000, 41000, 40000, 39500, 40500, 40200])),
        .init(workload: "stack.fill.horizontal", backend: "dense-simplex", size: 10000, status: .skipped(reason: "too big")),
        .init(workload: "stack.fill.horizontal", backend: "springs-struts", size: 10, status: .error("boom")),
      ])
  }

  @Test func whatIsWrittenReadsBackTheSame() throws {
    let document = Self.sample()
    let (decoded, warnings) = try ResultsDocument.decode(document.jsonText(), file: "r.json")
    #expect(warnings.isEmpty)
    #expect(decoded.jsonText() == document.jsonText())
    #expect(decoded.run?.seed == UInt64.max - 3)
    #expect(decoded.cases[0].phases[0].statistics?.median == 805000)
    #expect(decoded.cases[0].phases[1].statistics?.median == 25)
    #expect(decoded.cases[1].status == .skipped(reason: "too big"))
    #expect(decoded.cases[2].status == .error("boom"))
    #expect(decoded.cases[0].reference?.name == "reference/1")
    #expect(decoded.cases[0].reference?.medianNanoseconds == 40100)
    #expect(decoded.cases[1].reference == nil)
  }

  @Test(arguments: [
    (#"{"name": "reference/1", "samplesNanoseconds": []}"#, "cases[0].reference.samplesNanoseconds"),
    (#"{"name": "reference/1", "samplesNanoseconds": [0]}"#, "cases[0].reference.samplesNanoseconds[0]"),
    (#"{"samplesNanoseconds": [1]}"#, "cases[0].reference.name"),
  ])
  func aBadReferenceIsRefusedWithItsPath(reference: String, path: String) {
    let text = #"{"format": "layoutbench.results/1", "suite": "s", "createdAt": "2026-11-21T10:00:00Z", "environment": {}, "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "reference": "#
      + reference + #", "phases": [{"name": "build", "samplesNanoseconds": [1]}]}]}"#
    #expect {
      try ResultsDocument.decode(text, file: "r.json")
    } throws: { error in
      "\(error)".contains(path)
    }
  }

  @Test func theFormatsExampleIsAccepted() throws {
    let text = #"""
      {"format": "layoutbench.results/1", "suite": "stackviews", "createdAt": "2026-11-21T10:00:00Z",
       "environment": {"gitRevision": "...", "swiftVersion": "...", "configuration": "release",
                       "os": "...", "cpu": "...", "cores": 2, "allocator": "jemalloc 5.3.0"},
       "cases": [
         {"workload": "stack.fill.horizontal", "backend": "cassowary", "size": 1000,
          "parameters": {"distribution": "fill"}, "status": "ok",
          "phases": [
            {"name": "build", "iterations": 1, "samplesNanoseconds": [812000, 798000, 805000],
             "medianNanoseconds": 805000, "allocations": {"count": 5012, "bytes": 1843200},
             "counters": {"pivots": 3012}}
          ]}
       ]}
      """#
    let (document, warnings) = try ResultsDocument.decode(text, file: "example.json")
    #expect(warnings.isEmpty)
    #expect(document.cases.count == 1)
    #expect(document.cases[0].phases[0].allocations == .init(count: 5012, bytes: 1843200))
    #expect(document.cases[0].phases[0].counter("pivots") == 3012)
  }

  @Test func aPeerFileWithoutAllocationsOrEnvironmentDetailsIsAccepted() throws {
    let text = #"""
      {"format": "layoutbench.results/1", "suite": "enaml", "environment": {"allocator": null},
       "cases": [{"workload": "enaml", "backend": "kiwisolver", "size": 1, "status": "ok", "peer": "kiwi 1.5.1",
                  "phases": [{"name": "resizeContainer", "samplesNanoseconds": [5, 6], "allocations": null}]}]}
      """#
    let (document, warnings) = try ResultsDocument.decode(text, file: "peer.json")
    #expect(warnings.map(\.description) == ["peer.json: cases[0].peer: unknown field 'peer' ignored"])
    #expect(document.cases[0].phases[0].allocations == nil)
    #expect(document.environment.allocator == nil)
  }

  /// A peer's per-phase `calls` and `callOverheadNanoseconds` read without warnings and
  /// are written back; an in-process backend's phase writes neither.
  @Test func peerCallFiguresReadBackTheSame() throws {
    let text = #"""
      {"format": "layoutbench.results/1", "suite": "stackviews", "environment": {"allocator": null},
       "cases": [{"workload": "stack.feed", "backend": "kiwisolver", "size": 100, "status": "ok",
                  "phases": [{"name": "build", "samplesNanoseconds": [9000, 11000], "allocations": null,
                              "calls": 301, "callOverheadNanoseconds": 1250.5},
                             {"name": "resizeContainer", "samplesNanoseconds": [700], "allocations": null}]}]}
      """#
    let (document, warnings) = try ResultsDocument.decode(text, file: "peer.json")
    #expect(warnings.isEmpty)
    let build = document.cases[0].phases[0]
    #expect(build.calls == 301)
    #expect(build.callOverheadNanoseconds == 1250.5)
    #expect(document.cases[0].phases[1].calls == nil)
    #expect(document.cases[0].phases[1].callOverheadNanoseconds == nil)

    let written = document.jsonText()
    #expect(written.contains(#""calls": 301, "callOverheadNanoseconds": 1250.5"#), "\(written)")
    let (again, _) = try ResultsDocument.decode(written, file: "again.json")
    #expect(again.cases[0].phases[0].calls == 301)
    #expect(again.cases[0].phases[0].callOverheadNanoseconds == 1250.5)
    #expect(again.jsonText() == written)
    #expect(!Self.sample().jsonText().contains("calls"))
  }

  /// The kiwisolver peer writes its call figures among the counters and three environment
  /// members of its own: read without warnings, the figures as phase members (so they are
  /// never compared as deterministic solver counters).
  @Test func thePeersCounterFormAndEnvironmentAreRead() throws {
    let text = #"""
      {"format": "layoutbench.results/1", "suite": "stackviews",
       "environment": {"allocator": null, "pythonVersion": "3.11.7", "kiwisolverVersion": "1.5.1", "callNanoseconds": 11.4},
       "cases": [{"workload": "stack.feed", "backend": "kiwisolver", "size": 100, "status": "ok",
                  "phases": [{"name": "build", "samplesNanoseconds": [9000], "allocations": null,
                              "counters": {"calls": 301, "callOverheadNanoseconds": 3431.4, "rows": 12}}]}]}
      """#
    let (document, warnings) = try ResultsDocument.decode(text, file: "peer.json")
    #expect(warnings.isEmpty, "\(warnings)")
    let build = document.cases[0].phases[0]
    #expect(build.calls == 301)
    #expect(build.callOverheadNanoseconds == 3431.4)
    #expect(build.counters.map(\.name) == ["rows"])
  }

  @Test(arguments: [
    (#"{"format": "layoutbench.results/2", "suite": "s", "cases": []}"#, "format"),
    (#"{"format": "layoutbench.results/1", "cases": []}"#, "suite"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 0, "status": "ok"}]}"#, "cases[0].size"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok"}]}"#, "cases[0].phases"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "skipped"}]}"#, "cases[0].reason"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "done"}]}"#, "cases[0].status"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "phases": [{"name": "p", "samplesNanoseconds": []}]}]}"#, "cases[0].phases[0].samplesNanoseconds"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "phases": [{"name": "p", "samplesNanoseconds": [1, -2]}]}]}"#, "cases[0].phases[0].samplesNanoseconds[1]"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "phases": [{"name": "p", "samplesNanoseconds": [1], "allocations": {"count": -1, "bytes": 0}}]}]}"#, "cases[0].phases[0].allocations.count"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "phases": [{"name": "p", "samplesNanoseconds": [1], "calls": -1}]}]}"#, "cases[0].phases[0].calls"),
    (#"{"format": "layoutbench.results/1", "suite": "s", "cases": [{"workload": "w", "backend": "b", "size": 1, "status": "ok", "phases": [{"name": "p", "samplesNanoseconds": [1], "callOverheadNanoseconds": "5"}]}]}"#, "cases[0].phases[0].callOverheadNanoseconds"),
  ])
  func badFilesNameThePathAtFault(_ text: String, _ path: String) {
    do {
      _ = try ResultsDocument.decode(text, file: "bad.json")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description.hasPrefix("bad.json: \(path):"), "\(error)")
    }
  }
}
