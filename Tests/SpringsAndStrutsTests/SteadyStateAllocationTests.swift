import LayoutModel
import Measurement
import Scene
import SpringsAndStruts
import Testing
import TestSupport

#if DEBUG
  private let isOptimizedBuild = false
#else
  private let isOptimizedBuild = true
#endif

/// Once its buffers have grown to a scene, a resize (update, layout pass, reading frames)
/// allocates nothing, on every path a resize takes: autoresizing, nested stacks, a baseline
/// row, collapsing views and equalCentering under compression.
///
/// Optimised builds only (`swift test -c release -Xswiftc -enable-testing`), the builds
/// benchmarks measure: a debug build allocates in the standard library's unspecialised
/// generic code (about 48 bytes per `for … in` iteration over an array, measured), which
/// says nothing about the backend.
@Suite(.enabled(if: isOptimizedBuild, "debug builds allocate in unspecialised generic iteration"))
struct SteadyStateAllocationTests {
  static func scene() throws -> Scene {
    var collapsing = Build.leaf("free", in: "strip", 50, nil)
    collapsing.hugging = AxisPair(horizontal: 251, vertical: 250)
    return try Scene(
      container: Container(width: 300, height: 400),
      views: [
        Build.root(),
        Build.fixedStack(
          "column", in: "root", [0, 0, 300, 400], [.flexibleWidth, .flexibleHeight], Build.stackDescription(.vertical, spacing: 8)),
        // Fits in 200: below that the covering program shrinks c (749) first.
        Build.nestedStack("centred", in: "column", Build.stackDescription(.horizontal, .equalCentering, .fill, spacing: 10)),
        Build.leaf("a", in: "centred", 60, 20, resistance: [751, 750]), Build.leaf("b", in: "centred", 60, 20),
        Build.leaf("c", in: "centred", 60, 20, resistance: [749, 750]),
        Build.nestedStack("line", in: "column", Build.stackDescription(.horizontal, .fill, .firstBaseline, spacing: 4)),
        Build.leaf("title", in: "line", 80, 21, baseline: [17, 17]), Build.leaf("detail", in: "line", 60, 15, baseline: [12, 12]),
        Build.nestedStack("strip", in: "column", Build.stackDescription(.horizontal, .fill, .center)),
        collapsing, Build.leaf("icon", in: "strip", 24, 24),
        Build.autoresizing("badge", in: "root", [250, 10, 40, 20], [.flexibleLeftMargin]),
      ])
  }

  /// A scroll view whose content stack is pinned by the recipe, its height free (content
  /// sized) and its width the scroll view's; and a table row's own scene, its root stack's
  /// height fitted.
  static func contentSizedScenes() throws -> [Scene] {
    func pin(_ id: String, _ first: String, _ second: String) -> ConstraintDescription {
      ConstraintDescription(id: id, form: .anchors(first: first, relation: .equal, second: second, multiplier: 1, constant: 0))
    }
    var scroll = Build.autoresizing("S", in: "root", [0, 0, 300, 400], [.flexibleWidth, .flexibleHeight])
    scroll.isScrollView = true
    let scrollScene = try Scene(
      container: Container(width: 300, height: 400),
      views: [
        Build.root(), scroll, Build.nestedStack("C", in: "S", Build.stackDescription(.vertical, spacing: 8)),
        Build.leaf("a", in: "C", 60, 20), Build.leaf("b", in: "C", 80, 30, resistance: [749, 750]),
      ],
      constraints: [
        pin("top", "C.top", "S.content.top"), pin("bottom", "C.bottom", "S.content.bottom"),
        pin("leading", "C.leading", "S.content.leading"), pin("trailing", "C.trailing", "S.content.trailing"),
        pin("width", "C.width", "S.frame.width"),
      ])
    var container = Container(width: 300, height: 0)
    container.fittingHeightPriority = 50
    var root = Build.root()
    root.stack = Build.stackDescription(.horizontal, .fill, .center, spacing: 8)
    let rowScene = try Scene(
      container: container,
      views: [root, Build.leaf("icon", in: "root", 40, 40, hugging: [251, 251]), Build.leaf("label", in: "root", 120, 20)])
    return [scrollScene, rowScene]
  }

  @Test func aResizeOfAContentSizedLayoutAllocatesNothing() throws {
    try #require(AllocationCounter.isAvailable, "jemalloc counting must be available in the test build")
    for var scene in try Self.contentSizedScenes() {
      let layout = SpringsAndStruts()
      try layout.layOut(scene)
      var buffer = [Rect](repeating: .zero, count: scene.views.count)
      let height = scene.container.height
      func resize(_ width: Double) -> SceneChange { .resizeContainer(width: width, height: height, safeAreaInsets: nil) }
      for width in [300.0, 180, 240] {
        let delta = try scene.apply(resize(width), path: "steps")
        try layout.layOut(scene, after: delta)
      }
      for width in [310.0, 240, 180] {
        let delta = try scene.apply(resize(width), path: "steps")
        let (_, reading) = try AllocationCounter.measure { () throws(LayoutError) in
          try layout.update(scene, delta)
          try layout.layoutIfNeeded(scene)
          buffer.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
          _ = layout.contentSize(of: ViewIndex(1), in: scene)
        }
        #expect(reading?.count == 0, "resize to \(width) allocated \(String(describing: reading))")
      }
    }
  }

  @Test func aResizeAllocatesNothingOnceTheBuffersHaveGrown() throws {
    try #require(AllocationCounter.isAvailable, "jemalloc counting must be available in the test build")
    var scene = try Self.scene()
    let layout = SpringsAndStruts()
    try layout.layOut(scene)
    var buffer = [Rect](repeating: .zero, count: scene.views.count)
    func resize(_ width: Double) -> SceneChange { .resizeContainer(width: width, height: 400, safeAreaInsets: nil) }
    // Warm-up over the same sizes: the arena and scratch buffers grow to their largest.
    for width in [300.0, 180, 240] {
      let delta = try scene.apply(resize(width), path: "steps")
      try layout.layOut(scene, after: delta)
    }
    for width in [310.0, 240, 180] {
      let delta = try scene.apply(resize(width), path: "steps")
      let (_, reading) = try AllocationCounter.measure { () throws(LayoutError) in
        try layout.update(scene, delta)
        try layout.layoutIfNeeded(scene)
        buffer.withUnsafeMutableBufferPointer { layout.writeFrames(of: scene, into: $0) }
      }
      #expect(reading?.count == 0, "resize to \(width) allocated \(String(describing: reading))")
    }
    // The last resize compressed the centred row: c gave up length, so the path was taken.
    let c = try #require(scene.viewIndex(of: "c"))
    #expect(buffer[c.index].width < 60 - 1e-6, "c is \(buffer[c.index])")
  }
}
