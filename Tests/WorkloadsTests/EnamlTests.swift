import BenchCore
import Cassowary
import Scene
import Testing
import Workloads

/// `enaml` re-derives kiwi's enaml-like benchmark (nucleic/kiwi,
/// benchmarks/enaml_like_benchmark.py/.cpp) as a scene. The expected frames are kiwi's:
/// kiwisolver 1.4 run on the benchmark's constraints, suggesting each window size in turn.
/// In every size kiwi gives the same form: labels 67 × 16 at x 10, fields from the
/// midline (87) to 10 from the right edge, `fl3` across the bottom.
@Suite struct EnamlTests {
  static let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]

  /// kiwi's values at window size W × H, as frames.
  static func kiwiFrames(width w: Double, height h: Double) -> [String: Rect] {
    [
      "root": Rect(x: 0, y: 0, width: w, height: h),
      "lb1": Rect(x: 10, y: 12.5, width: 67, height: 16),
      "lb2": Rect(x: 10, y: 43.5, width: 67, height: 16),
      "lb3": Rect(x: 10, y: 76, width: 67, height: 16),
      "fl1": Rect(x: 87, y: 10, width: w - 97, height: 21),
      "fl2": Rect(x: 87, y: 41, width: w - 97, height: 21),
      "ct": Rect(x: 87, y: 72, width: w - 97, height: 24),
      "fl3": Rect(x: 10, y: h - 31, width: w - 20, height: 21),
    ]
  }

  @Test func everyStateHasKiwisFrames() throws {
    let workloadCase = try #require(WorkloadCatalog.workload(named: "enaml")).makeCase(size: 1, seed: 1)
    let layout = try CaseLayout(cassowary: workloadCase, probesAmbiguity: { $0 == 0 })
    #expect(layout.states.count == 25)
    for (k, state) in layout.states.enumerated() {
      let (w, h) = Self.sizes[k % Self.sizes.count]
      #expect(state.diagnostics.isEmpty)
      for (id, expected) in Self.kiwiFrames(width: w, height: h) {
        let frame = try #require(state.frames[id])
        #expect(CaseLayout.isClose(frame, expected), "state \(k) (\(w) × \(h)): \(id) \(frame), kiwi \(expected)")
      }
    }
  }

  /// The shape kiwi's benchmark is known by: 8 views and a guide for kiwi's 37 variables,
  /// 105 user constraints for its 111 (six are the root's position and margins), and the
  /// lowered system close to kiwi's size.
  @Test func hasTheShapeOfKiwisBenchmark() throws {
    let workloadCase = try #require(WorkloadCatalog.workload(named: "enaml")).makeCase(size: 1, seed: 1)
    #expect(workloadCase.views.count == 8)
    #expect(workloadCase.guides.count == 1)
    #expect(workloadCase.constraints.count == 105)
    #expect(workloadCase.operations.allSatisfy { $0.phase == "resizeContainer" })
    let system = try workloadCase.constraintSystem(base: CassowarySolver())
    #expect((105...115).contains(system.constraints.count))
  }
}
