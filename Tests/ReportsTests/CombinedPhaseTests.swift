import Interchange
import Reports
import Testing

/// The derived `build+firstLayout` phase (sums of medians, placed after `firstLayout`, its
/// fit, its ratios, the fastest-backend summary built on it) and `--fit-from`'s range.
@Suite struct CombinedPhaseTests {
  static func report(_ cases: [ResultsDocument.Case], fitFrom: Int? = nil) throws -> SuiteReport {
    let document = ReportFixtures.document(backends: ["cassowary", "layout-solver"], cases: cases)
    return try SuiteReport(ReportInputs([.init(path: "run.json", document: document)]).suites[0], fitFrom: fitFrom)
  }

  static func close(_ value: Double?, _ expected: Double, relative: Double = 1e-12) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= relative * abs(expected)
  }

  /// Two sizes with known medians: cassowary solves while it builds (build 900 ns + 100 ns
  /// at n = 100, 90 µs + 10 µs at n = 1,000: the sum grows 100-fold over a decade, k = 2);
  /// layout-solver builds in no time and solves in firstLayout (100 + 1,900 ns, then
  /// 1 µs + 199 µs: also 100-fold, k = 2).
  static let twoSizes: [ResultsDocument.Case] = [
    ReportFixtures.laidOut("w", "cassowary", 100, build: 900, firstLayout: 100),
    ReportFixtures.laidOut("w", "layout-solver", 100, build: 100, firstLayout: 1_900),
    ReportFixtures.laidOut("w", "cassowary", 1000, build: 90_000, firstLayout: 10_000),
    ReportFixtures.laidOut("w", "layout-solver", 1000, build: 1_000, firstLayout: 199_000),
  ]

  @Test func theCombinedPhaseSumsTheMediansAndSitsAfterFirstLayout() throws {
    let workload = try #require(try Self.report(Self.twoSizes).workloads.first)
    #expect(workload.phases.map(\.name) == ["build", "firstLayout", "build+firstLayout", "resize"])
    let combined = try #require(workload.combinedPhase)
    #expect(combined.isDerived && combined.derivedFrom == ["build", "firstLayout"])
    #expect(workload.phases.filter(\.isDerived).count == 1)
    let cassowary = try #require(combined.series(for: "cassowary"))
    #expect(cassowary.points.map(\.size) == [100, 1000])
    let small = try #require(cassowary.point(at: 100))
    #expect(Self.close(small.statistics.median, 1_000))
    // The spread is the sum of the quartiles (each ±2 % of its median here).
    #expect(Self.close(small.statistics.firstQuartile, 0.98 * 1_000))
    #expect(Self.close(small.statistics.thirdQuartile, 1.02 * 1_000))
    #expect(small.summands.map(\.phase) == ["build", "firstLayout"])
    #expect(Self.close(small.summands.first?.median, 900) && Self.close(small.summands.last?.median, 100))
    #expect(Self.close(cassowary.point(at: 1000)?.statistics.median, 100_000))
    #expect(small.allocations == nil && small.counters.isEmpty)
  }

  /// Medians 1,000 ns and 100,000 ns a decade apart: k = log(100) / log(10) = 2.
  @Test func theCombinedPhaseHasItsOwnExponent() throws {
    let combined = try #require(try Self.report(Self.twoSizes).workloads.first?.combinedPhase)
    for backend in ["cassowary", "layout-solver"] {
      let fit = try #require(combined.series(for: backend)?.fit, "\(backend)")
      #expect(abs(fit.exponent - 2) < 1e-9, "\(backend)")
      #expect(fit.isExactThroughTwoPoints)
    }
    // build alone tells another story: layout-solver's grows tenfold (k = 1).
    let build = try #require(try Self.report(Self.twoSizes).workloads.first?.phases.first)
    #expect(abs((build.series(for: "layout-solver")?.fit?.exponent ?? 0) - 1) < 1e-9)
  }

  @Test func theCombinedPhaseIsAColumnOfTheExponentAndRatioTables() throws {
    let report = try Self.report(Self.twoSizes)
    let combined = try #require(report.workloads.first?.combinedPhase)
    // layout-solver over cassowary at 1,000: 200,000 / 100,000.
    let atThousand = try #require(combined.ratios.first { $0.size == 1000 })
    #expect(Self.close(atThousand.entries.first?.ratio, 2))
    #expect(Self.close(atThousand.referenceMedian, 100_000))
    let markdown = report.markdown()
    #expect(markdown.contains("| backend | build | firstLayout | build+firstLayout | resize |"))
    #expect(markdown.contains("| `build+firstLayout` | 1,000 | 100 µs | 2.00× |"))
    #expect(markdown.contains("Charts (`build`, `firstLayout`, `build+firstLayout`, `resize`)"))
    #expect(markdown.contains("`build+firstLayout` is derived, not timed"))
    #expect(markdown.contains("a sum of medians, not a median of sums"))
    // The derived phase has no measurement table of its own.
    #expect(!markdown.contains("Phase `build+firstLayout`, per operation"))
    #expect(report.html().contains("sum of medians (band ≈)"))
  }

  /// By build alone layout-solver leads 90×; with its first layout it is 2× behind.
  @Test func theFastestBackendTableUsesTheCombinedPhaseInsteadOfBuild() throws {
    let report = try Self.report(Self.twoSizes)
    let leaders = try #require(report.workloads.first).leaders()
    let build = try #require(leaders.first { $0.phase == "build" })
    #expect(build.backend == "layout-solver")
    let combined = try #require(leaders.first { $0.phase == "build+firstLayout" })
    #expect(combined.backend == "cassowary" && combined.size == 1000)
    #expect(combined.runnerUp?.backend == "layout-solver")
    #expect(Self.close(combined.runnerUp?.ratio, 2))
    let markdown = report.markdown()
    #expect(markdown.contains("| workload | build+firstLayout | firstLayout | resize |"))
    #expect(markdown.contains("| [w](#workload-1-w) | `cassowary` at 1,000, 2.00× ahead of `layout-solver` | "))
  }

  /// A workload without firstLayout keeps its build column in the summary, and has no
  /// derived phase.
  @Test func withoutFirstLayoutThereIsNoCombinedPhase() throws {
    let report = try Self.report([
      ReportFixtures.measured("w", "cassowary", 10, median: 100), ReportFixtures.measured("w", "cassowary", 100, median: 1000),
    ])
    let workload = try #require(report.workloads.first)
    #expect(workload.combinedPhase == nil)
    #expect(workload.phases.map(\.name) == ["build", "resize"])
    #expect(report.markdown().contains("| workload | build | resize |"))
    #expect(!report.markdown().contains("build+firstLayout"))
  }

  /// A size where a backend timed build but not firstLayout has no combined point and is
  /// marked absent in its chart.
  @Test func aSizeMissingOneOfThePartsHasNoCombinedPoint() throws {
    var partial = ReportFixtures.laidOut("w", "cassowary", 1000, build: 90_000, firstLayout: 10_000)
    partial.phases.remove(at: 1)
    let report = try Self.report(Array(Self.twoSizes.prefix(2)) + [partial])
    let workload = try #require(report.workloads.first)
    let combined = try #require(workload.combinedPhase)
    #expect(combined.series(for: "cassowary")?.points.map(\.size) == [100])
    #expect(combined.series(for: "cassowary")?.fit == nil)
    #expect(report.html().contains("<title>cassowary, n = 1,000: not both build and firstLayout in this case</title>"))
  }

  /// cassowary ∝ n² from 100 on, but with a fixed cost dominating at 10: over every size
  /// the slope is shallower; from 100 on it is 2 exactly.
  static let fixedCostBelowHundred: [ResultsDocument.Case] = [10, 100, 1000].map { size in
    let n = Double(size)
    return ReportFixtures.laidOut("w", "cassowary", size, build: size == 10 ? 50_000 : 9 * n * n, firstLayout: size == 10 ? 1 : n * n)
  }

  @Test func fitFromLeavesSmallerSizesOutOfTheExponents() throws {
    let every = try #require(try Self.report(Self.fixedCostBelowHundred).workloads.first?.combinedPhase?.series(for: "cassowary"))
    let fromHundred = try #require(try Self.report(Self.fixedCostBelowHundred, fitFrom: 100).workloads.first?.combinedPhase?.series(for: "cassowary"))
    #expect(every.fit?.sizeCount == 3)
    #expect((every.fit?.exponent ?? 2) < 1.5)
    let fit = try #require(fromHundred.fit)
    #expect(fit.sizeCount == 2)
    #expect(abs(fit.exponent - 2) < 1e-9)
    // The excluded size is still a point of the series (charts, ratios, tables).
    #expect(fromHundred.points.map(\.size) == [10, 100, 1000])
    #expect(fromHundred.fittedPoints.map(\.size) == [100, 1000])
  }

  @Test func theExponentTableNamesTheFittedRange() throws {
    let cases = Self.fixedCostBelowHundred + [ReportFixtures.laidOut("w", "layout-solver", 10, build: 10, firstLayout: 100)]
    let ranged = try Self.report(cases, fitFrom: 100).markdown()
    #expect(ranged.contains("### Scaling exponents, fitted over sizes ≥ 100"))
    #expect(ranged.contains("Exponents are fitted over sizes ≥ 100 only (--fit-from 100)"))
    // layout-solver measured only at 10: nothing to fit from 100 on.
    #expect(ranged.contains("| `layout-solver` | — (no size ≥ 100) |"))
    #expect(ranged.contains("| `cassowary` | 2.00 (2 sizes: exact line, no fit quality) |"))
    let every = try Self.report(cases).markdown()
    #expect(every.contains("### Scaling exponents, fitted over every size"))
    #expect(every.contains("| `layout-solver` | — (1 size) |"))
  }
}
