import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

@Suite struct SmokeTests {
  @Test func fillRow() throws {
    let scene = try Scene(
      container: Container(width: 300, height: 200),
      views: [
        Build.root(),
        Build.fixedStack("row", in: "root", [20, 30, 260, 30], [], Build.stackDescription(spacing: 10)),
        Build.leaf("a", in: "row", 40, 20), Build.leaf("b", in: "row", 60, 30),
      ])
    try layoutBoth(scene, expect: ["a": [0, 0, 190, 30], "b": [200, 0, 60, 30]])
  }
}
