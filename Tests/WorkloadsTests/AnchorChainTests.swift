import BenchCore
import Cassowary
import Scene
import Testing
import Workloads

/// `chain.horizontal`, kiwi's anchor benchmark (Benchmarks/systems/stack_chain.py) as a
/// scene. Intrinsic widths are `20 + (37 i mod 60)`: 20, 57, 34, 71, 48, 25, 62, 39, 76, 53
/// for the first ten views.
@Suite struct AnchorChainTests {
  static func chain(_ size: Int) throws -> WorkloadCase {
    try #require(WorkloadCatalog.workload(named: "chain.horizontal")).makeCase(size: size, seed: 1)
  }

  /// Three views, 20 + 57 + 34 wide with two gaps of 8: natural width 127. The container
  /// starts at 77, where `item1` (compression resistance 749, the others 750) alone gives
  /// up 50 points, then goes to 227 (nothing stretches: the last view's trailing edge is
  /// only bounded by the root's), then back to 77, and so on.
  @Test func threeViewsHaveTheHandDerivedFramesInEveryState() throws {
    let workloadCase = try Self.chain(3)
    #expect(workloadCase.container.width == 77)
    #expect(workloadCase.parameters.first { $0.key == "naturalWidth" }?.value == "127")
    let layout = try CaseLayout(cassowary: workloadCase.prefix(operations: 4), probesAmbiguity: { _ in true })
    #expect(layout.refusedSteps.isEmpty)
    #expect(layout.states.count == 5)
    let natural: [String: Rect] = [
      "root": Rect(x: 0, y: 0, width: 227, height: 44),
      "item0": Rect(x: 0, y: 0, width: 20, height: 20),
      "item1": Rect(x: 28, y: 0, width: 57, height: 20),
      "item2": Rect(x: 93, y: 0, width: 34, height: 20),
    ]
    let compressed: [String: Rect] = [
      "root": Rect(x: 0, y: 0, width: 77, height: 44),
      "item0": Rect(x: 0, y: 0, width: 20, height: 20),
      "item1": Rect(x: 28, y: 0, width: 7, height: 20),
      "item2": Rect(x: 43, y: 0, width: 34, height: 20),
    ]
    for (k, state) in layout.states.enumerated() {
      #expect(state.diagnostics.isEmpty, "state \(k): \(state.diagnostics)")
      let expected = k % 2 == 1 ? natural : compressed
      #expect(state.frames.count == expected.count)
      for (id, frame) in expected {
        let actual = try #require(state.frames[id])
        #expect(CaseLayout.isClose(actual, frame), "state \(k): \(id) is \(actual), expected \(frame)")
      }
    }
  }

  /// Ten views: natural width 485 + 9 · 8 = 557; one after another 8 apart; at 657 every
  /// view has its intrinsic width, at 507 only `item1` is narrower (57 − 50 = 7).
  @Test func tenViewsSitEightApartAndOnlyItem1Compresses() throws {
    let widths: [Double] = [20, 57, 34, 71, 48, 25, 62, 39, 76, 53]
    let workloadCase = try Self.chain(10)
    let layout = try CaseLayout(cassowary: workloadCase.prefix(operations: 2), probesAmbiguity: { _ in true })
    #expect(layout.states.map(\.frames["root"]?.width) == [507, 657, 507])
    for (k, state) in layout.states.enumerated() {
      #expect(state.diagnostics.isEmpty, "state \(k): \(state.diagnostics)")
      var x = 0.0
      for (i, intrinsic) in widths.enumerated() {
        let deficit = k == 1 ? 0.0 : 50
        let width = i == 1 ? intrinsic - deficit : intrinsic
        let frame = try #require(state.frames["item\(i)"])
        #expect(CaseLayout.isClose(frame, Rect(x: x, y: 0, width: width, height: 20)), "state \(k): item\(i) \(frame)")
        x += width + 8
      }
    }
  }

  /// The anchor's constraints and no more: per view a leading (first) or gap, a top and a
  /// height, plus the trailing bound; lowered, those and each view's hugging and
  /// compression resistance rows and the root's four. The container starts at natural − 50; resizes
  /// alternate natural + 100 and natural − 50, 20 of them (8 above 1,000 views).
  @Test func hasTheAnchorsShape() throws {
    for n in [1, 2, 100, 1000, 1001] {
      let workloadCase = try Self.chain(n)
      #expect(workloadCase.views.count == n + 1, "\(n)")
      #expect(workloadCase.constraints.count == 3 * n + 1, "\(n)")
      #expect(workloadCase.guides.isEmpty)
      let natural = (0..<n).reduce(0.0) { $0 + Double(20 + ($1 * 37) % 60) } + 8 * Double(n - 1)
      #expect(workloadCase.container.width == max(natural - 50, 0))
      #expect(workloadCase.operations.count == (n + 1 > 1000 ? 8 : 20), "\(n)")
      for (k, operation) in workloadCase.operations.enumerated() {
        #expect(operation.phase == "resizeContainer")
        #expect(operation.steps.count == 1)
        guard case .resizeContainer(let width, _, _) = workloadCase.steps[operation.steps.lowerBound] else {
          Issue.record("operation \(k) is not a resize")
          continue
        }
        #expect(width == (k % 2 == 0 ? natural + 100 : max(natural - 50, 0)), "\(n): operation \(k)")
      }
    }
    let workloadCase = try Self.chain(100)
    for view in workloadCase.views.dropFirst() {
      #expect(view.intrinsicSize.vertical == nil)
      #expect(view.hugging.horizontal == 250)
      #expect(view.compressionResistance.horizontal == (view.id == "item1" ? 749 : 750))
    }
    let system = try workloadCase.constraintSystem(base: CassowarySolver())
    #expect(system.constraints.count == 4 + 2 * 100 + (3 * 100 + 1))
  }

  @Test func theAnchorSuiteHoldsTheChainAndSmokeItsSmallestCase() throws {
    let suite = try #require(WorkloadCatalog.suite(named: "anchor"))
    #expect(suite.summary.contains("kiwi's anchor"))
    #expect(suite.workloads.map(\.name) == ["chain.horizontal"])
    let chain = suite.workloads[0]
    #expect(chain.defaultSizes == [10, 100, 1000, 10000])
    #expect(chain.sizeMeaning == "views in the chain")
    #expect(!chain.isFrameLayoutOnly)
    #expect(chain.viewCount(size: 1000) == 1001...1001)
    let smoke = try #require(WorkloadCatalog.suite(named: "smoke")).workloads.first { $0.name == "chain.horizontal" }
    #expect(smoke?.defaultSizes == [10])
  }
}
