import LayoutModel
import Scene
import Testing

/// How far the root's unsafe bands reach into a frame (formats.md section 2.1, "Every
/// view's safe area"), worked by hand on a 375 × 812 container with insets [44, 0, 34, 0]
/// and on a landscape one with side bands.
@Suite struct PerViewSafeAreaTests {
  private func scene(_ width: Double, _ height: Double, _ insets: EdgeInsets) throws -> Scene {
    try Scene(
      container: Container(width: width, height: height, safeAreaInsets: insets),
      views: [ViewDescription(id: "root", path: "views[0]")])
  }

  private func expectInsets(
    _ actual: EdgeInsets, _ expected: [Double], _ note: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect([actual.top, actual.left, actual.bottom, actual.right] == expected, note, sourceLocation: sourceLocation)
  }

  @Test func theTopAndBottomBandsReachIntoAFrameTheyMeet() throws {
    let portrait = try scene(375, 812, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 0, width: 375, height: 100)), [44, 0, 0, 0])
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 20, width: 375, height: 100)), [24, 0, 0, 0])
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 44, width: 375, height: 100)), [0, 0, 0, 0])
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 0, width: 375, height: 10)), [10, 0, 0, 0], "clamped to the height")
    // The bottom band is (812 − 34, 812] = (778, 812].
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 700, width: 375, height: 100)), [0, 0, 22, 0])
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 0, width: 375, height: 812)), [44, 0, 34, 0])
    expectInsets(portrait.bandInsets(of: Rect(x: 0, y: 812, width: 375, height: 100)), [0, 0, 0, 0], "below the container")
    expectInsets(portrait.bandInsets(of: Rect(x: 400, y: 0, width: 50, height: 50)), [0, 0, 0, 0], "beside the container")
  }

  @Test func sideBandsReachOnlyAcrossTheContainersHeight() throws {
    let landscape = try scene(812, 375, EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    expectInsets(landscape.bandInsets(of: Rect(x: 0, y: 0, width: 812, height: 375)), [0, 44, 21, 44])
    expectInsets(landscape.bandInsets(of: Rect(x: 30, y: 0, width: 100, height: 50)), [0, 14, 0, 0])
    expectInsets(landscape.bandInsets(of: Rect(x: 760, y: 0, width: 40, height: 50)), [0, 0, 0, 32])
    expectInsets(landscape.bandInsets(of: Rect(x: 0, y: 400, width: 100, height: 50)), [0, 0, 0, 0], "below: no side band")
    expectInsets(landscape.bandInsets(of: Rect(x: 0, y: -100, width: 812, height: 50)), [0, 0, 0, 0], "an empty top band")
  }

  @Test func aViewsMarginsFollowItsOwnSafeAreaUnlessItSaysNot() throws {
    var inset = ViewDescription(id: "inset", parent: "root", path: "views[1]")
    inset.layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var plain = ViewDescription(id: "plain", parent: "root", path: "views[2]")
    plain.insetsLayoutMarginsFromSafeArea = false
    var scene = try Scene(
      container: Container(width: 375, height: 812, safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)),
      views: [ViewDescription(id: "root", path: "views[0]"), inset, plain])
    let frames = [Rect(x: 0, y: 0, width: 375, height: 812), Rect(x: 0, y: 0, width: 375, height: 100), Rect(x: 0, y: 0, width: 375, height: 100)]
    let insets = [(view: ViewIndex(1), insets: scene.bandInsets(of: frames[1])), (view: ViewIndex(2), insets: scene.bandInsets(of: frames[2]))]
    var changed: [ViewIndex] = []
    let delta = frames.withUnsafeBufferPointer { scene.takeInSolve(frames: $0, insets: insets, changed: &changed) }
    #expect(changed == [ViewIndex(1), ViewIndex(2)])
    #expect(delta.elements.isEmpty, "nothing reads either view's safe area")
    #expect(scene.viewsWithInsets == 2)
    expectInsets(scene.safeAreaInsets(of: ViewIndex(1)), [44, 0, 0, 0])
    expectInsets(scene.marginInsets(of: ViewIndex(1)), [52, 8, 8, 8])
    expectInsets(scene.marginInsets(of: ViewIndex(2)), [8, 8, 8, 8])
  }
}
