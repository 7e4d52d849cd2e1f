import Glibc
import LayoutModel
import Measurement
import Scene

/// A layout backend whose cost is known exactly: every view at (index, 0, 1, 1), and a
/// chosen number of `malloc`s per update and per layout pass, so allocation counts can be
/// asserted.
final class CountingFakeBackend: LayoutBackend {
  static var backendName: String { "fake" }
  static func unsupportedElement(in scene: Scene) -> String? { nil }

  nonisolated(unsafe) static var mallocsPerUpdate = 0
  nonisolated(unsafe) static var mallocsPerLayout = 0
  nonisolated(unsafe) static var failOnUpdate: Int? = nil
  /// `malloc`s made by the next load only, then reset: the one-time cost of a process's
  /// first run (metadata, lazy globals) that the counting pass must not report.
  nonisolated(unsafe) static var mallocsOnNextLoad = 0
  /// Cells touched reported per update, to push a case's solver work past a limit.
  nonisolated(unsafe) static var cellsTouchedPerUpdate = 0
  /// Each layout pass spins this long on the monotonic clock, so its samples have a floor.
  nonisolated(unsafe) static var spinNanosecondsPerLayout: UInt64 = 0
  private var updates = 0
  private var work = SolverCounters()

  /// Every setting back to a backend that allocates, spins, fails and works not at all;
  /// each test starts from here (the settings are static) and sets what it measures.
  static func reset() {
    mallocsPerUpdate = 0
    mallocsPerLayout = 0
    failOnUpdate = nil
    mallocsOnNextLoad = 0
    cellsTouchedPerUpdate = 0
    spinNanosecondsPerLayout = 0
  }

  func load(_ scene: Scene) throws(LayoutError) {
    for _ in 0..<Self.mallocsOnNextLoad { free(malloc(24)) }
    Self.mallocsOnNextLoad = 0
  }

  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    if let fail = Self.failOnUpdate, fail == updates { throw .solver(.internalInconsistency("update \(fail) fails")) }
    updates += 1
    for _ in 0..<Self.mallocsPerUpdate { free(malloc(24)) }
    work.pivots += 2
    work.cellsTouched += Self.cellsTouchedPerUpdate
  }

  func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {
    for _ in 0..<Self.mallocsPerLayout { free(malloc(24)) }
    let start = MonotonicClock.now()
    while MonotonicClock.now() - start < Self.spinNanosecondsPerLayout {}
    work.pivots += 1
  }

  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    // Over indices, not `presentViews`, which builds an array (allocates).
    for v in scene.views.indices where scene.views[v] != nil { frames[v] = Rect(x: Double(v), y: 0, width: 1, height: 1) }
  }

  func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
  func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? { nil }
  var counters: SolverCounters { work }
}

/// A backend that can express no stack view, to check skipping.
final class StacklessFakeBackend: LayoutBackend {
  static var backendName: String { "stackless" }
  static func unsupportedElement(in scene: Scene) -> String? {
    scene.presentViews.contains { scene.view($0)?.stack != nil } ? "stacks are not supported" : nil
  }
  func load(_ scene: Scene) throws(LayoutError) {}
  func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {}
  func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {}
  func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {}
  func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { [] }
  func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? { nil }
  var counters: SolverCounters { SolverCounters() }
}
