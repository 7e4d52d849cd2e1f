import Interchange

/// A `layoutbench.flex/1` document (docs/flexbox.md): a scene case as a flexbox tree, what
/// its steps become, the `workload` and `operations` extensions, and the notes where the
/// mapping is not proven to give the scene's frames. Written by ``FlexMapping``; outside
/// engines read it (Swift never does, so it has no decoder).
public struct FlexDocument: Hashable, Sendable {
  public static let formatName = "layoutbench.flex/1"

  /// Parents before children, children in the scene's order (arranged order in a stack).
  public var nodes: [FlexNode]
  public var steps: [FlexStep]
  public var workload: WorkloadInfo?
  public var operations: [MeasuredOperation]?
  /// Where the mapping is an approximation the answer check may show (empty when the
  /// mapping is exact by docs/flexbox.md's rules).
  public var notes: [String]

  public init(
    nodes: [FlexNode], steps: [FlexStep], workload: WorkloadInfo? = nil, operations: [MeasuredOperation]? = nil,
    notes: [String] = []
  ) {
    self.nodes = nodes
    self.steps = steps
    self.workload = workload
    self.operations = operations
    self.notes = notes
  }

  /// The nodes an engine answers, in order: every node outside a `display: none` subtree.
  /// O(nodes).
  public var answeredIDs: [String] {
    var hidden: Set<String> = []
    var ids: [String] = []
    for node in nodes {
      if !node.isDisplayed || node.parent.map(hidden.contains) == true {
        hidden.insert(node.id)
      } else {
        ids.append(node.id)
      }
    }
    return ids
  }
}

/// One step of a flex document.
public enum FlexStep: Hashable, Sendable {
  /// The root's new size (a scene's `resizeContainer`).
  case setRootSize(width: Double, height: Double)
}
