import Scene

/// The optional priority levels a scene's costs use, highest first: every hugging and
/// compression-resistance value below 1000, and the internal ones (text-width
/// disambiguation 759, stack hugging 0.75, the tie-breaks 0.5, and in a table row's scene
/// the fitting priority 50). Lexicographic slopes are dense vectors over these levels,
/// index 0 the highest.
struct PriorityLevels {
  /// Distinct priorities, descending.
  private(set) var values: [Double] = []

  var count: Int { values.count }

  /// Collects the levels of every present view.
  /// - Complexity: O(views · log views); no allocation once the buffer has grown.
  mutating func rebuild(from scene: Scene) {
    values.removeAll(keepingCapacity: true)
    values.append(InternalPriority.textWidthDisambiguation)
    values.append(InternalPriority.stackHugging)
    values.append(InternalPriority.fillTieBreak)
    // A table row's scene pulls its root's height to the container's at this priority.
    if let fitting = scene.container.fittingHeightPriority, fitting < 1000 { values.append(fitting) }
    for v in scene.views.indices {
      for axis in Axis.allCases {
        guard let (hugging, resistance) = scene.contentPriorities(of: ViewIndex(v), axis) else { continue }
        if hugging < 1000 { values.append(hugging) }
        if resistance < 1000 { values.append(resistance) }
      }
    }
    heapSort(&values) { $0 > $1 }
    // Deduplicate in place: priorities are levels only when exactly equal.
    var kept = 0
    for value in values where kept == 0 || values[kept - 1] != value {
      values[kept] = value
      kept += 1
    }
    values.removeLast(values.count - kept)
  }

  /// The level of a priority present in the table. O(log levels).
  func index(of priority: Double) -> Int {
    var low = 0
    var high = values.count - 1
    while low < high {
      let middle = (low + high) / 2
      if values[middle] > priority { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
