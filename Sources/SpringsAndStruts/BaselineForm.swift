import Scene

/// A horizontal stack's baseline alignment (rule 4) in one form for both kinds. Measure
/// from the canvas's top for `firstBaseline` and from its bottom for `lastBaseline`
/// (mirrored), and write each view's baseline as `B(size)` from its near edge and the rest
/// of the view beyond it as `D(size) = size − B(size)`; each is a constant or the size.
/// The rules are then: every `yⱼ + Bⱼ` equal, `y₁ >= 0` (first view only, UIKit's bug
/// reproduced) and `yⱼ + sizeⱼ <= C` for all, i.e. `y₁ + B₁(size₁) + Dⱼ(sizeⱼ) <= C`.
///
/// When B₁ is a constant (the first view has the baseline on the measured side), each
/// view's bound is independent; otherwise the first view's size and the others' compete
/// for the canvas (`firstMoves`).
struct BaselineForm {
  let isFirst: Bool
  let scene: Scene
  let visible: [ViewIndex]

  init(_ alignment: StackAlignment, _ visible: [ViewIndex], _ scene: Scene) {
    self.isFirst = alignment == .firstBaseline
    self.scene = scene
    self.visible = visible
  }

  private func baseline(_ j: Int) -> Baseline? { scene.baseline(of: visible[j]) }

  /// `B(size) = offset + slope · size` and `D(size)` likewise.
  func near(_ j: Int) -> (offset: Double, slope: Double) {
    if let b = baseline(j) { return isFirst ? (b.first, 0) : (-b.last, 1) }
    return isFirst ? (0, 1) : (0, 0)
  }

  func far(_ j: Int) -> (offset: Double, slope: Double) {
    let b = near(j)
    return (-b.offset, 1 - b.slope)
  }

  var firstMoves: Bool { near(0).slope != 0 }

  /// kⱼ = B₁'s offset + Dⱼ's offset: the bound on view j (j > 0) is `B₁'s size part + Dⱼ's
  /// size part <= C − kⱼ`.
  func offset(_ j: Int) -> Double { near(0).offset + far(j).offset }

  /// Whether view j's size reaches past the baseline toward the far side.
  func descends(_ j: Int) -> Bool { far(j).slope != 0 }

  func nearValue(_ j: Int, size: Double) -> Double { near(j).offset + near(j).slope * size }
  func farValue(_ j: Int, size: Double) -> Double { far(j).offset + far(j).slope * size }
}
