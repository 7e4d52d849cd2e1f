/// One field of a view, read in place without copying the `View`.
///
/// `scene.view(v)` returns a copy of the whole optional `View`, made through its value
/// witness: each of its arrays, strings and its stack's custom-spacing table retained and
/// then released, ~140 instructions. A layout pass made some 40 of those per view, a fifth
/// of its time. Reading `scene.views[i]?.field` does not always avoid the copy either (the
/// array's getter returns an owned element, and whether the optimiser turns that into a
/// borrow depends on the caller), so these read through the array's buffer, whose
/// subscript addresses the element in place, and project a field before any test:
/// `element != nil` or `element.map` take the whole optional by value, a copy again.
/// All O(1); an index past the array reads as an absent view, as `scene.view(v)` does.
/// `Scene.isArrangedInStack` reads through these too.
/// Inlinable, so a backend in another module reads as directly as the scene itself.
extension Scene {
  /// `body` applied to the element of view `v` (nil when `v` is past the array).
  @inlinable @inline(__always)
  func slot<T>(_ v: ViewIndex, _ body: (UnsafeBufferPointer<View?>, Int) -> T?) -> T? {
    views.withUnsafeBufferPointer { buffer in v.index < buffer.count ? body(buffer, v.index) : nil }
  }

  @inlinable @inline(__always)
  public func isPresent(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.isHidden } != nil }

  @inlinable @inline(__always)
  public func children(of v: ViewIndex) -> [ViewIndex] { slot(v) { $0[$1]?.children } ?? [] }

  @inlinable @inline(__always)
  public func parent(of v: ViewIndex) -> ViewIndex? { slot(v) { $0[$1]?.parent } }

  @inlinable @inline(__always)
  public func intrinsicSize(of v: ViewIndex, _ axis: Axis) -> Double? { slot(v) { $0[$1]?.intrinsicSize[axis] } }

  @inlinable @inline(__always)
  public func stack(of v: ViewIndex) -> StackConfiguration? { slot(v) { $0[$1]?.stack } }

  @inlinable @inline(__always)
  public func isStack(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.stack?.axis } != nil }

  /// Whether `v` is present and arranged, and whether it is hidden.
  @inlinable @inline(__always)
  public func arrangement(of v: ViewIndex) -> (isArranged: Bool, isHidden: Bool)? {
    slot(v) { buffer, i in
      guard let arranged = buffer[i]?.isArranged, let hidden = buffer[i]?.isHidden else { return nil }
      return (arranged, hidden)
    }
  }

  @inlinable @inline(__always)
  public func wrapsText(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.wrapsText } ?? false }

  @inlinable @inline(__always)
  public func isTable(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.table?.estimatedRowHeight } != nil }

  /// A table's estimated row height; nil for a view that is not a present table.
  @inlinable @inline(__always)
  public func estimatedRowHeight(of v: ViewIndex) -> Double? { slot(v) { $0[$1]?.table?.estimatedRowHeight } }

  @inlinable @inline(__always)
  public func isScrollView(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.isScrollView } ?? false }

  @inlinable @inline(__always)
  public func baseline(of v: ViewIndex) -> Baseline? { slot(v) { $0[$1]?.baseline } }

  /// Hugging and compression resistance along `axis`; nil for an absent view.
  @inlinable @inline(__always)
  public func contentPriorities(of v: ViewIndex, _ axis: Axis) -> (hugging: Double, compressionResistance: Double)? {
    slot(v) { buffer, i in
      guard let hugging = buffer[i]?.hugging[axis], let resistance = buffer[i]?.compressionResistance[axis] else { return nil }
      return (hugging, resistance)
    }
  }

  /// The initial frame and the autoresizing mask; nil for an absent view.
  @inlinable @inline(__always)
  public func autoresizing(of v: ViewIndex) -> (frame: Rect, mask: AutoresizingMask)? {
    slot(v) { buffer, i in
      guard let frame = buffer[i]?.frame, let mask = buffer[i]?.autoresizingMask else { return nil }
      return (frame, mask)
    }
  }

  /// Whether `v` translates its autoresizing mask.
  @inlinable @inline(__always)
  public func translatesAutoresizingMask(_ v: ViewIndex) -> Bool { slot(v) { $0[$1]?.translatesAutoresizingMask } ?? false }
}
