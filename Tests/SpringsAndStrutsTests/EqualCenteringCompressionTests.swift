import Cassowary
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// equalCentering with too little room, where springs-struts solves its covering program
/// (docs/springs-and-struts.md), against Cassowary on random rows: 3 to 6 arranged views,
/// some of them nested fill stacks (whose costs have several pieces on several levels),
/// random spacings, compression resistances with ties, and a canvas between half and all
/// of the views' total length plus gaps, so the gaps' minimums usually force shrinking.
@Suite struct EqualCenteringCompressionTests {
  static func row(_ rng: inout SplitMix64) throws -> (scene: Scene, axis: Axis) {
    let axis: Axis = rng.bernoulli(0.5) ? .horizontal : .vertical
    let n = Int(rng.smallInteger(in: 3...6))
    let resistances: [Double] = [749, 750, 751, 500, 250, 1000]
    func resistance() -> Double { resistances[rng.weightedIndex([3, 3, 3, 1, 1, 0.3]) ?? 0] }
    func leaf(_ id: String, in parent: String, _ length: Double) -> ViewDescription {
      let r = resistance()
      return axis == .horizontal
        ? Build.leaf(id, in: parent, length, 20, resistance: [r, 750])
        : Build.leaf(id, in: parent, 20, length, resistance: [750, r])
    }
    var views: [ViewDescription] = [Build.root()]
    var custom: [(String, Double)] = []
    var total = 0.0
    var arranged: [ViewDescription] = []
    for k in 0..<n {
      let id = "v\(k)"
      if rng.bernoulli(0.25) {
        let spacing = rng.smallInteger(in: 0...8)
        arranged.append(Build.nestedStack(id, in: "row", Build.stackDescription(axis, .fill, .fill, spacing: spacing)))
        let (a, b) = (rng.smallInteger(in: 10...60), rng.smallInteger(in: 10...60))
        arranged.append(leaf("\(id)a", in: id, a))
        arranged.append(leaf("\(id)b", in: id, b))
        total += a + b + spacing
      } else {
        let length = rng.smallInteger(in: 10...90)
        arranged.append(leaf(id, in: "row", length))
        total += length
      }
      if k < n - 1 && rng.bernoulli(0.3) {
        let gap = rng.smallInteger(in: 0...30)
        custom.append((id, gap))
        total += gap
      }
    }
    let spacing = rng.smallInteger(in: 0...12)
    total += spacing * Double(n - 1 - custom.count)
    let length = (total * (0.5 + 0.5 * rng.unitDouble())).rounded()
    let frame = axis == .horizontal ? [0, 0, length, 40] : [0, 0, 40, length]
    views.append(
      Build.fixedStack("row", in: "root", frame, [], Build.stackDescription(axis, .equalCentering, .fill, spacing: spacing, custom: custom)))
    return (try Scene(container: Container(width: 800, height: 800), views: views + arranged), axis)
  }

  @Test func matchesCassowaryOnRandomRows() {
    var (answered, compressed, refused) = (0, 0, 0)
    var reasons: [String: Int] = [:]
    forEachSeed(300, base: 0x5_EC00_0000) { seed in
      var rng = SplitMix64(seed: seed)
      let (scene, axis) = try Self.row(&rng)
      let springs = SpringsAndStruts()
      let cassowary = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: true)
      try cassowary.layOut(scene)
      let diagnostics = cassowary.diagnostics(of: scene)
      do throws(LayoutError) {
        try springs.layOut(scene)
      } catch {
        refused += 1
        let text = error.description
        reasons[text.split(separator: "(").dropFirst().joined(separator: "("), default: 0] += 1
        let confirmed = diagnostics.contains {
          switch $0 {
          case .unsatisfiable: text.contains("conflict")
          case .ambiguous: text.contains("ambiguous")
          case .layoutLoop: false
          }
        }
        #expect(confirmed, "seed \(seed): refused (\(text)) but cassowary reports \(diagnostics)\n\(describe(scene))")
        return
      }
      answered += 1
      #expect(diagnostics.isEmpty, "seed \(seed): springs-struts answered but cassowary reports \(diagnostics)\n\(describe(scene))")
      let (ours, theirs) = (frames(scene, springs), frames(scene, cassowary))
      var shrunk = false
      for v in scene.presentViews {
        guard let view = scene.view(v), let a = ours[view.id], let b = theirs[view.id] else { continue }
        expectClose([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], "seed \(seed): '\(view.id)'\n\(describe(scene))")
        if let intrinsic = view.intrinsicSize[axis], (axis == .horizontal ? a.width : a.height) < intrinsic - 1e-6 {
          shrunk = true
        }
      }
      if shrunk { compressed += 1 }
    }
    print("equalCentering compression: \(answered) rows answered (\(compressed) with a view shrunk), \(refused) refused")
    for (reason, count) in reasons.sorted(by: { $0.value > $1.value }) { print("  refused \(count)×: (\(reason)") }
    if !SeedSweep.isReplaying {
      // The sweep must exercise the program, and answer most rows.
      #expect(compressed * 2 > answered, "only \(compressed) of \(answered) answered rows shrank a view")
      #expect(refused * 4 < answered, "refused \(refused), answered \(answered)")
    }
  }

  /// A stack whose length its content decides, holding an equalCentering stack E and a
  /// view that can shrink without bound (a left ray in the stack's cost): E's cost is known
  /// only down to its fit, so the stack's cost must be too. E's last view W is a stack of
  /// an empty stack and a leaf: shrinking W costs only a tie-break (its hugging and the
  /// empty stack's cancel at 0.75), while E's and V's hugging (0.75) gain, so Cassowary
  /// compresses E below its fit (to 100); springs-struts, which does not compute that,
  /// must refuse rather than lay E out at its fit (120).
  @Test func aContentSizedStackDoesNotHideItsEqualCenteringStacksCompression() throws {
    let scene = try Scene(
      container: Container(width: 375, height: 600),
      views: [
        Build.root(),
        Build.fixedStack("H", in: "root", [0, 0, 375, 600], [], Build.stackDescription(.horizontal, .fill, .leading)),
        Build.nestedStack("V", in: "H", Build.stackDescription(.vertical)),
        Build.nestedStack("E", in: "V", Build.stackDescription(.vertical, .equalCentering)),
        Build.leaf("a", in: "E", 40, 40), Build.leaf("b", in: "E", 40, 40),
        Build.nestedStack("W", in: "E", Build.stackDescription(.vertical)),
        Build.nestedStack("X", in: "W", Build.stackDescription(.vertical)),
        Build.leaf("y", in: "W", 40, 40),
        Build.leaf("L", in: "V", 40, 40),
      ])
    let cassowary = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: true)
    try cassowary.layOut(scene)
    #expect(cassowary.diagnostics(of: scene).isEmpty)
    expectFrame(frames(scene, cassowary)["E"], [0, 0, 375, 100], "cassowary E")
    #expect(throws: LayoutError.unsupported(
      "springs-struts cannot express stack 'E' (equalCentering would need to compress its arranged views where "
        + "springs-struts does not compute it)")) { try SpringsAndStruts().layOut(scene) }
  }
}
