import Cassowary
import BenchCore
import Interchange
import LayoutModel
@testable import Scene
import Testing
import TestSupport
import Workloads

/// ConstraintLayout+Parking.swift: with a parking solver, `activate`/`deactivate` steps
/// are held back to the layout pass, a large toggle parks a copy of the configuration it
/// leaves, and a toggle back swaps the two. The frames must be those of
/// toggling in place, whatever happens between the toggles.
@Suite struct ParkingLayoutTests {
  static func parking(threshold: Int = 8) -> ConstraintLayout<CassowarySolver> {
    let layout = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false, parkingCopy: { $0.copy() })
    layout.parkingThreshold = threshold
    return layout
  }

  static func inPlace() -> ConstraintLayout<CassowarySolver> {
    ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: false)
  }

  static func swapCase(views: Int, operations: Int = 6) throws -> WorkloadCase {
    try #require(WorkloadCatalog.workload(named: "churn.sizeClassSwap")).makeCase(size: views, seed: 1).prefix(operations: operations)
  }

  @Test(arguments: [10, 40])
  func swapsGiveTheFramesOfSwappingInPlace(views: Int) throws {
    let workloadCase = try Self.swapCase(views: views)
    let parking = Self.parking()
    let parked = try CaseLayout(workloadCase, on: parking)
    let inPlace = try CaseLayout(workloadCase, on: Self.inPlace())
    #expect(parked.refusedSteps.isEmpty && inPlace.refusedSteps.isEmpty)
    #expect(parked.states.allSatisfy { $0.diagnostics.isEmpty })
    parked.expectSameFrames(as: inPlace, "churn.sizeClassSwap at \(views)")
    #expect(parking.hasParkedConfiguration)
  }

  /// The example's toggle flips two constraints: below the threshold it is applied in
  /// place; with a threshold of 1 it parks, and both give the fixture's frames.
  @Test(arguments: [1, 8])
  func smallTogglesFollowTheThreshold(threshold: Int) throws {
    let workloadCase = try #require(WorkloadCatalog.workload(named: "examples.e6-deactivate-then-activate")).makeCase(size: 1, seed: 1)
    let parking = Self.parking(threshold: threshold)
    let parked = try CaseLayout(workloadCase, on: parking)
    let inPlace = try CaseLayout(workloadCase, on: Self.inPlace())
    parked.expectSameFrames(as: inPlace, "e6 with threshold \(threshold)")
    #expect(parking.hasParkedConfiguration == (threshold == 1))
  }

  /// Deterministic work: from the third swap on, a swap returns to a parked configuration
  /// and makes no pivot; the first pivots as in place (it parks a copy, then swaps).
  @Test func swapsBackMakeNoPivot() throws {
    let workloadCase = try Self.swapCase(views: 40, operations: 5)
    let layout = Self.parking()
    var before = 0
    var pivots: [Int] = []
    try Self.run(workloadCase, on: layout, before: { _ in before = layout.counters.pivots }) { _ in
      pivots.append(layout.counters.pivots - before)
    }
    #expect(pivots[0] > 0, "the first swap is made in place: \(pivots)")
    #expect(pivots.dropFirst().allSatisfy { $0 == 0 }, "swaps back pivot: \(pivots)")
  }

  /// A step that adds a view drops the parked configuration (its solver lacks the view's
  /// variables); the next large toggle parks again.
  @Test func addingAViewDropsTheParkedConfiguration() throws {
    var workloadCase = try Self.swapCase(views: 10, operations: 1)
    let swapBack = workloadCase.steps.map(Self.reversed)
    workloadCase.steps += [.addViews([ViewDescription(id: "badge", parent: "root")])] + swapBack
    workloadCase.operations += [
      WorkloadOperation(phase: "addViews", steps: 2..<3), WorkloadOperation(phase: "sizeClassSwap", steps: 3..<5),
    ]
    let layout = Self.parking()
    var parkedAfter: [Bool] = []
    try Self.run(workloadCase, on: layout) { _ in parkedAfter.append(layout.hasParkedConfiguration) }
    #expect(parkedAfter == [true, false, true])
    let inPlace = try CaseLayout(workloadCase, on: Self.inPlace())
    let parked = try CaseLayout(workloadCase, on: Self.parking())
    parked.expectSameFrames(as: inPlace, "add a view between swaps")
  }

  /// A shared constraint removed and added again under a new id while a configuration is
  /// parked changes neither configuration's flags: the swap back still returns (and the
  /// returning configuration takes the new constraint from its journal).
  @Test func replacingASharedConstraintKeepsTheReturn() throws {
    var workloadCase = try Self.swapCase(views: 10, operations: 1)
    let captionTop = try #require(workloadCase.constraints.first { $0.id == "t0.captionTop" })
    var renamed = captionTop
    renamed.id = "t0.captionTop.v2"
    let swapBack = workloadCase.steps.map(Self.reversed)
    workloadCase.steps += [.removeConstraints(["t0.captionTop"]), .addConstraints([renamed])] + swapBack
    workloadCase.operations += [
      WorkloadOperation(phase: "replace", steps: 2..<4), WorkloadOperation(phase: "sizeClassSwap", steps: 4..<6),
    ]
    let layout = Self.parking()
    let parked = try CaseLayout(workloadCase, on: layout)
    #expect(layout.parkingCounts.parks == 1 && layout.parkingCounts.returns == 1, "\(layout.parkingCounts)")
    parked.expectSameFrames(as: try CaseLayout(workloadCase, on: Self.inPlace()), "replace between swaps")
  }

  static func reversed(_ step: SceneChange) -> SceneChange {
    switch step {
    case .deactivate(let ids): .activate(ids)
    case .activate(let ids): .deactivate(ids)
    default: step
    }
  }

  /// Seeded traces on the 10- and 22-view grids: swaps of every tile, of some or of one (deactivate
  /// first, or activate first so that the pass goes through a conflict), container
  /// resizes, new constants on shared, active and inactive constraints, new caption sizes,
  /// a shared constraint removed and added again under a new id, and a swap and its undo in
  /// one pass, against the same trace toggled in place. A failing seed's case is written as
  /// a scene file (`bench layout` replays it).
  @Test func randomTracesGiveTheFramesOfTogglingInPlace() {
    var counts = ParkingCounts()
    forEachSeed(60, base: 0x9A4C_0000) { seed in
      let workloadCase = try Self.randomTrace(seed: seed)
      let layout = Self.parking(threshold: 4)
      let parked = try CaseLayout(workloadCase, on: layout)
      counts.parks += layout.parkingCounts.parks
      counts.returns += layout.parkingCounts.returns
      counts.journaledReturns += layout.parkingCounts.journaledReturns
      let inPlace = try CaseLayout(workloadCase, on: Self.inPlace())
      #expect(parked.refusedSteps.isEmpty && inPlace.refusedSteps.isEmpty, "\(parked.refusedSteps)")
      let mismatches = parked.frameMismatches(against: inPlace)
      if !mismatches.isEmpty {
        Issue.record("seed \(seed): \(mismatches.prefix(3)); the case: \(Self.write(workloadCase, seed: seed))")
      }
    }
    print("parking: \(counts.parks) parks, \(counts.returns) returns (\(counts.journaledReturns) with a journal)")
    if !SeedSweep.isReplaying {
      #expect(counts.returns > counts.parks && counts.journaledReturns > 0, "\(counts)")
    }
  }

  static func randomTrace(seed: UInt64) throws -> WorkloadCase {
    var rng = Workloads.SplitMix64(seed: seed)
    let views = rng.next() % 2 == 0 ? 10 : 22
    var workloadCase = try swapCase(views: views, operations: 0)
    let tiles = max(1, (views - 1) / 3)
    // Which set places each tile (each has exactly one: the layout stays determined).
    var compact = [Bool](repeating: true, count: tiles)
    // Each tile's caption-top constraint, renamed by `replaceShared` steps.
    var captionTops = (0..<tiles).map { "t\($0).captionTop" }
    var renames = 0
    func ids(_ tile: Int, _ set: String) -> [String] { ["width", "leading", "top"].map { "\(set).t\(tile).\($0)" } }
    /// Deactivates the placing set of `chosen` tiles and activates the other.
    func flip(_ chosen: [Int], activatingFirst: Bool) -> [SceneChange] {
      let off = chosen.flatMap { ids($0, compact[$0] ? "compact" : "regular") }
      let on = chosen.flatMap { ids($0, compact[$0] ? "regular" : "compact") }
      for t in chosen { compact[t].toggle() }
      return activatingFirst ? [.activate(on), .deactivate(off)] : [.deactivate(off), .activate(on)]
    }
    for _ in 0..<12 {
      let start = workloadCase.steps.count
      let phase: String
      switch rng.next() % 10 {
      case 8:
        phase = "replaceShared"
        let t = Int(rng.next() % UInt64(tiles))
        guard var replacement = workloadCase.constraints.first(where: { $0.id == "t\(t).captionTop" }) else { continue }
        renames += 1
        replacement.id = "t\(t).captionTop.v\(renames)"
        workloadCase.steps += [.removeConstraints([captionTops[t]]), .addConstraints([replacement])]
        captionTops[t] = replacement.id
      case 0, 1:
        phase = "swap"
        workloadCase.steps += flip(Array(0..<tiles), activatingFirst: false)
      case 2:
        phase = "swapActivatingFirst"
        workloadCase.steps += flip(Array(0..<tiles), activatingFirst: true)
      case 3:
        phase = "swapSomeTiles"
        workloadCase.steps += flip((0..<tiles).filter { _ in rng.next() % 3 == 0 }, activatingFirst: rng.next() % 2 == 0)
      case 7:
        phase = "swapOneTile"
        workloadCase.steps += flip([Int(rng.next() % UInt64(tiles))], activatingFirst: false)
      case 4:
        phase = "resize"
        let width = Double(600 + rng.next() % 600)
        workloadCase.steps.append(.resizeContainer(width: width, height: 1024, safeAreaInsets: nil))
      case 5:
        phase = "setConstant"
        let t = Int(rng.next() % UInt64(tiles))
        let pool = [captionTops[t], "compact.t\(t).top", "regular.t\(t).leading"]
        let id = pool[Int(rng.next() % 3)]
        workloadCase.steps.append(.setConstant([Named(id, Double(rng.next() % 24))]))
      case 6:
        phase = "setIntrinsicSize"
        let t = Int(rng.next() % UInt64(tiles))
        workloadCase.steps.append(
          .setIntrinsicSize([
            Named("t\(t).caption", AxisPair(horizontal: Double(60 + rng.next() % 140), vertical: Double(17 + rng.next() % 20)))
          ]))
      default:
        phase = "swapAndUndo"
        workloadCase.steps += flip(Array(0..<tiles), activatingFirst: false)
        workloadCase.steps += flip(Array(0..<tiles), activatingFirst: false)
      }
      if workloadCase.steps.count == start { continue }
      workloadCase.operations.append(WorkloadOperation(phase: phase, steps: start..<workloadCase.steps.count))
    }
    return workloadCase
  }

  static func write(_ workloadCase: WorkloadCase, seed: UInt64) -> String {
    do {
      return FailureArtifact.write(try workloadCase.sceneDocument().jsonText(), named: "parking-seed-\(seed).scene.json")
    } catch {
      return "(the case has no scene document: \(error))"
    }
  }

  /// Loads and lays out `workloadCase`'s scene on `layout`, then each operation's steps and
  /// one layout pass, calling `after` with the operation's index once it is laid out.
  static func run(
    _ workloadCase: WorkloadCase, on layout: ConstraintLayout<CassowarySolver>, before: (Int) -> Void = { _ in },
    after: (Int) -> Void
  ) throws {
    var scene = try workloadCase.makeScene()
    try layout.load(scene)
    try layout.layoutIfNeeded(scene)
    for (index, operation) in workloadCase.operations.enumerated() {
      before(index)
      for k in operation.steps { try layout.update(scene, scene.apply(workloadCase.steps[k], path: WorkloadCase.stepPath(k))) }
      try layout.layoutIfNeeded(scene)
      after(index)
    }
  }
}
