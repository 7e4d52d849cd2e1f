import LayoutModel

/// One of the four variables behind a frame, in root coordinates.
public enum FrameQuantity: Int32, Hashable, Sendable, CaseIterable {
  case minX, minY, width, height
}

/// Which solver variables hold each view's and guide's frame: blocks of four consecutive
/// `VariableID`s (minX, minY, width, height) in root coordinates. A block is assigned when
/// the view or guide first needs one and is never reused, so ids stay dense and stable.
public struct SceneVariables: Sendable {
  private var viewBlock: [Int32] = []
  private var guideBlock: [Int32] = []
  public private(set) var blockCount: Int32 = 0

  public init() {}

  /// Variables in use: `4 · blocks`.
  public var variableCount: Int { Int(blockCount) * 4 }

  /// Gives every present view and guide of `scene` a block if it has none. O(views + guides).
  public mutating func assign(_ scene: Scene) {
    if viewBlock.count < scene.views.count {
      viewBlock.append(contentsOf: repeatElement(-1, count: scene.views.count - viewBlock.count))
    }
    for v in scene.views.indices where scene.views[v] != nil && viewBlock[v] < 0 {
      viewBlock[v] = blockCount
      blockCount += 1
    }
    if guideBlock.count < scene.guides.count {
      guideBlock.append(contentsOf: repeatElement(-1, count: scene.guides.count - guideBlock.count))
    }
    for g in scene.guides.indices where scene.guides[g] != nil && guideBlock[g] < 0 {
      guideBlock[g] = blockCount
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
}
