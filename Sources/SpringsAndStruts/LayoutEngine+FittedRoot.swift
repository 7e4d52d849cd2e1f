import Scene

/// The root of a table row's own scene (Scene+Tables.swift): its width is the table's,
/// required, and its height is pulled to the container's (0) at the fitting priority (50)
/// instead of held. The root is a stack (the support check refuses any other row), so its
/// height is where that pull and the stack's own cost — its hugging (0.75) and its
/// arranged views' least cost at each length — balance.
extension LayoutEngine {

  /// The minimiser of the root stack's vertical cost plus `|height − container height|`
  /// at `priority`. O(pieces of the root's cost · levels).
  /// - Throws: a ``Refusal`` naming the root when there is no single optimum (a conflict
  ///   of required sizes, or a tie).
  mutating func fittedRootHeight(_ scene: Scene, priority: Double) throws(Refusal) -> Double {
    let root = scene.root
    let own = ownCost(of: root, .vertical, scene)
    let pull = arena.kink(at: scene.container.height, level: levels.index(of: priority), below: 1, above: 1)
    arena.beginSum()
    arena.addTerm(own)
    arena.addTerm(pull)
    let total = arena.sum(owner: root, axis: .vertical)
    return try arena.minimizer(of: total, owner: root, axis: .vertical).get()
  }
}
