import Scene

/// What a frame-layout backend (springs-struts) can take, judged from the scene alone.
public enum FrameLayoutSupport {
  /// True when the scene has no user constraints (active or not) and no layout guides,
  /// and every view but the root is either arranged in a stack — then a leaf or itself a
  /// stack — or, when not arranged, autoresizing. `Workload.isFrameLayoutOnly` promises
  /// this for every state of every case. O(views + constraints + guides).
  public static func isFrameLayoutOnly(_ scene: Scene) -> Bool {
    guard scene.constraints.allSatisfy({ $0 == nil }), scene.guides.allSatisfy({ $0 == nil }) else { return false }
    for v in scene.presentViews where v != scene.root {
      guard let view = scene.view(v) else { continue }
      if scene.isArrangedInStack(v) {
        guard view.children.isEmpty || view.stack != nil else { return false }
      } else if !view.translatesAutoresizingMask {
        return false
      }
    }
    return true
  }
}
