extension ConstraintKey {
  /// One word instead of the synthesized hash's walk through both enums: that hashed an
  /// axis through its `String` raw value, and hashing keys was a tenth of loading a small
  /// scene. The element's word is spread by a multiplication before the role's joins it
  /// (one `combine` instead of two: a third of each lookup's hashing). Equal keys give
  /// equal words, so this agrees with the synthesized `==`.
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(element.hashWord &* 0x9E37_79B9_7F4A_7C15 ^ role.hashWord)
  }
}

extension SceneElement {
  /// The case in the top bits, the index in the low 32 (truncated: equal elements still
  /// give equal words).
  var hashWord: UInt64 {
    switch self {
    case .container: 0
    case .view(let v): 1 << 32 | UInt64(UInt32(bitPattern: v.rawValue))
    case .stack(let v): 2 << 32 | UInt64(UInt32(bitPattern: v.rawValue))
    case .constraint(let c): 3 << 32 | UInt64(UInt32(truncatingIfNeeded: c))
    }
  }
}

extension ConstraintRole {
  /// The case in the top bits, the axis or view index in the low 32.
  var hashWord: UInt64 {
    func word(_ tag: UInt64, _ axis: Axis) -> UInt64 { tag << 32 | (axis == .horizontal ? 0 : 1) }
    func word(_ tag: UInt64, _ v: ViewIndex) -> UInt64 { tag << 32 | UInt64(UInt32(bitPattern: v.rawValue)) }
    switch self {
    case .rootOrigin(let a): return word(0, a)
    case .rootSize(let a): return word(1, a)
    case .hugging(let a): return word(2, a)
    case .compressionResistance(let a): return word(3, a)
    case .autoresizingPosition(let a): return word(4, a)
    case .autoresizingSize(let a): return word(5, a)
    case .stackStart(let v): return word(6, v)
    case .stackEnd(let v): return word(7, v)
    case .gap(let v): return word(8, v)
    case .equalGap(let v): return word(9, v)
    case .equalCentering(let v): return word(10, v)
    case .equalSize(let v): return word(11, v)
    case .proportionalSize(let v): return word(12, v)
    case .crossStart(let v): return word(13, v)
    case .crossEnd(let v): return word(14, v)
    case .crossCenter(let v): return word(15, v)
    case .baseline(let v): return word(16, v)
    case .canvasTop(let v): return word(17, v)
    case .canvasBottom(let v): return word(18, v)
    case .stackHugging(let a): return word(19, a)
    case .fillTieStretch(let v): return word(20, v)
    case .fillTieShrink(let v): return word(21, v)
    case .textWidth(let v): return word(22, v)
    case .baselineRowPin(let v): return word(23, v)
    case .crossCollapse(let v): return word(24, v)
    case .user: return 25 << 32
    case .scrollContentOrigin(let a): return word(26, a)
    case .scrollFrameOrigin(let a): return word(27, a)
    case .scrollFrameSize(let a): return word(28, a)
    }
  }
}
