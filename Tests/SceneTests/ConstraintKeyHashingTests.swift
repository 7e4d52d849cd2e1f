import Testing

@testable import Scene

/// `ConstraintKey`'s hand-written hash: equal keys hash equally (the `Hashable` contract),
/// and distinct keys of one layout get distinct words (the hash tables stay spread).
@Suite struct ConstraintKeyHashingTests {

  private var roles: [ConstraintRole] {
    let v = ViewIndex(7)
    let byAxis: [(Axis) -> ConstraintRole] = [
      ConstraintRole.rootOrigin, ConstraintRole.rootSize, ConstraintRole.hugging, ConstraintRole.compressionResistance,
      ConstraintRole.autoresizingPosition, ConstraintRole.autoresizingSize, ConstraintRole.stackHugging,
    ]
    let byView: [(ViewIndex) -> ConstraintRole] = [
      ConstraintRole.stackStart, ConstraintRole.stackEnd, { .gap(after: $0) }, ConstraintRole.equalGap,
      ConstraintRole.equalCentering, ConstraintRole.equalSize, ConstraintRole.proportionalSize, ConstraintRole.crossStart,
      ConstraintRole.crossEnd, ConstraintRole.crossCenter, ConstraintRole.baseline, ConstraintRole.canvasTop,
      ConstraintRole.canvasBottom, ConstraintRole.fillTieStretch, ConstraintRole.fillTieShrink, ConstraintRole.textWidth,
      ConstraintRole.baselineRowPin, ConstraintRole.crossCollapse,
    ]
    return byAxis.flatMap { make in Axis.allCases.map(make) } + byView.flatMap { make in [make(v), make(ViewIndex(8))] } + [.user]
  }

  @Test func distinctKeysGetDistinctWords() {
    let elements: [SceneElement] = [.container, .view(ViewIndex(7)), .stack(ViewIndex(7)), .constraint(7), .view(ViewIndex(0))]
    #expect(Set(elements.map(\.hashWord)).count == elements.count)
    #expect(Set(roles).count == roles.count)
    #expect(Set(roles.map(\.hashWord)).count == roles.count)
  }

  @Test func equalKeysHashEqually() {
    for role in roles {
      let a = ConstraintKey(.stack(ViewIndex(3)), role)
      let b = ConstraintKey(.stack(ViewIndex(3)), role)
      #expect(a == b && a.hashValue == b.hashValue)
    }
    // Keys in a dictionary are found again and kept apart.
    var table: [ConstraintKey: Int] = [:]
    for (k, role) in roles.enumerated() { table[ConstraintKey(.view(ViewIndex(k)), role)] = k }
    for (k, role) in roles.enumerated() { #expect(table[ConstraintKey(.view(ViewIndex(k)), role)] == k) }
    #expect(table.count == roles.count)
  }
}
