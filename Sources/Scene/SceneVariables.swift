import LayoutModel

/// One of the four variables behind a frame; positions in the superview's coordinates
/// (a guide's: its owning view's).
public enum FrameQuantity: Int32, Hashable, Sendable, CaseIterable {
  case minX, minY, width, height
}

/// Which solver variables hold each view's and guide's frame: blocks of four consecutive
/// `VariableID`s (minX, minY, width, height), positions superview-relative
/// (Scene+RelativePositions.swift). A block is assigned when the view or guide first needs
/// one and is never reused, so ids stay dense and stable.
public struct SceneVariables: Sendable {
  private var viewBlock: [Int32] = []
  private var guideBlock: [Int32] = []
  /// The view or guide each block belongs to, by block: the inverse of the two tables
  /// above, for naming variables (an exporter writes `VIEW.minX`).
  private var blockOwner: [FrameOwner] = []
  public private(set) var blockCount: Int32 = 0

  public init() {}

  /// Variables in use: `4 · blocks`.
  public var variableCount: Int { Int(blockCount) * 4 }

  /// Gives every present view and guide of `scene` a block if it has none. O(views + guides).
  public mutating func assign(_ scene: Scene) {
    if viewBlock.count < scene.views.count {
      viewBlock.append(contentsOf: repeatElement(-1, count: scene.views.count - viewBlock.count))
    }
    for v in scene.views.indices where viewBlock[v] < 0 && scene.isPresent(v) {
      viewBlock[v] = blockCount
      blockOwner.append(.view(ViewIndex(v)))
      blockCount += 1
    }
    if guideBlock.count < scene.guides.count {
      guideBlock.append(contentsOf: repeatElement(-1, count: scene.guides.count - guideBlock.count))
    }
    for g in scene.guides.indices where scene.guides[g] != nil && guideBlock[g] < 0 {
      guideBlock[g] = blockCount
      blockOwner.append(.guide(GuideIndex(g)))
      blockCount += 1
    }
  }

  /// The variable of a view's frame quantity. The view must have been assigned.
  public func variable(_ view: ViewIndex, _ quantity: FrameQuantity) -> VariableID {
    VariableID(viewBlock[view.index] * 4 + quantity.rawValue)
  }

  public func variable(_ guide: GuideIndex, _ quantity: FrameQuantity) -> VariableID {
    VariableID(guideBlock[guide.index] * 4 + quantity.rawValue)
  }

  public func hasBlock(_ view: ViewIndex) -> Bool { view.index < viewBlock.count && viewBlock[view.index] >= 0 }

  /// Whose frame quantity a variable is: the inverse of ``variable(_:_:)-(ViewIndex,_)``
  /// and ``variable(_:_:)-(GuideIndex,_)``; nil for a variable no block holds. O(1).
  public func owner(of variable: VariableID) -> (owner: FrameOwner, quantity: FrameQuantity)? {
    let block = variable.index / 4
    guard block < blockOwner.count,
      let quantity = FrameQuantity(rawValue: Int32(variable.index % 4))
    else { return nil }
    return (blockOwner[block], quantity)
  }
}

/// What a block of frame variables belongs to.
public enum FrameOwner: Hashable, Sendable {
  case view(ViewIndex)
  case guide(GuideIndex)
}
