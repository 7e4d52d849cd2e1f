import Scene

/// Why springs-struts cannot lay a scene out exactly, about one view: it refuses rather
/// than return frames that differ from the constraint backends.
struct Refusal: Error, Hashable {
  enum Reason: Hashable {
    /// Required sizes, gaps or alignments along the axis cannot all hold (the constraint
    /// backends would break one).
    case conflict(Axis)
    /// The rules do not fix the views' frames along the axis (the constraint backends
    /// would report ambiguity and may return any of several layouts).
    case ambiguous(Axis)
    /// A wrapping text view's width disambiguation in a stack whose width its content decides.
    case textWidth
    /// equalCentering with too little room where this backend does not compute it: in a
    /// stack whose length its content decides (the cost below the fit is not known), with
    /// gaps between baselines, or when its small program does not settle.
    case compression
    /// equalCentering with a view whose own cost leaves its length free, where the centres
    /// and gaps would decide it (the same LP).
    case freeCentering
    /// An autoresizing view entering under a view whose size along the axis is not fixed
    /// (a hidden arranged view), so its reference size S₀ is undefined.
    case undefinedReference(Axis)
  }

  var view: ViewIndex
  var reason: Reason

  /// Conflicts are refused even inside hidden subtrees: the constraint backends would
  /// report them there too.
  var isConflict: Bool { if case .conflict = reason { true } else { false } }

  /// The sentence `LayoutError.unsupported` carries.
  func message(in scene: Scene) -> String {
    let id = scene.view(view)?.id ?? view.description
    let isStack = scene.view(view)?.stack != nil
    let subject = "springs-struts cannot express \(isStack ? "stack" : "view") '\(id)'"
    switch reason {
    case .conflict(let axis):
      return "\(subject) (its required \(axis.sizeName)s conflict: the constraint backends would break one)"
    case .ambiguous(let axis):
      return "\(subject) (the rules leave \(axis.sizeName)s or positions along it free: the layout is ambiguous)"
    case .textWidth:
      return "\(subject) (text-width disambiguation in a stack whose width its content decides)"
    case .compression:
      return "\(subject) (equalCentering would need to compress its arranged views where springs-struts does not compute it)"
    case .freeCentering:
      return "\(subject) (equalCentering with an arranged view whose length only the centres and gaps would fix)"
    case .undefinedReference(let axis):
      return "\(subject) (it enters under a view whose \(axis.sizeName) is not fixed, so its autoresizing reference size is undefined)"
    }
  }
}

extension Axis {
  /// `width` or `height`.
  var sizeName: String { self == .horizontal ? "width" : "height" }
}
